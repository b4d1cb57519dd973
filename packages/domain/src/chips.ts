import { toStake, type Stake } from './stake.js';

/** One stake shortcut: its label and the whole rupees it adds to the stake (docs/product.md#states). */
export interface Chip {
  readonly name: string;
  readonly value: Stake;
}

/** Chip settings on the wire (docs/product.md#entities): comma-separated names and values, paired by position. */
export interface ChipSettings {
  readonly ChipName: string;
  readonly ChipValue: string;
}

/** Our messages for chip settings that cannot be read or written (the spec gives none). */
export const CHIP_MESSAGES = {
  unpaired: 'Every chip needs one name and one value',
  badName: 'A chip name must be non-empty, without commas or surrounding spaces',
  badValue: 'A chip value must be a whole number of rupees greater than 0',
} as const;

/** A chip list, or the reason it is refused. */
export type ChipsResult =
  | { readonly ok: true; readonly chips: readonly Chip[] }
  | { readonly ok: false; readonly message: string };

/** A chip settings pair, or the reason it is refused. */
export type ChipSettingsResult =
  | { readonly ok: true; readonly settings: ChipSettings }
  | { readonly ok: false; readonly message: string };

function split(list: string): string[] {
  return list.trim() === '' ? [] : list.split(',').map((item) => item.trim());
}

function nameIsValid(name: string): boolean {
  return name !== '' && name === name.trim() && !name.includes(',');
}

/**
 * Reads chip settings (docs/product.md#entities): `ChipName` and `ChipValue` are split on commas, each entry
 * trimmed, and paired by position. Both empty → no chips. Refused when the counts differ, a name
 * is empty, or a value is not a whole number of rupees from 1 up (digits only).
 */
export function chipsParse(settings: ChipSettings): ChipsResult {
  const names = split(settings.ChipName);
  const values = split(settings.ChipValue);
  if (names.length !== values.length) return { ok: false, message: CHIP_MESSAGES.unpaired };
  const chips: Chip[] = [];
  for (const [index, name] of names.entries()) {
    const raw = String(values[index]); // the counts are equal, so always a string
    const value = /^\d+$/.test(raw) ? toStake(Number(raw)) : null;
    if (name === '') return { ok: false, message: CHIP_MESSAGES.badName };
    if (value === null) return { ok: false, message: CHIP_MESSAGES.badValue };
    chips.push({ name, value });
  }
  return { ok: true, chips };
}

/**
 * Writes chips as settings (docs/product.md#entities, #calls chip update body): names and values joined by commas in
 * the same order. Refused when a name is empty, has surrounding spaces or a comma (it would not
 * read back), or a value is not a valid stake. `chipsParse(chipsFormat(c))` gives `c` back.
 */
export function chipsFormat(chips: readonly Chip[]): ChipSettingsResult {
  for (const chip of chips) {
    if (!nameIsValid(chip.name)) return { ok: false, message: CHIP_MESSAGES.badName };
    if (toStake(chip.value) === null) return { ok: false, message: CHIP_MESSAGES.badValue };
  }
  return {
    ok: true,
    settings: {
      ChipName: chips.map((chip) => chip.name).join(','),
      ChipValue: chips.map((chip) => String(chip.value)).join(','),
    },
  };
}
