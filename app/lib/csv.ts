/**
 * CSV as spreadsheets read it (RFC 4180 quoting, CRLF lines). A cell that starts like a formula (= + - @,
 * tab, CR) gets a leading apostrophe: a customer's name must never run as a formula on an admin's computer.
 */
function cell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(rows: (string | number | null | undefined)[][]): string {
  return rows.map((row) => row.map(cell).join(",")).join("\r\n") + "\r\n";
}
