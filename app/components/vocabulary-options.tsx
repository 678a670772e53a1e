/** A vocabulary's values as a select's options, each showing its label (app/lib/vocabularies.ts). */
export function VocabularyOptions({ entries }: { entries: readonly { value: string; label: string }[] }) {
  return (
    <>
      {entries.map(({ value, label }) => (
        <option key={value} value={value}>
          {label}
        </option>
      ))}
    </>
  );
}
