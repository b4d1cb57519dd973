import { Toaster } from 'sonner';
import { READABLE_COLOURS } from './toast-colours';

/** docs/product.md#constants: toasts vanish after 2000 ms; they sit top right (docs/product.md#screens). */
export const TOAST_MS = 2000;
/** Toasts sit under the fixed header and the news ticker (32 px), never over the wallet. */
const TOAST_TOP = 'calc(var(--header-height) + 40px)';

/**
 * Where toasts show. Mounted by the screens that raise them — the login page and the logged-in
 * frame — so the landing page never loads the toast library.
 */
export function Toasts() {
  return (
    <Toaster
      position="top-right"
      duration={TOAST_MS}
      richColors
      closeButton
      style={READABLE_COLOURS}
      // Below the header and the news ticker: the wallet stays in sight after a bet.
      offset={{ top: TOAST_TOP, right: 16 }}
      mobileOffset={{ top: TOAST_TOP, right: 8, left: 8 }}
    />
  );
}
