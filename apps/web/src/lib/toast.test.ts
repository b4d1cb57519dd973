import { beforeEach, describe, expect, it, vi } from 'vitest';

/** A fresh copy of the module per test: what waits is module state. */
const fresh = async () => {
  vi.resetModules();
  return import('./toast');
};
/** The library's `toast` as a Toaster that listens would take it. */
function fakeLibrary() {
  const shown: string[] = [];
  const library = Object.assign((message: string) => void shown.push(`message ${message}`), {
    success: (message: string) => void shown.push(`success ${message}`),
    error: (message: string) => void shown.push(`error ${message}`),
    warning: (message: string) => void shown.push(`warning ${message}`),
  });
  return { shown, library: library as never };
}

describe('toasts loaded when wanted', () => {
  beforeEach(() => void vi.resetModules());

  it('keeps what is shown before a Toaster listens, in order, and asks for one', async () => {
    const { toast, toastsWanted, toasterListening } = await fresh();
    const wanted = vi.fn();
    toastsWanted.subscribe(wanted);
    expect(toastsWanted.read()).toBe(false);
    toast.error('Bet failed');
    toast.success('Bet placed successfully');
    expect(toastsWanted.read()).toBe(true);
    expect(wanted).toHaveBeenCalledTimes(1);

    const { shown, library } = fakeLibrary();
    const stop = toasterListening(library);
    expect(shown).toEqual(['error Bet failed', 'success Bet placed successfully']);
    toast('A new version is available');
    toast.warning('Still waiting');
    expect(shown.slice(2)).toEqual(['message A new version is available', 'warning Still waiting']);

    // Once the Toaster goes (a logout), toasts wait for the next one.
    stop();
    toast.error('Later');
    expect(shown).toHaveLength(4);
    const next = fakeLibrary();
    toasterListening(next.library);
    expect(next.shown).toEqual(['error Later']);
  });

  it('fetches the library once, however often it is wanted', async () => {
    const { loadToasts, wantToasts } = await fresh();
    wantToasts();
    wantToasts();
    expect(loadToasts()).toBe(loadToasts());
    expect((await loadToasts()).Toaster).toBeTypeOf('object');
  });
});
