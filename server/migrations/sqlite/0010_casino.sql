-- The casino catalogue (issue 14): providers, their games, the games' casino categories (the
-- foundation's casino_categories) and the players' favourites. Loaded from content/games.json by the
-- demo and by `kasa admin games import FILE` (providers by code, games by provider and code).
CREATE TABLE providers (
    id      INTEGER PRIMARY KEY AUTOINCREMENT,
    code    TEXT NOT NULL UNIQUE,                 -- 'softgamings', ..., 'kasa' (the studio)
    name    TEXT NOT NULL,
    logo    TEXT NOT NULL DEFAULT '',
    sort    INTEGER NOT NULL DEFAULT 0,
    enabled INTEGER NOT NULL DEFAULT 1
);

CREATE TABLE games (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    provider_id INTEGER NOT NULL REFERENCES providers(id),
    code        TEXT NOT NULL,                    -- the provider's game code
    name        TEXT NOT NULL,
    names       TEXT,                             -- JSON {locale: name} when it differs by language
    image_url   TEXT NOT NULL DEFAULT '',
    is_live     INTEGER NOT NULL DEFAULT 0,
    platforms   TEXT NOT NULL DEFAULT '["desktop","mobile"]',  -- JSON list
    popularity  INTEGER NOT NULL DEFAULT 0,
    added_at    INTEGER NOT NULL,                 -- epoch ms
    updated_at  INTEGER NOT NULL,
    enabled     INTEGER NOT NULL DEFAULT 1,
    search_key  TEXT NOT NULL,                    -- the name lower-cased by Turkish rules, accents folded
    extra       TEXT,                             -- JSON: the provider's launch data (system, productId, ...)
    UNIQUE (provider_id, code)
);
CREATE INDEX games_popular ON games(enabled, popularity DESC, id);
CREATE INDEX games_new ON games(enabled, added_at DESC, id DESC);
CREATE INDEX games_provider ON games(provider_id, enabled, popularity DESC, id);
CREATE INDEX games_live ON games(is_live, enabled, popularity DESC, id);

CREATE TABLE game_categories (
    category_id INTEGER NOT NULL REFERENCES casino_categories(id),
    game_id     INTEGER NOT NULL REFERENCES games(id),
    sort        INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (category_id, game_id)
);
CREATE INDEX game_categories_game ON game_categories(game_id, category_id);

CREATE TABLE favorites (
    player_id  INTEGER NOT NULL REFERENCES players(id),
    game_id    INTEGER NOT NULL REFERENCES games(id),
    created_at INTEGER NOT NULL,
    PRIMARY KEY (player_id, game_id)
);
CREATE INDEX favorites_player ON favorites(player_id, created_at DESC);
