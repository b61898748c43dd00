-- Debts (issue 28): what a corrected result took back that the player no longer held. Each
-- player's debt is the balance of the house account `house:receivable:ID` (a receivable, debited
-- by the shortfall, credited by each repayment); this row keeps it at hand for every credit to the
-- player, which repays it first, and `kasa admin wallet check` verifies the two agree.
CREATE TABLE player_debts (
    player_id   INTEGER PRIMARY KEY,
    account_id  INTEGER NOT NULL UNIQUE REFERENCES accounts(id),   -- house:receivable:PLAYER
    outstanding INTEGER NOT NULL CHECK (outstanding >= 0),         -- kuruş still owed
    recorded    INTEGER NOT NULL,                                  -- kuruş owed in all
    repaid      INTEGER NOT NULL,                                  -- kuruş repaid in all
    created_at  INTEGER NOT NULL,
    updated_at  INTEGER NOT NULL,
    CHECK (outstanding = recorded - repaid)
);
