-- Provably fair that binds the operator (issue 28). Each player's active seed carries the next
-- server seed, made in advance: its hash is shown before the player chooses the client seed of the
-- rotation that makes it current. Unrevealed server seeds (`server_seed` while `revealed_at` is
-- NULL, and `next_server_seed`) and the crash chains' secret starts (`crash_chains.seed`) are
-- sealed (`s1.` + base64 of ChaCha20-Poly1305 under KASA_SEED_KEY, bound to their commitment;
-- studio::seal); a server seed is written plain once revealed. An open blackjack round's state
-- (`blackjack_hands.state`, its shoe) is sealed too until the round ends. Rows an older version left plain
-- are sealed by the first `kasa serve` that has the key.
ALTER TABLE fair_seeds ADD COLUMN next_server_seed TEXT;       -- sealed; NULL once revealed
ALTER TABLE fair_seeds ADD COLUMN next_server_seed_hash TEXT;  -- hex SHA-256: shown before the rotation

-- The crash game's archive verifies any crashed round, found by its hash too.
CREATE INDEX crash_rounds_hash ON crash_rounds(hash);
