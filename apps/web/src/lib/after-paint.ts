import { startTransition, useEffect, useState } from 'react';

/**
 * Runs `run` once the browser has painted the frame being made now (a frame callback, then a
 * task after it), so what an input changed paints without waiting for it (the interaction's
 * latency, INP: docs/architecture.md, "Prices on the event screen"). Answers a cancel.
 */
export function afterNextPaint(run: () => void): () => void {
  let task: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    task = setTimeout(run, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(task);
  };
}

/**
 * `value` one paint late: a change shows in a render after the frame it was made in has
 * painted, as a transition (the rest of an interaction, after its first paint).
 */
export function useAfterPaint<T>(value: T): T {
  const [shown, setShown] = useState(value);
  useEffect(() => {
    if (Object.is(shown, value)) return;
    return afterNextPaint(() => startTransition(() => setShown(value)));
  }, [shown, value]);
  return shown;
}
