-- A TC kimlik number an identity reviewer read on an approved document (issue 31): only a number
-- verified so brings another account's closure along, never one a registration typed in. A closure
-- copied from another account of the person names its source, so it is copied once.
ALTER TABLE players ADD COLUMN personal_no_verified_at BIGINT;
ALTER TABLE exclusions ADD COLUMN source_id BIGINT;
