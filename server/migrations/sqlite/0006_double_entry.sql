-- Wallet v2, double entry on the model of TigerBeetle: accounts (each player's real and bonus
-- pockets, and house accounts for each counterpart) and immutable transfers, each debiting one
-- account and crediting another by the same positive amount. Only player accounts keep a balance
-- row (posted money and money held by pending transfers); a house account's balance is the sum of
-- its transfers, so no house row is a lock every bet waits for.
CREATE TABLE accounts (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    code       TEXT NOT NULL UNIQUE,             -- 'player:42:real', 'house:provider:pragmatic', 'house:bonus_cost', ...
    player_id  INTEGER,                          -- player accounts only
    pocket     TEXT CHECK (pocket IN ('real', 'bonus')),
    created_at INTEGER NOT NULL
);
CREATE INDEX accounts_player ON accounts(player_id);

CREATE TABLE account_balances (
    account_id INTEGER PRIMARY KEY REFERENCES accounts(id),
    player_id  INTEGER NOT NULL,
    pocket     TEXT NOT NULL,
    posted     INTEGER NOT NULL DEFAULT 0,       -- credits minus debits of posted transfers, kuruş
    held       INTEGER NOT NULL DEFAULT 0,       -- debits of pending transfers not yet posted or voided
    updated_at INTEGER NOT NULL,
    CHECK (held >= 0 AND posted - held >= 0)
);
CREATE INDEX account_balances_player ON account_balances(player_id);

-- One row per call (a linked set of transfers): its idempotency key and a fingerprint of its content.
CREATE TABLE transfer_batches (
    batch_key   TEXT PRIMARY KEY,
    fingerprint TEXT NOT NULL,
    created_at  INTEGER NOT NULL
);

CREATE TABLE transfers (
    id             INTEGER PRIMARY KEY AUTOINCREMENT,
    batch_key      TEXT NOT NULL REFERENCES transfer_batches(batch_key),
    debit_account  INTEGER NOT NULL REFERENCES accounts(id),
    credit_account INTEGER NOT NULL REFERENCES accounts(id),
    amount         INTEGER NOT NULL CHECK (amount > 0),
    phase          TEXT NOT NULL CHECK (phase IN ('single', 'pending', 'post', 'void')),
    pending_id     INTEGER REFERENCES transfers(id),   -- for 'post' and 'void': the pending transfer
    kind           TEXT NOT NULL,                     -- deposit, withdrawal, bet, win, rollback, bonus, adjustment
    cause          TEXT NOT NULL,
    reason         TEXT,
    payment_id     TEXT,
    provider       TEXT,
    round_id       TEXT,
    provider_tx    TEXT,
    created_at     INTEGER NOT NULL,
    CHECK (debit_account <> credit_account)
);
CREATE INDEX transfers_batch ON transfers(batch_key);
CREATE INDEX transfers_debit ON transfers(debit_account, id);
CREATE INDEX transfers_credit ON transfers(credit_account, id);
CREATE INDEX transfers_round ON transfers(provider, round_id);
CREATE INDEX transfers_created ON transfers(created_at);
-- A pending transfer is posted or voided once.
CREATE UNIQUE INDEX transfers_resolved_once ON transfers(pending_id) WHERE pending_id IS NOT NULL;

-- Immutable: a transfer is never changed nor removed.
CREATE TRIGGER transfers_no_update BEFORE UPDATE ON transfers
BEGIN
    SELECT RAISE(ABORT, 'transfers are immutable');
END;
CREATE TRIGGER transfers_no_delete BEFORE DELETE ON transfers
BEGIN
    SELECT RAISE(ABORT, 'transfers are immutable');
END;

-- Migrate the v1 ledger: each player's pockets become accounts with a balance row, each entry a
-- transfer between the pocket and the house account of its kind.
INSERT INTO accounts (code, player_id, pocket, created_at)
SELECT 'player:' || player_id || ':' || p.pocket, player_id, p.pocket, updated_at
FROM wallets CROSS JOIN (SELECT 'real' AS pocket UNION ALL SELECT 'bonus') p
ORDER BY player_id, p.pocket DESC;
INSERT INTO accounts (code, player_id, pocket, created_at)
SELECT DISTINCT CASE kind WHEN 'bonus' THEN 'house:bonus_cost' WHEN 'adjustment' THEN 'house:adjustments'
                          WHEN 'bet' THEN 'house:provider:legacy' WHEN 'win' THEN 'house:provider:legacy'
                          WHEN 'rollback' THEN 'house:provider:legacy' ELSE 'house:payment:legacy' END,
       CAST(NULL AS BIGINT), CAST(NULL AS TEXT), 0
FROM ledger_entries;
INSERT INTO account_balances (account_id, player_id, pocket, posted, held, updated_at)
SELECT a.id, w.player_id, a.pocket, CASE a.pocket WHEN 'real' THEN w.real_kurus ELSE w.bonus_kurus END, 0, w.updated_at
FROM wallets w JOIN accounts a ON a.player_id = w.player_id;
INSERT INTO transfer_batches (batch_key, fingerprint, created_at)
SELECT idempotency_key, 'migrated', created_at FROM ledger_entries ORDER BY id;
INSERT INTO transfers (batch_key, debit_account, credit_account, amount, phase, pending_id, kind, cause, reason,
                       payment_id, provider, round_id, provider_tx, created_at)
SELECT e.idempotency_key,
       CASE WHEN e.amount > 0 THEN h.id ELSE p.id END,
       CASE WHEN e.amount > 0 THEN p.id ELSE h.id END,
       CASE WHEN e.amount > 0 THEN e.amount ELSE -e.amount END,
       'single', NULL,
       CASE e.kind WHEN 'withdrawal_hold' THEN 'withdrawal' WHEN 'withdrawal_release' THEN 'withdrawal' ELSE e.kind END,
       e.cause, e.reason, NULL, NULL, NULL, NULL, e.created_at
FROM ledger_entries e
JOIN accounts p ON p.code = 'player:' || e.player_id || ':' || e.pocket
JOIN accounts h ON h.code = CASE e.kind WHEN 'bonus' THEN 'house:bonus_cost' WHEN 'adjustment' THEN 'house:adjustments'
                          WHEN 'bet' THEN 'house:provider:legacy' WHEN 'win' THEN 'house:provider:legacy'
                          WHEN 'rollback' THEN 'house:provider:legacy' ELSE 'house:payment:legacy' END
WHERE e.amount <> 0
ORDER BY e.id;
DROP TABLE ledger_entries;
DROP TABLE wallets;
