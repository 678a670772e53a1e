import { useEffect, useState } from "react";

/** docs/product-rules.md, Texts and timings: 100 ms per character typed, 60 ms per deletion, 1.5 s pause at the end of a phrase. */
export const TYPE_MS = 100;
export const DELETE_MS = 60;
export const PAUSE_MS = 1500;

type Schedule = (step: () => void, ms: number) => unknown;
type Cancel = (timer: never) => void;

/**
 * Runs the effect on its own timers, starting from the first phrase shown whole: pause, delete it a
 * character at a time, type the next one, pause, and so on. `show` gets every text to display. Returns
 * the function that stops it. Apart from React so that its timings can be pinned with fake timers.
 */
export function runTypingEffect(
  phrases: readonly string[],
  show: (text: string) => void,
  schedule: Schedule = (step, ms) => setTimeout(step, ms),
  cancel: Cancel = (timer) => clearTimeout(timer),
): () => void {
  if (phrases.length === 0) return () => {};
  let index = 0;
  let shown = phrases[0];
  let timer: unknown;
  const after = (ms: number, step: () => void) => {
    timer = schedule(step, ms);
  };

  const deleteOne = () => {
    shown = shown.slice(0, -1);
    show(shown);
    if (shown !== "") return after(DELETE_MS, deleteOne);
    index = (index + 1) % phrases.length;
    after(TYPE_MS, typeOne);
  };
  const typeOne = () => {
    const phrase = phrases[index];
    shown = phrase.slice(0, shown.length + 1);
    show(shown);
    // The one pause of a phrase: once it is whole, before the first deletion.
    after(shown === phrase ? PAUSE_MS : TYPE_MS, shown === phrase ? deleteOne : typeOne);
  };

  after(PAUSE_MS, deleteOne);
  return () => cancel(timer as never);
}

/**
 * Cycles through phrases by typing and deleting them. The server renders the first phrase whole (so the
 * hero reads well before JavaScript); screen readers get the full list once, not every keystroke.
 */
export function TypingEffect({ phrases }: { phrases: readonly string[] }) {
  const [shown, setShown] = useState(phrases[0] ?? "");

  useEffect(() => {
    if (window.matchMedia?.("(prefers-reduced-motion: reduce)").matches) return;
    return runTypingEffect(phrases, setShown);
  }, [phrases]);

  // Every phrase sits invisible in the same grid cell as the typed one, so the box is as tall as the
  // longest phrase from the first paint: only the phrase changes, nothing around it moves.
  return (
    <>
      <span className="sr-only">{phrases.join(", ")}</span>
      <span aria-hidden className="grid" data-testid="typing-phrase">
        {phrases.map((phrase) => (
          <span key={phrase} className="invisible [grid-area:1/1]">
            {phrase}
          </span>
        ))}
        <span className="[grid-area:1/1]">
          <span className="typing-caret">{shown}</span>
        </span>
      </span>
    </>
  );
}
