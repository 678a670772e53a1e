import { describe, expect, it, vi } from "vitest";
import {
  catalogueVersion,
  forgetCatalogueVersion,
  keptWhileCatalogueHolds,
} from "./catalogue-version.server";

/** A D1 whose catalogue version is what `state.version` says (or a failure), counting its reads. */
function fakeD1(state: { version: number | Error; reads: number }) {
  return {
    prepare: () => ({
      first: async () => {
        state.reads++;
        if (state.version instanceof Error) throw state.version;
        return { version: state.version };
      },
    }),
  } as unknown as D1Database;
}

describe("keptWhileCatalogueHolds", () => {
  it("reads once while the version holds, again once it moves", async () => {
    const state = { version: 101, reads: 0 };
    const d1 = fakeD1(state);
    const read = vi.fn(async () => ({ price: state.version }));
    const keep = () => keptWhileCatalogueHolds(() => catalogueVersion(d1, 0), "home 1 ", read);

    expect(await keep()).toEqual({ price: 101 });
    expect(await keep()).toEqual({ price: 101 });
    expect(read).toHaveBeenCalledTimes(1);

    state.version = 102;
    expect(await keep()).toEqual({ price: 102 });
    expect(read).toHaveBeenCalledTimes(2);
  });

  it("trusts the version it read for ttlMs; a write in this isolate forgets it at once", async () => {
    const state = { version: 201, reads: 0 };
    const d1 = fakeD1(state);
    const keep = (read: () => Promise<string>) =>
      keptWhileCatalogueHolds(() => catalogueVersion(d1, 60_000), "product 7", read);
    forgetCatalogueVersion();
    expect(await keep(async () => "old")).toBe("old");
    state.version = 202;
    // Within the minute the isolate still trusts version 201 (other isolates see a change that late).
    expect(await keep(async () => "new")).toBe("old");
    expect(state.reads).toBe(1);
    forgetCatalogueVersion();
    expect(await keep(async () => "new")).toBe("new");
    expect(state.reads).toBe(2);
    forgetCatalogueVersion();
  });

  it("keeps a bounded number of answers, the least recently used out first", async () => {
    const state = { version: 301, reads: 0 };
    const d1 = fakeD1(state);
    const read = vi.fn(async () => "page");
    const keep = (key: string) => keptWhileCatalogueHolds(() => catalogueVersion(d1, 0), key, read);
    await keep("shop 1 first");
    for (let i = 0; i < 255; i++) await keep(`shop 1 term ${i}`);
    await keep("shop 1 first"); // used again: now the most recent
    await keep("shop 1 one more"); // the 257th: the oldest unused one goes
    read.mockClear();
    await keep("shop 1 first");
    expect(read).not.toHaveBeenCalled();
    await keep("shop 1 term 0");
    expect(read).toHaveBeenCalledTimes(1);
  });

  it("keeps no failure, and reads straight through when the version cannot be read", async () => {
    const state: { version: number | Error; reads: number } = { version: 401, reads: 0 };
    const d1 = fakeD1(state);
    const failing = () => Promise.reject(new Error("D1 is down"));
    await expect(
      keptWhileCatalogueHolds(() => catalogueVersion(d1, 0), "categories", failing),
    ).rejects.toThrow("D1 is down");
    expect(
      await keptWhileCatalogueHolds(
        () => catalogueVersion(d1, 0),
        "categories",
        async () => ["A"],
      ),
    ).toEqual(["A"]);

    state.version = new Error("no version");
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const read = vi.fn(async () => ["B"]);
    expect(await keptWhileCatalogueHolds(() => catalogueVersion(d1, 0), "categories", read)).toEqual(["B"]);
    expect(await keptWhileCatalogueHolds(() => catalogueVersion(d1, 0), "categories", read)).toEqual(["B"]);
    expect(read).toHaveBeenCalledTimes(2);
    errors.mockRestore();
  });
});
