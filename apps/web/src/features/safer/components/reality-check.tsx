import { Suspense, useCallback, useEffect, useState } from 'react';
import { lazyComponent } from '../../../ui/lazy-component';
import { useSaferSettings } from '../api/get-safer';
import { nextCheckAt } from '../limits';
import type { OpenCheck } from './reality-check-dialog';

/** The dialog: no part of a screen's first load; fetched once the client has checks on. */
export const RealityCheckDialog = lazyComponent(
  async () => (await import('./reality-check-dialog')).RealityCheckDialog,
);

/**
 * The reality check (docs/safer-gambling.md): with an interval chosen, a dialog every N minutes
 * counted from the session's start says how long the client has been logged in, how many bets
 * they placed and their net result. Continue closes it until N minutes after the check's due
 * time; Log out logs out. One plain `setTimeout` to the next due time, read against `Date.now()`,
 * so fake clocks (Vitest's, Playwright's `page.clock`) drive it.
 */
export function RealityCheck({ onLogout }: { onLogout: () => void }) {
  const settings = useSaferSettings().data;
  const minutes = settings?.realityCheckMinutes ?? null;
  const startedAt = settings ? Date.parse(settings.sessionStartedAt) : Number.NaN;
  // `since`: every check due by then is done with (shown, or due before this frame mounted).
  const [state, setState] = useState<{ since: number; open: OpenCheck | null }>(() => ({
    since: Date.now(),
    open: null,
  }));

  const { since, open } = state;
  useEffect(() => {
    if (minutes !== null) RealityCheckDialog.preload().catch(() => {});
  }, [minutes]);
  useEffect(() => {
    if (minutes === null || Number.isNaN(startedAt) || open !== null) return;
    const dueAt = nextCheckAt(startedAt, minutes, since);
    const timer = setTimeout(
      () => setState((current) => ({ ...current, open: { dueAt, openedAt: Date.now() } })),
      Math.max(0, dueAt - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [minutes, startedAt, since, open]);

  // The next check falls N minutes after this one's due time (or the first due after now, when
  // this one stood open longer than that).
  const carryOn = useCallback(
    () =>
      setState((current) =>
        current.open === null
          ? current
          : { since: Math.max(current.open.dueAt, Date.now()), open: null },
      ),
    [],
  );

  if (open === null || Number.isNaN(startedAt)) return null;
  return (
    <Suspense fallback={null}>
      <RealityCheckDialog
        check={open}
        startedAt={startedAt}
        onContinue={carryOn}
        onLogout={onLogout}
      />
    </Suspense>
  );
}
