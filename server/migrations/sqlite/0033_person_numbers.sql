-- The TC kimlik number identity review read on an account's approved document (issue 31), kept
-- even when another account holds it as its registration number: the accounts that share it are
-- one person, and a closure started on any of them closes them all.
ALTER TABLE players ADD COLUMN verified_no TEXT;
UPDATE players SET verified_no = personal_no WHERE personal_no_verified_at IS NOT NULL;
CREATE INDEX players_verified_no ON players (verified_no);
