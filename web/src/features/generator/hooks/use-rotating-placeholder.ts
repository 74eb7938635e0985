import { useEffect, useState } from 'react';

/** The generator's four hints (requirements §L2), in order. */
export const PROMPT_HINTS = [
  'What type of beat do you want to generate?',
  "Enter an artist name or genre you'd like to make",
  'Try trap type beat with country drums',
  "Best results come from 'Artist Name' Type Beat",
] as const;

/** Requirements §L9: the placeholder changes every 5 seconds. */
export const PLACEHOLDER_INTERVAL_MS = 5000;

/** The current hint, moving to the next one every 5 seconds and back to the first after the last. */
export function useRotatingPlaceholder(hints: readonly string[] = PROMPT_HINTS): string {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setIndex((i) => (i + 1) % hints.length), PLACEHOLDER_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [hints.length]);
  return hints[index % hints.length];
}
