import { useEffect, useState } from "react";

/** docs/product-rules.md, Texts and timings: 100 ms per character typed, 60 ms per deletion, 1.5 s pause at the end of a phrase. */
export const TYPE_MS = 100;
export const DELETE_MS = 60;
export const PAUSE_MS = 1500;

/**
 * Cycles through phrases by typing and deleting them. The server renders the first phrase whole (so the
 * hero reads well before JavaScript); screen readers get the full list once, not every keystroke.
 */
export function TypingEffect({ phrases }: { phrases: readonly string[] }) {
  const [index, setIndex] = useState(0);
  const [shown, setShown] = useState(phrases[0] ?? "");
  const [deleting, setDeleting] = useState(true);

  useEffect(() => {
    if (window.matchMedia?.("(prefers-reduced-motion: reduce)").matches) return;
    const phrase = phrases[index] ?? "";
    let delay: number;
    let step: () => void;
    if (!deleting && shown === phrase) {
      delay = PAUSE_MS;
      step = () => setDeleting(true);
    } else if (deleting && shown === "") {
      delay = TYPE_MS;
      step = () => {
        setDeleting(false);
        setIndex((i) => (i + 1) % phrases.length);
      };
    } else if (deleting) {
      // The first phrase arrives already typed: pause on it before deleting.
      delay = shown === phrase ? PAUSE_MS : DELETE_MS;
      step = () => setShown((s) => s.slice(0, -1));
    } else {
      delay = TYPE_MS;
      step = () => setShown(phrase.slice(0, shown.length + 1));
    }
    const timer = setTimeout(step, delay);
    return () => clearTimeout(timer);
  }, [shown, deleting, index, phrases]);

  return (
    <>
      <span className="sr-only">{phrases.join(", ")}</span>
      <span aria-hidden className="typing-caret">
        {shown}
      </span>
    </>
  );
}
