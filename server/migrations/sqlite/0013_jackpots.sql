-- The studio's progressive jackpots (issue 15), High Cash and Clover Chance, four levels each
-- (their seeds, rates and odds are in server/src/studio/engine/jackpot.rs; how the bootstrap shows
-- them is here, so the content area reads them without knowing the studio). A level's value is its
-- base (the seed plus what was left below a kuruş at its last win) plus what the bets have added
-- since, kept in 16 shards a jackpot so concurrent spins do not all wait for one row: a spin adds
-- to the shard of its player (player id mod 16); a win locks the level, sums and empties its
-- shards. Values are in thousandths of a kuruş. The money a win pays moves through the wallet.
CREATE TABLE jackpot_levels (
    jackpot     TEXT NOT NULL,
    level       INTEGER NOT NULL,                      -- 0 (I) .. 3 (IV)
    shown_as    TEXT NOT NULL,                         -- the card's instanceName
    shown_order INTEGER NOT NULL,                      -- the cards' order
    label       TEXT NOT NULL,                         -- I, II, III, IV
    suit        TEXT NOT NULL,                         -- Clubs, Diamonds, Hearts, Spades
    base_milli  INTEGER NOT NULL,
    wins        INTEGER NOT NULL DEFAULT 0,
    last_won_at INTEGER,
    PRIMARY KEY (jackpot, level)
);

CREATE TABLE jackpot_shards (
    jackpot TEXT NOT NULL,
    shard   INTEGER NOT NULL,
    l0      INTEGER NOT NULL DEFAULT 0,
    l1      INTEGER NOT NULL DEFAULT 0,
    l2      INTEGER NOT NULL DEFAULT 0,
    l3      INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (jackpot, shard)
);

CREATE TABLE jackpot_wins (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    jackpot    TEXT NOT NULL,
    level      INTEGER NOT NULL,
    player_id  INTEGER NOT NULL REFERENCES players(id),
    round_id   TEXT NOT NULL,
    amount     INTEGER NOT NULL,                      -- kuruş paid
    created_at INTEGER NOT NULL
);
CREATE INDEX jackpot_wins_player ON jackpot_wins(player_id);

INSERT INTO jackpot_levels (jackpot, level, shown_as, shown_order, label, suit, base_milli) VALUES
    ('high-cash', 0, 'High Cash', 1, 'I', 'Clubs', 5000000),
    ('high-cash', 1, 'High Cash', 1, 'II', 'Diamonds', 50000000),
    ('high-cash', 2, 'High Cash', 1, 'III', 'Hearts', 500000000),
    ('high-cash', 3, 'High Cash', 1, 'IV', 'Spades', 5000000000),
    ('clover-chance', 0, 'Clover Chance', 2, 'I', 'Clubs', 4000000),
    ('clover-chance', 1, 'Clover Chance', 2, 'II', 'Diamonds', 40000000),
    ('clover-chance', 2, 'Clover Chance', 2, 'III', 'Hearts', 400000000),
    ('clover-chance', 3, 'Clover Chance', 2, 'IV', 'Spades', 4000000000);

INSERT INTO jackpot_shards (jackpot, shard) VALUES
    ('high-cash', 0), ('high-cash', 1), ('high-cash', 2), ('high-cash', 3),
    ('high-cash', 4), ('high-cash', 5), ('high-cash', 6), ('high-cash', 7),
    ('high-cash', 8), ('high-cash', 9), ('high-cash', 10), ('high-cash', 11),
    ('high-cash', 12), ('high-cash', 13), ('high-cash', 14), ('high-cash', 15),
    ('clover-chance', 0), ('clover-chance', 1), ('clover-chance', 2), ('clover-chance', 3),
    ('clover-chance', 4), ('clover-chance', 5), ('clover-chance', 6), ('clover-chance', 7),
    ('clover-chance', 8), ('clover-chance', 9), ('clover-chance', 10), ('clover-chance', 11),
    ('clover-chance', 12), ('clover-chance', 13), ('clover-chance', 14), ('clover-chance', 15);
