//! SQL of the content area: reads for the bootstrap call and content pages, the fingerprint log.

use std::collections::{BTreeMap, HashMap};

use serde::Serialize;
use sqlx::Row;
use utoipa::ToSchema;

use crate::db::{Db, now_ms};

#[derive(Debug, Serialize, ToSchema)]
pub struct Language {
    pub locale: String,
    pub name: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Translation {
    pub key: String,
    pub value: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SiteOption {
    pub key: String,
    pub value: String,
    pub status: bool,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct DomainStatus {
    pub current: String,
    pub next: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ImageRef {
    pub url: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Banner {
    pub id: i64,
    pub slug: String,
    pub url: String,
    pub images: Vec<ImageRef>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Popup {
    pub id: i64,
    pub url: String,
    pub images: Vec<ImageRef>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CasinoCategory {
    pub id: i64,
    pub name: String,
    pub slug_list: Vec<String>,
    pub image_url: String,
    /// Games of the category (filled by the casino area; empty in the bootstrap).
    #[schema(value_type = Vec<Object>)]
    pub games: Vec<serde_json::Value>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ContentRef {
    pub id: i64,
    pub title: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ContentCategory {
    pub id: i64,
    pub name: String,
    pub content: Vec<ContentRef>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ContentPage {
    pub id: i64,
    pub category_id: i64,
    pub title: String,
    pub body: String,
}

/// The image shown for a casino category that has none of its own.
pub const DEFAULT_CATEGORY_IMAGE: &str = "/media/default-provider.svg";

/// The locale content is served in: the requested one when the site has it, else Turkish.
pub async fn content_locale(db: &Db, requested: &str) -> sqlx::Result<String> {
    let found: Option<String> =
        sqlx::query_scalar("SELECT locale FROM languages WHERE locale = $1").bind(requested).fetch_optional(&db.pool).await?;
    Ok(found.unwrap_or_else(|| "tr".to_string()))
}

pub async fn languages(db: &Db) -> sqlx::Result<Vec<Language>> {
    let rows = sqlx::query("SELECT locale, name FROM languages ORDER BY sort, locale").fetch_all(&db.pool).await?;
    rows.iter().map(|r| Ok(Language { locale: r.try_get(0)?, name: r.try_get(1)? })).collect()
}

pub async fn translations(db: &Db, locale: &str) -> sqlx::Result<Vec<Translation>> {
    let rows = sqlx::query("SELECT key, value FROM translations WHERE locale = $1 ORDER BY key").bind(locale).fetch_all(&db.pool).await?;
    rows.iter().map(|r| Ok(Translation { key: r.try_get(0)?, value: r.try_get(1)? })).collect()
}

/// The key under which a site option keeps its value in another language than Turkish
/// (`License-Text@en`); the key itself holds the Turkish value, which other languages fall back to.
pub fn localized_option_key(key: &str, locale: &str) -> String {
    format!("{key}@{locale}")
}

/// The texts of `locale` whose keys start with `prefix`, by the rest of their key (the content's
/// names of reference data, e.g. `country.4` → `Germany` as `4` → `Germany`).
pub async fn texts_by_prefix(db: &Db, locale: &str, prefix: &str) -> sqlx::Result<HashMap<String, String>> {
    let rows = sqlx::query("SELECT key, value FROM translations WHERE locale = $1 AND substr(key, 1, length($2)) = $2")
        .bind(locale)
        .bind(prefix)
        .fetch_all(&db.pool)
        .await?;
    rows.iter()
        .map(|r| {
            let key: String = r.try_get(0)?;
            Ok((key[prefix.len()..].to_string(), r.try_get(1)?))
        })
        .collect()
}

/// Enabled site options only, keys lower-cased (spec section 3), with their own (Turkish) values.
pub async fn site_options(db: &Db) -> sqlx::Result<Vec<SiteOption>> {
    site_options_in(db, "tr").await
}

/// Enabled site options only, keys lower-cased (spec section 3), each with its value in `locale`
/// when it has one (`key@locale`), else its own.
pub async fn site_options_in(db: &Db, locale: &str) -> sqlx::Result<Vec<SiteOption>> {
    let rows = sqlx::query("SELECT key, value FROM site_options WHERE enabled = 1 ORDER BY key").fetch_all(&db.pool).await?;
    let mut options: BTreeMap<String, (String, bool)> = BTreeMap::new();
    for r in &rows {
        let key: String = r.try_get::<String, _>(0)?.to_lowercase();
        let value: String = r.try_get(1)?;
        match key.split_once('@') {
            // The value in the requested language wins over the option's own.
            Some((base, l)) if l == locale => {
                options.insert(base.to_string(), (value, true));
            }
            Some(_) => {}
            None => {
                options.entry(key).or_insert((value, false));
            }
        }
    }
    Ok(options.into_iter().map(|(key, (value, _))| SiteOption { key, value, status: true }).collect())
}

pub async fn setting(db: &Db, key: &str) -> sqlx::Result<Option<String>> {
    crate::settings::get(db, key).await
}

pub async fn domain_status(db: &Db) -> sqlx::Result<DomainStatus> {
    Ok(DomainStatus {
        current: setting(db, "domain.current").await?.unwrap_or_default(),
        next: setting(db, "domain.next").await?.unwrap_or_default(),
    })
}

/// The trial bonus a new player may choose, in kuruş.
pub async fn trial_bonus_kurus(db: &Db) -> sqlx::Result<i64> {
    Ok(setting(db, "bonus.trial_amount_kurus").await?.and_then(|v| v.parse().ok()).unwrap_or(0))
}

/// The images of a banner or popup in `locale`: the column holds a JSON list (every language) or
/// a list per locale (`{"tr": […], "en": […]}`, Turkish for a language without its own).
fn images(raw: &str, locale: &str) -> Vec<ImageRef> {
    let urls = match serde_json::from_str::<serde_json::Value>(raw) {
        Ok(serde_json::Value::Object(by)) => by.get(locale).or_else(|| by.get("tr")).cloned().unwrap_or_default(),
        Ok(list) => list,
        Err(_) => serde_json::Value::Null,
    };
    serde_json::from_value::<Vec<String>>(urls).unwrap_or_default().into_iter().map(|url| ImageRef { url }).collect()
}

fn localized(raw: &str, locale: &str) -> String {
    let names: BTreeMap<String, String> = serde_json::from_str(raw).unwrap_or_default();
    names.get(locale).or_else(|| names.get("tr")).or_else(|| names.values().next()).cloned().unwrap_or_default()
}

pub async fn sliders(db: &Db, locale: &str) -> sqlx::Result<Vec<Banner>> {
    let rows = sqlx::query("SELECT id, slug, url, images FROM sliders ORDER BY slug, sort, id").fetch_all(&db.pool).await?;
    rows.iter()
        .map(|r| {
            Ok(Banner { id: r.try_get(0)?, slug: r.try_get(1)?, url: r.try_get(2)?, images: images(&r.try_get::<String, _>(3)?, locale) })
        })
        .collect()
}

pub async fn active_popup(db: &Db, locale: &str) -> sqlx::Result<Option<Popup>> {
    let row = sqlx::query("SELECT id, url, images FROM popups WHERE active = 1 ORDER BY id DESC LIMIT 1").fetch_optional(&db.pool).await?;
    row.map(|r| Ok(Popup { id: r.try_get(0)?, url: r.try_get(1)?, images: images(&r.try_get::<String, _>(2)?, locale) })).transpose()
}

pub async fn casino_categories(db: &Db, locale: &str) -> sqlx::Result<Vec<CasinoCategory>> {
    let rows = sqlx::query("SELECT id, names, slug_list, image_url FROM casino_categories ORDER BY sort, id").fetch_all(&db.pool).await?;
    rows.iter()
        .map(|r| {
            Ok(CasinoCategory {
                id: r.try_get(0)?,
                name: localized(&r.try_get::<String, _>(1)?, locale),
                slug_list: serde_json::from_str(&r.try_get::<String, _>(2)?).unwrap_or_default(),
                image_url: r
                    .try_get::<Option<String>, _>(3)?
                    .filter(|u| !u.is_empty())
                    .unwrap_or_else(|| DEFAULT_CATEGORY_IMAGE.to_string()),
                games: Vec::new(),
            })
        })
        .collect()
}

pub async fn jackpot_cards(db: &Db, kind: &str) -> sqlx::Result<Vec<serde_json::Value>> {
    let rows: Vec<String> =
        sqlx::query_scalar("SELECT data FROM jackpot_cards WHERE kind = $1 ORDER BY sort, id").bind(kind).fetch_all(&db.pool).await?;
    Ok(rows.iter().filter_map(|d| serde_json::from_str(d).ok()).collect())
}

pub async fn content_categories(db: &Db, locale: &str) -> sqlx::Result<Vec<ContentCategory>> {
    let cats = sqlx::query("SELECT id, names FROM content_categories ORDER BY sort, id").fetch_all(&db.pool).await?;
    let entries = sqlx::query(
        "SELECT c.id, c.category_id, COALESCE(l.title, d.title, '') \
         FROM contents c \
         LEFT JOIN content_texts l ON l.content_id = c.id AND l.locale = $1 \
         LEFT JOIN content_texts d ON d.content_id = c.id AND d.locale = 'tr' \
         ORDER BY c.sort, c.id",
    )
    .bind(locale)
    .fetch_all(&db.pool)
    .await?;
    let mut out = Vec::with_capacity(cats.len());
    for cat in &cats {
        let id: i64 = cat.try_get(0)?;
        let mut content = Vec::new();
        for e in &entries {
            if e.try_get::<i64, _>(1)? == id {
                content.push(ContentRef { id: e.try_get(0)?, title: e.try_get(2)? });
            }
        }
        out.push(ContentCategory { id, name: localized(&cat.try_get::<String, _>(1)?, locale), content });
    }
    Ok(out)
}

/// One content page in `locale` (Turkish when it has no text in that language); `None` if unknown.
pub async fn content_page(db: &Db, id: i64, locale: &str) -> sqlx::Result<Option<ContentPage>> {
    let row = sqlx::query(
        "SELECT c.id, c.category_id, t.title, t.body FROM contents c \
         JOIN content_texts t ON t.content_id = c.id \
         WHERE c.id = $1 AND t.locale IN ($2, 'tr') \
         ORDER BY CASE WHEN t.locale = $2 THEN 0 ELSE 1 END LIMIT 1",
    )
    .bind(id)
    .bind(locale)
    .fetch_optional(&db.pool)
    .await?;
    row.map(|r| Ok(ContentPage { id: r.try_get(0)?, category_id: r.try_get(1)?, title: r.try_get(2)?, body: r.try_get(3)? })).transpose()
}

pub async fn insert_fingerprint_log(
    db: &Db,
    visitor_id: &str,
    components: &str,
    ip: Option<&str>,
    user_agent: Option<&str>,
) -> sqlx::Result<()> {
    sqlx::query("INSERT INTO fingerprint_logs (visitor_id, components, ip, user_agent, created_at) VALUES ($1, $2, $3, $4, $5)")
        .bind(visitor_id)
        .bind(components)
        .bind(ip)
        .bind(user_agent)
        .bind(now_ms())
        .execute(&db.pool)
        .await?;
    Ok(())
}
