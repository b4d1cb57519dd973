import { describe, expect, it } from 'vitest';
import { CANCEL_WINDOW_MS, cancelDeadline, FOOTBALL_SPORT_ID } from './cancel.js';

describe('cancelDeadline', () => {
  it('gives a football bet 3 minutes from its acceptance and no other bet any', () => {
    const acceptedAt = Date.UTC(2026, 10, 26, 12);
    expect(CANCEL_WINDOW_MS).toBe(180_000);
    expect(
      cancelDeadline({ sportId: FOOTBALL_SPORT_ID, marketType: 'MATCH_ODDS', acceptedAt }),
    ).toBe(acceptedAt + 180_000);
    expect(cancelDeadline({ sportId: 1, marketType: 'BOOKMAKER', acceptedAt })).toBe(
      acceptedAt + 180_000,
    );
    expect(cancelDeadline({ sportId: 4, marketType: 'MATCH_ODDS', acceptedAt })).toBeNull();
    expect(cancelDeadline({ sportId: 2, marketType: 'MATCH_ODDS', acceptedAt })).toBeNull();
    expect(cancelDeadline({ sportId: 1, marketType: 'FANCY', acceptedAt })).toBeNull();
  });
});
