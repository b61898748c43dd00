-- A game's launch token and its game session live only while the site session that launched them
-- does (issue 31): a logout, the session time limit, a time-out or a self-exclusion end the game
-- too. NULL for tokens issued before this, or outside a site session (none today).
ALTER TABLE game_launch_tokens ADD COLUMN site_session_id BIGINT;
ALTER TABLE game_sessions ADD COLUMN site_session_id BIGINT;
