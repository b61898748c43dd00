-- Notifications (per player, or broadcast to all when player_id is NULL) and who read them.
CREATE TABLE notifications (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    player_id  INTEGER REFERENCES players(id),   -- NULL: a broadcast to every player
    type       INTEGER NOT NULL,                 -- Deposit 1, Withdraw 2, Jackpot 3, Bonus 4, System 5
    title      TEXT NOT NULL,
    note       TEXT NOT NULL,
    created_at INTEGER NOT NULL
);
CREATE INDEX notifications_player ON notifications(player_id, id);

CREATE TABLE notification_reads (
    notification_id INTEGER NOT NULL REFERENCES notifications(id),
    player_id       INTEGER NOT NULL REFERENCES players(id),
    read_at         INTEGER NOT NULL,
    PRIMARY KEY (notification_id, player_id)
);

-- The durable event journal every node tails to push to its hub connections (the transactional
-- outbox of real-time; distinct from outbox_messages). Written in the same transaction as the change.
CREATE TABLE events (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    player_id  INTEGER,                          -- NULL: every connected player
    session_id INTEGER,                          -- set for 'exit': only that session's connections
    command    TEXT NOT NULL,                    -- 'Notification', 'Balance', 'exit'
    message    TEXT NOT NULL,
    created_at INTEGER NOT NULL
);

-- Where each node has read the journal up to (so a restarted node catches up).
CREATE TABLE journal_cursors (
    node       TEXT PRIMARY KEY,
    last_id    INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
);
