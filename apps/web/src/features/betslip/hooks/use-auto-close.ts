import { useCallback, useEffect, useRef, useState } from 'react';

/** docs/product.md#constants: the bet slip closes by itself after 10 s. */
export const SLIP_AUTO_CLOSE_S = 10;

/**
 * Counts the slip's 10 s down in whole seconds and calls `onClose` at zero. The count stands
 * still while `isPaused` (a confirm step open, a submit in flight — docs/decisions.md#silent-rules) and goes on from
 * where it stood; `restart()` starts a fresh 10 s (the client is busy with the slip). Answers the
 * seconds left.
 */
export function useAutoClose({ isPaused, onClose }: { isPaused: boolean; onClose: () => void }) {
  // `run` makes every restart a new countdown, even from a full 10.
  const [timer, setTimer] = useState({ left: SLIP_AUTO_CLOSE_S, run: 0 });
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  }, [onClose]);

  useEffect(() => {
    if (isPaused) return;
    if (timer.left <= 0) {
      close.current();
      return;
    }
    const tick = setTimeout(
      () => setTimer((current) => ({ ...current, left: current.left - 1 })),
      1000,
    );
    return () => clearTimeout(tick);
  }, [isPaused, timer]);

  const restart = useCallback(
    () => setTimer((current) => ({ left: SLIP_AUTO_CLOSE_S, run: current.run + 1 })),
    [],
  );
  return { left: timer.left, restart };
}
