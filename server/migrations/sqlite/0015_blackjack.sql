-- Kasa Blackjack (issue 15): a round spans several calls, so its state (the hands, the dealer's
-- cards and the shoe, which the player never sees before the end) is kept here between them.
-- One open round per player (the partial unique index); `version` guards each action's update.
CREATE TABLE blackjack_hands (
    round_id    TEXT PRIMARY KEY,                       -- the studio round id, {seedId}-{nonce}
    player_id   INTEGER NOT NULL REFERENCES players(id),
    game_code   TEXT NOT NULL,
    seed_id     INTEGER NOT NULL REFERENCES fair_seeds(id),
    nonce       INTEGER NOT NULL,
    state       TEXT NOT NULL,                          -- JSON: engine::blackjack::Round
    version     INTEGER NOT NULL,
    created_at  INTEGER NOT NULL,
    finished_at INTEGER
);
CREATE UNIQUE INDEX blackjack_hands_open ON blackjack_hands(player_id) WHERE finished_at IS NULL;
