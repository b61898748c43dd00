-- Issue 28: the sportsbook's play is decided as the clock reaches it, each stretch (a minute of
-- football or basketball, a set) drawn under the installation's feed secret and written here once
-- (the first node to decide it wins; the others read it). Nothing of a stretch to come is stored.
CREATE TABLE sb_play (
    event_id   INTEGER NOT NULL REFERENCES sb_events(id),
    stretch    INTEGER NOT NULL,                   -- 0, 1, 2, ... in the order of play
    fact       TEXT NOT NULL,                      -- JSON: the goals of a minute, its points, a set's winner
    decided_at INTEGER NOT NULL,                   -- epoch ms
    PRIMARY KEY (event_id, stretch)
);
-- The scripts drawn at scheduling from public seeds are dropped: sb_events.script is no longer used.
UPDATE sb_events SET script = '{}';

-- The built-in sportsbook's token issued with a session (its SHA-256): the token lives while the session does.
ALTER TABLE sessions ADD COLUMN sportsbook_token TEXT;
CREATE INDEX sessions_sportsbook_token ON sessions(sportsbook_token);
