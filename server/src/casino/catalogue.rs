//! The catalogue file (`content/games.json`'s format) and its import: casino categories, providers
//! (by code) and games (by provider and code) added or updated in one transaction, as the demo loads
//! them and as `kasa admin games import FILE` loads an operator's catalogue of thousands of games.
//!
//! ```json
//! { "categories": [{"id": 11, "name": {"tr": "Tombala", "en": "Bingo"}, "slugList": ["bingo"], "imageUrl": null, "sort": 11}],
//!   "providers": [{"code": "hub88", "name": "Hub88", "logo": "/media/providers/hub88.webp", "sort": 2}],
//!   "games": [{"provider": "hub88", "code": "hub-crash", "name": "Uçak", "categories": [7], "live": false,
//!              "imageUrl": "/media/games/crash.svg", "platforms": ["desktop", "mobile"], "popularity": 80,
//!              "addedAt": "2026-05-01", "names": {"en": "Plane"}, "enabled": true, "extra": {"productId": 1}}] }
//! ```
//! Every part is optional; a game's provider is in the file or already in the database, its
//! categories likewise. A game left out of the file is left as it is. `addedAt` (YYYY-MM-DD, UTC)
//! is the import's time for a new game when missing, and kept on update.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use anyhow::{Context, bail, ensure};
use serde::Deserialize;
use sqlx::Row;

use super::search;
use crate::db::{Db, now_ms};
use crate::time::Date;

/// The demo catalogue, committed as `content/games.json`.
const DEMO: &str = include_str!("../../../content/games.json");

/// The platforms a game may name.
pub const PLATFORMS: [&str; 2] = ["desktop", "mobile"];

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CatalogueFile {
    #[serde(default)]
    pub categories: Vec<CategoryEntry>,
    #[serde(default)]
    pub providers: Vec<ProviderEntry>,
    #[serde(default)]
    pub games: Vec<GameEntry>,
}

/// A casino category, as in `content/casino_categories.json`.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CategoryEntry {
    pub id: i64,
    pub name: BTreeMap<String, String>,
    pub slug_list: Vec<String>,
    #[serde(default)]
    pub image_url: Option<String>,
    #[serde(default)]
    pub sort: i64,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ProviderEntry {
    pub code: String,
    pub name: String,
    #[serde(default)]
    pub logo: String,
    #[serde(default)]
    pub sort: i64,
    #[serde(default = "yes")]
    pub enabled: bool,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct GameEntry {
    /// The provider's code.
    pub provider: String,
    pub code: String,
    pub name: String,
    /// The name in other languages, `{locale: name}`, when it differs.
    #[serde(default)]
    pub names: Option<BTreeMap<String, String>>,
    #[serde(default)]
    pub image_url: String,
    #[serde(default, alias = "isLive")]
    pub live: bool,
    #[serde(default = "both_platforms")]
    pub platforms: Vec<String>,
    #[serde(default)]
    pub popularity: i64,
    /// YYYY-MM-DD (UTC).
    #[serde(default)]
    pub added_at: Option<String>,
    /// Casino category ids.
    #[serde(default)]
    pub categories: Vec<i64>,
    #[serde(default = "yes")]
    pub enabled: bool,
    /// The provider's launch data (SoftGamings' system, EveryMatrix's productId, ...).
    #[serde(default)]
    pub extra: Option<serde_json::Value>,
}

fn yes() -> bool {
    true
}

fn both_platforms() -> Vec<String> {
    PLATFORMS.iter().map(|p| p.to_string()).collect()
}

/// What an import changed.
#[derive(Debug, Default, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ImportReport {
    pub categories_added: usize,
    pub categories_updated: usize,
    pub providers_added: usize,
    pub providers_updated: usize,
    pub games_added: usize,
    pub games_updated: usize,
}

impl std::fmt::Display for ImportReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "categories: {} added, {} updated; providers: {} added, {} updated; games: {} added, {} updated",
            self.categories_added,
            self.categories_updated,
            self.providers_added,
            self.providers_updated,
            self.games_added,
            self.games_updated
        )
    }
}

fn is_code(s: &str) -> bool {
    !s.is_empty() && s.len() <= 64 && s.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-' || b == b'_')
}

/// Reads a catalogue file, refusing what the import could not store (naming the entry).
pub fn parse(json: &str) -> anyhow::Result<CatalogueFile> {
    let file: CatalogueFile = serde_json::from_str(json).context("the catalogue is not valid JSON of content/games.json's format")?;
    let mut seen = BTreeSet::new();
    for c in &file.categories {
        ensure!(c.id > 0, "category {}: the id is a positive number", c.id);
        ensure!(seen.insert(c.id), "category {} is listed twice", c.id);
        ensure!(c.name.get("tr").is_some_and(|n| !n.trim().is_empty()), "category {}: needs a Turkish name", c.id);
    }
    let mut codes = BTreeSet::new();
    for p in &file.providers {
        ensure!(is_code(&p.code), "provider '{}': the code is lower-case letters, digits, - and _ (at most 64)", p.code);
        ensure!(codes.insert(p.code.as_str()), "provider '{}' is listed twice", p.code);
        ensure!(!p.name.trim().is_empty(), "provider '{}': needs a name", p.code);
    }
    let mut games = BTreeSet::new();
    for (i, g) in file.games.iter().enumerate() {
        let at = format!("game {} ('{}' of '{}')", i + 1, g.code, g.provider);
        ensure!(
            !g.code.trim().is_empty() && g.code.len() <= 200 && g.code.trim() == g.code,
            "{at}: the code is 1 to 200 characters without spaces around"
        );
        ensure!(!g.name.trim().is_empty() && g.name.chars().count() <= 200, "{at}: the name is 1 to 200 characters");
        ensure!(games.insert((g.provider.as_str(), g.code.as_str())), "{at}: listed twice");
        ensure!(
            !g.platforms.is_empty() && g.platforms.iter().all(|p| PLATFORMS.contains(&p.as_str())),
            "{at}: platforms are desktop and/or mobile"
        );
        ensure!(g.popularity >= 0, "{at}: popularity is 0 or more");
        if let Some(d) = &g.added_at {
            ensure!(Date::parse_iso(d).is_some(), "{at}: addedAt '{d}' is not a day as YYYY-MM-DD");
        }
    }
    Ok(file)
}

/// Imports a catalogue file's text into the database in one transaction (nothing is written when
/// any entry is refused).
pub async fn import_json(db: &Db, json: &str) -> anyhow::Result<ImportReport> {
    import(db, &parse(json)?).await
}

/// Loads the demo catalogue when the database has no provider yet (a database with providers keeps
/// the operator's); whether it loaded it.
pub async fn load_demo_if_none(db: &Db) -> anyhow::Result<bool> {
    let n: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM providers").fetch_one(&db.pool).await?;
    if n > 0 {
        return Ok(false);
    }
    let report = import_json(db, DEMO).await.context("content/games.json")?;
    tracing::info!(%report, "demo casino catalogue loaded");
    Ok(true)
}

/// Games written per statement.
const BATCH: usize = 250;

/// Imports a parsed catalogue in one transaction.
pub async fn import(db: &Db, file: &CatalogueFile) -> anyhow::Result<ImportReport> {
    let now = now_ms();
    let mut report = ImportReport::default();
    let mut tx = db.begin_write().await?;

    // Categories: added or replaced by id.
    let existing: BTreeSet<i64> =
        sqlx::query_scalar::<_, i64>("SELECT id FROM casino_categories").fetch_all(&mut *tx).await?.into_iter().collect();
    for c in &file.categories {
        if existing.contains(&c.id) {
            report.categories_updated += 1;
        } else {
            report.categories_added += 1;
        }
        sqlx::query(
            "INSERT INTO casino_categories (id, names, slug_list, image_url, sort) VALUES ($1, $2, $3, $4, $5) \
             ON CONFLICT (id) DO UPDATE SET names = excluded.names, slug_list = excluded.slug_list, \
             image_url = excluded.image_url, sort = excluded.sort",
        )
        .bind(c.id)
        .bind(serde_json::to_string(&c.name)?)
        .bind(serde_json::to_string(&c.slug_list)?)
        .bind(c.image_url.clone())
        .bind(c.sort)
        .execute(&mut *tx)
        .await?;
    }
    let categories: BTreeSet<i64> = existing.into_iter().chain(file.categories.iter().map(|c| c.id)).collect();

    // Providers: added or updated by code.
    let rows = sqlx::query("SELECT code, id FROM providers").fetch_all(&mut *tx).await?;
    let mut providers: HashMap<String, i64> =
        rows.iter().map(|r| Ok((r.try_get(0)?, r.try_get(1)?))).collect::<Result<_, sqlx::Error>>()?;
    for p in &file.providers {
        if providers.contains_key(&p.code) {
            report.providers_updated += 1;
        } else {
            report.providers_added += 1;
        }
        let id: i64 = sqlx::query_scalar(
            "INSERT INTO providers (code, name, logo, sort, enabled) VALUES ($1, $2, $3, $4, $5) \
             ON CONFLICT (code) DO UPDATE SET name = excluded.name, logo = excluded.logo, sort = excluded.sort, \
             enabled = excluded.enabled RETURNING id",
        )
        .bind(&p.code)
        .bind(p.name.trim())
        .bind(&p.logo)
        .bind(p.sort)
        .bind(i64::from(p.enabled))
        .fetch_one(&mut *tx)
        .await?;
        providers.insert(p.code.clone(), id);
    }

    // Games: checked against what the database and the file hold, then written in batches.
    for (i, g) in file.games.iter().enumerate() {
        if !providers.contains_key(&g.provider) {
            bail!("game {} ('{}'): there is no provider '{}' in the file or the database", i + 1, g.code, g.provider);
        }
        if let Some(c) = g.categories.iter().find(|c| !categories.contains(c)) {
            bail!("game {} ('{}' of '{}'): there is no casino category {c}", i + 1, g.code, g.provider);
        }
    }
    let rows = sqlx::query("SELECT provider_id, code FROM games").fetch_all(&mut *tx).await?;
    let known: BTreeSet<(i64, String)> = rows.iter().map(|r| Ok((r.try_get(0)?, r.try_get(1)?))).collect::<Result<_, sqlx::Error>>()?;
    for (n, chunk) in file.games.chunks(BATCH).enumerate() {
        let ids = upsert_games(&mut tx, chunk, &providers, now).await?;
        for g in chunk {
            if known.contains(&(providers[&g.provider], g.code.clone())) {
                report.games_updated += 1;
            } else {
                report.games_added += 1;
            }
        }
        set_categories(&mut tx, chunk, &ids, &providers, (n * BATCH) as i64).await?;
    }
    super::store::catalogue_changed(&mut tx, now).await?;
    if !file.categories.is_empty() {
        crate::cms::content_changed(&mut tx).await?;
    }
    tx.commit().await?;
    Ok(report)
}

const GAME_COLUMNS: usize = 13;

/// Adds or updates a batch of games in one statement; their ids by (provider id, code).
async fn upsert_games(
    conn: &mut sqlx::AnyConnection,
    games: &[GameEntry],
    providers: &HashMap<String, i64>,
    now: i64,
) -> anyhow::Result<HashMap<(i64, String), i64>> {
    // `$1` is the import's time: a row whose added_at is that time gave none and keeps its own.
    let mut sql = String::from(
        "INSERT INTO games (updated_at, provider_id, code, name, names, image_url, is_live, platforms, popularity, \
         added_at, enabled, search_key, extra) VALUES ",
    );
    for i in 0..games.len() {
        let base = 1 + i * (GAME_COLUMNS - 1);
        let params: Vec<String> = (1..GAME_COLUMNS).map(|k| format!("${}", base + k)).collect();
        sql.push_str(&format!("{}($1, {})", if i == 0 { "" } else { ", " }, params.join(", ")));
    }
    sql.push_str(
        " ON CONFLICT (provider_id, code) DO UPDATE SET updated_at = excluded.updated_at, name = excluded.name, \
         names = excluded.names, image_url = excluded.image_url, is_live = excluded.is_live, platforms = excluded.platforms, \
         popularity = excluded.popularity, enabled = excluded.enabled, search_key = excluded.search_key, extra = excluded.extra, \
         added_at = CASE WHEN excluded.added_at = $1 THEN games.added_at ELSE excluded.added_at END \
         RETURNING id, provider_id, code",
    );
    let mut q = sqlx::query(sqlx::AssertSqlSafe(sql)).bind(now);
    for g in games {
        let added = g.added_at.as_deref().and_then(Date::parse_iso).map(|d| d.days() * 86_400_000).unwrap_or(now);
        q = q
            .bind(providers[&g.provider])
            .bind(g.code.clone())
            .bind(g.name.trim().to_string())
            .bind(g.names.as_ref().map(|n| serde_json::to_string(n).unwrap_or_default()))
            .bind(g.image_url.clone())
            .bind(i64::from(g.live))
            .bind(serde_json::to_string(&g.platforms)?)
            .bind(g.popularity)
            .bind(added)
            .bind(i64::from(g.enabled))
            .bind(search::fold(&g.name))
            .bind(g.extra.as_ref().map(|e| e.to_string()));
    }
    let rows = q.fetch_all(&mut *conn).await?;
    rows.iter().map(|r| Ok(((r.try_get(1)?, r.try_get(2)?), r.try_get(0)?))).collect::<Result<_, sqlx::Error>>().map_err(Into::into)
}

/// Replaces the categories of a batch of games by the file's (their order in it is their order in
/// each category).
async fn set_categories(
    conn: &mut sqlx::AnyConnection,
    games: &[GameEntry],
    ids: &HashMap<(i64, String), i64>,
    providers: &HashMap<String, i64>,
    first_sort: i64,
) -> anyhow::Result<()> {
    let game_ids: Vec<i64> = games.iter().map(|g| ids[&(providers[&g.provider], g.code.clone())]).collect();
    let list: Vec<String> = (1..=game_ids.len()).map(|i| format!("${i}")).collect();
    let mut q = sqlx::query(sqlx::AssertSqlSafe(format!("DELETE FROM game_categories WHERE game_id IN ({})", list.join(", "))));
    for id in &game_ids {
        q = q.bind(*id);
    }
    q.execute(&mut *conn).await?;
    let links: Vec<(i64, i64, i64)> = games
        .iter()
        .zip(&game_ids)
        .enumerate()
        .flat_map(|(i, (g, id))| g.categories.iter().collect::<BTreeSet<_>>().into_iter().map(move |c| (*c, *id, first_sort + i as i64)))
        .collect();
    for part in links.chunks(BATCH * 2) {
        let values: Vec<String> = (0..part.len()).map(|i| format!("(${}, ${}, ${})", 3 * i + 1, 3 * i + 2, 3 * i + 3)).collect();
        let mut q = sqlx::query(sqlx::AssertSqlSafe(format!(
            "INSERT INTO game_categories (category_id, game_id, sort) VALUES {}",
            values.join(", ")
        )));
        for (c, g, s) in part {
            q = q.bind(*c).bind(*g).bind(*s);
        }
        q.execute(&mut *conn).await?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_demo_catalogue_parses() {
        let file = parse(DEMO).unwrap();
        assert!(file.games.len() >= 40, "{}", file.games.len());
        for code in ["kasa-sultans-gold", "kasa-bosphorus-nights", "kasa-anatolian-fruits"] {
            assert!(file.games.iter().any(|g| g.provider == "kasa" && g.code == code && g.categories.contains(&3)), "{code}");
        }
    }

    #[test]
    fn every_studio_game_in_the_catalogue_is_playable_and_every_playable_one_listed() {
        use crate::studio::engine;
        let file = parse(DEMO).unwrap();
        let listed: Vec<&str> = file.games.iter().filter(|g| g.provider == "kasa").map(|g| g.code.as_str()).collect();
        for code in &listed {
            assert!(engine::info(code).is_some(), "{code} is listed but the studio cannot play it");
        }
        let playable = engine::slots()
            .iter()
            .map(|s| s.code())
            .chain(engine::ways_slots().iter().map(|w| w.code()))
            .chain(engine::tables().iter().map(|t| t.code))
            .chain([engine::crash::CODE, engine::blackjack::CODE]);
        for code in playable {
            assert!(listed.contains(&code), "{code} is playable but not in the catalogue");
        }
        // Roulette in live casino (8), keno in bingo (11), the wheel in TV bets (13), the crash game in crash games (7),
        // the ways slot in Megaways (4), blackjack in live blackjack (9), baccarat in live baccarat (10).
        for (code, category, live) in [
            ("kasa-european-roulette", 8, true),
            ("kasa-keno", 11, false),
            ("kasa-lucky-wheel", 13, false),
            ("kasa-aviator", 7, false),
            ("kasa-cappadocia-ways", 4, false),
            ("kasa-blackjack", 9, true),
            ("kasa-baccarat", 10, true),
        ] {
            let game = file.games.iter().find(|g| g.code == code).unwrap();
            assert!(game.categories.contains(&category) && game.live == live, "{code}");
        }
        // Every lobby category (content/casino_categories.json and this file's own) has a studio
        // game, playable without any outside provider.
        let lobby: Vec<CategoryEntry> = serde_json::from_str(include_str!("../../../content/casino_categories.json")).unwrap();
        for id in lobby.iter().map(|c| c.id).chain(file.categories.iter().map(|c| c.id)) {
            assert!(file.games.iter().any(|g| g.provider == "kasa" && g.categories.contains(&id)), "category {id} has no studio game");
        }
    }

    #[test]
    fn a_bad_file_is_refused_naming_the_entry() {
        let err = parse(r#"{"games": [{"provider": "x", "code": "a", "name": "A", "platforms": ["tv"]}]}"#).unwrap_err();
        assert!(err.to_string().contains("game 1 ('a' of 'x')"), "{err}");
        let err =
            parse(r#"{"games": [{"provider": "x", "code": "a", "name": "A"}, {"provider": "x", "code": "a", "name": "B"}]}"#).unwrap_err();
        assert!(err.to_string().contains("listed twice"), "{err}");
        assert!(parse("[1, 2]").is_err());
        assert!(parse(r#"{"providers": [{"code": "Bad Code", "name": "X"}]}"#).is_err());
    }
}
