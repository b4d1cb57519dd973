/** The safer-betting page's words, and what a failed change says in its toast or dialog. */
import { ApiError } from '../../../lib/api';

export const SAFER_TEXTS = {
  intro:
    'Limits, reminders and breaks that keep betting fun. Lowering a limit takes effect at once; raising or removing one takes effect after 24 hours.',
  loadFailed: 'Your limits could not be loaded.',
  rupeesNeeded: 'Enter whole rupees above zero',
  minutesNeeded: 'Enter whole minutes above zero',
  notSaved: 'Not saved. Please try again.',
  realityCheck:
    'A reminder, every so often, of how long you have been logged in, how many bets you have placed and your net result this session.',
  timeOut:
    'A break from betting: you are logged out at once, and login is refused until the time-out ends.',
  selfExclusion:
    'A longer break: you are logged out at once, and login is refused for 6 months or for good. A self-exclusion does not end by itself: after 6 months, only an operator can lift it.',
  help: 'If betting stops being fun, these organisations can help.',
} as const;

/** A failed call's words for a toast; a 401 says nothing (the app is on its way to /login). */
export function failureText(error: unknown): string | null {
  if (error instanceof ApiError && error.status === 401) return null;
  return error instanceof Error && error.message !== '' ? error.message : SAFER_TEXTS.notSaved;
}
