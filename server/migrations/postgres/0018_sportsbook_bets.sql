-- Bets of the built-in sportsbook (issue 17). A bet is a round of the 'sportsbook' provider in the
-- wallet (its stake a bet, its payouts wins, a correction a rollback and a new win): the rows here
-- keep what the slip was and what it paid so far.
CREATE TABLE sb_bets (
    id          BIGSERIAL PRIMARY KEY,
    player_id   BIGINT NOT NULL REFERENCES players(id),
    kind        TEXT NOT NULL,                     -- JSON: the slip's kind (single, combo, system, cover)
    stake_each  BIGINT NOT NULL,                  -- kuruş on each combo
    combos      BIGINT NOT NULL,
    stake       BIGINT NOT NULL,                  -- kuruş in all
    potential   BIGINT NOT NULL,                  -- kuruş if every leg wins
    odds_choice TEXT NOT NULL CHECK (odds_choice IN ('any', 'higher', 'none')),
    state       TEXT NOT NULL CHECK (state IN ('pending', 'open', 'won', 'lost', 'void', 'cashed_out', 'refused')),
    accept_at   BIGINT NOT NULL,                  -- a live bet waits until then
    refusal     TEXT,
    payout      BIGINT NOT NULL DEFAULT 0,        -- kuruş paid so far (its last settlement's)
    pay_tx      TEXT,                              -- the wallet transaction of that payout
    settlements BIGINT NOT NULL DEFAULT 0,
    high_rate   BIGINT NOT NULL DEFAULT 0,
    placed_at   BIGINT NOT NULL,
    settled_at  BIGINT
);
CREATE INDEX sb_bets_player ON sb_bets(player_id, id);
CREATE INDEX sb_bets_pending ON sb_bets(state, accept_at);

CREATE TABLE sb_legs (
    bet_id       BIGINT NOT NULL REFERENCES sb_bets(id),
    idx          BIGINT NOT NULL,
    event_id     BIGINT NOT NULL REFERENCES sb_events(id),
    market_id    BIGINT NOT NULL REFERENCES sb_markets(id),
    selection_id BIGINT NOT NULL REFERENCES sb_selections(id),
    price        BIGINT NOT NULL,                 -- hundredths, as accepted
    result       TEXT NOT NULL DEFAULT 'open' CHECK (result IN ('open', 'won', 'lost', 'void')),
    PRIMARY KEY (bet_id, idx)
);
CREATE INDEX sb_legs_market ON sb_legs(market_id);
