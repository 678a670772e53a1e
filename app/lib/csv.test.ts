import { describe, expect, it } from "vitest";
import { CSV_BOM, csvPhone, toCsv } from "./csv";

/** The rows back from the file as RFC 4180 reads it: every cell quoted, "" an escaped quote, CRLF lines. */
function parse(csv: string): string[][] {
  expect(csv.startsWith(CSV_BOM)).toBe(true);
  const body = csv.slice(CSV_BOM.length);
  const cell = /"((?:[^"]|"")*)"(,|\r\n)/y;
  const rows: string[][] = [];
  let row: string[] = [];
  let read = 0;
  for (let match = cell.exec(body); match; match = cell.exec(body)) {
    read = cell.lastIndex;
    row.push(match[1].replace(/""/g, '"'));
    if (match[2] === "\r\n") {
      rows.push(row);
      row = [];
    }
  }
  expect(read, "the file is quoted cells and nothing else").toBe(body.length);
  return rows;
}

describe("toCsv", () => {
  it("quotes every cell, doubles quotes, keeps separators and line breaks inside, ends lines with CRLF", () => {
    const csv = toCsv([
      ["a", 'say "hi"', "x,y", "Okafor; Ngozi"],
      ["line\nbreak", 5, null, undefined],
    ]);
    expect(csv).toBe(`${CSV_BOM}"a","say ""hi""","x,y","Okafor; Ngozi"\r\n"line\nbreak","5","",""\r\n`);
    expect(parse(csv)).toEqual([
      ["a", 'say "hi"', "x,y", "Okafor; Ngozi"],
      ["line\nbreak", "5", "", ""],
    ]);
  });

  it("defuses cells a spreadsheet would run as formulas, spaces before them included", () => {
    const risky = ['=HYPERLINK("http://x")', "+234", "-1", "@SUM(A1)", "\tcmd", "\r=1", "  =1+1", "\n-2"];
    expect(parse(toCsv([[...risky, "Ada", "Ada = Obi", "5-2"]]))).toEqual([
      [...risky.map((text) => `'${text}`), "Ada", "Ada = Obi", "5-2"],
    ]);
  });
});

describe("csvPhone", () => {
  it("shows a stored number as the local form in groups, with nothing a spreadsheet takes for a formula", () => {
    expect(csvPhone("+2348031234567")).toBe("0803 123 4567");
    expect(csvPhone("+2341234567890")).toBe("0123 456 7890");
    expect(parse(toCsv([[csvPhone("+2348031234567")]]))).toEqual([["0803 123 4567"]]);
  });

  it("leaves anything else as it is, to be defused like any cell", () => {
    expect(csvPhone("")).toBe("");
    expect(csvPhone("+44 20 7946 0958")).toBe("+44 20 7946 0958");
    expect(parse(toCsv([[csvPhone("+44 20 7946 0958")]]))).toEqual([["'+44 20 7946 0958"]]);
  });
});
