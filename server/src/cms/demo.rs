//! The site content in `content/`'s format (languages and texts, site options, domains, banners,
//! the popup, casino categories, jackpot cards, pages, promotions): the demo committed under `content/`
//! (embedded in the binary) loaded into an empty database, and the operator's `kasa admin content
//! import DIR` (every file read and checked first, then the site's content replaced in one
//! transaction, page HTML sanitised) and `export DIR` (the database written out in the same
//! format, so an export imports back unchanged).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use anyhow::{Context, anyhow};
use rust_embed::RustEmbed;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use sqlx::Row;

use super::promotions::{PromotionEntry, PromotionRow};
use crate::db::Db;

/// The demo content folder, embedded so the binary alone can set up a believable site.
#[derive(RustEmbed)]
#[folder = "../content/"]
#[exclude = "media/*"]
#[exclude = "_src/*"]
struct ContentFiles;

#[derive(Deserialize, Serialize)]
#[serde(rename_all = "camelCase")]
struct SiteFile {
    languages: Vec<LanguageEntry>,
    site_options: Vec<OptionEntry>,
    domains: Domains,
    trial_bonus_amount: f64,
}

#[derive(Deserialize, Serialize)]
struct LanguageEntry {
    locale: String,
    name: String,
}

#[derive(Deserialize, Serialize)]
struct OptionEntry {
    key: String,
    value: Localized<String>,
    #[serde(default = "yes")]
    status: bool,
}

/// A content value in one form for every language, or one per language (`{"tr": …, "en": …}`).
#[derive(Deserialize, Serialize)]
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

#[derive(Deserialize, Serialize)]
struct Domains {
    current: String,
    next: String,
}

#[derive(Deserialize, Serialize)]
struct SliderEntry {
    /// Kept from export to import, so a banner keeps its id (the back office edits banners by id)
    /// when the content is saved again; a new banner in the file has none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    id: Option<i64>,
    slug: String,
    #[serde(default)]
    url: String,
    images: Localized<Vec<String>>,
    #[serde(default)]
    sort: i64,
}

#[derive(Deserialize, Serialize)]
struct PopupEntry {
    #[serde(default)]
    url: String,
    images: Localized<Vec<String>>,
}

#[derive(Deserialize, Serialize)]
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

#[derive(Deserialize, Serialize)]
#[serde(rename_all = "camelCase")]
struct JackpotsFile {
    #[serde(default)]
    egt_jackpot_cards: Vec<serde_json::Value>,
    #[serde(default)]
    jackpot_cards: Vec<serde_json::Value>,
}

#[derive(Deserialize, Serialize)]
struct PageCategory {
    id: i64,
    name: BTreeMap<String, String>,
    contents: Vec<PageEntry>,
}

#[derive(Deserialize, Serialize)]
struct PageEntry {
    id: i64,
    title: BTreeMap<String, String>,
    file: String,
}

/// Where content files are read from: the demo embedded in the binary, or an operator's folder.
pub enum Source {
    Demo,
    Dir(PathBuf),
}

impl Source {
    fn file(&self, path: &str) -> anyhow::Result<String> {
        match self {
            Source::Demo => {
                let f = ContentFiles::get(path).ok_or_else(|| anyhow!("demo content file content/{path} is missing"))?;
                String::from_utf8(f.data.into_owned()).with_context(|| format!("content/{path} is not UTF-8"))
            }
            Source::Dir(dir) => {
                std::fs::read_to_string(dir.join(path)).with_context(|| format!("{} cannot be read", dir.join(path).display()))
            }
        }
    }

    fn json<T: DeserializeOwned>(&self, path: &str) -> anyhow::Result<T> {
        serde_json::from_str(&self.file(path)?).with_context(|| format!("{path} is not valid"))
    }

    /// The files under `translations/` (relative paths).
    fn translation_paths(&self) -> anyhow::Result<Vec<String>> {
        Ok(match self {
            Source::Demo => ContentFiles::iter().filter(|p| p.starts_with("translations/")).map(|p| p.to_string()).collect(),
            Source::Dir(dir) => match std::fs::read_dir(dir.join("translations")) {
                Ok(entries) => {
                    entries.filter_map(|e| e.ok()).filter_map(|e| e.file_name().to_str().map(|n| format!("translations/{n}"))).collect()
                }
                Err(_) => Vec::new(),
            },
        })
    }

    /// The texts of `locale`: `translations/{locale}.json` merged with any
    /// `translations/{locale}.{part}.json`.
    fn translations(&self, locale: &str) -> anyhow::Result<BTreeMap<String, String>> {
        let main = format!("translations/{locale}.json");
        let part_prefix = format!("translations/{locale}.");
        let mut texts: BTreeMap<String, String> = self.json(&main)?;
        let mut parts: Vec<String> =
            self.translation_paths()?.into_iter().filter(|p| p.starts_with(&part_prefix) && p.ends_with(".json") && *p != main).collect();
        parts.sort();
        for part in parts {
            texts.extend(self.json::<BTreeMap<String, String>>(&part)?);
        }
        Ok(texts)
    }
}

/// Every content file read and checked: nothing is written before all of it is.
struct Content {
    site: SiteFile,
    sliders: Vec<SliderEntry>,
    popup: Option<PopupEntry>,
    categories: Vec<CasinoCategoryEntry>,
    jackpots: JackpotsFile,
    pages: Vec<PageCategory>,
    /// Promotions, checked, their HTML sanitised.
    promotions: Vec<PromotionRow>,
    /// Texts by locale.
    texts: Vec<(String, BTreeMap<String, String>)>,
    /// Page bodies by (page id, locale), sanitised.
    bodies: BTreeMap<(i64, String), String>,
}

impl Content {
    fn read(source: &Source) -> anyhow::Result<Content> {
        let site: SiteFile = source.json("site.json")?;
        anyhow::ensure!(site.languages.iter().any(|l| l.locale == "tr"), "site.json: the languages need Turkish (tr)");
        let pages: Vec<PageCategory> = source.json("pages.json")?;
        let mut texts = Vec::new();
        for lang in &site.languages {
            texts.push((lang.locale.clone(), source.translations(&lang.locale)?));
        }
        let mut bodies = BTreeMap::new();
        for page in pages.iter().flat_map(|c| &c.contents) {
            for locale in page.title.keys() {
                let body = source.file(&format!("pages/{}.{}.html", page.file, locale))?;
                bodies.insert((page.id, locale.clone()), super::sanitize::sanitize_html(&body));
            }
        }
        for opt in &site.site_options {
            opt.value.split().with_context(|| format!("site.json: site option {}", opt.key))?;
        }
        let entries: Vec<PromotionEntry> = source.json("promotions.json")?;
        let mut promotions = Vec::with_capacity(entries.len());
        for entry in &entries {
            anyhow::ensure!(!promotions.iter().any(|p: &PromotionRow| p.slug == entry.slug), "promotions.json: slug {} twice", entry.slug);
            promotions.push(entry.to_row().context("promotions.json")?);
        }
        Ok(Content {
            sliders: source.json("sliders.json")?,
            popup: source.json("popup.json")?,
            categories: source.json("casino_categories.json")?,
            jackpots: source.json("jackpots.json")?,
            site,
            pages,
            promotions,
            texts,
            bodies,
        })
    }
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
    let content = Content::read(&Source::Demo)?;
    write(db, &content, false, None).await?;
    tracing::info!(
        languages = content.site.languages.len(),
        sliders = content.sliders.len(),
        pages = content.pages.iter().map(|c| c.contents.len()).sum::<usize>(),
        "demo content loaded"
    );
    Ok(true)
}

/// `kasa admin content import DIR`: every file read and checked, then the site content replaced
/// in one transaction (casino categories added or updated by id: games refer to them), every
/// node told. A bad file names itself and changes nothing.
pub async fn import(db: &Db, dir: &Path) -> anyhow::Result<ImportReport> {
    import_recorded(db, dir, None).await
}

/// [`import`], recording `audit` (a staff member's edit) in the import's transaction.
pub async fn import_recorded(db: &Db, dir: &Path, audit: Option<&crate::audit::Entry>) -> anyhow::Result<ImportReport> {
    let content = Content::read(&Source::Dir(dir.to_path_buf()))?;
    write(db, &content, true, audit).await?;
    Ok(ImportReport {
        languages: content.site.languages.len(),
        texts: content.texts.iter().map(|(_, t)| t.len()).sum(),
        banners: content.sliders.len(),
        pages: content.pages.iter().map(|c| c.contents.len()).sum(),
        promotions: content.promotions.len(),
    })
}

/// What an import wrote.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ImportReport {
    pub languages: usize,
    pub texts: usize,
    pub banners: usize,
    pub pages: usize,
    pub promotions: usize,
}

/// Writes the content in one transaction; `replace`: the site's content goes first.
async fn write(db: &Db, content: &Content, replace: bool, audit: Option<&crate::audit::Entry>) -> anyhow::Result<()> {
    let Content { site, sliders, popup, categories, jackpots, pages, promotions, texts, bodies } = content;
    let mut tx = db.begin_write().await?;
    if replace {
        for table in [
            "content_texts",
            "contents",
            "content_categories",
            "jackpot_cards",
            "popups",
            "sliders",
            "site_options",
            "translations",
            "languages",
        ] {
            sqlx::query(sqlx::AssertSqlSafe(format!("DELETE FROM {table}"))).execute(&mut *tx).await?;
        }
        crate::settings::remove(&mut tx, &["domain.current", "domain.next", "bonus.trial_amount_kurus"]).await?;
    }
    for (i, lang) in site.languages.iter().enumerate() {
        sqlx::query("INSERT INTO languages (locale, name, sort) VALUES ($1, $2, $3)")
            .bind(&lang.locale)
            .bind(&lang.name)
            .bind(i as i64)
            .execute(&mut *tx)
            .await?;
        let lang_texts = texts.iter().find(|(l, _)| *l == lang.locale).map(|(_, t)| t.clone()).unwrap_or_default();
        for (key, value) in lang_texts {
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
        crate::settings::put(&mut tx, key, &value).await?;
    }
    // Banners with an id first, then the new ones numbered after them (PostgreSQL's sequence is
    // moved past the ids given; SQLite's AUTOINCREMENT follows them by itself).
    for given in [true, false] {
        if !given && db.engine == crate::db::Engine::Postgres && sliders.iter().any(|s| s.id.is_some()) {
            sqlx::query("SELECT setval(pg_get_serial_sequence('sliders', 'id'), (SELECT MAX(id) FROM sliders))").execute(&mut *tx).await?;
        }
        for s in sliders.iter().filter(|s| s.id.is_some() == given) {
            let sql = if given {
                "INSERT INTO sliders (slug, url, images, sort, id) VALUES ($1, $2, $3, $4, $5)"
            } else {
                "INSERT INTO sliders (slug, url, images, sort) VALUES ($1, $2, $3, $4)"
            };
            let query = sqlx::query(sql).bind(&s.slug).bind(&s.url).bind(images_json(&s.images)?).bind(s.sort);
            if let Some(id) = s.id { query.bind(id) } else { query }.execute(&mut *tx).await?;
        }
    }
    if let Some(p) = popup {
        sqlx::query("INSERT INTO popups (url, images, active) VALUES ($1, $2, 1)")
            .bind(&p.url)
            .bind(images_json(&p.images)?)
            .execute(&mut *tx)
            .await?;
    }
    for c in categories {
        sqlx::query(
            "INSERT INTO casino_categories (id, names, slug_list, image_url, sort) VALUES ($1, $2, $3, $4, $5) \
             ON CONFLICT (id) DO UPDATE SET names = excluded.names, slug_list = excluded.slug_list, image_url = excluded.image_url, sort = excluded.sort",
        )
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
                let body = bodies.get(&(page.id, locale.clone())).cloned().unwrap_or_default();
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
    super::promotions::replace_in(&mut tx, promotions).await?;
    super::content_changed(&mut tx).await?;
    if let Some(entry) = audit {
        crate::audit::append(&mut tx, entry).await?;
    }
    tx.commit().await?;
    Ok(())
}

/// Images as stored (a JSON list, or a list per locale) back in the file's form.
fn images_of(stored: &str) -> anyhow::Result<Localized<Vec<String>>> {
    serde_json::from_str(stored).context("stored images are not a list or a list per language")
}

/// `kasa admin content export DIR`: the site content written out in `content/`'s format (pages as
/// `pages/page-{id}.{locale}.html`), so that importing it back changes nothing.
pub async fn export(db: &Db, dir: &Path) -> anyhow::Result<()> {
    let pool = &db.pool;
    let languages: Vec<LanguageEntry> = sqlx::query("SELECT locale, name FROM languages ORDER BY sort, locale")
        .fetch_all(pool)
        .await?
        .iter()
        .map(|r| Ok(LanguageEntry { locale: r.try_get(0)?, name: r.try_get(1)? }))
        .collect::<Result<_, sqlx::Error>>()?;
    // Site options: `key@locale` rows join their key's Turkish value.
    let mut options: BTreeMap<String, (bool, BTreeMap<String, String>)> = BTreeMap::new();
    for r in sqlx::query("SELECT key, value, enabled FROM site_options ORDER BY key").fetch_all(pool).await? {
        let (key, value, enabled): (String, String, i64) = (r.try_get(0)?, r.try_get(1)?, r.try_get(2)?);
        let (base, locale) = key.split_once('@').map_or((key.clone(), "tr".to_string()), |(k, l)| (k.to_string(), l.to_string()));
        let entry = options.entry(base).or_insert((true, BTreeMap::new()));
        if locale == "tr" {
            entry.0 = enabled != 0;
        }
        entry.1.insert(locale, value);
    }
    let site_options = options
        .into_iter()
        .map(|(key, (status, by))| {
            let value = if by.len() == 1 && by.contains_key("tr") { Localized::One(by["tr"].clone()) } else { Localized::PerLocale(by) };
            OptionEntry { key, value, status }
        })
        .collect();
    let setting = |key: &'static str| async move {
        sqlx::query_scalar::<_, String>(crate::settings::READ_SQL).bind(key).fetch_optional(pool).await.map(Option::unwrap_or_default)
    };
    let trial: i64 = setting("bonus.trial_amount_kurus").await?.parse().unwrap_or(0);
    let site = SiteFile {
        languages,
        site_options,
        domains: Domains { current: setting("domain.current").await?, next: setting("domain.next").await? },
        trial_bonus_amount: trial as f64 / 100.0,
    };
    let mut sliders = Vec::new();
    for r in sqlx::query("SELECT slug, url, images, sort, id FROM sliders ORDER BY sort, id").fetch_all(pool).await? {
        sliders.push(SliderEntry {
            id: Some(r.try_get(4)?),
            slug: r.try_get(0)?,
            url: r.try_get(1)?,
            images: images_of(&r.try_get::<String, _>(2)?)?,
            sort: r.try_get(3)?,
        });
    }
    let popup = match sqlx::query("SELECT url, images FROM popups WHERE active = 1 ORDER BY id DESC LIMIT 1").fetch_optional(pool).await? {
        Some(r) => Some(PopupEntry { url: r.try_get(0)?, images: images_of(&r.try_get::<String, _>(1)?)? }),
        None => None,
    };
    let mut categories = Vec::new();
    for r in sqlx::query("SELECT id, names, slug_list, image_url, sort FROM casino_categories ORDER BY sort, id").fetch_all(pool).await? {
        categories.push(CasinoCategoryEntry {
            id: r.try_get(0)?,
            name: serde_json::from_str(&r.try_get::<String, _>(1)?)?,
            slug_list: serde_json::from_str(&r.try_get::<String, _>(2)?)?,
            image_url: r.try_get(3)?,
            sort: r.try_get(4)?,
        });
    }
    let mut jackpots = JackpotsFile { egt_jackpot_cards: Vec::new(), jackpot_cards: Vec::new() };
    for r in sqlx::query("SELECT kind, data FROM jackpot_cards ORDER BY sort, id").fetch_all(pool).await? {
        let (kind, data): (String, String) = (r.try_get(0)?, r.try_get(1)?);
        let card: serde_json::Value = serde_json::from_str(&data)?;
        if kind == "egt" { jackpots.egt_jackpot_cards.push(card) } else { jackpots.jackpot_cards.push(card) }
    }
    std::fs::create_dir_all(dir.join("pages")).with_context(|| format!("{} cannot be written", dir.display()))?;
    std::fs::create_dir_all(dir.join("translations"))?;
    let mut pages = Vec::new();
    for c in sqlx::query("SELECT id, names FROM content_categories ORDER BY sort, id").fetch_all(pool).await? {
        let (id, names): (i64, String) = (c.try_get(0)?, c.try_get(1)?);
        let mut contents = Vec::new();
        for p in sqlx::query("SELECT id FROM contents WHERE category_id = $1 ORDER BY sort, id").bind(id).fetch_all(pool).await? {
            let page_id: i64 = p.try_get(0)?;
            let file = format!("page-{page_id}");
            let mut title = BTreeMap::new();
            for t in sqlx::query("SELECT locale, title, body FROM content_texts WHERE content_id = $1 ORDER BY locale")
                .bind(page_id)
                .fetch_all(pool)
                .await?
            {
                let (locale, t_title, body): (String, String, String) = (t.try_get(0)?, t.try_get(1)?, t.try_get(2)?);
                std::fs::write(dir.join(format!("pages/{file}.{locale}.html")), body)?;
                title.insert(locale, t_title);
            }
            contents.push(PageEntry { id: page_id, title, file });
        }
        pages.push(PageCategory { id, name: serde_json::from_str(&names)?, contents });
    }
    for lang in &site.languages {
        let texts: BTreeMap<String, String> = sqlx::query("SELECT key, value FROM translations WHERE locale = $1")
            .bind(&lang.locale)
            .fetch_all(pool)
            .await?
            .iter()
            .map(|r| Ok((r.try_get(0)?, r.try_get(1)?)))
            .collect::<Result<_, sqlx::Error>>()?;
        write_json(&dir.join(format!("translations/{}.json", lang.locale)), &texts)?;
    }
    write_json(&dir.join("site.json"), &site)?;
    write_json(&dir.join("sliders.json"), &sliders)?;
    write_json(&dir.join("popup.json"), &popup)?;
    write_json(&dir.join("casino_categories.json"), &categories)?;
    write_json(&dir.join("jackpots.json"), &jackpots)?;
    write_json(&dir.join("pages.json"), &pages)?;
    let promotions: Vec<PromotionEntry> = super::promotions::all(db).await?.iter().map(PromotionRow::to_entry).collect();
    write_json(&dir.join("promotions.json"), &promotions)?;
    Ok(())
}

fn write_json(path: &Path, value: &impl Serialize) -> anyhow::Result<()> {
    let mut text = serde_json::to_string_pretty(value)?;
    text.push('\n');
    std::fs::write(path, text).with_context(|| format!("{} cannot be written", path.display()))
}
