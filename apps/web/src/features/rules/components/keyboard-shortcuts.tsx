import { Modal } from '../../../ui/modal';
import { KEYBOARD_SHORTCUTS, KEYBOARD_SHORTCUTS_TITLE } from '../keyboard-shortcuts';
import styles from './keyboard-shortcuts.module.css';

/** The keys of keyboard betting, group by group: each key, then what it does. */
export function KeyboardShortcutsList() {
  return (
    <div className={styles.groups}>
      {KEYBOARD_SHORTCUTS.map((group) => (
        <table key={group.title} className={styles.group}>
          <caption>{group.title}</caption>
          <tbody>
            {group.shortcuts.map((shortcut) => (
              <tr key={`${shortcut.keys.join()} ${shortcut.action}`}>
                <th scope="row">
                  {shortcut.keys.map((key, index) => (
                    <span key={key}>
                      {index > 0 && ' '}
                      <kbd>{key}</kbd>
                    </span>
                  ))}
                </th>
                <td>{shortcut.action}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ))}
    </div>
  );
}

/** The `?` dialog of the event screen; Close and Escape dismiss it, the focus going back. */
export function KeyboardShortcutsModal({ onClose }: { onClose: () => void }) {
  return (
    <Modal title={KEYBOARD_SHORTCUTS_TITLE} onClose={onClose}>
      <KeyboardShortcutsList />
    </Modal>
  );
}
