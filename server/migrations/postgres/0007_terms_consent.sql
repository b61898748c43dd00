-- Consent at sign-up: the player confirmed being 18 or older and accepted the terms, at this time
-- (epoch ms), in this version of the terms (issue 12). Written with the player, in one transaction.
CREATE TABLE terms_acceptances (
    player_id     BIGINT NOT NULL REFERENCES players(id),
    terms_version TEXT NOT NULL,
    accepted_at   BIGINT NOT NULL,
    PRIMARY KEY (player_id, terms_version)
);
