import { getPublicNews } from '@backlay/contract/news';
import { getSiteConfig } from '@backlay/contract/site';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../lib/storage';
import { renderPage } from '../prerender';
import { routeFetch } from '../test/fetch';
import { skyexchConfigAnswer } from '../test/fixtures/site-answers';
import { TEST_LOGIN } from '../test/render';
import { CAROUSEL_AUTOPLAY_MS } from '../ui/carousel-autoplay';
import { marqueeSeconds } from '../ui/marquee-track';
import { startLandingPage, type AppLoader } from './landing-page';
import { LandingPage } from './routes/landing';

const NEWS = getPublicNews.response.parse({
  Status: true,
  Result: [{ Message: 'Markets open at nine' }, { Message: 'Not shown on the landing page' }],
});
const CONFIG = getSiteConfig.response.parse(skyexchConfigAnswer);

/** The landing page as the build prerenders it (scripts/prerender.mjs). */
let prerendered = '';
beforeAll(async () => {
  prerendered = await renderPage('/');
});

/**
 * The viewport as the page's observer sees it: what it watches is in view at once, or when
 * `reveal` says so.
 */
function fakeViewport({ isInView = true } = {}) {
  const watched: Array<() => void> = [];
  class InView {
    constructor(private readonly callback: IntersectionObserverCallback) {}
    observe(target: Element) {
      const show = () =>
        this.callback(
          [{ isIntersecting: true, target } as IntersectionObserverEntry],
          this as unknown as IntersectionObserver,
        );
      if (isInView) show();
      else watched.push(show);
    }
    disconnect() {}
  }
  vi.stubGlobal('IntersectionObserver', InView);
  return { reveal: () => watched.splice(0).forEach((show) => show()) };
}

beforeEach(() => void fakeViewport());

afterEach(() => {
  window.history.replaceState(null, '', '/');
  document.body.replaceChildren();
});

/** The server's answers to the landing page's two reads. */
const answerReads = () =>
  routeFetch({
    '/api/NewsModels/GetPublicNews': () => ({ body: NEWS }),
    '/api/Site/Config': () => ({ body: CONFIG }),
  });

/** A stand-in for the app's module (app/start.tsx), recording what the page asked of it. */
function fakeApp() {
  const startApp = vi.fn(async (_root: HTMLElement) => {});
  const preloadRoutes = vi.fn(async (_pathname: string) => {});
  const loadApp = vi.fn(async () => ({ startApp, preloadRoutes })) as unknown as AppLoader &
    ReturnType<typeof vi.fn>;
  return { loadApp, startApp, preloadRoutes };
}

/** The prerendered page in the document, with its script started on it. */
function openLanding(app = fakeApp()) {
  const root = document.createElement('div');
  root.id = 'root';
  root.innerHTML = prerendered;
  document.body.append(root);
  startLandingPage(root, app.loadApp);
  return { root, ...app };
}

const marqueeTrack = (root: ParentNode) => root.querySelector('[role="marquee"] div div');
const isFooterFilled = (root: ParentNode) => root.querySelector('footer ul li') !== null;
const link = (root: ParentNode, name: string) =>
  [...root.querySelectorAll<HTMLAnchorElement>('a')].find((anchor) => anchor.textContent === name)!;

/**
 * A tree's markup, whoever rendered it: attributes in one order, without the ids React makes up
 * (the server's and the browser's differ), the image preloads React's server render adds, or the
 * markers it puts between texts.
 */
function markup(node: Node): string {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? '';
  if (!(node instanceof Element) || node.localName === 'link') return '';
  const attributes = [...node.attributes]
    .filter((attribute) => attribute.name !== 'id' && attribute.name !== 'aria-labelledby')
    .map((attribute) => ` ${attribute.name}="${attribute.value}"`)
    .sort()
    .join('');
  const children = [...node.childNodes].map(markup).join('');
  return `<${node.localName}${attributes}>${children}</${node.localName}>`;
}

/** The strip, one slide 300 px wide, with its scrolls recorded. */
function strip(root: ParentNode) {
  const element = root.querySelector<HTMLElement>('[aria-roledescription="carousel"]')!;
  Object.defineProperty(element, 'clientWidth', { value: 300 });
  const scrollTo = vi.fn();
  element.scrollTo = scrollTo as typeof element.scrollTo;
  return { element, scrollTo };
}

describe('the landing page without a framework', () => {
  it('leaves the page as the React landing page renders it with the same news and site', async () => {
    answerReads();
    const { root } = openLanding();
    await waitFor(() => expect(marqueeTrack(root)).not.toBeNull());
    await waitFor(() => expect(isFooterFilled(root)).toBe(true));

    const react = document.createElement('div');
    document.body.append(react);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <LandingPage />
        </MemoryRouter>
      </QueryClientProvider>,
      { container: react },
    );
    await waitFor(() => expect(marqueeTrack(react)).not.toBeNull());
    await waitFor(() =>
      expect(react.querySelector('header img')?.getAttribute('alt')).toBe('SkyExch'),
    );
    await waitFor(() => expect(isFooterFilled(react)).toBe(true));

    const inside = (tree: Element) => [...tree.childNodes].map(markup).join('');
    expect(inside(root)).toBe(inside(react));
  });

  it('shows the first public news message in the marquee, at the marquee’s pace', async () => {
    const { callsTo } = answerReads();
    const { root } = openLanding();
    await waitFor(() => expect(marqueeTrack(root)?.textContent).toBe('Markets open at nine'));
    const track = marqueeTrack(root) as HTMLElement;
    expect(track.style.animationDuration).toBe(`${marqueeSeconds(['Markets open at nine'])}s`);
    expect(track.style.animationDuration).toBe('15s');
    const headers = callsTo('/api/NewsModels/GetPublicNews')[0]?.init?.headers as Record<
      string,
      string
    >;
    expect(headers.authorization).toBeUndefined();
  });

  it('shows no news line when there is none', async () => {
    const { callsTo } = routeFetch({
      '/api/NewsModels/GetPublicNews': () => ({ body: { Status: true, Result: [] } }),
      '/api/Site/Config': () => ({ body: CONFIG }),
    });
    const { root } = openLanding();
    await waitFor(() => expect(callsTo('/api/NewsModels/GetPublicNews')).toHaveLength(1));
    await waitFor(() => expect(isFooterFilled(root)).toBe(true));
    expect(root.querySelector('[role="marquee"]')?.textContent).toBe('News');
  });

  it("applies the host's brand and fills the footer with the site's links", async () => {
    answerReads();
    const { root } = openLanding();
    await waitFor(() => expect(isFooterFilled(root)).toBe(true));
    expect(document.title).toBe('SkyExch — Live Exchange');
    expect(document.documentElement.style.getPropertyValue('--brand-primary')).toBe('#0f3b7a');
    const logo = root.querySelector('header img')!;
    expect([logo.getAttribute('src'), logo.getAttribute('alt')]).toEqual([
      '/brand/skyexch-logo.svg',
      'SkyExch',
    ]);
    const footer = root.querySelector('footer')!;
    const awareness = [...footer.querySelectorAll('ul')[0]!.querySelectorAll('a')];
    expect(awareness.map((anchor) => [anchor.textContent, anchor.getAttribute('href')])).toEqual(
      CONFIG.Result.awareness.map((entry) => [entry.label, entry.url]),
    );
    expect([...footer.querySelectorAll('img')].map((image) => image.getAttribute('alt'))).toEqual([
      'UPI',
      'Paytm',
      'PhonePe',
      'Google Pay',
      'Visa',
      'Mastercard',
      'Net banking',
    ]);
    expect(
      [...footer.querySelectorAll('a[aria-label]')].map((anchor) => anchor.getAttribute('title')),
    ).toEqual(['Instagram', 'Telegram', 'X', 'YouTube']);
    expect(link(footer, 'Chat with support').getAttribute('href')).toBe(CONFIG.Result.supportUrl);
    expect(footer.textContent).toContain('© SkyExch');
  });

  it('fills the payment logos only once their list comes into view', async () => {
    const viewport = fakeViewport({ isInView: false });
    answerReads();
    const { root } = openLanding();
    await waitFor(() => expect(isFooterFilled(root)).toBe(true));
    const payments = root.querySelector('footer section:nth-of-type(2) ul')!;
    expect(payments.children).toHaveLength(0);
    viewport.reveal();
    expect([...payments.querySelectorAll('img')].map((image) => image.getAttribute('src'))).toEqual(
      CONFIG.Result.payments.map((id) => `/payments/${id}.svg`),
    );
  });

  it('moves the slider on every 3 s, held while the pointer or the focus is on it', () => {
    vi.useFakeTimers();
    answerReads();
    const { root } = openLanding();
    const { element, scrollTo } = strip(root);
    vi.advanceTimersByTime(CAROUSEL_AUTOPLAY_MS - 1);
    expect(scrollTo).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(scrollTo).toHaveBeenLastCalledWith({ left: 300, behavior: 'smooth' });

    element.dispatchEvent(new PointerEvent('pointerenter'));
    vi.advanceTimersByTime(CAROUSEL_AUTOPLAY_MS * 3);
    expect(scrollTo).toHaveBeenCalledTimes(1);
    element.dispatchEvent(new PointerEvent('pointerleave'));
    vi.advanceTimersByTime(CAROUSEL_AUTOPLAY_MS);
    expect(scrollTo).toHaveBeenCalledTimes(2);

    element.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    vi.advanceTimersByTime(CAROUSEL_AUTOPLAY_MS * 3);
    expect(scrollTo).toHaveBeenCalledTimes(2);
    element.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
    vi.advanceTimersByTime(CAROUSEL_AUTOPLAY_MS);
    expect(scrollTo).toHaveBeenCalledTimes(3);
  });

  it('never moves the slider by itself for a visitor who asked for reduced motion', () => {
    vi.useFakeTimers();
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query) =>
        ({ matches: query === '(prefers-reduced-motion: reduce)', media: query }) as MediaQueryList,
    );
    answerReads();
    const { root } = openLanding();
    const { scrollTo } = strip(root);
    vi.advanceTimersByTime(CAROUSEL_AUTOPLAY_MS * 5);
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('leaves out the slider and the cards’ pictures with the data saver on, not the cards', () => {
    localStorage.setItem(STORAGE_KEYS.dataSaver, 'true');
    answerReads();
    const { root } = openLanding();
    expect(root.querySelector('[aria-roledescription="carousel"]')).toBeNull();
    const cards = [...root.querySelectorAll('main li')];
    expect(cards.map((card) => card.textContent)).toEqual([
      'Cricket',
      'Soccer',
      'Tennis',
      'Casino',
    ]);
    expect(root.querySelectorAll('main img')).toHaveLength(0);
  });

  it('starts the app at once for a visitor with a stored login, and reads nothing itself', async () => {
    localStorage.setItem(STORAGE_KEYS.loginUserDetails, JSON.stringify(TEST_LOGIN));
    localStorage.setItem(STORAGE_KEYS.isLoggedIn, 'true');
    // The stored login is read as the module loads: a fresh copy of it, and of the page's script.
    vi.resetModules();
    const { startLandingPage: start } = await import('./landing-page');
    const { fetch } = answerReads();
    const app = fakeApp();
    const root = document.createElement('div');
    root.innerHTML = prerendered;
    start(root, app.loadApp);
    await waitFor(() => expect(app.startApp).toHaveBeenCalledWith(root));
    expect(app.preloadRoutes).not.toHaveBeenCalled();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('loads nothing of the app until the visitor heads for a link into it', async () => {
    answerReads();
    const { root, loadApp, preloadRoutes } = openLanding();
    await waitFor(() => expect(isFooterFilled(root)).toBe(true));
    expect(loadApp).not.toHaveBeenCalled();

    link(root, 'Login').dispatchEvent(new PointerEvent('pointerenter'));
    await waitFor(() => expect(preloadRoutes).toHaveBeenLastCalledWith('/login'));
    link(root, 'Sign up').dispatchEvent(new FocusEvent('focus'));
    await waitFor(() => expect(preloadRoutes).toHaveBeenLastCalledWith('/signup'));
    link(root, 'Soccer').dispatchEvent(new TouchEvent('touchstart'));
    await waitFor(() => expect(preloadRoutes).toHaveBeenCalledTimes(3));
    expect(preloadRoutes).toHaveBeenLastCalledWith('/login');
    // One module, loaded once.
    expect(loadApp).toHaveBeenCalledTimes(1);
  });

  it('takes the page over on a plain click: the link’s address, and the app started there', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    answerReads();
    const { root, startApp, preloadRoutes } = openLanding();
    const { scrollTo } = strip(root);
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    act(() => void link(root, 'Login').dispatchEvent(click));
    expect(click.defaultPrevented).toBe(true);
    expect(window.location.pathname).toBe('/login');
    await waitFor(() => expect(startApp).toHaveBeenCalledWith(root));
    expect(preloadRoutes).toHaveBeenCalledWith('/login');
    expect(preloadRoutes.mock.invocationCallOrder[0]).toBeLessThan(
      startApp.mock.invocationCallOrder[0]!,
    );
    // The page's own behaviour stops with it.
    vi.advanceTimersByTime(CAROUSEL_AUTOPLAY_MS * 2);
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('leaves a click with a key held, or another button, to the browser', () => {
    answerReads();
    const { root, loadApp } = openLanding();
    const seen: boolean[] = [];
    // After the page's own handlers: what the browser would do, kept from happening here.
    const browser = (event: Event) => {
      seen.push(event.defaultPrevented);
      event.preventDefault();
    };
    window.addEventListener('click', browser);
    try {
      for (const init of [
        { ctrlKey: true },
        { metaKey: true },
        { shiftKey: true },
        { altKey: true },
        { button: 1 },
      ]) {
        link(root, 'Login').dispatchEvent(
          new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init }),
        );
      }
    } finally {
      window.removeEventListener('click', browser);
    }
    expect(seen).toEqual([false, false, false, false, false]);
    expect(window.location.pathname).toBe('/');
    expect(loadApp).not.toHaveBeenCalled();
  });
});
