import { describe, expect, it } from "vitest";
import { reconnectDelay } from "./backoff";

describe("reconnectDelay", () => {
  it("starts at once, then doubles from 1 s up to 5 s", () => {
    const middle = () => 0.5; // no jitter
    expect([0, 1, 2, 3, 4, 5, 10].map((n) => reconnectDelay(n, middle))).toEqual([
      0, 1000, 2000, 4000, 5000, 5000, 5000,
    ]);
  });

  it("randomises each delay by up to ±50 %, never past the 5 s cap", () => {
    expect(reconnectDelay(1, () => 0)).toBe(500);
    expect(reconnectDelay(1, () => 0.999999)).toBe(1500);
    expect(reconnectDelay(4, () => 0)).toBe(2500);
    expect(reconnectDelay(4, () => 0.999999)).toBe(5000);
  });
});
