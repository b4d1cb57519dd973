/** A market type as a reader names it; an unknown type shows as the wire has it. */
export function marketTypeLabel(marketType: string): string {
  switch (marketType) {
    case 'MATCH_ODDS':
      return 'Match Odds';
    case 'BOOKMAKER':
      return 'Bookmaker';
    case 'TOSS':
      return 'Toss';
    case 'FANCY':
      return 'Fancy';
    default:
      return marketType;
  }
}
