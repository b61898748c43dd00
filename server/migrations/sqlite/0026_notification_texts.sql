-- A notification's words in every language (issue 30: read in the reader's language): JSON
-- {"tr": {"title", "note"}, "en": {...}}; NULL for an operator's own words (title and note).
ALTER TABLE notifications ADD COLUMN texts TEXT;
