import { lazy, Suspense, useEffect, type ComponentProps } from 'react';
import type { Toaster as SonnerToaster } from 'sonner';
import { afterNextPaint } from '../../lib/after-paint';
import { useSignal } from '../../lib/signal';
import { loadToasts, toasterListening, toastsWanted, wantToasts } from '../../lib/toast';
import { READABLE_COLOURS } from './toast-colours';

/** docs/product.md#constants: toasts vanish after 2000 ms; they sit top right (docs/product.md#screens). */
export const TOAST_MS = 2000;
/** Toasts sit under the fixed header and the news ticker (32 px), never over the wallet. */
const TOAST_TOP = 'calc(var(--header-height) + 40px)';

type ToasterProps = ComponentProps<typeof SonnerToaster>;

/** The library's Toaster, and once its effects have run (it listens), the toasts that waited. */
const ListeningToaster = lazy(async () => {
  const { Toaster, toast } = await loadToasts();
  return {
    default: function ListeningToaster(props: ToasterProps) {
      // A parent's effects run after its child's: the Toaster listens by now.
      useEffect(() => toasterListening(toast), []);
      return <Toaster {...props} />;
    },
  };
});

/** The bettor's first press or key: toasts are near (a bet, a form), so they load after its paint. */
function useToastsOnFirstInput(): void {
  useEffect(() => {
    const controller = new AbortController();
    const want = () => {
      controller.abort();
      afterNextPaint(wantToasts);
    };
    const options = { capture: true, passive: true, signal: controller.signal };
    window.addEventListener('pointerdown', want, options);
    window.addEventListener('keydown', want, options);
    return () => controller.abort();
  }, []);
}

/**
 * Where toasts show. Mounted by the screens that raise them — the login page, the logged-in
 * frame and the back office — so the landing page never loads the toast library; and even these
 * load it only once a toast is asked for or the visitor has pressed or typed (lib/toast.ts).
 */
export function Toasts(props: ToasterProps) {
  const isWanted = useSignal(toastsWanted);
  useToastsOnFirstInput();
  if (!isWanted) return null;
  return (
    <Suspense fallback={null}>
      <ListeningToaster
        position="top-right"
        duration={TOAST_MS}
        richColors
        closeButton
        style={READABLE_COLOURS}
        // Below the header and the news ticker: the wallet stays in sight after a bet.
        offset={{ top: TOAST_TOP, right: 16 }}
        mobileOffset={{ top: TOAST_TOP, right: 8, left: 8 }}
        {...props}
      />
    </Suspense>
  );
}
