-- Players, their sessions, one-time codes, the message outbox and rate-limit counters.
CREATE TABLE countries (
    id   INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    sort INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE players (
    id                 INTEGER PRIMARY KEY AUTOINCREMENT,
    username           TEXT NOT NULL,
    username_key       TEXT NOT NULL UNIQUE,      -- lower-cased, for uniqueness and login
    email              TEXT NOT NULL,
    email_key          TEXT NOT NULL UNIQUE,
    phone              TEXT NOT NULL UNIQUE,
    phone_verified     INTEGER NOT NULL DEFAULT 0,
    personal_no        TEXT UNIQUE,
    name               TEXT NOT NULL,
    surname            TEXT NOT NULL,
    birth_date         TEXT,                      -- YYYY-MM-DD
    country_id         INTEGER REFERENCES countries(id),
    currency_id        INTEGER NOT NULL DEFAULT 1,
    password_hash      TEXT NOT NULL,
    trial_bonus_wanted INTEGER NOT NULL DEFAULT 0,
    ref_id             INTEGER,
    partner            TEXT,
    subid              TEXT,
    source             TEXT,
    created_at         INTEGER NOT NULL
);

CREATE TABLE sessions (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    player_id    INTEGER NOT NULL REFERENCES players(id),
    token_hash   TEXT NOT NULL UNIQUE,            -- SHA-256 of the opaque token; the token itself is never stored
    created_at   INTEGER NOT NULL,
    last_seen_at INTEGER NOT NULL,
    ended_at     INTEGER,
    end_reason   TEXT,
    ip           TEXT,
    user_agent   TEXT,
    fingerprint  TEXT
);
CREATE INDEX sessions_player ON sessions(player_id, created_at);

-- Single-use codes: phone verification (SMS) and password reset (e-mail). Only a hash is kept.
CREATE TABLE one_time_codes (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    purpose     TEXT NOT NULL,                    -- 'phone' or 'reset'
    player_id   INTEGER NOT NULL REFERENCES players(id),
    target      TEXT NOT NULL,                    -- the phone or e-mail the code went to
    code_hash   TEXT NOT NULL,
    created_at  INTEGER NOT NULL,
    expires_at  INTEGER NOT NULL,
    attempts    INTEGER NOT NULL DEFAULT 0,
    used_at     INTEGER
);
CREATE INDEX one_time_codes_player ON one_time_codes(player_id, purpose, created_at);

-- Every SMS and e-mail sent, as the default sender records them (read with `kasa outbox`).
CREATE TABLE outbox_messages (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    channel    TEXT NOT NULL,                     -- 'sms' or 'email'
    recipient  TEXT NOT NULL,
    subject    TEXT,
    body       TEXT NOT NULL,
    created_at INTEGER NOT NULL
);

-- Hits counted against rate limits, shared by every node.
CREATE TABLE rate_events (
    id     INTEGER PRIMARY KEY AUTOINCREMENT,
    bucket TEXT NOT NULL,
    at     INTEGER NOT NULL
);
CREATE INDEX rate_events_bucket ON rate_events(bucket, at);

CREATE TABLE trial_bonus_grants (
    player_id  INTEGER NOT NULL UNIQUE REFERENCES players(id),
    phone      TEXT NOT NULL UNIQUE,
    amount     INTEGER NOT NULL,                  -- kurus
    created_at INTEGER NOT NULL
);

-- Reference data: the countries of the registration form (Türkiye is the default).
INSERT INTO countries (id, name, sort) VALUES
    (1, 'Türkiye', 0),
    (2, 'Kuzey Kıbrıs Türk Cumhuriyeti', 1),
    (3, 'Azerbaycan', 2),
    (4, 'Almanya', 3),
    (5, 'Hollanda', 4),
    (6, 'Belçika', 5),
    (7, 'Fransa', 6),
    (8, 'Avusturya', 7),
    (9, 'Birleşik Krallık', 8),
    (10, 'Bulgaristan', 9),
    (11, 'Gürcistan', 10),
    (12, 'İsviçre', 11),
    (13, 'İsveç', 12),
    (14, 'Danimarka', 13),
    (15, 'Norveç', 14),
    (16, 'Kazakistan', 15),
    (17, 'Özbekistan', 16),
    (18, 'Kırgızistan', 17),
    (19, 'Türkmenistan', 18),
    (20, 'Diğer', 99);
