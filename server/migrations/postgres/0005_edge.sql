-- Security under concurrency: one row per rate-limit bucket, locked while a hit is counted and
-- recorded (so a burst cannot slip past a limit), and indexes for pruning old rows.
CREATE TABLE rate_buckets (
    bucket     TEXT PRIMARY KEY,
    touched_at BIGINT NOT NULL
);
CREATE INDEX rate_buckets_touched ON rate_buckets(touched_at);
CREATE INDEX rate_events_at ON rate_events(at);
CREATE INDEX events_created ON events(created_at);
