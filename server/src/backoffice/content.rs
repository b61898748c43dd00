//! The site content as staff edit it: the files of `content/`'s format (site options and
//! languages, the banners, the popup, promotions, pages in each language, translations), read as
//! `kasa admin content export` writes them and saved as `kasa admin content import` reads them:
//! every file checked first (a bad one changes nothing), the HTML sanitised, every node told at
//! once through the journal, the edit recorded in the import's transaction.

use std::path::{Path, PathBuf};

use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::staff::{CurrentStaff, told};
use crate::cms::demo;
use crate::crypto::sha256_hex;
use crate::db::Db;
use crate::error::AppError;

/// One content file: its path in the folder and its text.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct ContentFile {
    pub name: String,
    pub text: String,
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
                out.push(ContentFile { name, text: std::fs::read_to_string(&path)? });
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

/// Saves changed files over the content as it stands (files not sent stay as they are).
pub async fn save(db: &Db, me: &CurrentStaff, changed: &[ContentFile]) -> Result<Vec<String>, AppError> {
    if changed.is_empty() || changed.len() > 200 {
        return Err(told(StatusCode::UNPROCESSABLE_ENTITY, "Send 1 to 200 changed files."));
    }
    if let Some(bad) = changed.iter().find(|f| !editable(&f.name)) {
        return Err(told(StatusCode::UNPROCESSABLE_ENTITY, &format!("{} is not a content file that can be edited here.", bad.name)));
    }
    let (scratch, before) = exported(db).await?;
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
        hashes.insert(f.name.clone(), serde_json::json!({ "before": old, "after": sha256_hex(f.text.as_bytes()) }));
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
