import { describe, expect, it } from "vitest";
import { toCsv } from "./csv";

describe("toCsv", () => {
  it("quotes commas, quotes and line breaks, and ends lines with CRLF", () => {
    expect(
      toCsv([
        ["a", 'say "hi"', "x,y"],
        ["line\nbreak", 5, null],
      ]),
    ).toBe('a,"say ""hi""","x,y"\r\n"line\nbreak",5,\r\n');
  });

  it("defuses cells a spreadsheet would run as formulas", () => {
    expect(toCsv([['=HYPERLINK("http://x")', "+234", "-1", "@SUM(A1)", "Ada"]])).toBe(
      `"'=HYPERLINK(""http://x"")",'+234,'-1,'@SUM(A1),Ada\r\n`,
    );
  });
});
