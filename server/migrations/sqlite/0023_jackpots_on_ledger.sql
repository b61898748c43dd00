-- The studio's jackpots on the ledger (issue 28). Each level becomes a house account,
-- 'house:jackpot:{jackpot}:{1..4}', beside 'house:jackpot_seed', which funds every level's seed;
-- from now on every contribution, seed and win is a transfer (server/src/studio/jackpots.rs).
-- A shard's l0..l3 now count the thousandths of a kuruş its spins added since the level was last
-- won (a win keeps only their parts below a kuruş); a level's base_milli is its seed, and its
-- account holds base_milli / 1000 plus the whole kuruş of each shard.
--
-- The levels as they stand are put on the ledger once, here: the part of a level's base below a
-- kuruş joins its shard 0, each seed is funded from the seed account, and what the bets added so
-- far (the shards' whole kuruş) moves from the studio's provider account, which took those bets.

UPDATE jackpot_shards SET
    l0 = l0 + (SELECT v.base_milli % 1000 FROM jackpot_levels v WHERE v.jackpot = jackpot_shards.jackpot AND v.level = 0),
    l1 = l1 + (SELECT v.base_milli % 1000 FROM jackpot_levels v WHERE v.jackpot = jackpot_shards.jackpot AND v.level = 1),
    l2 = l2 + (SELECT v.base_milli % 1000 FROM jackpot_levels v WHERE v.jackpot = jackpot_shards.jackpot AND v.level = 2),
    l3 = l3 + (SELECT v.base_milli % 1000 FROM jackpot_levels v WHERE v.jackpot = jackpot_shards.jackpot AND v.level = 3)
WHERE shard = 0;
UPDATE jackpot_levels SET base_milli = base_milli - base_milli % 1000;

INSERT INTO accounts (code, player_id, pocket, created_at)
SELECT 'house:jackpot_seed', CAST(NULL AS BIGINT), CAST(NULL AS TEXT), CAST(strftime('%s', 'now') AS INTEGER) * 1000
WHERE NOT EXISTS (SELECT 1 FROM accounts WHERE code = 'house:jackpot_seed');
INSERT INTO accounts (code, player_id, pocket, created_at)
SELECT 'house:jackpot:' || l.jackpot || ':' || CAST(l.level + 1 AS TEXT), CAST(NULL AS BIGINT), CAST(NULL AS TEXT), CAST(strftime('%s', 'now') AS INTEGER) * 1000
FROM jackpot_levels l
WHERE NOT EXISTS (SELECT 1 FROM accounts a WHERE a.code = 'house:jackpot:' || l.jackpot || ':' || CAST(l.level + 1 AS TEXT))
ORDER BY l.shown_order, l.level;
INSERT INTO accounts (code, player_id, pocket, created_at)
SELECT 'house:provider:kasa', CAST(NULL AS BIGINT), CAST(NULL AS TEXT), CAST(strftime('%s', 'now') AS INTEGER) * 1000
WHERE NOT EXISTS (SELECT 1 FROM accounts WHERE code = 'house:provider:kasa')
  AND EXISTS (SELECT 1 FROM jackpot_shards WHERE l0 >= 1000 OR l1 >= 1000 OR l2 >= 1000 OR l3 >= 1000);

INSERT INTO transfer_batches (batch_key, fingerprint, created_at) VALUES ('jackpots:on-ledger', 'migrated', CAST(strftime('%s', 'now') AS INTEGER) * 1000);
INSERT INTO transfers (batch_key, debit_account, credit_account, amount, phase, pending_id, kind, cause, reason,
                       payment_id, provider, round_id, provider_tx, created_at)
SELECT 'jackpots:on-ledger', s.id, a.id, l.base_milli / 1000, 'single', CAST(NULL AS BIGINT), 'jackpot_seed',
       'jackpot:' || l.jackpot || ':' || CAST(l.level + 1 AS TEXT) || ':seed:' || CAST(l.wins AS TEXT),
       CAST(NULL AS TEXT), CAST(NULL AS TEXT), 'kasa', CAST(NULL AS TEXT), CAST(NULL AS TEXT), CAST(strftime('%s', 'now') AS INTEGER) * 1000
FROM jackpot_levels l
JOIN accounts a ON a.code = 'house:jackpot:' || l.jackpot || ':' || CAST(l.level + 1 AS TEXT)
JOIN accounts s ON s.code = 'house:jackpot_seed'
WHERE l.base_milli >= 1000
ORDER BY l.shown_order, l.level;
INSERT INTO transfers (batch_key, debit_account, credit_account, amount, phase, pending_id, kind, cause, reason,
                       payment_id, provider, round_id, provider_tx, created_at)
SELECT 'jackpots:on-ledger', p.id, a.id, c.whole, 'single', CAST(NULL AS BIGINT), 'jackpot',
       'jackpot:' || c.jackpot || ':' || CAST(c.level + 1 AS TEXT) || ':so-far',
       CAST(NULL AS TEXT), CAST(NULL AS TEXT), 'kasa', CAST(NULL AS TEXT), CAST(NULL AS TEXT), CAST(strftime('%s', 'now') AS INTEGER) * 1000
FROM (SELECT l.jackpot, l.level, l.shown_order,
             CAST((SELECT COALESCE(SUM(CASE l.level WHEN 0 THEN s.l0 / 1000 WHEN 1 THEN s.l1 / 1000 WHEN 2 THEN s.l2 / 1000 ELSE s.l3 / 1000 END), 0)
                   FROM jackpot_shards s WHERE s.jackpot = l.jackpot) AS BIGINT) AS whole
      FROM jackpot_levels l) c
JOIN accounts a ON a.code = 'house:jackpot:' || c.jackpot || ':' || CAST(c.level + 1 AS TEXT)
JOIN accounts p ON p.code = 'house:provider:kasa'
WHERE c.whole > 0
ORDER BY c.shown_order, c.level;
