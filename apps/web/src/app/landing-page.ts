import type { Brand } from '@backlay/contract/site';
import { fetchPublicNewsLine } from '../features/news/api/fetch-public-news';
import { fetchSiteConfig } from '../features/site/api/fetch-site-config';
import {
  fillPageFooter,
  fillPaymentLogos,
  paymentLogoList,
} from '../features/site/fill-page-footer';
import { applyBrand } from '../lib/brand';
import { storedDataSaver } from '../lib/data-saver-setting';
import { logError } from '../lib/log';
import { getStoredLogin } from '../lib/stored-login';
import { autoplayCarousel } from '../ui/carousel-autoplay';
import cardStyles from '../ui/card-grid.module.css';
import { showMarqueeItems } from '../ui/marquee-track';
import type * as AppStart from './start';

/** What starts the app (app/start.tsx), loaded when the visitor heads for it. */
export type AppLoader = () => Promise<typeof AppStart>;

const loadAppModule: AppLoader = () => import('./start');

/** The events that say the visitor is heading for a link: the pointer on it, the focus, a touch. */
const INTENTS = ['pointerenter', 'focus', 'touchstart'] as const;

/** A click the browser would follow in this tab: the main button, no key held for another. */
const isPlainClick = (event: MouseEvent) =>
  !event.defaultPrevented &&
  event.button === 0 &&
  !event.metaKey &&
  !event.ctrlKey &&
  !event.shiftKey &&
  !event.altKey;

/** The header's logo as `BrandLogo` renders it for `brand`. */
function showBrandLogo(root: HTMLElement, brand: Brand): void {
  const link = root.querySelector('header a[href="/"]');
  const image = link?.querySelector('img');
  link?.setAttribute('aria-label', brand.name);
  image?.setAttribute('alt', brand.name);
  if (image && image.getAttribute('src') !== brand.logo) image.setAttribute('src', brand.logo);
}

/** Runs `then` once `element` comes into the viewport; answers what stops waiting for it. */
function whenInView(element: Element, then: () => void): () => void {
  const observer = new IntersectionObserver((entries) => {
    if (!entries.some((entry) => entry.isIntersecting)) return;
    observer.disconnect();
    then();
  });
  observer.observe(element);
  return () => observer.disconnect();
}

/**
 * The landing page's own script, with no framework (docs/architecture.md, "The first paint"):
 * the page is the build's prerender of the React `LandingPage` (app/routes/landing.tsx), and this
 * brings it to life as the React page would, through the same helpers — the first public news
 * message in the marquee, the slider's autoplay, the site's brand and footer links (the payment
 * logos once their list is in view); the data saver leaves out the slider and the cards'
 * pictures (docs/pwa-and-data-saver.md).
 *
 * The app (React, the router) loads only when the visitor heads for it: the pointer, the focus or
 * a touch on a link into the app (Login, Sign up, the cards) preloads it and the routes of that
 * link, and a plain click takes the page over in the same document — the address becomes the
 * link's and the app renders there, with no new request for a page. A visitor with a stored login
 * is on the way to /home: the app starts at once (its public routes send them there).
 */
export function startLandingPage(root: HTMLElement, loadApp: AppLoader = loadAppModule): void {
  let app: ReturnType<AppLoader> | undefined;
  const load = () =>
    (app ??= loadApp().catch((error: unknown) => {
      // A later intent or click asks again.
      app = undefined;
      throw error;
    }));

  if (getStoredLogin() !== null) {
    load()
      .then((start) => start.startApp(root))
      .catch((error: unknown) => logError('app', error));
    return;
  }

  const stops: Array<() => void> = [];
  const strip = root.querySelector<HTMLElement>('[aria-roledescription="carousel"]');
  if (storedDataSaver()) {
    strip?.remove();
    for (const picture of root.querySelectorAll(`.${cardStyles.card} img`)) picture.remove();
  } else if (strip) {
    stops.push(autoplayCarousel(strip));
  }

  const reads = new AbortController();
  stops.push(() => reads.abort());
  const failed = (what: string) => (error: unknown) => {
    if (!reads.signal.aborted) logError(what, error);
  };
  const marquee = root.querySelector('[role="marquee"]');
  fetchPublicNewsLine(reads.signal).then((items) => {
    if (marquee) showMarqueeItems(marquee, items);
  }, failed('public news'));
  const footer = root.querySelector('footer');
  fetchSiteConfig(reads.signal).then((config) => {
    applyBrand(config.brand);
    showBrandLogo(root, config.brand);
    if (!footer) return;
    fillPageFooter(footer, config);
    // Seven pictures, each an SVG document of its own, cost a phone's main thread hundreds of ms
    // while the page loads; below the fold on a phone, they come when their list does.
    const payments = paymentLogoList(footer);
    if (payments) stops.push(whenInView(payments, () => fillPaymentLogos(payments, config)));
  }, failed('site config'));

  let isTakenOver = false;
  const open = async (pathname: string) => {
    const start = await load();
    await start.preloadRoutes(pathname);
    await start.startApp(root);
  };
  const appLinks = [...root.querySelectorAll<HTMLAnchorElement>('a[href^="/"]')].filter(
    (link) => link.target === '' && link.pathname !== window.location.pathname,
  );
  for (const link of appLinks) {
    const preload = () => {
      load()
        .then((start) => start.preloadRoutes(link.pathname))
        .catch(() => {
          // Nothing lost: a click then loads it again, or follows the link.
        });
    };
    for (const intent of INTENTS) link.addEventListener(intent, preload, { passive: true });
    link.addEventListener('click', (event) => {
      if (!isPlainClick(event)) return;
      event.preventDefault();
      if (isTakenOver) return;
      isTakenOver = true;
      for (const stop of stops) stop();
      window.history.pushState(null, '', `${link.pathname}${link.search}${link.hash}`);
      // Without the app (the network failed it), the address's own page from the server.
      open(link.pathname).catch(() => window.location.reload());
    });
  }
}
