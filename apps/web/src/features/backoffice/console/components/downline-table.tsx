import { Link } from 'react-router';
import type { DownlineRow } from '../api/downline';
import { rupees, signedRupees } from '../../format';
import { LEVEL_LABELS } from '../../sections';
import { UserActions } from './user-actions';
import { percentText, type AgentMe } from './user-effects';
import styles from './downline.module.css';

const COLUMNS = [
  ['Username', false],
  ['Level', false],
  ['Credit reference', true],
  ['Balance', true],
  ['Exposure', true],
  ['Free balance', true],
  ['Reference P/L', true],
  ['Partnership', true],
  ['Match comm.', true],
  ['Session comm.', true],
  ['Exposure limit', true],
  ['Login', false],
  ['Betting', false],
  ['Actions', false],
] as const;

/** A P/L: green up, red down, and never by colour alone — it carries its sign. */
function Pl({ value }: { value: number }) {
  const tone = value > 0 ? styles.profit : value < 0 ? styles.loss : undefined;
  return <span className={tone}>{signedRupees(value)}</span>;
}

const lockText = (locked: boolean) =>
  locked ? <span className={styles.locked}>Locked</span> : 'Open';

/**
 * The direct children listed (docs/agents.md#credit-reference): their figures, settings and
 * locks; a user above the clients leads down to its own children.
 */
export function DownlineTable({
  users,
  me,
  parent,
  userHref,
  statementHref,
}: {
  users: readonly DownlineRow[];
  me: AgentMe | undefined;
  /** The user whose children these are, when not the agent itself. */
  parent: string | undefined;
  userHref: (username: string) => string;
  statementHref: (username: string) => string;
}) {
  return (
    // Focusable, so a keyboard can scroll it sideways too.
    <div className={styles.scroll} role="region" aria-label="Downline users" tabIndex={0}>
      <table className={styles.table}>
        <thead>
          <tr>
            {COLUMNS.map(([label, isNumeric]) => (
              <th key={label} scope="col" className={isNumeric ? styles.numeric : undefined}>
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {users.length === 0 ? (
            <tr>
              <td colSpan={COLUMNS.length} className={styles.empty}>
                No user found.
              </td>
            </tr>
          ) : (
            users.map((user) => (
              <tr key={user.username}>
                <th scope="row">
                  {user.level === 'client' ? (
                    <span className={styles.name}>{user.username}</span>
                  ) : (
                    <Link to={userHref(user.username)}>{user.username}</Link>
                  )}
                </th>
                <td>{LEVEL_LABELS[user.level]}</td>
                <td className={styles.numeric}>{rupees(user.creditReference)}</td>
                <td className={styles.numeric}>{rupees(user.balance)}</td>
                <td className={styles.numeric}>{rupees(user.exposure)}</td>
                <td className={styles.numeric}>{rupees(user.freeBalance)}</td>
                <td className={styles.numeric}>
                  <Pl value={user.referencePl} />
                </td>
                <td className={styles.numeric}>
                  {user.partnership === null ? '—' : percentText(user.partnership)}
                </td>
                <td className={styles.numeric}>{percentText(user.matchCommission)}</td>
                <td className={styles.numeric}>{percentText(user.sessionCommission)}</td>
                <td className={styles.numeric}>
                  {user.exposureLimit === null
                    ? user.level === 'client'
                      ? 'No limit'
                      : '—'
                    : rupees(user.exposureLimit)}
                </td>
                <td>{lockText(user.loginLocked)}</td>
                <td>{lockText(user.bettingLocked)}</td>
                <td>
                  <UserActions user={user} me={me} parent={parent} statementHref={statementHref} />
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
