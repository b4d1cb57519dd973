import type * as SonnerModule from 'sonner';
import type { ExternalToast, toast as sonnerToast } from 'sonner';
import { createSignal } from './signal';

/**
 * The toasts (the `sonner` library), loaded only when wanted (docs/architecture.md, "The client's
 * weight"): a screen's first load fetches none of it. `toast` is called as the library's; until a
 * Toaster listens (`app/layout/toasts.tsx` mounts one once a toast is wanted, or the bettor has
 * touched the page), what is shown waits here, in order, and shows as it mounts.
 */

type Kind = 'message' | 'success' | 'error' | 'warning';
type Sonner = typeof sonnerToast;

interface Shown {
  readonly kind: Kind;
  readonly message: string;
  readonly options: ExternalToast | undefined;
}

const waiting: Shown[] = [];
let listening: Sonner | undefined;
let loading: Promise<typeof SonnerModule> | undefined;
let isWanted = false;

/** Whether a toast was asked for or is soon to be: Toasts mounts its Toaster then. */
export const toastsWanted = createSignal(() => isWanted);

/** The library, fetched once. */
export function loadToasts(): Promise<typeof SonnerModule> {
  loading ??= import('sonner');
  return loading;
}

/** Asks for the library and the Toaster ahead of a toast (the bettor has started to act). */
export function wantToasts(): void {
  if (isWanted) return;
  isWanted = true;
  void loadToasts();
  toastsWanted.notify();
}

function show(shown: Shown): void {
  if (listening === undefined) {
    waiting.push(shown);
    wantToasts();
    return;
  }
  const call = shown.kind === 'message' ? listening : listening[shown.kind];
  call(shown.message, shown.options);
}

/**
 * A Toaster of the library listens (its effects have run): what waited shows now, and what comes
 * shows at once. Answers the end of it, when the Toaster goes.
 */
export function toasterListening(library: Sonner): () => void {
  listening = library;
  for (const shown of waiting.splice(0)) show(shown);
  return () => {
    if (listening === library) listening = undefined;
  };
}

/** Shows a toast: `toast(message)`, `toast.success`, `toast.error`, `toast.warning`. */
export const toast = Object.assign(
  (message: string, options?: ExternalToast) => show({ kind: 'message', message, options }),
  {
    success: (message: string, options?: ExternalToast) =>
      show({ kind: 'success', message, options }),
    error: (message: string, options?: ExternalToast) => show({ kind: 'error', message, options }),
    warning: (message: string, options?: ExternalToast) =>
      show({ kind: 'warning', message, options }),
  },
);
