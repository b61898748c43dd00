-- The language a payment request was made in (issue 13): the operator's, the gateway's and the
-- expiry sweep's decisions notify the player in it, not in the server's default.
ALTER TABLE payment_requests ADD COLUMN locale TEXT NOT NULL DEFAULT 'tr';
