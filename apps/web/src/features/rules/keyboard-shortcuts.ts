/**
 * The keys of keyboard betting on the event screen, as the Keyboard shortcuts dialog (`?`) and
 * the Rules and Terms list them: the one list both show, so the help never drifts from itself.
 * The keys are handled by the event screen (features/event/hooks/use-price-keys.ts) and the bet
 * slip (features/betslip/components/bet-slip.tsx, confirm-bet.tsx).
 */
export interface KeyboardShortcut {
  /** The keys as printed on the keyboard; either one does the action. */
  readonly keys: readonly string[];
  readonly action: string;
}

export interface ShortcutGroup {
  readonly title: string;
  readonly shortcuts: readonly KeyboardShortcut[];
}

export const KEYBOARD_SHORTCUTS_TITLE = 'Keyboard shortcuts';

export const KEYBOARD_SHORTCUTS: readonly ShortcutGroup[] = [
  {
    title: 'On the prices',
    shortcuts: [
      { keys: ['Tab'], action: 'Go to the prices' },
      { keys: ['←', '→'], action: 'Previous or next price of the row' },
      { keys: ['↑', '↓'], action: 'Price of the row above or below, across markets' },
      { keys: ['Enter'], action: 'Open the bet slip on the focused price' },
      { keys: ['b'], action: "Open the bet slip on the row's best back (Yes on a fancy row)" },
      { keys: ['l'], action: "Open the bet slip on the row's best lay (No on a fancy row)" },
    ],
  },
  {
    title: 'In the bet slip',
    shortcuts: [
      { keys: ['0–9'], action: 'Type the stake' },
      { keys: ['+'], action: 'Raise the stake to the next chip' },
      { keys: ['-'], action: 'Lower the stake to the chip below' },
      { keys: ['Enter'], action: 'Place the bet (Confirm, when confirming is on)' },
      { keys: ['Esc'], action: 'Close the slip and go back to the price (Cancel when confirming)' },
    ],
  },
  {
    title: 'Anywhere on the event',
    shortcuts: [{ keys: ['?'], action: 'Show these keys' }],
  },
];
