-- The wallet: one balance row per player (two pockets, real and bonus money, in kuruş) and the
-- append-only ledger of every movement, written together in one transaction by the wallet module.
CREATE TABLE wallets (
    player_id   INTEGER PRIMARY KEY REFERENCES players(id),
    real_kurus  INTEGER NOT NULL DEFAULT 0,
    bonus_kurus INTEGER NOT NULL DEFAULT 0,
    updated_at  INTEGER NOT NULL,
    CHECK (real_kurus >= 0 AND bonus_kurus >= 0)
);

CREATE TABLE ledger_entries (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    player_id       INTEGER NOT NULL REFERENCES players(id),
    pocket          TEXT NOT NULL CHECK (pocket IN ('real', 'bonus')),
    kind            TEXT NOT NULL,                -- deposit, withdrawal_hold, withdrawal_release, bet, win, rollback, bonus, adjustment
    amount          INTEGER NOT NULL,             -- signed kuruş: credits positive, debits negative
    balance_after   INTEGER NOT NULL,             -- the pocket's balance once this entry applied
    cause           TEXT NOT NULL,                -- what caused it, e.g. 'trial_bonus', 'deposit:123'
    reason          TEXT,                         -- an operator's text, for adjustments
    idempotency_key TEXT NOT NULL UNIQUE,         -- a replayed movement moves nothing
    created_at      INTEGER NOT NULL
);
CREATE INDEX ledger_entries_player ON ledger_entries(player_id, id);

-- Append-only: an entry is never changed nor removed.
CREATE TRIGGER ledger_entries_no_update BEFORE UPDATE ON ledger_entries
BEGIN
    SELECT RAISE(ABORT, 'ledger_entries is append-only');
END;
CREATE TRIGGER ledger_entries_no_delete BEFORE DELETE ON ledger_entries
BEGIN
    SELECT RAISE(ABORT, 'ledger_entries is append-only');
END;
