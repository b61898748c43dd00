-- Kasa Aviator, the studio's crash game (issue 15): rounds shared by every player on every node.
-- A hash chain commits to the rounds (its end, `commitment`, is published; round n plays the
-- chain's (length - n)th hash); a round's whole timeline is fixed when it is created (start_at,
-- crash_at from its crash point), so every node takes bets and cash-outs by the clock alone; one
-- node at a time (the lease in crash_clock) creates the rounds and settles them. Money moves
-- through the wallet's round calls (provider kasa, round ids `crash-{round}-{player}`).
CREATE TABLE crash_chains (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    seed       TEXT NOT NULL,                          -- hex: the chain's secret start
    length     INTEGER NOT NULL,
    commitment TEXT NOT NULL,                          -- hex: SHA-256 applied `length` times
    created_at INTEGER NOT NULL
);

CREATE TABLE crash_rounds (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    chain_id    INTEGER NOT NULL REFERENCES crash_chains(id),
    position    INTEGER NOT NULL,                      -- 1, 2, ... along the chain
    hash        TEXT NOT NULL,                         -- hex, shown once crashed
    crash_point INTEGER NOT NULL,                        -- hundredths, shown once crashed
    start_at    INTEGER NOT NULL,                        -- epoch ms: bets close, the flight starts
    crash_at    INTEGER NOT NULL,                        -- epoch ms
    settled_at  INTEGER,
    UNIQUE (chain_id, position)
);
CREATE INDEX crash_rounds_unsettled ON crash_rounds(settled_at);

CREATE TABLE crash_bets (
    round_id      INTEGER NOT NULL REFERENCES crash_rounds(id),
    player_id     INTEGER NOT NULL REFERENCES players(id),
    slot          INTEGER NOT NULL CHECK (slot IN (0, 1)),
    amount        INTEGER NOT NULL,                      -- kuruş
    auto_cash_out INTEGER,                               -- hundredths
    cash_out      INTEGER,                               -- hundredths, once cashed out
    win           INTEGER,                               -- kuruş, once settled (0: lost)
    created_at    INTEGER NOT NULL,
    updated_at    INTEGER NOT NULL,
    PRIMARY KEY (round_id, player_id, slot)
);
CREATE INDEX crash_bets_changes ON crash_bets(round_id, updated_at);
CREATE INDEX crash_bets_player ON crash_bets(player_id, slot, round_id);  -- a player's latest bet
CREATE INDEX crash_bets_open ON crash_bets(round_id) WHERE win IS NULL;  -- what is left to settle

-- Which node runs the round clock, until when.
CREATE TABLE crash_clock (
    id          INTEGER PRIMARY KEY CHECK (id = 1),
    node        TEXT NOT NULL,
    lease_until INTEGER NOT NULL
);
INSERT INTO crash_clock (id, node, lease_until) VALUES (1, '', 0);
