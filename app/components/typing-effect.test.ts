import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DELETE_MS, PAUSE_MS, runTypingEffect, TYPE_MS } from "./typing-effect";

describe("the hero's typing effect", () => {
  let shown: string[];
  let stop: () => void;
  const last = () => shown.at(-1);

  beforeEach(() => {
    vi.useFakeTimers();
    shown = [];
  });
  afterEach(() => {
    stop?.();
    vi.useRealTimers();
  });

  it("types at 100 ms a character, deletes at 60 ms and pauses 1.5 s once at the end of every phrase", () => {
    expect([TYPE_MS, DELETE_MS, PAUSE_MS]).toEqual([100, 60, 1500]);
    stop = runTypingEffect(["ab", "xyz"], (text) => shown.push(text));

    // The first phrase arrives whole: it stays 1.5 s, then goes a character every 60 ms.
    vi.advanceTimersByTime(1499);
    expect(shown).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(last()).toBe("a");
    vi.advanceTimersByTime(59);
    expect(last()).toBe("a");
    vi.advanceTimersByTime(1);
    expect(last()).toBe("");

    // The next phrase is typed a character every 100 ms.
    vi.advanceTimersByTime(99);
    expect(last()).toBe("");
    vi.advanceTimersByTime(1);
    expect(last()).toBe("x");
    vi.advanceTimersByTime(100);
    expect(last()).toBe("xy");
    vi.advanceTimersByTime(100);
    expect(last()).toBe("xyz");

    // Whole again: one pause of 1.5 s (not two), then deletion at 60 ms.
    vi.advanceTimersByTime(1499);
    expect(last()).toBe("xyz");
    vi.advanceTimersByTime(1);
    expect(last()).toBe("xy");
    vi.advanceTimersByTime(60);
    expect(last()).toBe("x");
    vi.advanceTimersByTime(60);
    expect(last()).toBe("");

    // And back round to the first phrase, with the same pause at its end.
    vi.advanceTimersByTime(200);
    expect(last()).toBe("ab");
    vi.advanceTimersByTime(1499);
    expect(last()).toBe("ab");
    vi.advanceTimersByTime(1);
    expect(last()).toBe("a");
  });

  it("spends exactly the spec's time on a full cycle", () => {
    const phrases = ["Quality healthcare", "Affordable prescriptions", "Doorstep delivery"];
    stop = runTypingEffect(phrases, (text) => shown.push(text));
    // Per phrase: its pause, which ends with the first deletion, the other deletions, then the next
    // phrase typed (its first character 100 ms after the box is empty).
    const cycle = phrases.reduce(
      (ms, phrase, i) =>
        ms + PAUSE_MS + (phrase.length - 1) * DELETE_MS + phrases[(i + 1) % phrases.length].length * TYPE_MS,
      0,
    );
    vi.advanceTimersByTime(cycle - 1);
    expect(last()).toBe("Quality healthcar");
    vi.advanceTimersByTime(1);
    expect(last()).toBe("Quality healthcare");
    expect(vi.getTimerCount()).toBe(1);
  });

  it("stops when asked", () => {
    stop = runTypingEffect(["ab", "cd"], (text) => shown.push(text));
    stop();
    vi.advanceTimersByTime(10_000);
    expect(shown).toEqual([]);
  });
});
