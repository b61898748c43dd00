-- Content and settings of the site, served by the bootstrap call (cms/grouped).
CREATE TABLE languages (
    locale TEXT PRIMARY KEY,
    name   TEXT NOT NULL,
    sort   INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE translations (
    locale TEXT NOT NULL REFERENCES languages(locale),
    key    TEXT NOT NULL,
    value  TEXT NOT NULL,
    PRIMARY KEY (locale, key)
);

CREATE TABLE site_options (
    key     TEXT PRIMARY KEY,
    value   TEXT NOT NULL,
    enabled INTEGER NOT NULL DEFAULT 1
);

-- Single values of the site: domains, trial bonus amount (kurus), ...
CREATE TABLE settings (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);

CREATE TABLE sliders (
    id     INTEGER PRIMARY KEY AUTOINCREMENT,
    slug   TEXT NOT NULL,
    url    TEXT NOT NULL DEFAULT '',
    images TEXT NOT NULL,          -- JSON list of urls
    sort   INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX sliders_slug ON sliders(slug, sort);

CREATE TABLE popups (
    id     INTEGER PRIMARY KEY AUTOINCREMENT,
    url    TEXT NOT NULL DEFAULT '',
    images TEXT NOT NULL,          -- JSON list of urls
    active INTEGER NOT NULL DEFAULT 1
);

CREATE TABLE casino_categories (
    id        INTEGER PRIMARY KEY,
    names     TEXT NOT NULL,       -- JSON {locale: name}
    slug_list TEXT NOT NULL,       -- JSON list
    image_url TEXT,
    sort      INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE jackpot_cards (
    id   INTEGER PRIMARY KEY AUTOINCREMENT,
    kind TEXT NOT NULL,            -- 'egt' or 'amusnet'
    data TEXT NOT NULL,            -- JSON card in the bootstrap's shape
    sort INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE content_categories (
    id    INTEGER PRIMARY KEY,
    names TEXT NOT NULL,           -- JSON {locale: name}
    sort  INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE contents (
    id          INTEGER PRIMARY KEY,
    category_id INTEGER NOT NULL REFERENCES content_categories(id),
    sort        INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE content_texts (
    content_id INTEGER NOT NULL REFERENCES contents(id),
    locale     TEXT NOT NULL,
    title      TEXT NOT NULL,
    body       TEXT NOT NULL,
    PRIMARY KEY (content_id, locale)
);

-- Browser fingerprints posted by the app now and then, kept for fraud analysis.
CREATE TABLE fingerprint_logs (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    visitor_id TEXT NOT NULL,
    components TEXT NOT NULL,
    ip         TEXT,
    user_agent TEXT,
    created_at INTEGER NOT NULL
);
CREATE INDEX fingerprint_logs_visitor ON fingerprint_logs(visitor_id);
