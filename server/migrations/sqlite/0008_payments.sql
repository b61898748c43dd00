-- Payments (issue 13): the payment methods (data, loaded from content/payment_methods.json and
-- changeable by the operator) and the players' deposit and withdrawal requests. Money never lives
-- here: it moves through the wallet's transfers; a request names its transfers by its id.
CREATE TABLE payment_methods (
    id         INTEGER PRIMARY KEY,
    type       INTEGER NOT NULL CHECK (type IN (1, 2)),   -- 1 deposit, 2 withdraw (Transaction kind)
    code       TEXT NOT NULL,                            -- its house account: house:payment:CODE
    adapter    TEXT NOT NULL CHECK (adapter IN ('bank', 'card', 'ewallet')),
    titles     TEXT NOT NULL,                            -- JSON {locale: title}
    logo       TEXT NOT NULL,
    min_amount INTEGER NOT NULL,                         -- kuruş
    max_amount INTEGER NOT NULL,                         -- kuruş
    enabled    INTEGER NOT NULL DEFAULT 1,
    fields     TEXT NOT NULL,                            -- JSON [{key, objectType, option, mask}]
    payee      TEXT,                                     -- JSON {iban, name} the player pays to (bank, e-wallet deposits)
    sort       INTEGER NOT NULL DEFAULT 0,
    CHECK (min_amount > 0 AND max_amount >= min_amount)
);

CREATE TABLE payment_requests (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    player_id        INTEGER NOT NULL REFERENCES players(id),
    method_id        INTEGER NOT NULL REFERENCES payment_methods(id),
    kind             INTEGER NOT NULL CHECK (kind IN (1, 2)),   -- 1 deposit, 2 withdraw
    amount           INTEGER NOT NULL CHECK (amount > 0),       -- kuruş
    detail           TEXT NOT NULL,                             -- JSON: the validated fields
    reference        TEXT NOT NULL,
    status           TEXT NOT NULL CHECK (status IN ('pending', 'confirmed', 'rejected', 'cancelled', 'expired')),
    hold_transfer_id INTEGER,                                   -- a withdrawal's pending transfer
    created_at       INTEGER NOT NULL,
    decided_at       INTEGER,
    decided_by       TEXT,                                      -- 'operator', 'player'
    reason           TEXT
);
CREATE INDEX payment_requests_player ON payment_requests(player_id, id);
CREATE INDEX payment_requests_status ON payment_requests(status, id);
