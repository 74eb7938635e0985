import { useEffect, useState } from 'react';

/** The uploading modal's messages (requirements §P2), cycled every 3000 ms (requirements §P9). */
export const UPLOADING_MESSAGES = [
  'Hold tight...',
  'Checking your music files...',
  'Processing your music into our model...',
  'Almost there...',
  'Tuning the perfect pitch...',
] as const;

export const UPLOADING_MESSAGE_INTERVAL_MS = 3000;

/** The current message while `active`; restarts from the first message each time it becomes active. */
export function useRotatingMessage(active: boolean, messages: readonly string[] = UPLOADING_MESSAGES): string {
  const [index, setIndex] = useState(0);
  // Back to the first message, while rendering, whenever it (re)starts: on becoming active or on a
  // new list of messages while active.
  const [started, setStarted] = useState({ active, length: messages.length });
  if (started.active !== active || started.length !== messages.length) {
    setStarted({ active, length: messages.length });
    if (active) setIndex(0);
  }
  useEffect(() => {
    if (!active) return undefined;
    const timer = setInterval(() => setIndex((i) => (i + 1) % messages.length), UPLOADING_MESSAGE_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [active, messages.length]);
  return messages[index];
}
