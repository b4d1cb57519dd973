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
 * What `read` gives of a store, one paint late: a change renders after the frame it was made in
 * has painted, as a transition, and the component renders nothing in the interaction itself (the
 * rest of an interaction, after its first paint).
 */
export function useStoreAfterPaint<T>(
  subscribe: (listener: () => void) => () => void,
  read: () => T,
): T {
  const [shown, setShown] = useState(read);
  useEffect(() => {
    let cancel = () => {};
    const hear = () => {
      cancel();
      cancel = afterNextPaint(() => startTransition(() => setShown(read)));
    };
    const stop = subscribe(hear);
    // A change between the render and this effect.
    hear();
    return () => {
      stop();
      cancel();
    };
  }, [subscribe, read]);
  return shown;
}
