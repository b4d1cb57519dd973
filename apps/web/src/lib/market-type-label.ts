/** A market type as a reader names it; an unknown type shows as the wire has it. */
export function marketTypeLabel(marketType: string): string {
  switch (marketType) {
    case 'MATCH_ODDS':
      return 'Match Odds';
    case 'TIED_MATCH':
      return 'Tied Match';
    case 'COMPLETED_MATCH':
      return 'Completed Match';
    case 'OVER_UNDER_15':
      return 'Over/Under 1.5 Goals';
    case 'OVER_UNDER_25':
      return 'Over/Under 2.5 Goals';
    case 'OVER_UNDER_35':
      return 'Over/Under 3.5 Goals';
    case 'SET_WINNER':
      return 'Set Winner';
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
