import { describe, expect, it, vi } from 'vitest';
import {
  registerServiceWorker,
  registerServiceWorkerOnLoad,
  SERVICE_WORKER_URL,
  SKIP_WAITING,
  UPDATE_CHECK_MS,
  watchForUpdate,
  type ContainerLike,
  type PendingUpdate,
  type RegistrationLike,
  type WorkerLike,
} from './pwa';

/** A worker the test moves through its states. */
class FakeWorker extends EventTarget implements WorkerLike {
  state = 'installing';
  readonly messages: unknown[] = [];
  postMessage(message: unknown): void {
    this.messages.push(message);
  }
  become(state: string): void {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

class FakeRegistration extends EventTarget implements RegistrationLike {
  waiting: FakeWorker | null = null;
  installing: FakeWorker | null = null;
  readonly update = vi.fn(() => Promise.resolve());
  /** A new build's worker starts installing. */
  found(worker: FakeWorker): void {
    this.installing = worker;
    this.dispatchEvent(new Event('updatefound'));
  }
}

class FakeContainer extends EventTarget implements ContainerLike {
  constructor(
    public controller: unknown,
    readonly registration = new FakeRegistration(),
  ) {
    super();
  }
  readonly register = vi.fn(() => Promise.resolve(this.registration));
}

describe('the update prompt’s watch', () => {
  it('offers a new build once its worker is installed, while a worker controls the page', () => {
    const container = new FakeContainer({});
    const offers: PendingUpdate[] = [];
    watchForUpdate(container.registration, container, (update) => offers.push(update));
    const next = new FakeWorker();
    container.registration.found(next);
    expect(offers).toHaveLength(0);
    next.become('installed');
    expect(offers).toHaveLength(1);
    next.become('activating');
    expect(offers).toHaveLength(1);
  });

  it('offers a worker already waiting when the page loads', () => {
    const container = new FakeContainer({});
    container.registration.waiting = new FakeWorker();
    const onUpdate = vi.fn();
    watchForUpdate(container.registration, container, onUpdate);
    expect(onUpdate).toHaveBeenCalledTimes(1);
  });

  it('offers nothing on the first install: there is no build to replace', () => {
    const container = new FakeContainer(null);
    const onUpdate = vi.fn();
    watchForUpdate(container.registration, container, onUpdate);
    const first = new FakeWorker();
    container.registration.found(first);
    first.become('installed');
    expect(onUpdate).not.toHaveBeenCalled();
  });

  it('hands the page to the waiting worker when taken, and reloads once it controls the page', () => {
    const container = new FakeContainer({});
    const reload = vi.fn();
    let offered: PendingUpdate | undefined;
    watchForUpdate(container.registration, container, (update) => (offered = update), reload);
    const next = new FakeWorker();
    container.registration.found(next);
    next.become('installed');
    expect(next.messages).toEqual([]);

    offered!.apply();
    expect(next.messages).toEqual([SKIP_WAITING]);
    expect(reload).not.toHaveBeenCalled();
    container.dispatchEvent(new Event('controllerchange'));
    container.dispatchEvent(new Event('controllerchange'));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});

describe('registering the worker', () => {
  it('registers /sw.js for the whole site, past the HTTP cache, and checks for a new build hourly', async () => {
    const container = new FakeContainer({});
    const timers: [() => void, number][] = [];
    await registerServiceWorker(container, (work, ms) => timers.push([work, ms]));
    expect(SERVICE_WORKER_URL).toBe('/sw.js');
    expect(container.register).toHaveBeenCalledWith('/sw.js', {
      scope: '/',
      updateViaCache: 'none',
    });
    expect(timers.map(([, ms]) => ms)).toEqual([UPDATE_CHECK_MS]);
    expect(UPDATE_CHECK_MS).toBe(3_600_000);
    timers[0]![0]();
    expect(container.registration.update).toHaveBeenCalledTimes(1);
  });

  it('logs a refused registration and carries on', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const container = new FakeContainer({});
    container.register.mockImplementation(() => Promise.reject(new Error('insecure')));
    const every = vi.fn();
    await registerServiceWorker(container, every);
    expect(every).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledWith('[backlay] service worker:', expect.any(Error));
  });

  it('waits for the page to load, and registers only in a production build', () => {
    const container = new FakeContainer(null);
    Object.defineProperty(navigator, 'serviceWorker', { value: container, configurable: true });
    const readyState = vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    try {
      registerServiceWorkerOnLoad(false);
      registerServiceWorkerOnLoad(true);
      expect(container.register).not.toHaveBeenCalled();
      readyState.mockReturnValue('complete');
      window.dispatchEvent(new Event('load'));
      expect(container.register).toHaveBeenCalledTimes(1);
      window.dispatchEvent(new Event('load'));
      expect(container.register).toHaveBeenCalledTimes(1);
    } finally {
      Reflect.deleteProperty(navigator, 'serviceWorker');
    }
  });
});
