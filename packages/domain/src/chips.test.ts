import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CHIP_MESSAGES, chipsFormat, chipsParse, type Chip } from './chips.js';
import { toStake } from './stake.js';

const chip = (name: string, value: number): Chip => ({ name, value: toStake(value)! });

describe('chip settings', () => {
  it('pairs comma-separated names and values by position', () => {
    expect(chipsParse({ ChipName: '1K,5K, 10K', ChipValue: '1000,5000 ,10000' })).toEqual({
      ok: true,
      chips: [chip('1K', 1000), chip('5K', 5000), chip('10K', 10000)],
    });
  });

  it('reads empty settings as no chips', () => {
    expect(chipsParse({ ChipName: '', ChipValue: ' ' })).toEqual({ ok: true, chips: [] });
  });

  it('refuses names and values that do not pair up', () => {
    expect(chipsParse({ ChipName: 'a,b', ChipValue: '100' })).toEqual({
      ok: false,
      message: CHIP_MESSAGES.unpaired,
    });
  });

  it('refuses an empty name or a value that is not a whole number above 0', () => {
    expect(chipsParse({ ChipName: 'a,,c', ChipValue: '1,2,3' })).toEqual({
      ok: false,
      message: CHIP_MESSAGES.badName,
    });
    for (const value of ['0', '1.5', '-5', 'ten', '', '1e3']) {
      expect(chipsParse({ ChipName: 'a', ChipValue: value })).toMatchObject({
        ok: false,
        message: value === '' ? CHIP_MESSAGES.unpaired : CHIP_MESSAGES.badValue,
      });
    }
  });

  it('writes chips as comma-joined names and values in order', () => {
    expect(chipsFormat([chip('1K', 1000), chip('5K', 5000)])).toEqual({
      ok: true,
      settings: { ChipName: '1K,5K', ChipValue: '1000,5000' },
    });
    expect(chipsFormat([])).toEqual({ ok: true, settings: { ChipName: '', ChipValue: '' } });
  });

  it('refuses to write a name that would not read back or a value that is no stake', () => {
    for (const name of ['', 'a,b', ' padded']) {
      expect(chipsFormat([chip(name, 100)])).toEqual({ ok: false, message: CHIP_MESSAGES.badName });
    }
    expect(chipsFormat([{ name: 'a', value: 0 as Chip['value'] }])).toEqual({
      ok: false,
      message: CHIP_MESSAGES.badValue,
    });
  });

  it('reads back exactly what it writes', () => {
    const name = fc
      .string({ minLength: 1, maxLength: 8 })
      .map((text) => text.replaceAll(',', '').trim())
      .filter((text) => text !== '');
    const chips = fc.array(
      fc
        .record({ name, value: fc.integer({ min: 1, max: 1_000_000 }) })
        .map((c) => chip(c.name, c.value)),
      { maxLength: 10 },
    );
    fc.assert(
      fc.property(chips, (list) => {
        const written = chipsFormat(list);
        expect(written.ok).toBe(true);
        if (written.ok) expect(chipsParse(written.settings)).toEqual({ ok: true, chips: list });
      }),
    );
  });
});
