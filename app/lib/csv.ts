/**
 * CSV as spreadsheets read it: RFC 4180 with every cell quoted (a comma, a semicolon, a quote or a line
 * break stays inside its cell whichever separator the spreadsheet's locale expects) and CRLF lines, after
 * a byte order mark so that Excel reads UTF-8 (names such as "Adébáyọ̀" come out as typed).
 */
type Cell = string | number | null | undefined;

/**
 * A cell that a spreadsheet would run as a formula (starting with = + - @, a tab or a carriage return,
 * after any spaces) gets a leading apostrophe: a customer's name must never run on an admin's computer.
 */
const FORMULA_START = /^[\s]*[=+\-@]|^[\t\r]/;

function cell(value: Cell): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

export const CSV_BOM = "\uFEFF";

export function toCsv(rows: Cell[][]): string {
  return CSV_BOM + rows.map((row) => row.map(cell).join(",")).join("\r\n") + "\r\n";
}

/**
 * A stored phone (+234…) as a spreadsheet shows it: the local form Nigerians dial, in groups,
 * "0803 123 4567". A leading "+" would be taken for a formula and need the apostrophe, which stays
 * visible; as digits alone the spreadsheet makes it a number and drops the 0. The spaces keep it text (no
 * locale reads 4-3-4 groups as a number). Anything else is left as it is (and defused like any cell).
 */
export function csvPhone(phone: string): string {
  const match = /^\+234(\d{3})(\d{3})(\d{4})$/.exec(phone);
  return match ? `0${match[1]} ${match[2]} ${match[3]}` : phone;
}
