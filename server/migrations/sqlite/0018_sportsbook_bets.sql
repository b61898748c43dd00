-- Bets of the built-in sportsbook (issue 17). A bet is a round of the 'sportsbook' provider in the
-- wallet (its stake a bet, its payouts wins, a correction a rollback and a new win): the rows here
-- keep what the slip was and what it paid so far.
CREATE TABLE sb_bets (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    player_id   INTEGER NOT NULL REFERENCES players(id),
    kind        TEXT NOT NULL,                     -- JSON: the slip's kind (single, combo, system, cover)
    stake_each  INTEGER NOT NULL,                  -- kuruş on each combo
    combos      INTEGER NOT NULL,
    stake       INTEGER NOT NULL,                  -- kuruş in all
    potential   INTEGER NOT NULL,                  -- kuruş if every leg wins
    odds_choice TEXT NOT NULL CHECK (odds_choice IN ('any', 'higher', 'none')),
    state       TEXT NOT NULL CHECK (state IN ('pending', 'open', 'won', 'lost', 'void', 'cashed_out', 'refused')),
    accept_at   INTEGER NOT NULL,                  -- a live bet waits until then
    refusal     TEXT,
    payout      INTEGER NOT NULL DEFAULT 0,        -- kuruş paid so far (its last settlement's)
    pay_tx      TEXT,                              -- the wallet transaction of that payout
    settlements INTEGER NOT NULL DEFAULT 0,
    high_rate   INTEGER NOT NULL DEFAULT 0,
    placed_at   INTEGER NOT NULL,
    settled_at  INTEGER
);
CREATE INDEX sb_bets_player ON sb_bets(player_id, id);
CREATE INDEX sb_bets_pending ON sb_bets(state, accept_at);

CREATE TABLE sb_legs (
    bet_id       INTEGER NOT NULL REFERENCES sb_bets(id),
    idx          INTEGER NOT NULL,
    event_id     INTEGER NOT NULL REFERENCES sb_events(id),
    market_id    INTEGER NOT NULL REFERENCES sb_markets(id),
    selection_id INTEGER NOT NULL REFERENCES sb_selections(id),
    price        INTEGER NOT NULL,                 -- hundredths, as accepted
    result       TEXT NOT NULL DEFAULT 'open' CHECK (result IN ('open', 'won', 'lost', 'void')),
    PRIMARY KEY (bet_id, idx)
);
CREATE INDEX sb_legs_market ON sb_legs(market_id);
