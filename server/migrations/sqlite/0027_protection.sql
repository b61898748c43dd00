-- Player protection (issue 31): the limits a player sets, time-outs and self-exclusions that follow
-- the person, the session time limit.

-- A limit: deposit, loss and wager limits per day, week and month (kuruş); the session time limit
-- and the reality-check interval (minutes, period 'session'). `amount` NULL: none. A raise or a
-- removal waits (`pending_since` set, `pending` the new amount or NULL to remove).
CREATE TABLE player_limits (
    player_id     INTEGER NOT NULL REFERENCES players(id),
    kind          TEXT NOT NULL CHECK (kind IN ('deposit', 'loss', 'wager', 'session', 'reality')),
    period        TEXT NOT NULL CHECK (period IN ('day', 'week', 'month', 'session')),
    amount        INTEGER,
    pending       INTEGER,
    pending_since INTEGER,
    updated_at    INTEGER NOT NULL,
    PRIMARY KEY (player_id, kind, period)
);

-- A time-out or a self-exclusion, with the person's keys when it began (a registration with any
-- of them is refused while it runs). `ends_at` NULL: permanent.
CREATE TABLE exclusions (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    player_id       INTEGER NOT NULL REFERENCES players(id),
    kind            TEXT NOT NULL CHECK (kind IN ('timeout', 'exclusion')),
    starts_at       INTEGER NOT NULL,
    ends_at         INTEGER,
    set_by          TEXT NOT NULL,
    personal_no     TEXT,
    phone           TEXT NOT NULL,
    email_key       TEXT NOT NULL,
    reopen_asked_at INTEGER
);
CREATE INDEX exclusions_player ON exclusions(player_id);
CREATE INDEX exclusions_personal_no ON exclusions(personal_no);
CREATE INDEX exclusions_phone ON exclusions(phone);
CREATE INDEX exclusions_email ON exclusions(email_key);

-- A session ends by itself at its time limit, if the player set one.
ALTER TABLE sessions ADD COLUMN expires_at INTEGER;

-- Loss and wager limits sum a player's stakes and wins over a period.
CREATE INDEX provider_txs_player_time ON provider_txs(player_id, created_at);
