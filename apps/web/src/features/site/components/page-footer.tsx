import type { SiteLink } from '@backlay/contract/site';
import { useId } from 'react';
import { Icon } from '../../../ui/icons';
import { useBrand, useSiteConfig, useSupportUrl } from '../api/get-site-config';
import { copyrightLine, EXTERNAL_LINK, PAYMENT_NAMES, shownPayments } from '../footer-links';
import { SocialIcon } from './social-icon';
import styles from './page-footer.module.css';

export const RESPONSIBLE_NOTE =
  'Betting can be addictive: play only with money you can afford to lose, and stop when it stops being fun.';

function External({ link }: { link: SiteLink }) {
  return (
    <a href={link.url} {...EXTERNAL_LINK}>
      {link.label}
    </a>
  );
}

/**
 * The page footer (docs/product.md#purpose): gambling-awareness links, payment-method logos, social links, the
 * support chat, an 18+ badge and a responsible-gaming note. The links are the site's own
 * (`GET /api/Site/Config`); until they arrive only the badge and the note show, in lists that
 * keep their room. The landing page's script fills the same markup (`fillPageFooter`).
 */
export function PageFooter() {
  const config = useSiteConfig();
  const brand = useBrand();
  const supportUrl = useSupportUrl();
  const payments = shownPayments(config);
  const id = useId();
  return (
    <footer className={styles.footer}>
      <div className={styles.columns}>
        <section aria-labelledby={`${id}-awareness`} className={styles.column}>
          <h2 id={`${id}-awareness`}>Play responsibly</h2>
          <ul className={styles.links}>
            {(config?.awareness ?? []).map((link) => (
              <li key={link.url}>
                <External link={link} />
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby={`${id}-payments`} className={styles.column}>
          <h2 id={`${id}-payments`}>Payment methods</h2>
          <ul className={styles.payments}>
            {payments.map((payment) => (
              <li key={payment}>
                <img
                  src={`/payments/${payment}.svg`}
                  alt={PAYMENT_NAMES[payment]}
                  width="64"
                  height="40"
                />
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby={`${id}-social`} className={styles.column}>
          <h2 id={`${id}-social`}>Follow us</h2>
          <ul className={styles.social}>
            {(config?.social ?? []).map((link) => (
              <li key={link.url}>
                <a href={link.url} {...EXTERNAL_LINK} aria-label={link.label} title={link.label}>
                  <SocialIcon label={link.label} />
                </a>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby={`${id}-support`} className={styles.column}>
          <h2 id={`${id}-support`}>Need help?</h2>
          <a href={supportUrl} {...EXTERNAL_LINK} className={styles.support}>
            <Icon name="chat" />
            Chat with support
          </a>
        </section>
      </div>
      <div className={styles.bottom}>
        <span className={styles.badge} role="img" aria-label="Adults only: 18 and over">
          18+
        </span>
        <p className={styles.note}>{RESPONSIBLE_NOTE}</p>
        <p className={styles.copyright}>{copyrightLine(brand.name)}</p>
      </div>
    </footer>
  );
}
