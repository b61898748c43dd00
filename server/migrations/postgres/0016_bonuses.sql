-- Promotions and bonus instances (issue 16).
--
-- A promotion is content (content/promotions.json, `kasa admin content import`): its texts per
-- language (JSON {locale: text}; the HTML sanitised when stored), its images, its date window and,
-- when claimable, its bonus rule (JSON: amount in kuruş, wagering multiple, maximum bet in kuruş,
-- days to wager it).
CREATE TABLE promotions (
    id           BIGSERIAL PRIMARY KEY,
    slug         TEXT NOT NULL UNIQUE,
    sort         BIGINT NOT NULL DEFAULT 0,
    titles       TEXT NOT NULL,
    images       TEXT NOT NULL,                          -- JSON list, or a list per locale
    descriptions TEXT NOT NULL,
    terms        TEXT NOT NULL,
    starts_at    BIGINT NOT NULL,                       -- epoch ms, included
    ends_at      BIGINT,                                -- epoch ms, excluded; NULL: open-ended
    bonus        TEXT                                    -- JSON rule, NULL when not claimable
);
CREATE INDEX promotions_window ON promotions(starts_at, sort);

-- A bonus given to a player: the bonus pocket is the sum of the active ones' balances. Its money
-- came from the bonus-cost account; it becomes real money when the wagering requirement is met
-- (completed) and goes back when it expires or is forfeited. `wagered` counts each stake by its
-- game's contribution. One bonus per player and promotion (the trial bonus is promotion 'trial').
CREATE TABLE bonuses (
    id             BIGSERIAL PRIMARY KEY,
    player_id      BIGINT NOT NULL REFERENCES players(id),
    source         TEXT NOT NULL CHECK (source IN ('trial', 'promotion', 'operator')),
    promotion      TEXT NOT NULL,                        -- the promotion's slug, 'trial' for the trial bonus
    amount         BIGINT NOT NULL CHECK (amount > 0),  -- kuruş granted
    balance        BIGINT NOT NULL CHECK (balance >= 0),-- kuruş of it still in the bonus pocket
    wager_required BIGINT NOT NULL,                     -- kuruş
    wagered        BIGINT NOT NULL DEFAULT 0,           -- kuruş, weighted by contribution
    max_bet        BIGINT NOT NULL,                     -- kuruş, the largest stake while active
    state          TEXT NOT NULL CHECK (state IN ('active', 'completed', 'expired', 'forfeited', 'spent')),
    created_at     BIGINT NOT NULL,
    expires_at     BIGINT NOT NULL,
    ended_at       BIGINT,
    UNIQUE (player_id, promotion)
);
CREATE INDEX bonuses_player ON bonuses(player_id, state, id);
CREATE INDEX bonuses_due ON bonuses(state, expires_at);

-- Bonus money already in a bonus pocket (the trial bonus before bonus instances) becomes a trial
-- bonus of its own, wagered ten times within seven days of the migration's player's last change.
INSERT INTO bonuses (player_id, source, promotion, amount, balance, wager_required, wagered, max_bet, state, created_at, expires_at)
SELECT b.player_id, 'trial', 'trial', b.posted, b.posted, b.posted * 10, 0, 5000, 'active', b.updated_at, b.updated_at + 604800000
FROM account_balances b WHERE b.pocket = 'bonus' AND b.posted > 0;
