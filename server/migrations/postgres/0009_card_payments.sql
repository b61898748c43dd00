-- Card deposits through the hosted payment page (issue 13): the page's token (only its SHA-256 is
-- kept) and the deadline after which an unpaid deposit expires. One row per card deposit request.
CREATE TABLE card_sessions (
    request_id BIGINT PRIMARY KEY REFERENCES payment_requests(id),
    token_hash TEXT NOT NULL UNIQUE,   -- hex SHA-256 of the page's token
    expires_at BIGINT NOT NULL         -- epoch ms: created + 30 minutes
);
CREATE INDEX card_sessions_expiry ON card_sessions(expires_at);
