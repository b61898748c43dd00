-- Wagering counts only stakes that stood (issue 28).
--
-- Each stake counted towards a bonus is a row: the bonus it counted for and how much (kuruş,
-- weighted by its game's contribution). It is 'pending' while its round can still refund it,
-- 'stood' once the round is settled (a win, zero or more, or a sportsbook settlement that is not a
-- void) and 'reversed' when it was refunded (a rollback, a live bet refused after its delay, a
-- voided bet): its contribution taken back from the bonus in the same transaction. A bonus
-- completes when what stood reaches its requirement (`bonuses.stood`).
CREATE TABLE bonus_wagers (
    provider   TEXT NOT NULL,
    tx_id      TEXT NOT NULL,                            -- the stake's transaction id
    round_id   TEXT NOT NULL,
    player_id  INTEGER NOT NULL,
    bonus_id   INTEGER NOT NULL REFERENCES bonuses(id),
    counted    INTEGER NOT NULL CHECK (counted > 0),     -- kuruş counted towards the bonus
    state      TEXT NOT NULL CHECK (state IN ('pending', 'stood', 'reversed')),
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (provider, tx_id)
);
CREATE INDEX bonus_wagers_round ON bonus_wagers(provider, round_id, state);

-- What of `wagered` stood; the stakes counted before this migration stood.
ALTER TABLE bonuses ADD COLUMN stood INTEGER NOT NULL DEFAULT 0;
UPDATE bonuses SET stood = wagered;
-- The share of a sportsbook stake counted (a term of the promotion, kept with the bonus).
ALTER TABLE bonuses ADD COLUMN sports_percent INTEGER NOT NULL DEFAULT 100;
