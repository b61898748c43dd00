//! The operator's payment methods (`kasa admin payments methods`): list, export to the content
//! format, import a changed file, switch a method on or off.
//!
//! A method's id, kind and code name its requests and its house account, so an import may change
//! anything else (titles, logo, limits, fields, payee, order, enabled) but refuses to give an
//! existing id another kind or code; a method missing from the file is left as it is.

use anyhow::Context;

use super::{Method, MethodEntry, parse_methods, store};
use crate::db::Db;

/// What an import did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Imported {
    pub added: usize,
    pub updated: usize,
}

/// Every method, enabled or not.
pub async fn methods(db: &Db) -> anyhow::Result<Vec<Method>> {
    Ok(store::all_methods(db).await?)
}

/// Every method as JSON in `content/payment_methods.json`'s format (what `import` reads back).
pub async fn export(db: &Db) -> anyhow::Result<String> {
    let entries: Vec<MethodEntry> = store::all_methods(db).await?.iter().map(MethodEntry::from).collect();
    Ok(serde_json::to_string_pretty(&entries)?)
}

/// Adds or replaces the file's methods (in one transaction, in the file's order); a bad file, or
/// one that changes an existing method's kind or code, changes nothing.
pub async fn import(db: &Db, json: &str) -> anyhow::Result<Imported> {
    let methods = parse_methods(json)?;
    let mut ids = std::collections::HashSet::new();
    for m in &methods {
        anyhow::ensure!(ids.insert(m.id), "payment method {} appears twice", m.id);
    }
    let existing = store::all_methods(db).await?;
    let mut imported = Imported { added: 0, updated: 0 };
    for m in &methods {
        match existing.iter().find(|e| e.id == m.id) {
            Some(e) => {
                anyhow::ensure!(
                    e.kind == m.kind && e.code == m.code,
                    "payment method {}: its kind and code name its requests and account, they cannot change (was {:?} {}, file says {:?} {})",
                    m.id,
                    e.kind,
                    e.code,
                    m.kind,
                    m.code
                );
                imported.updated += 1;
            }
            None => imported.added += 1,
        }
    }
    let mut tx = db.begin_write().await?;
    for (sort, m) in methods.iter().enumerate() {
        store::save_method(&mut tx, m, sort as i64).await.with_context(|| format!("saving payment method {}", m.id))?;
    }
    tx.commit().await?;
    Ok(imported)
}

/// Switches a method on or off (an off method is listed nowhere and takes no new request; its
/// pending requests still get their decision).
pub async fn set_enabled(db: &Db, id: i64, enabled: bool) -> anyhow::Result<()> {
    anyhow::ensure!(store::set_enabled(db, id, enabled).await?, "no payment method {id}");
    Ok(())
}
