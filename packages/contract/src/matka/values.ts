/** docs/product.md#purpose: matka bets use sportsId 6. */
export const MATKA_SPORTS_ID = 6;
