-- Kasa Aviator's round being bet on or flown is sealed until it crashes (issue 28): a copy of the
-- database taken during its betting or its flight tells neither its hash, its crash point nor its
-- crash time. Such a round's row holds them only in `sealed` (`s1.` + base64 of ChaCha20-Poly1305
-- under KASA_SEED_KEY of "hash crash_point crash_at", bound to the round's chain id and position;
-- seal.rs), every node opening it in memory to follow the round's timeline; `hash`, `crash_point`
-- and `crash_at` stay NULL until the node holding the clock's lease writes them plain once the
-- round has crashed (clearing `sealed`), before settling it. Rows already here keep their plain
-- values: the crashed rounds stay readable as they were.
ALTER TABLE crash_rounds
    ADD COLUMN sealed TEXT,
    ALTER COLUMN hash DROP NOT NULL,         -- hex, once crashed
    ALTER COLUMN crash_point DROP NOT NULL,  -- hundredths, once crashed
    ALTER COLUMN crash_at DROP NOT NULL;     -- epoch ms, once crashed
