-- Identity checks (issue 31): the documents a player uploads (identity: kimlik, passport or
-- driving licence, front and back; proof of address) and the operator's decision on each. The
-- file itself is kept outside the rows, in the document store, under `file_key` (NULL once the
-- retention deleted it). States only move forward: pending -> approved | rejected; approved ->
-- expired.
CREATE TABLE kyc_documents (
    id          BIGSERIAL PRIMARY KEY,
    player_id   BIGINT NOT NULL REFERENCES players(id),
    kind        TEXT NOT NULL CHECK (kind IN ('identity', 'address')),
    doc_type    TEXT NOT NULL,
    side        TEXT,
    state       TEXT NOT NULL CHECK (state IN ('pending', 'approved', 'rejected', 'expired')),
    reason      TEXT,
    note        TEXT,
    file_key    TEXT,
    mime        TEXT NOT NULL,
    size        BIGINT NOT NULL,
    sha256      TEXT NOT NULL,
    uploaded_at BIGINT NOT NULL,
    decided_at  BIGINT,
    decided_by  TEXT,
    expires_at  BIGINT,
    purged_at   BIGINT
);
CREATE INDEX kyc_documents_player ON kyc_documents(player_id, id);
CREATE INDEX kyc_documents_state ON kyc_documents(state, id);
