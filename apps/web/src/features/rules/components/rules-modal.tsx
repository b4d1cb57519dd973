import { DEVANAGARI_FONT, useFontReady } from '../../../lib/fonts';
import { Modal } from '../../../ui/modal';
import { useRulesOnEntry } from '../hooks/use-rules-on-entry';
import { HOUSE_RULES } from '../house-rules';
import styles from './rules-modal.module.css';

export const RULES_TITLE = 'Rules and Terms';

/** The house rules (SPEC §9) in a dialog with an Accept button; Close and Escape dismiss it too. */
export function RulesModal({ onClose }: { onClose: () => void }) {
  return (
    <Modal
      title={RULES_TITLE}
      onClose={onClose}
      wide
      footer={
        <button type="button" className={styles.accept} onClick={onClose}>
          Accept
        </button>
      }
    >
      <div lang="hi" className={styles.rules}>
        <p className={styles.lead}>
          कृपया खेलने से पहले ये नियम ध्यान से पढ़ें। बेट लगाकर आप इन नियमों को स्वीकार करते हैं।
        </p>
        {HOUSE_RULES.map((section) => (
          <section key={section.title} className={styles.section}>
            <h3>{section.title}</h3>
            <ol>
              {section.rules.map((rule) => (
                <li key={rule}>{rule}</li>
              ))}
            </ol>
          </section>
        ))}
      </div>
    </Modal>
  );
}

/** Shows the rules on first entry into the logged-in app, once per browser session (SPEC §2). */
export function RulesOnEntry() {
  const { isShown, dismiss } = useRulesOnEntry();
  return isShown ? <RulesOnceFontIsReady onClose={dismiss} /> : null;
}

/** The rules are Hindi text: they open once its font is there (see useFontReady). */
function RulesOnceFontIsReady({ onClose }: { onClose: () => void }) {
  const isFontReady = useFontReady(`700 1em ${DEVANAGARI_FONT}`, 'नियम');
  return isFontReady ? <RulesModal onClose={onClose} /> : null;
}
