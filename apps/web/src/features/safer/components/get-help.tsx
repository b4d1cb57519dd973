/** The "Get help" section of the safer-betting page: the brand's gambling-awareness links. */
import type { SiteLink } from '@backlay/contract/site';
import { useId } from 'react';
import { SAFER_TEXTS } from './safer-texts';
import styles from './safer-betting.module.css';

interface GetHelpProps {
  /** The brand's gambling-awareness links (site config). */
  readonly awareness: readonly SiteLink[];
}

export function GetHelp({ awareness }: GetHelpProps) {
  const id = useId();
  return (
    <section className={styles.section} aria-labelledby={id}>
      <h2 id={id} className={styles.heading}>
        Get help
      </h2>
      <p className={styles.note}>{SAFER_TEXTS.help}</p>
      <ul className={styles.links}>
        {awareness.map((link) => (
          <li key={link.url}>
            <a href={link.url} target="_blank" rel="noreferrer noopener">
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
