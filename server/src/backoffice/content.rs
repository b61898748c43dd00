//! The site content as staff edit it: the files of `content/`'s format (site options and
//! languages, the banners, the popup, promotions, pages in each language, translations), read as
//! `kasa admin content export` writes them and saved as `kasa admin content import` reads them:
//! every file checked first (a bad one changes nothing), the HTML sanitised, every node told at
//! once through the journal, the edit recorded in the import's transaction. A save reads the whole
//! content, changes some files and writes it all back, so saves (and banner edits) take the
//! content's edit lock, on every node; a file someone else changed since the editor read it is
//! refused rather than overwritten.

use std::path::{Path, PathBuf};

use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use sqlx::Row;
use utoipa::ToSchema;

use super::Permission;
use super::staff::{CurrentStaff, told};
use crate::audit;
use crate::cms::demo;
use crate::crypto::sha256_hex;
use crate::db::Db;
use crate::error::AppError;

/// One content file: its path in the folder and its text.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct ContentFile {
    pub name: String,
    pub text: String,
    /// The text's SHA-256 (hex) as read; sent back with a save, a file changed by someone else
    /// since is refused (409) instead of overwritten.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hash: Option<String>,
}

/// The content's edit lock, held from reading the content to writing it back: on PostgreSQL a
/// session advisory lock on a connection of its own (every node; it ends with the connection, so
/// a crashed node leaves none behind), on SQLite a lock in this process (one node).
pub struct EditLock {
    conn: Option<sqlx::AnyConnection>,
    _local: Option<tokio::sync::MutexGuard<'static, ()>>,
}

static LOCAL_EDIT: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

impl EditLock {
    pub async fn take(db: &Db) -> Result<EditLock, AppError> {
        if db.engine == crate::db::Engine::Postgres {
            // Detached from the pool: if this is dropped without `release`, the connection
            // closes (and the lock with it) instead of going back to the pool still holding it.
            let mut conn = db.pool.acquire().await?.detach();
            sqlx::query("SELECT pg_advisory_lock(4711034)").execute(&mut conn).await?;
            Ok(EditLock { conn: Some(conn), _local: None })
        } else {
            Ok(EditLock { conn: None, _local: Some(LOCAL_EDIT.lock().await) })
        }
    }

    pub async fn release(mut self) {
        if let Some(conn) = self.conn.take() {
            let _ = sqlx::Connection::close(conn).await;
        }
    }
}

/// The files an editor may change: the site's JSON and the pages' and translations' files. The
/// catalogue (games, providers, payment methods) has commands of its own.
fn editable(name: &str) -> bool {
    let ok_chars =
        !name.is_empty() && name.len() <= 120 && name.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.' | '/'));
    let no_escape = !name.starts_with('/') && !name.split('/').any(|part| part.is_empty() || part == "." || part == "..");
    let known = ["site.json", "sliders.json", "popup.json", "promotions.json", "pages.json", "casino_categories.json", "jackpots.json"]
        .contains(&name)
        || (name.starts_with("pages/") && name.ends_with(".html"))
        || (name.starts_with("translations/") && name.ends_with(".json"));
    ok_chars && no_escape && known
}

/// A scratch folder removed when dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn new() -> Scratch {
        Scratch(std::env::temp_dir().join(format!("kasa-content-{:032x}", rand::random::<u128>())))
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn walk(root: &Path, dir: &Path, out: &mut Vec<ContentFile>) -> std::io::Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_dir() {
            walk(root, &path, out)?;
        } else {
            let name = path.strip_prefix(root).unwrap_or(&path).to_string_lossy().replace('\\', "/");
            if editable(&name) {
                let text = std::fs::read_to_string(&path)?;
                out.push(ContentFile { hash: Some(sha256_hex(text.as_bytes())), name, text });
            }
        }
    }
    Ok(())
}

async fn exported(db: &Db) -> Result<(Scratch, Vec<ContentFile>), AppError> {
    let scratch = Scratch::new();
    demo::export(db, &scratch.0).await?;
    let mut files = Vec::new();
    walk(&scratch.0, &scratch.0, &mut files).map_err(|e| AppError::Internal(e.into()))?;
    files.sort_by(|a, b| a.name.cmp(&b.name));
    Ok((scratch, files))
}

/// The content's editable files as they stand.
pub async fn files(db: &Db) -> Result<Vec<ContentFile>, AppError> {
    Ok(exported(db).await?.1)
}

/// Saves changed files over the content as it stands (files not sent stay as they are), under
/// the edit lock: saves at once each keep their change.
pub async fn save(db: &Db, me: &CurrentStaff, changed: &[ContentFile]) -> Result<Vec<String>, AppError> {
    if changed.is_empty() || changed.len() > 200 {
        return Err(told(StatusCode::UNPROCESSABLE_ENTITY, "Send 1 to 200 changed files."));
    }
    if let Some(bad) = changed.iter().find(|f| !editable(&f.name)) {
        return Err(told(StatusCode::UNPROCESSABLE_ENTITY, &format!("{} is not a content file that can be edited here.", bad.name)));
    }
    let lock = EditLock::take(db).await?;
    let saved = save_locked(db, me, changed).await;
    lock.release().await;
    saved
}

async fn save_locked(db: &Db, me: &CurrentStaff, changed: &[ContentFile]) -> Result<Vec<String>, AppError> {
    let (scratch, before) = exported(db).await?;
    for f in changed {
        let Some(base) = &f.hash else { continue };
        let now = before.iter().find(|b| b.name == f.name).and_then(|b| b.hash.as_ref());
        if now != Some(base) {
            return Err(told(
                StatusCode::CONFLICT,
                &format!(
                    "{} was changed by someone else since you opened it: nothing was saved. Reload it and make your change again.",
                    f.name
                ),
            ));
        }
    }
    let mut names = Vec::new();
    let mut hashes = serde_json::Map::new();
    for f in changed {
        let old = before.iter().find(|b| b.name == f.name).map(|b| sha256_hex(b.text.as_bytes()));
        if old.as_deref() == Some(&sha256_hex(f.text.as_bytes())) {
            continue;
        }
        let path = scratch.0.join(&f.name);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).map_err(|e| AppError::Internal(e.into()))?;
        }
        std::fs::write(&path, &f.text).map_err(|e| AppError::Internal(e.into()))?;
        let mut change = serde_json::json!({ "before": old, "after": sha256_hex(f.text.as_bytes()) });
        if f.name == "promotions.json" {
            let was = before.iter().find(|b| b.name == f.name).map(|b| money_terms(&b.text)).unwrap_or_default();
            let now = money_terms(&f.text);
            if was != now {
                // Bonus terms are money: finance's to change, and the log keeps them in full.
                if !me.can(Permission::PlayersBonus) {
                    return Err(told(
                        StatusCode::FORBIDDEN,
                        "A promotion's bonus terms (amount, wagering, dates) are changed by finance: nothing was saved.",
                    ));
                }
                change["bonusTerms"] = serde_json::json!({ "before": was, "after": now });
            }
        }
        hashes.insert(f.name.clone(), change);
        names.push(f.name.clone());
    }
    if names.is_empty() {
        return Ok(names);
    }
    let entry = me.entry("content.files", names.join(", ")).after(serde_json::Value::Object(hashes));
    demo::import_recorded(db, &scratch.0, Some(&entry))
        .await
        .map_err(|e| told(StatusCode::UNPROCESSABLE_ENTITY, &format!("Nothing was saved: {e:#}")))?;
    Ok(names)
}

/// The money in `promotions.json`: each promotion with a bonus, its bonus rule and the dates it
/// can be claimed between (a file that does not parse has none: the import refuses it anyway).
fn money_terms(text: &str) -> std::collections::BTreeMap<String, serde_json::Value> {
    let list: Vec<serde_json::Value> = serde_json::from_str(text).unwrap_or_default();
    list.iter()
        .filter(|p| p.get("bonus").is_some_and(|b| !b.is_null()))
        .map(|p| {
            let slug = p.get("slug").and_then(|s| s.as_str()).unwrap_or_default().to_string();
            (slug, serde_json::json!({ "bonus": p["bonus"], "startsAt": p.get("startsAt"), "endsAt": p.get("endsAt") }))
        })
        .collect()
}

/// A banner of a carousel, with its images per language.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct BannerItem {
    pub id: i64,
    /// The carousel: home, casino, …
    pub slug: String,
    pub url: String,
    pub images: BannerImages,
    pub sort: i64,
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct BannerImages {
    pub tr: Vec<String>,
    pub en: Vec<String>,
}

fn banner_images(raw: &str) -> BannerImages {
    match serde_json::from_str::<serde_json::Value>(raw).unwrap_or_default() {
        serde_json::Value::Object(by) => {
            let list = |l: &str| {
                serde_json::from_value::<Vec<String>>(by.get(l).or_else(|| by.get("tr")).cloned().unwrap_or_default()).unwrap_or_default()
            };
            BannerImages { tr: list("tr"), en: list("en") }
        }
        list => {
            let all = serde_json::from_value::<Vec<String>>(list).unwrap_or_default();
            BannerImages { tr: all.clone(), en: all }
        }
    }
}

/// Every banner, by carousel and order.
pub async fn banners(db: &Db) -> Result<Vec<BannerItem>, sqlx::Error> {
    let rows = sqlx::query("SELECT id, slug, url, images, sort FROM sliders ORDER BY slug, sort, id").fetch_all(&db.pool).await?;
    rows.iter()
        .map(|r| {
            Ok(BannerItem {
                id: r.try_get(0)?,
                slug: r.try_get(1)?,
                url: r.try_get(2)?,
                images: banner_images(&r.try_get::<String, _>(3)?),
                sort: r.try_get(4)?,
            })
        })
        .collect()
}

/// A link or image address a banner may hold: a path on the site, or an https address.
fn safe_link(url: &str) -> bool {
    let url = url.trim();
    url.is_empty() || (url.starts_with('/') && !url.starts_with("//")) || url.starts_with("https://")
}

/// Saves a banner (1 to 4 images a language, safe links) under the content's edit lock (a content
/// save at once would write it back); every node shows it at once.
pub async fn save_banner(db: &Db, me: &CurrentStaff, id: i64, body: &BannerItem) -> Result<(), AppError> {
    let images = [&body.images.tr, &body.images.en];
    if images.iter().any(|l| l.is_empty() || l.len() > 4 || l.iter().any(|u| u.trim().is_empty() || !safe_link(u))) || !safe_link(&body.url)
    {
        return Err(told(
            StatusCode::UNPROCESSABLE_ENTITY,
            "Each language needs 1 to 4 images; links and images are site paths (/…) or https addresses.",
        ));
    }
    let lock = EditLock::take(db).await?;
    let saved = write_banner(db, me, id, body).await;
    lock.release().await;
    saved
}

async fn write_banner(db: &Db, me: &CurrentStaff, id: i64, body: &BannerItem) -> Result<(), AppError> {
    let mut tx = db.begin_write().await?;
    let before = sqlx::query("SELECT url, images, sort FROM sliders WHERE id = $1").bind(id).fetch_optional(&mut *tx).await?;
    let Some(before) = before else { return Err(AppError::NotFound("error.not_found")) };
    let stored: String = before.try_get(1)?;
    let before = serde_json::json!({
        "url": before.try_get::<String, _>(0)?,
        "images": serde_json::from_str::<serde_json::Value>(&stored).unwrap_or(serde_json::Value::String(stored)),
        "sort": before.try_get::<i64, _>(2)?,
    });
    let images = serde_json::json!({ "tr": body.images.tr, "en": body.images.en }).to_string();
    sqlx::query("UPDATE sliders SET url = $1, images = $2, sort = $3 WHERE id = $4")
        .bind(body.url.trim())
        .bind(&images)
        .bind(body.sort)
        .bind(id)
        .execute(&mut *tx)
        .await?;
    crate::cms::cache::content_changed(&mut tx).await?;
    let entry = me
        .entry("content.banner", format!("banner:{id}"))
        .before(before)
        .after(serde_json::json!({ "url": body.url.trim(), "images": { "tr": body.images.tr, "en": body.images.en }, "sort": body.sort }));
    audit::append(&mut tx, &entry).await?;
    tx.commit().await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::editable;

    #[test]
    fn only_the_content_files_are_editable_and_no_path_leaves_the_folder() {
        for ok in ["site.json", "popup.json", "pages/page-3.en.html", "translations/tr.json"] {
            assert!(editable(ok), "{ok}");
        }
        for bad in [
            "games.json",
            "../site.json",
            "pages/../../etc/passwd.html",
            "/site.json",
            "pages//x.html",
            "payment_methods.json",
            "pages/a b.html",
        ] {
            assert!(!editable(bad), "{bad}");
        }
    }
}
