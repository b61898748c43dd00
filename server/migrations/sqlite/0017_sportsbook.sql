-- The built-in sportsbook (issue 17): events from the simulated feed (or an operator), their
-- markets and selections with prices in hundredths (2.15 is 215), and the results recorded once
-- per market (a correction is a new row that supersedes the last).
CREATE TABLE sb_events (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    feed_key    TEXT NOT NULL UNIQUE,              -- the feed's id: {day}:{competition}:{n}
    sport       TEXT NOT NULL,                     -- football, basketball, tennis, volleyball
    competition TEXT NOT NULL,                     -- a key: super-lig, premier-league, nba, atp, ...
    home        TEXT NOT NULL,
    away        TEXT NOT NULL,
    starts_at   INTEGER NOT NULL,                  -- epoch ms
    state       TEXT NOT NULL CHECK (state IN ('scheduled', 'live', 'finished', 'cancelled')),
    model       TEXT NOT NULL,                     -- JSON: the pricing model's inputs
    script      TEXT NOT NULL,                     -- JSON: the simulated play (never served)
    play        TEXT NOT NULL,                     -- JSON: the state of play now (clock, score, sets)
    score_home  INTEGER NOT NULL DEFAULT 0,
    score_away  INTEGER NOT NULL DEFAULT 0,
    updated_at  INTEGER NOT NULL
);
CREATE INDEX sb_events_start ON sb_events(state, starts_at);

CREATE TABLE sb_markets (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    event_id   INTEGER NOT NULL REFERENCES sb_events(id),
    key        TEXT NOT NULL,                      -- 1x2, double_chance, total_2.5, btts, ...
    line       INTEGER,                                -- tenths (2.5 is 25), for handicap and total markets
    state      TEXT NOT NULL CHECK (state IN ('inactive', 'active', 'suspended', 'settled', 'cancelled')),
    held       INTEGER NOT NULL DEFAULT 0,                  -- 1: suspended by an operator until reopened
    margin     INTEGER NOT NULL,                  -- basis points (6 % is 600)
    updated_at INTEGER NOT NULL,
    UNIQUE (event_id, key)
);

CREATE TABLE sb_selections (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    market_id   INTEGER NOT NULL REFERENCES sb_markets(id),
    key         TEXT NOT NULL,                     -- 1, X, 2, over, under, yes, 2-1, ...
    price       INTEGER NOT NULL,                  -- hundredths
    probability INTEGER NOT NULL,                  -- the model's, in parts per billion
    offered     INTEGER NOT NULL DEFAULT 1,
    boosted     INTEGER,                           -- the High Rate price (hundredths), when set
    result      TEXT,                              -- won, lost, void once settled
    UNIQUE (market_id, key)
);

CREATE TABLE sb_results (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    market_id  INTEGER NOT NULL REFERENCES sb_markets(id),
    winners    TEXT NOT NULL,                      -- JSON list of the winning selection keys; [] with void = 1
    void       INTEGER NOT NULL DEFAULT 0,
    source     TEXT NOT NULL,                      -- feed or operator
    note       TEXT,
    created_at INTEGER NOT NULL
);
CREATE INDEX sb_results_market ON sb_results(market_id, id);
