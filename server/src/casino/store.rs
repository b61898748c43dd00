//! SQL of the catalogue: reading all of it for the lobby's memory ([`super::lobby`]), its version,
//! a game by provider and code, and the players' favourites. Written once for both engines.

use std::collections::{BTreeMap, HashMap, HashSet};

use sqlx::any::AnyRow;
use sqlx::{AnyConnection, Row};

use crate::db::Db;

/// A game as the lobby shows it.
#[derive(Debug, Clone)]
pub struct GameRow {
    pub id: i64,
    pub code: String,
    pub name: String,
    /// `{locale: name}` when it differs by language.
    pub names: Option<BTreeMap<String, String>>,
    pub provider_id: i64,
    pub provider_name: String,
    pub image_url: String,
    pub is_live: bool,
    pub platforms: Vec<String>,
    pub popularity: i64,
    pub added_at: i64,
    /// The catalogue's `extra` (`{"system": ..}` of a SoftGamings game, `{"productId": ..}` of an
    /// EveryMatrix one).
    pub extra: Option<serde_json::Value>,
    /// Filled by [`complete`].
    pub categories: Vec<i64>,
    pub favorite: bool,
}

impl GameRow {
    /// A text or number of its `extra` as text (`system`, `productId`).
    pub fn extra_text(&self, key: &str) -> Option<String> {
        match self.extra.as_ref()?.get(key)? {
            serde_json::Value::String(s) if !s.trim().is_empty() => Some(s.trim().to_string()),
            serde_json::Value::Number(n) => Some(n.to_string()),
            _ => None,
        }
    }

    /// Its name in `locale`, else the default one.
    pub fn name_in(&self, locale: &str) -> &str {
        self.names.as_ref().and_then(|n| n.get(locale)).map(String::as_str).unwrap_or(&self.name)
    }
}

const GAME_COLUMNS: &str =
    "g.id, g.code, g.name, g.names, g.provider_id, p.name, g.image_url, g.is_live, g.platforms, g.popularity, g.added_at, g.extra";

fn game(r: &AnyRow) -> Result<GameRow, sqlx::Error> {
    let names: Option<String> = r.try_get(3)?;
    let platforms: String = r.try_get(8)?;
    Ok(GameRow {
        id: r.try_get(0)?,
        code: r.try_get(1)?,
        name: r.try_get(2)?,
        names: names.as_deref().and_then(|n| serde_json::from_str(n).ok()),
        provider_id: r.try_get(4)?,
        provider_name: r.try_get(5)?,
        image_url: r.try_get(6)?,
        is_live: r.try_get::<i64, _>(7)? != 0,
        platforms: serde_json::from_str(&platforms).unwrap_or_default(),
        popularity: r.try_get(9)?,
        added_at: r.try_get(10)?,
        extra: r.try_get::<Option<String>, _>(11)?.and_then(|e| serde_json::from_str(&e).ok()),
        categories: Vec::new(),
        favorite: false,
    })
}

/// Everything the in-memory catalogue holds ([`super::lobby`]).
#[derive(Debug, Default)]
pub struct AllOfIt {
    /// Enabled games of enabled providers with their categories, and their search keys.
    pub games: Vec<(GameRow, String)>,
    /// Enabled providers in their order.
    pub providers: Vec<ProviderRow>,
    /// Casino categories and the lobby pages (slugs) they show on.
    pub slugs: Vec<(i64, Vec<String>)>,
}

#[derive(Debug, Clone)]
pub struct ProviderRow {
    pub id: i64,
    pub code: String,
    pub name: String,
    pub logo: String,
}

/// Reads the whole catalogue: three queries.
pub async fn load_catalogue(db: &Db) -> Result<AllOfIt, sqlx::Error> {
    let sql = format!(
        "SELECT {GAME_COLUMNS}, g.search_key FROM games g JOIN providers p ON p.id = g.provider_id \
         WHERE g.enabled = 1 AND p.enabled = 1"
    );
    let rows = sqlx::query(sqlx::AssertSqlSafe(sql)).fetch_all(&db.pool).await?;
    let mut games = rows.iter().map(|r| Ok((game(r)?, r.try_get::<String, _>(12)?))).collect::<Result<Vec<_>, sqlx::Error>>()?;
    let mut categories: HashMap<i64, Vec<i64>> = HashMap::new();
    for r in sqlx::query("SELECT game_id, category_id FROM game_categories ORDER BY game_id, category_id").fetch_all(&db.pool).await? {
        categories.entry(r.try_get(0)?).or_default().push(r.try_get(1)?);
    }
    for (g, _) in &mut games {
        g.categories = categories.remove(&g.id).unwrap_or_default();
    }
    let providers = sqlx::query("SELECT id, code, name, logo FROM providers WHERE enabled = 1 ORDER BY sort, id")
        .fetch_all(&db.pool)
        .await?
        .iter()
        .map(|r| Ok(ProviderRow { id: r.try_get(0)?, code: r.try_get(1)?, name: r.try_get(2)?, logo: r.try_get(3)? }))
        .collect::<Result<_, sqlx::Error>>()?;
    let slugs = sqlx::query("SELECT id, slug_list FROM casino_categories ORDER BY sort, id")
        .fetch_all(&db.pool)
        .await?
        .iter()
        .map(|r| {
            let slugs: String = r.try_get(1)?;
            Ok((r.try_get(0)?, serde_json::from_str(&slugs).unwrap_or_default()))
        })
        .collect::<Result<_, sqlx::Error>>()?;
    Ok(AllOfIt { games, providers, slugs })
}

/// Which of `game_ids` are the player's favourites.
pub async fn favorite_flags(db: &Db, player_id: i64, game_ids: &[i64]) -> Result<HashSet<i64>, sqlx::Error> {
    if game_ids.is_empty() {
        return Ok(HashSet::new());
    }
    let list: Vec<String> = (2..game_ids.len() + 2).map(|i| format!("${i}")).collect();
    let sql = format!("SELECT game_id FROM favorites WHERE player_id = $1 AND game_id IN ({})", list.join(", "));
    let mut q = sqlx::query(sqlx::AssertSqlSafe(sql)).bind(player_id);
    for id in game_ids {
        q = q.bind(*id);
    }
    q.fetch_all(&db.pool).await?.iter().map(|r| r.try_get(0)).collect()
}

/// An enabled game by its provider and code.
pub async fn game_by_code(db: &Db, provider_id: i64, code: &str) -> Result<Option<GameRow>, sqlx::Error> {
    let sql = format!(
        "SELECT {GAME_COLUMNS} FROM games g JOIN providers p ON p.id = g.provider_id \
         WHERE g.provider_id = $1 AND g.code = $2 AND g.enabled = 1 AND p.enabled = 1"
    );
    sqlx::query(sqlx::AssertSqlSafe(sql)).bind(provider_id).bind(code).fetch_optional(&db.pool).await?.as_ref().map(game).transpose()
}

/// A player's favourite games' ids, newest favourite first.
pub async fn favorite_ids(db: &Db, player_id: i64, limit: i64) -> Result<Vec<i64>, sqlx::Error> {
    sqlx::query_scalar("SELECT game_id FROM favorites WHERE player_id = $1 ORDER BY created_at DESC, game_id DESC LIMIT $2")
        .bind(player_id)
        .bind(limit)
        .fetch_all(&db.pool)
        .await
}

/// Toggles a favourite inside the caller's write transaction, one toggle of a player at a time:
/// whether the game is a favourite afterwards.
pub async fn toggle_favorite(conn: &mut AnyConnection, player_id: i64, game_id: i64, now: i64) -> Result<bool, sqlx::Error> {
    if crate::db::is_postgres(conn) {
        // SQLite's BEGIN IMMEDIATE already lets one writer at a time in.
        sqlx::query("SELECT id FROM players WHERE id = $1 FOR NO KEY UPDATE").bind(player_id).execute(&mut *conn).await?;
    }
    let removed = sqlx::query("DELETE FROM favorites WHERE player_id = $1 AND game_id = $2")
        .bind(player_id)
        .bind(game_id)
        .execute(&mut *conn)
        .await?;
    if removed.rows_affected() > 0 {
        return Ok(false);
    }
    sqlx::query("INSERT INTO favorites (player_id, game_id, created_at) VALUES ($1, $2, $3) ON CONFLICT (player_id, game_id) DO NOTHING")
        .bind(player_id)
        .bind(game_id)
        .bind(now)
        .execute(&mut *conn)
        .await?;
    Ok(true)
}

/// The settings key whose value moves on at every import.
pub const VERSION_KEY: &str = "casino.catalogue_version";

/// Records that the catalogue changed (inside the import's transaction): a new version, greater
/// than any before it as text.
pub async fn catalogue_changed(conn: &mut AnyConnection, now: i64) -> Result<(), sqlx::Error> {
    let version = format!("{now:015}-{:016x}", rand::random::<u64>());
    crate::settings::put(conn, VERSION_KEY, &version).await
}

/// The catalogue's version ("" before any import); read in place on SQLite (every lobby call reads it).
pub async fn catalogue_version(db: &Db) -> Result<String, sqlx::Error> {
    let read = db.read_in_place(|conn| {
        let mut statement = conn.prepare_cached(crate::settings::READ_SQL)?;
        let mut rows = statement.query_map([VERSION_KEY], |r| r.get::<_, String>(0))?;
        rows.next().transpose()
    });
    let version = match read {
        Some(v) => v?,
        None => crate::settings::get(db, VERSION_KEY).await?,
    };
    Ok(version.unwrap_or_default())
}
