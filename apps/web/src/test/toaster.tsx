import { useEffect } from 'react';
import { Toaster, toast } from 'sonner';
import { toasterListening } from '../lib/toast';

/**
 * The library's Toaster for a test's screen, listening at once (the app mounts it lazily:
 * app/layout/toasts.tsx), so what a screen toasts shows in the test's document.
 */
export function TestToaster() {
  useEffect(() => toasterListening(toast), []);
  return <Toaster />;
}
