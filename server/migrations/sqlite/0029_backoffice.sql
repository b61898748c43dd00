-- The operator's back office (issue 32): staff accounts apart from players, their sessions, the
-- approvals of money decisions (four-eyes), balance adjustments as requests, notes on a player,
-- and the append-only, hash-chained audit log.

-- A staff member: roles as a comma list (support, finance, compliance, content, admin); the TOTP
-- secret sealed under the node key (NULL until enrolment is confirmed; `totp_pending` holds the
-- one shown for enrolment); `totp_step` the last accepted time step (a code is accepted once).
CREATE TABLE staff (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    username      TEXT NOT NULL UNIQUE,
    password_hash TEXT NOT NULL,
    roles         TEXT NOT NULL,
    totp_secret   TEXT,
    totp_pending  TEXT,
    totp_step     INTEGER NOT NULL DEFAULT 0,
    failures      INTEGER NOT NULL DEFAULT 0,
    locked_until  INTEGER,
    disabled_at   INTEGER,
    created_at    INTEGER NOT NULL
);

-- A staff session: at most 8 hours, ends after 30 minutes idle; only the token's hash is kept.
CREATE TABLE staff_sessions (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    staff_id   INTEGER NOT NULL REFERENCES staff(id),
    token_hash TEXT NOT NULL UNIQUE,
    ip         TEXT NOT NULL DEFAULT '',
    created_at INTEGER NOT NULL,
    seen_at    INTEGER NOT NULL,
    expires_at INTEGER NOT NULL,
    ended_at   INTEGER
);
CREATE INDEX staff_sessions_staff ON staff_sessions(staff_id);

-- One approval of a payment request by one staff member (a large withdrawal needs two).
CREATE TABLE payment_approvals (
    request_id INTEGER NOT NULL REFERENCES payment_requests(id),
    staff_id   INTEGER NOT NULL REFERENCES staff(id),
    at         INTEGER NOT NULL,
    PRIMARY KEY (request_id, staff_id)
);

-- A balance adjustment asked by one finance member and applied when another approves it.
CREATE TABLE balance_adjustments (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    player_id   INTEGER NOT NULL REFERENCES players(id),
    amount      INTEGER NOT NULL CHECK (amount <> 0),
    reason      TEXT NOT NULL,
    status      TEXT NOT NULL CHECK (status IN ('pending', 'applied', 'rejected')),
    created_by  INTEGER NOT NULL REFERENCES staff(id),
    created_at  INTEGER NOT NULL,
    decided_by  INTEGER REFERENCES staff(id),
    decided_at  INTEGER
);
CREATE INDEX balance_adjustments_status ON balance_adjustments(status, id);

-- Staff notes on a player.
CREATE TABLE player_notes (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    player_id  INTEGER NOT NULL REFERENCES players(id),
    staff_id   INTEGER NOT NULL REFERENCES staff(id),
    body       TEXT NOT NULL,
    created_at INTEGER NOT NULL
);
CREATE INDEX player_notes_player ON player_notes(player_id, id);

-- The audit log: every staff action and sign-in, written in the action's transaction. `seq` runs
-- 1, 2, 3… with no gap; `hash` is the SHA-256 of the previous row's hash and this row's content,
-- so a changed, removed or inserted row breaks the chain from there on.
CREATE TABLE audit_log (
    seq       INTEGER PRIMARY KEY,
    at        INTEGER NOT NULL,
    staff_id  INTEGER,
    actor     TEXT NOT NULL,
    action    TEXT NOT NULL,
    target    TEXT NOT NULL,
    before    TEXT,
    after     TEXT,
    ip        TEXT NOT NULL,
    prev_hash TEXT NOT NULL,
    hash      TEXT NOT NULL
);
CREATE INDEX audit_log_staff ON audit_log(staff_id, seq);

CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log
BEGIN
    SELECT RAISE(ABORT, 'audit_log is append-only');
END;
CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log
BEGIN
    SELECT RAISE(ABORT, 'audit_log is append-only');
END;
