-- Kasa Aviator's round being bet on or flown is sealed until it crashes (issue 28): a copy of the
-- database taken during its betting or its flight tells neither its hash, its crash point nor its
-- crash time. Such a round's row holds them only in `sealed` (`s1.` + base64 of ChaCha20-Poly1305
-- under KASA_SEED_KEY of "hash crash_point crash_at", bound to the round's chain id and position;
-- seal.rs), every node opening it in memory to follow the round's timeline; `hash`, `crash_point`
-- and `crash_at` stay NULL until the node holding the clock's lease writes them plain once the
-- round has crashed (clearing `sealed`), before settling it. Rows already here keep their plain
-- values: the crashed rounds stay readable as they were.
-- SQLite cannot drop a NOT NULL: each column is copied into a new nullable one, the old one
-- dropped and the new one renamed (row ids, so the bets' references, stay; the foreign keys stay
-- on).
ALTER TABLE crash_rounds ADD COLUMN sealed TEXT;
ALTER TABLE crash_rounds ADD COLUMN hash_plain TEXT;
ALTER TABLE crash_rounds ADD COLUMN crash_point_plain INTEGER;
ALTER TABLE crash_rounds ADD COLUMN crash_at_plain INTEGER;
UPDATE crash_rounds SET hash_plain = hash, crash_point_plain = crash_point, crash_at_plain = crash_at;
DROP INDEX crash_rounds_hash;
ALTER TABLE crash_rounds DROP COLUMN hash;
ALTER TABLE crash_rounds DROP COLUMN crash_point;
ALTER TABLE crash_rounds DROP COLUMN crash_at;
ALTER TABLE crash_rounds RENAME COLUMN hash_plain TO hash;                -- hex, once crashed
ALTER TABLE crash_rounds RENAME COLUMN crash_point_plain TO crash_point;  -- hundredths, once crashed
ALTER TABLE crash_rounds RENAME COLUMN crash_at_plain TO crash_at;        -- epoch ms, once crashed
CREATE INDEX crash_rounds_hash ON crash_rounds(hash);
