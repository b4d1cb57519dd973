-- The further exchange markets (docs/architecture.md identifiers): tied match and completed match
-- (cricket), over/under 1.5, 2.5 and 3.5 goals (soccer), a set's winner (tennis). They trade like
-- match odds, so markets, bets and settlements take their kinds. PostgreSQL 15 SQL.

ALTER TABLE markets DROP CONSTRAINT markets_market_type_check;
ALTER TABLE markets ADD CONSTRAINT markets_market_type_check CHECK (market_type IN (
  'MATCH_ODDS', 'TIED_MATCH', 'COMPLETED_MATCH', 'OVER_UNDER_15', 'OVER_UNDER_25', 'OVER_UNDER_35',
  'SET_WINNER', 'BOOKMAKER', 'TOSS'));

ALTER TABLE bets DROP CONSTRAINT bets_market_type_check;
ALTER TABLE bets ADD CONSTRAINT bets_market_type_check CHECK (market_type IN (
  'MATCH_ODDS', 'TIED_MATCH', 'COMPLETED_MATCH', 'OVER_UNDER_15', 'OVER_UNDER_25', 'OVER_UNDER_35',
  'SET_WINNER', 'BOOKMAKER', 'TOSS', 'FANCY'));

ALTER TABLE settlements DROP CONSTRAINT settlements_market_type_check;
ALTER TABLE settlements ADD CONSTRAINT settlements_market_type_check CHECK (market_type IN (
  'MATCH_ODDS', 'TIED_MATCH', 'COMPLETED_MATCH', 'OVER_UNDER_15', 'OVER_UNDER_25', 'OVER_UNDER_35',
  'SET_WINNER', 'BOOKMAKER', 'TOSS', 'FANCY'));
