import { useState } from 'react';
import type { DownlineRow } from '../api/downline';
import { setUserCommission } from '../api/user-commission';
import { setUserCreditReference } from '../api/user-credit-reference';
import { setUserExposureLimit } from '../api/user-exposure-limit';
import { setUserLock } from '../api/user-lock';
import { setUserPartnership } from '../api/user-partnership';
import { resetUserPassword } from '../api/user-reset-password';
import { UserActionDialog } from './user-action-dialog';
import {
  commissionEffect,
  creditReferenceEffect,
  exposureLimitEffect,
  lockStatement,
  MIN_PASSWORD,
  parsePercent,
  parseRupeesOrZero,
  partnershipEffect,
  PASSWORD_PROBLEM,
  passwordStatement,
  percentText,
  type AgentMe,
  type LockKind,
} from './user-effects';
import { Field } from './user-field';
import { rupees } from '../../format';

/*
 * The settings the agent gives a user of its downline (docs/agents.md#controls): each bounded by
 * the agent's own, each confirmed with the transaction password and saying before → after.
 */

interface SettingDialogProps {
  readonly user: DownlineRow;
  readonly onClose: () => void;
}

/** A figure's field, held as sent while a submission awaits its retry. */
function FigureField({
  label,
  hint,
  value,
  onChange,
  isHeld,
}: {
  label: string;
  hint?: string;
  value: string;
  onChange: (value: string) => void;
  isHeld: boolean;
}) {
  return (
    <Field
      label={label}
      hint={hint}
      inputMode="decimal"
      autoComplete="off"
      value={value}
      readOnly={isHeld}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

export function CreditReferenceDialog({ user, onClose }: SettingDialogProps) {
  const [text, setText] = useState(String(user.creditReference));
  const value = parseRupeesOrZero(text);
  const effect = creditReferenceEffect(user, value);
  return (
    <UserActionDialog
      title={`Credit reference of ${user.username}`}
      statement={effect.statement}
      confirmLabel="Set credit reference"
      problem={effect.problem}
      fields={({ isHeld }) => (
        <FigureField label="Credit reference (₹)" value={text} onChange={setText} isHeld={isHeld} />
      )}
      send={(transactionPassword, key) =>
        setUserCreditReference(
          { username: user.username, creditReference: value ?? 0, transactionPassword },
          key,
        )
      }
      onClose={onClose}
    />
  );
}

export function PartnershipDialog({ user, me, onClose }: SettingDialogProps & { me: AgentMe }) {
  const [text, setText] = useState(String(user.partnership ?? 0));
  const value = parsePercent(text);
  const effect = partnershipEffect(user, me, value);
  return (
    <UserActionDialog
      title={`Partnership of ${user.username}`}
      statement={effect.statement}
      confirmLabel="Set partnership"
      problem={effect.problem}
      fields={({ isHeld }) => (
        <FigureField
          label="Partnership (%)"
          hint={`At most ${percentText(me.partnership)}, your own`}
          value={text}
          onChange={setText}
          isHeld={isHeld}
        />
      )}
      send={(transactionPassword, key) =>
        setUserPartnership(
          { username: user.username, partnership: value ?? 0, transactionPassword },
          key,
        )
      }
      onClose={onClose}
    />
  );
}

export function CommissionDialog({ user, me, onClose }: SettingDialogProps & { me: AgentMe }) {
  const [match, setMatch] = useState(String(user.matchCommission));
  const [session, setSession] = useState(String(user.sessionCommission));
  const matchValue = parsePercent(match);
  const sessionValue = parsePercent(session);
  const effect = commissionEffect(user, me, matchValue, sessionValue);
  return (
    <UserActionDialog
      title={`Commission of ${user.username}`}
      statement={effect.statement}
      confirmLabel="Set commission"
      problem={effect.problem}
      fields={({ isHeld }) => (
        <>
          <FigureField
            label="Match commission (%)"
            hint={`At most ${percentText(me.matchCommission)}, your own`}
            value={match}
            onChange={setMatch}
            isHeld={isHeld}
          />
          <FigureField
            label="Session commission (%)"
            hint={`At most ${percentText(me.sessionCommission)}, your own`}
            value={session}
            onChange={setSession}
            isHeld={isHeld}
          />
        </>
      )}
      send={(transactionPassword, key) =>
        setUserCommission(
          {
            username: user.username,
            matchCommission: matchValue ?? 0,
            sessionCommission: sessionValue ?? 0,
            transactionPassword,
          },
          key,
        )
      }
      onClose={onClose}
    />
  );
}

/** A client's exposure limit: empty is no limit. */
export function ExposureLimitDialog({ user, onClose }: SettingDialogProps) {
  const [text, setText] = useState(user.exposureLimit === null ? '' : String(user.exposureLimit));
  const limit = text.trim() === '' ? null : parseRupeesOrZero(text);
  const effect = exposureLimitEffect(user, limit);
  return (
    <UserActionDialog
      title={`Exposure limit of ${user.username}`}
      statement={effect.statement}
      confirmLabel={limit === null ? 'Remove limit' : 'Set limit'}
      problem={effect.problem}
      fields={({ isHeld }) => (
        <FigureField
          label="Exposure limit (₹)"
          hint={`Empty: no limit. Its exposure now: ${rupees(user.exposure)}`}
          value={text}
          onChange={setText}
          isHeld={isHeld}
        />
      )}
      send={(transactionPassword, key) =>
        setUserExposureLimit(
          { username: user.username, exposureLimit: limit ?? null, transactionPassword },
          key,
        )
      }
      onClose={onClose}
    />
  );
}

export function LockDialog({ user, kind, onClose }: SettingDialogProps & { kind: LockKind }) {
  // Fixed as the dialog opens: a refresh while a submission awaits its retry must not turn it.
  const [locked] = useState(() => !(kind === 'login' ? user.loginLocked : user.bettingLocked));
  const what = kind === 'login' ? 'login' : 'betting';
  return (
    <UserActionDialog
      title={`${locked ? 'Lock' : 'Unlock'} ${what} of ${user.username}`}
      statement={lockStatement(user, kind, locked)}
      confirmLabel={`${locked ? 'Lock' : 'Unlock'} ${what}`}
      send={(transactionPassword, key) =>
        setUserLock({ username: user.username, kind, locked, transactionPassword }, key)
      }
      onClose={onClose}
    />
  );
}

export function PasswordDialog({ user, onClose }: SettingDialogProps) {
  const [password, setPassword] = useState('');
  return (
    <UserActionDialog
      title={`Reset the password of ${user.username}`}
      statement={passwordStatement(user)}
      confirmLabel="Set password"
      problem={password.length < MIN_PASSWORD ? PASSWORD_PROBLEM : undefined}
      fields={({ isHeld }) => (
        <Field
          label={`New password for ${user.username}`}
          hint={`At least ${MIN_PASSWORD} characters`}
          type="password"
          autoComplete="new-password"
          value={password}
          maxLength={256}
          readOnly={isHeld}
          onChange={(event) => setPassword(event.target.value)}
        />
      )}
      send={(transactionPassword, key) =>
        resetUserPassword({ username: user.username, password, transactionPassword }, key)
      }
      onClose={onClose}
    />
  );
}
