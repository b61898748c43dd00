//! Loads the demo content committed under `content/` (embedded in the binary) into an empty database.

use std::collections::BTreeMap;

use anyhow::{Context, anyhow};
use rust_embed::RustEmbed;
use serde::Deserialize;
use serde::de::DeserializeOwned;

use crate::db::Db;

/// The demo content folder, embedded so the binary alone can set up a believable site.
#[derive(RustEmbed)]
#[folder = "../content/"]
#[exclude = "media/*"]
#[exclude = "_src/*"]
struct ContentFiles;

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct SiteFile {
    languages: Vec<LanguageEntry>,
    site_options: Vec<OptionEntry>,
    domains: Domains,
    trial_bonus_amount: f64,
}

#[derive(Deserialize)]
struct LanguageEntry {
    locale: String,
    name: String,
}

#[derive(Deserialize)]
struct OptionEntry {
    key: String,
    value: Localized<String>,
    #[serde(default = "yes")]
    status: bool,
}

/// A content value in one form for every language, or one per language (`{"tr": …, "en": …}`).
#[derive(Deserialize)]
#[serde(untagged)]
enum Localized<T> {
    One(T),
    PerLocale(BTreeMap<String, T>),
}

impl<T: Clone> Localized<T> {
    /// The default (Turkish) value and the other languages' values, by locale.
    fn split(&self) -> anyhow::Result<(T, Vec<(String, T)>)> {
        match self {
            Localized::One(v) => Ok((v.clone(), Vec::new())),
            Localized::PerLocale(by) => {
                let default = by.get("tr").cloned().ok_or_else(|| anyhow!("a value per language needs its \"tr\" one"))?;
                Ok((default, by.iter().filter(|(l, _)| *l != "tr").map(|(l, v)| (l.clone(), v.clone())).collect()))
            }
        }
    }
}

/// Images as the `images` column keeps them: a JSON list, or a list per locale.
fn images_json(images: &Localized<Vec<String>>) -> anyhow::Result<String> {
    Ok(match images {
        Localized::One(list) => serde_json::to_string(list)?,
        Localized::PerLocale(by) => {
            anyhow::ensure!(by.contains_key("tr"), "images per language need the \"tr\" ones");
            serde_json::to_string(by)?
        }
    })
}

fn yes() -> bool {
    true
}

#[derive(Deserialize)]
struct Domains {
    current: String,
    next: String,
}

#[derive(Deserialize)]
struct SliderEntry {
    slug: String,
    #[serde(default)]
    url: String,
    images: Localized<Vec<String>>,
    #[serde(default)]
    sort: i64,
}

#[derive(Deserialize)]
struct PopupEntry {
    #[serde(default)]
    url: String,
    images: Localized<Vec<String>>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct CasinoCategoryEntry {
    id: i64,
    name: BTreeMap<String, String>,
    slug_list: Vec<String>,
    #[serde(default)]
    image_url: Option<String>,
    #[serde(default)]
    sort: i64,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct JackpotsFile {
    #[serde(default)]
    egt_jackpot_cards: Vec<serde_json::Value>,
    #[serde(default)]
    jackpot_cards: Vec<serde_json::Value>,
}

#[derive(Deserialize)]
struct PageCategory {
    id: i64,
    name: BTreeMap<String, String>,
    contents: Vec<PageEntry>,
}

#[derive(Deserialize)]
struct PageEntry {
    id: i64,
    title: BTreeMap<String, String>,
    file: String,
}

fn file(path: &str) -> anyhow::Result<String> {
    let f = ContentFiles::get(path).ok_or_else(|| anyhow!("demo content file content/{path} is missing"))?;
    String::from_utf8(f.data.into_owned()).with_context(|| format!("content/{path} is not UTF-8"))
}

fn json<T: DeserializeOwned>(path: &str) -> anyhow::Result<T> {
    serde_json::from_str(&file(path)?).with_context(|| format!("content/{path} is not valid"))
}

/// The texts of `locale`: `translations/{locale}.json` merged with any `translations/{locale}.{part}.json`.
fn translation_files(locale: &str) -> anyhow::Result<BTreeMap<String, String>> {
    let main = format!("translations/{locale}.json");
    let part_prefix = format!("translations/{locale}.");
    let mut texts: BTreeMap<String, String> = json(&main)?;
    let mut parts: Vec<String> = ContentFiles::iter()
        .filter(|p| p.starts_with(&part_prefix) && p.ends_with(".json") && **p != *main)
        .map(|p| p.to_string())
        .collect();
    parts.sort();
    for part in parts {
        texts.extend(json::<BTreeMap<String, String>>(&part)?);
    }
    Ok(texts)
}

/// True when the database holds no site content yet.
pub async fn is_empty(db: &Db) -> anyhow::Result<bool> {
    let n: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM languages").fetch_one(&db.pool).await?;
    Ok(n == 0)
}

/// Loads the demo content when the database has none; a database with content is left alone.
/// Returns whether anything was loaded.
pub async fn load_if_empty(db: &Db) -> anyhow::Result<bool> {
    if !is_empty(db).await? {
        return Ok(false);
    }
    load(db).await?;
    Ok(true)
}

async fn load(db: &Db) -> anyhow::Result<()> {
    let site: SiteFile = json("site.json")?;
    let sliders: Vec<SliderEntry> = json("sliders.json")?;
    let popup: Option<PopupEntry> = json("popup.json")?;
    let categories: Vec<CasinoCategoryEntry> = json("casino_categories.json")?;
    let jackpots: JackpotsFile = json("jackpots.json")?;
    let pages: Vec<PageCategory> = json("pages.json")?;

    let mut tx = db.begin_write().await?;
    for (i, lang) in site.languages.iter().enumerate() {
        sqlx::query("INSERT INTO languages (locale, name, sort) VALUES ($1, $2, $3)")
            .bind(&lang.locale)
            .bind(&lang.name)
            .bind(i as i64)
            .execute(&mut *tx)
            .await?;
        let texts = translation_files(&lang.locale)?;
        for (key, value) in texts {
            sqlx::query("INSERT INTO translations (locale, key, value) VALUES ($1, $2, $3)")
                .bind(&lang.locale)
                .bind(key)
                .bind(value)
                .execute(&mut *tx)
                .await?;
        }
    }
    for opt in &site.site_options {
        // A value per language: the Turkish one under the key, each other under `key@locale`.
        let (default, others) = opt.value.split().with_context(|| format!("site option {}", opt.key))?;
        let rows = std::iter::once((opt.key.clone(), default))
            .chain(others.into_iter().map(|(locale, value)| (super::store::localized_option_key(&opt.key, &locale), value)));
        for (key, value) in rows {
            sqlx::query("INSERT INTO site_options (key, value, enabled) VALUES ($1, $2, $3)")
                .bind(key)
                .bind(value)
                .bind(opt.status as i64)
                .execute(&mut *tx)
                .await?;
        }
    }
    let trial_kurus = (site.trial_bonus_amount * 100.0).round() as i64;
    for (key, value) in [
        ("domain.current", site.domains.current.clone()),
        ("domain.next", site.domains.next.clone()),
        ("bonus.trial_amount_kurus", trial_kurus.to_string()),
    ] {
        sqlx::query("INSERT INTO settings (key, value) VALUES ($1, $2)").bind(key).bind(value).execute(&mut *tx).await?;
    }
    for s in &sliders {
        sqlx::query("INSERT INTO sliders (slug, url, images, sort) VALUES ($1, $2, $3, $4)")
            .bind(&s.slug)
            .bind(&s.url)
            .bind(images_json(&s.images)?)
            .bind(s.sort)
            .execute(&mut *tx)
            .await?;
    }
    if let Some(p) = &popup {
        sqlx::query("INSERT INTO popups (url, images, active) VALUES ($1, $2, 1)")
            .bind(&p.url)
            .bind(images_json(&p.images)?)
            .execute(&mut *tx)
            .await?;
    }
    for c in &categories {
        sqlx::query("INSERT INTO casino_categories (id, names, slug_list, image_url, sort) VALUES ($1, $2, $3, $4, $5)")
            .bind(c.id)
            .bind(serde_json::to_string(&c.name)?)
            .bind(serde_json::to_string(&c.slug_list)?)
            .bind(c.image_url.clone())
            .bind(c.sort)
            .execute(&mut *tx)
            .await?;
    }
    for (kind, cards) in [("egt", &jackpots.egt_jackpot_cards), ("amusnet", &jackpots.jackpot_cards)] {
        for (i, card) in cards.iter().enumerate() {
            sqlx::query("INSERT INTO jackpot_cards (kind, data, sort) VALUES ($1, $2, $3)")
                .bind(kind)
                .bind(card.to_string())
                .bind(i as i64)
                .execute(&mut *tx)
                .await?;
        }
    }
    for (ci, cat) in pages.iter().enumerate() {
        sqlx::query("INSERT INTO content_categories (id, names, sort) VALUES ($1, $2, $3)")
            .bind(cat.id)
            .bind(serde_json::to_string(&cat.name)?)
            .bind(ci as i64)
            .execute(&mut *tx)
            .await?;
        for (pi, page) in cat.contents.iter().enumerate() {
            sqlx::query("INSERT INTO contents (id, category_id, sort) VALUES ($1, $2, $3)")
                .bind(page.id)
                .bind(cat.id)
                .bind(pi as i64)
                .execute(&mut *tx)
                .await?;
            for (locale, title) in &page.title {
                let body = file(&format!("pages/{}.{}.html", page.file, locale))?;
                sqlx::query("INSERT INTO content_texts (content_id, locale, title, body) VALUES ($1, $2, $3, $4)")
                    .bind(page.id)
                    .bind(locale)
                    .bind(title)
                    .bind(body)
                    .execute(&mut *tx)
                    .await?;
            }
        }
    }
    super::content_changed(&mut tx).await?;
    tx.commit().await?;
    tracing::info!(
        languages = site.languages.len(),
        sliders = sliders.len(),
        pages = pages.iter().map(|c| c.contents.len()).sum::<usize>(),
        "demo content loaded"
    );
    Ok(())
}
