/**
 * POST /api/Casino/Launch answers (written by hand from `@backlay/contract/casino` while the
 * server's casino module was being built). Tests parse them with the contract's schema.
 */
export const launchAnswer = (token = 'lt_3f9c0a7d2b') => ({
  Status: true,
  Result: {
    Url: `http://localhost:8081/sevenupsevendown?company=backlay&token=${token}`,
    ExpiresAt: '2026-11-22T10:01:00+05:30',
  },
});

export const launchRefusedAnswer = { Status: false, Result: 'Casino is closed for maintenance' };
