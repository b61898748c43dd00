-- Playing (issue 14): launch tokens and game sessions of the studio's games, the players'
-- provably fair seeds, the providers' wallet calls (one row per provider transaction id: the first
-- answer, or a tombstone left by a rollback that came before its bet) and the rounds they make.
-- Money never lives here: it moves through the wallet's transfers (refs provider, round_id,
-- provider_tx). Games are named by provider code and game code (text), as the catalogue names them.
CREATE TABLE game_launch_tokens (
    token_hash TEXT PRIMARY KEY,                       -- hex SHA-256 of the launch token
    player_id  INTEGER NOT NULL REFERENCES players(id),
    provider   TEXT NOT NULL,
    game_code  TEXT NOT NULL,
    platform   TEXT NOT NULL CHECK (platform IN ('desktop', 'mobile')),
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL,                       -- epoch ms: created + 5 minutes
    used_at    INTEGER                                 -- set once, when a game session is made of it
);
CREATE INDEX game_launch_tokens_expiry ON game_launch_tokens(expires_at);

CREATE TABLE game_sessions (
    token_hash TEXT PRIMARY KEY,                       -- hex SHA-256 of the session token
    player_id  INTEGER NOT NULL REFERENCES players(id),
    provider   TEXT NOT NULL,
    game_code  TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL                        -- epoch ms: created + 12 hours
);
CREATE INDEX game_sessions_expiry ON game_sessions(expires_at);

-- A player's provably fair seeds: the active one (revealed_at NULL, at most one a player) is
-- committed to by its hash; rotating reveals it and starts another.
CREATE TABLE fair_seeds (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    player_id        INTEGER NOT NULL REFERENCES players(id),
    server_seed      TEXT NOT NULL,                    -- hex, 32 bytes of the OS CSPRNG
    server_seed_hash TEXT NOT NULL,                    -- hex SHA-256: the commitment
    client_seed      TEXT NOT NULL,
    nonce            INTEGER NOT NULL DEFAULT 0,       -- the next round's nonce
    created_at       INTEGER NOT NULL,
    revealed_at      INTEGER
);
CREATE UNIQUE INDEX fair_seeds_active ON fair_seeds(player_id) WHERE revealed_at IS NULL;

CREATE TABLE rounds (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    provider    TEXT NOT NULL,
    round_id    TEXT NOT NULL,                         -- the provider's
    player_id   INTEGER NOT NULL REFERENCES players(id),
    game_code   TEXT NOT NULL,
    bets        INTEGER NOT NULL DEFAULT 0,            -- kuruş, less rolled-back bets
    wins        INTEGER NOT NULL DEFAULT 0,            -- kuruş, less rolled-back wins
    status      TEXT NOT NULL CHECK (status IN ('open', 'settled', 'rolled_back')),
    seed_id     INTEGER REFERENCES fair_seeds(id),     -- studio rounds: the seed, nonce and client seed
    nonce       INTEGER,
    client_seed TEXT,
    outcome     TEXT,                                  -- studio rounds: the engine's outcome (JSON)
    created_at  INTEGER NOT NULL,
    updated_at  INTEGER NOT NULL,
    UNIQUE (provider, round_id)
);
CREATE INDEX rounds_player ON rounds(player_id, created_at);

CREATE TABLE provider_txs (
    provider       TEXT NOT NULL,
    tx_id          TEXT NOT NULL,                      -- the provider's transaction id
    kind           TEXT NOT NULL CHECK (kind IN ('bet', 'win', 'rollback', 'tombstone')),
    player_id      INTEGER NOT NULL,
    round_id       TEXT NOT NULL,
    amount         INTEGER NOT NULL,                   -- kuruş
    fingerprint    TEXT NOT NULL,                      -- digest of the call's content
    answer         TEXT,                               -- the first answer (JSON)
    rolled_back_by TEXT,                               -- a bet or win: the rollback's transaction id
    created_at     INTEGER NOT NULL,
    PRIMARY KEY (provider, tx_id)
);
