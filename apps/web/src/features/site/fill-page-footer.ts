import type { SiteConfig } from '@backlay/contract/site';
import styles from './components/page-footer.module.css';
import {
  copyrightLine,
  EXTERNAL_LINK,
  PAYMENT_NAMES,
  shownPayments,
  socialMark,
} from './footer-links';

const SVG = 'http://www.w3.org/2000/svg';

/** An element of `namespace` with its attributes and children. */
function element(
  tag: string,
  attributes: Readonly<Record<string, string>>,
  children: ReadonlyArray<Node | string> = [],
  namespace?: string,
): Element {
  const made = namespace ? document.createElementNS(namespace, tag) : document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) made.setAttribute(name, value);
  made.append(...children);
  return made;
}

const item = (child: Node) => element('li', {}, [child]);

/** `SocialIcon`'s markup. */
const socialIcon = (label: string) =>
  element(
    'svg',
    {
      viewBox: '0 0 24 24',
      width: '22',
      height: '22',
      fill: 'none',
      stroke: 'currentColor',
      'stroke-width': '1.8',
      'stroke-linecap': 'round',
      'stroke-linejoin': 'round',
      'aria-hidden': 'true',
    },
    [element('path', { d: socialMark(label) }, [], SVG)],
    SVG,
  );

/**
 * Fills the site's configuration into a page footer `PageFooter` rendered before it came (the
 * landing page's prerender, whose lists keep their room meanwhile): the markup `PageFooter`
 * renders with it — awareness links, social links with their marks, the support chat and the
 * brand's name — from the same data (`footer-links.ts`), so the landing page needs no React for it
 * (app/landing-page.ts; its test holds the two renderers to one markup). The payment logos are a
 * step of their own (`fillPaymentLogos`), which the landing page takes when their list comes into
 * view.
 */
export function fillPageFooter(footer: Element, config: SiteConfig): void {
  const part = (className: string | undefined) => footer.querySelector(`.${className}`);
  part(styles.links)?.replaceChildren(
    ...config.awareness.map((link) =>
      item(element('a', { href: link.url, ...EXTERNAL_LINK }, [link.label])),
    ),
  );
  part(styles.social)?.replaceChildren(
    ...config.social.map((link) =>
      item(
        element(
          'a',
          { href: link.url, ...EXTERNAL_LINK, 'aria-label': link.label, title: link.label },
          [socialIcon(link.label)],
        ),
      ),
    ),
  );
  part(styles.support)?.setAttribute('href', config.supportUrl);
  const copyright = part(styles.copyright);
  if (copyright) copyright.textContent = copyrightLine(config.brand.name);
}

/** The list of a page footer that holds the payment logos. */
export const paymentLogoList = (footer: Element): Element | null =>
  footer.querySelector(`.${styles.payments}`);

/** Fills the payment logos `PageFooter` shows for `config` into their list. */
export function fillPaymentLogos(list: Element, config: SiteConfig): void {
  list.replaceChildren(
    ...shownPayments(config).map((id) =>
      item(
        element('img', {
          src: `/payments/${id}.svg`,
          alt: PAYMENT_NAMES[id] ?? id,
          width: '64',
          height: '40',
        }),
      ),
    ),
  );
}
