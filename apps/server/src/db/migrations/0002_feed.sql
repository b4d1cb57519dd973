-- Events, markets and runners from the feed (docs/decisions.md#api identifiers), fancy sessions, the
-- operator's custom rows, locks and suspensions, result declarations (the first one wins) and
-- the feed's persisted state. PostgreSQL 15 SQL.

CREATE TABLE events (
  id bigint PRIMARY KEY,
  sport_id smallint NOT NULL CHECK (sport_id IN (1, 2, 4)),
  series_name text NOT NULL,
  name text NOT NULL,
  start_time timestamptz NOT NULL,
  status text NOT NULL DEFAULT 'upcoming' CHECK (status IN ('upcoming', 'inplay', 'closed')),
  source text NOT NULL CHECK (source IN ('simulator', 'scripted')),
  -- the operator's event lock: EvBetStatus is NOT bet_locked (docs/decisions.md#silent-rules)
  bet_locked boolean NOT NULL DEFAULT false,
  fancy_active boolean NOT NULL DEFAULT true,
  session_min_stake integer NOT NULL CHECK (session_min_stake > 0),
  session_max_stake integer NOT NULL CHECK (session_max_stake >= session_min_stake),
  created_at timestamptz NOT NULL
);
CREATE INDEX events_open ON events (sport_id, start_time) WHERE status <> 'closed';

CREATE TABLE markets (
  id text PRIMARY KEY,
  event_id bigint NOT NULL REFERENCES events (id),
  market_type text NOT NULL CHECK (market_type IN ('MATCH_ODDS', 'BOOKMAKER', 'TOSS')),
  name text NOT NULL,
  min_stake integer NOT NULL CHECK (min_stake > 0),
  max_stake integer NOT NULL CHECK (max_stake >= min_stake),
  status text NOT NULL DEFAULT 'OPEN' CHECK (status IN ('OPEN', 'CLOSED')),
  operator_suspended boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL
);
CREATE INDEX markets_event ON markets (event_id);

CREATE TABLE runners (
  market_id text NOT NULL REFERENCES markets (id),
  selection_id bigint NOT NULL,
  name text NOT NULL,
  sort_priority smallint NOT NULL,
  PRIMARY KEY (market_id, selection_id)
);

CREATE TABLE fancy_runners (
  selection_id text PRIMARY KEY,
  event_id bigint NOT NULL REFERENCES events (id),
  name text NOT NULL,
  sort_priority integer NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX fancy_runners_event ON fancy_runners (event_id);

-- docs/product.md#states fancy assembly: a custom row overrides prices and GameStatus; an active row brings its
-- own min and max; prices are line and rate integers.
CREATE TABLE custom_fancy (
  selection_id text PRIMARY KEY,
  event_id bigint NOT NULL REFERENCES events (id),
  runner_name text NOT NULL,
  is_custom boolean NOT NULL,
  is_active boolean NOT NULL,
  back_price integer NOT NULL CHECK (back_price >= 0),
  back_size integer NOT NULL CHECK (back_size >= 0),
  lay_price integer NOT NULL CHECK (lay_price >= 0),
  lay_size integer NOT NULL CHECK (lay_size >= 0),
  game_status text NOT NULL DEFAULT '',
  min_stake integer NOT NULL CHECK (min_stake > 0),
  max_stake integer NOT NULL CHECK (max_stake >= min_stake),
  updated_at timestamptz NOT NULL
);

-- docs/product.md#states custom bookmaker: added when IsCustome and active; overrides prices when IsActive.
CREATE TABLE custom_bookmaker (
  market_id text NOT NULL,
  selection_id bigint NOT NULL,
  event_id bigint NOT NULL REFERENCES events (id),
  runner_name text NOT NULL,
  is_custom boolean NOT NULL,
  is_active boolean NOT NULL,
  status text NOT NULL,
  back_price integer NOT NULL CHECK (back_price >= 0),
  back_size integer NOT NULL CHECK (back_size >= 0),
  lay_price integer NOT NULL CHECK (lay_price >= 0),
  lay_size integer NOT NULL CHECK (lay_size >= 0),
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (market_id, selection_id)
);

-- One declaration per market or fancy session: the first wins (docs/decisions.md#money).
CREATE TABLE result_declarations (
  target text PRIMARY KEY,
  event_id bigint NOT NULL REFERENCES events (id),
  kind text NOT NULL CHECK (kind IN ('market', 'fancy', 'void-market', 'void-fancy')),
  winner_selection_id bigint,
  runs integer,
  reason text,
  source text NOT NULL,
  declared_at timestamptz NOT NULL,
  CHECK ((kind = 'market') = (winner_selection_id IS NOT NULL)),
  CHECK ((kind = 'fancy') = (runs IS NOT NULL))
);

CREATE TABLE feed_state (
  name text PRIMARY KEY,
  state jsonb NOT NULL,
  updated_at timestamptz NOT NULL
);
