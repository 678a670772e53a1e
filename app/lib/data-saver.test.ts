import { describe, expect, it } from "vitest";
import { dataSaverChoice, isDataSaver } from "./data-saver";

const request = (headers: Record<string, string>) => new Request("https://medistore.test/", { headers });

describe("data saver", () => {
  it("follows the browser's Save-Data header when the shopper has not chosen", () => {
    expect(isDataSaver(request({}))).toBe(false);
    expect(isDataSaver(request({ "Save-Data": "on" }))).toBe(true);
    expect(isDataSaver(request({ "Save-Data": "ON " }))).toBe(true);
    expect(isDataSaver(request({ "Save-Data": "off" }))).toBe(false);
  });

  it("lets the shopper's toggle win over the header, both ways", () => {
    expect(isDataSaver(request({ Cookie: "data_saver=on" }))).toBe(true);
    expect(isDataSaver(request({ Cookie: "a=1; data_saver=off", "Save-Data": "on" }))).toBe(false);
  });

  it("ignores values it does not know and cookies with similar names", () => {
    expect(dataSaverChoice("data_saver=maybe")).toBeNull();
    expect(dataSaverChoice("my_data_saver=on")).toBeNull();
    expect(dataSaverChoice(null)).toBeNull();
  });
});
