import { useId } from 'react';
import { Modal } from '../../../ui/modal';
import { HOUSE_RULES } from '../house-rules';
import { KeyboardShortcutsList } from './keyboard-shortcuts';
import styles from './rules-modal.module.css';

export const RULES_TITLE = 'Rules and Terms';

/**
 * The house rules (docs/product.md#constants) in a dialog with an Accept button, then the keys of keyboard betting
 * (the same list as the event screen's `?` dialog); Close and Escape dismiss it too.
 */
export function RulesModal({ onClose }: { onClose: () => void }) {
  const keysTitle = useId();
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
      <section lang="en" className={styles.section} aria-labelledby={keysTitle}>
        <h3 id={keysTitle}>Keyboard betting</h3>
        <p className={styles.keysLead}>
          On a match&apos;s screen every price, the bet slip and the confirm step work from the
          keyboard alone. Press <kbd>?</kbd> there to see these keys again.
        </p>
        <KeyboardShortcutsList />
      </section>
    </Modal>
  );
}
