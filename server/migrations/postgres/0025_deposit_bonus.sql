-- A deposit's opted-in deposit bonus (issue 30): the promotion key its confirmation grants
-- (`welcome`, or `friday-reload:2026-11-27` for a weekday's), NULL for none.
ALTER TABLE payment_requests ADD COLUMN bonus TEXT;
