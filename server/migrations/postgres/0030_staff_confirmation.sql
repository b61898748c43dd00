-- Four-eyes on staff accounts (issue 32): a member created in the back office cannot sign in
-- until a second administrator, not their creator, confirms them; one person alone therefore
-- cannot make the two finance members a large withdrawal needs. Members made from the operator's
-- shell (`kasa admin staff create`) and those already there are confirmed.
ALTER TABLE staff ADD COLUMN created_by BIGINT;
ALTER TABLE staff ADD COLUMN confirmed_at BIGINT;
ALTER TABLE staff ADD COLUMN confirmed_by BIGINT;
UPDATE staff SET confirmed_at = created_at;
