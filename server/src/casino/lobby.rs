//! The catalogue in memory: every enabled game of an enabled provider with its categories and
//! search key, in the popular and the new order, so a lobby page, its total and its providers facet
//! are one pass over at most the whole catalogue (10,000 games: well under a millisecond) instead
//! of three queries over it.
//!
//! Several nodes serve one database: an import (on any node, or `kasa admin games import`) writes a
//! new catalogue version in its transaction ([`super::store::catalogue_changed`]), and every request
//! reads that version (one indexed point read; in place on SQLite) before using the snapshot, which
//! is rebuilt, once, when the version moved. A request never sees a catalogue older than the last
//! committed import.

use std::collections::HashMap;
use std::sync::{Arc, RwLock};

use super::store::{self, GameRow};
use crate::db::Db;

/// A provider as the facet shows it.
#[derive(Debug, Clone)]
pub struct Provider {
    pub id: i64,
    pub code: String,
    pub name: String,
    pub logo: String,
}

/// One version of the catalogue.
#[derive(Debug, Default)]
pub struct Catalogue {
    version: String,
    /// Enabled games of enabled providers (categories filled, `favorite` false).
    games: Vec<GameRow>,
    /// Their folded names ([`super::search::fold`]), by the same index.
    keys: Vec<String>,
    /// Index of each provider in `providers` (the facet's order), by the same index.
    provider_at: Vec<usize>,
    popular: Vec<u32>,
    newest: Vec<u32>,
    /// Enabled providers in their order.
    providers: Vec<Provider>,
    /// Casino categories and the lobby pages (slugs) they show on.
    slugs: Vec<(i64, Vec<String>)>,
    by_id: HashMap<i64, u32>,
}

/// What a listing selects.
#[derive(Debug, Default, Clone)]
pub struct Filter {
    /// Games in any of these casino categories; `Some(empty)` matches nothing.
    pub categories: Option<Vec<i64>>,
    pub provider: Option<i64>,
    pub live: Option<bool>,
    /// Folded words that must all be in the game's folded name ([`super::search::words`]).
    pub words: Vec<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Sort {
    /// Most played first (then the oldest id).
    #[default]
    Popular,
    /// Newest first (then the newest id).
    New,
}

/// A page of a listing.
#[derive(Debug, Default)]
pub struct Page {
    pub items: Vec<GameRow>,
    pub total: i64,
    /// Providers with games matching everything but the provider filter, and how many.
    pub facet: Vec<(Provider, i64)>,
}

impl Catalogue {
    /// The casino categories showing on a lobby page.
    pub fn categories_of_page(&self, slug: &str) -> Vec<i64> {
        self.slugs.iter().filter(|(_, s)| s.iter().any(|s| s == slug)).map(|(id, _)| *id).collect()
    }

    /// A provider's id by its code.
    pub fn provider_id(&self, code: &str) -> Option<i64> {
        self.providers.iter().find(|p| p.code == code).map(|p| p.id)
    }

    /// A listing: the page `skip..skip + take` in the sort's order, the total and the facet.
    pub fn list(&self, f: &Filter, sort: Sort, skip: usize, take: usize) -> Page {
        let order = match sort {
            Sort::Popular => &self.popular,
            Sort::New => &self.newest,
        };
        let mut counts = vec![0i64; self.providers.len()];
        let mut total = 0usize;
        let mut items = Vec::with_capacity(take.min(order.len()));
        for &i in order {
            let i = i as usize;
            let g = &self.games[i];
            if f.live.is_some_and(|live| live != g.is_live)
                || f.categories.as_ref().is_some_and(|cs| !g.categories.iter().any(|c| cs.contains(c)))
                || !f.words.iter().all(|w| self.keys[i].contains(w.as_str()))
            {
                continue;
            }
            counts[self.provider_at[i]] += 1;
            if f.provider.is_some_and(|p| p != g.provider_id) {
                continue;
            }
            if total >= skip && items.len() < take {
                items.push(g.clone());
            }
            total += 1;
        }
        let facet = self.providers.iter().cloned().zip(counts).filter(|(_, n)| *n > 0).collect();
        Page { items, total: total as i64, facet }
    }

    /// Games by their ids, in that order, leaving out those not in the catalogue (disabled).
    pub fn games(&self, ids: &[i64]) -> Vec<GameRow> {
        ids.iter().filter_map(|id| self.by_id.get(id)).map(|&i| self.games[i as usize].clone()).collect()
    }

    /// How many games it holds.
    pub fn len(&self) -> usize {
        self.games.len()
    }

    pub fn is_empty(&self) -> bool {
        self.games.is_empty()
    }
}

/// This node's catalogue, rebuilt when the database's catalogue version moves.
#[derive(Debug)]
pub struct CatalogueCache {
    db: Db,
    current: RwLock<Option<Arc<Catalogue>>>,
    /// One build at a time.
    building: tokio::sync::Mutex<()>,
}

impl CatalogueCache {
    pub fn new(db: Db) -> CatalogueCache {
        CatalogueCache { db, current: RwLock::new(None), building: tokio::sync::Mutex::new(()) }
    }

    /// The catalogue as of the last committed import.
    pub async fn get(&self) -> Result<Arc<Catalogue>, sqlx::Error> {
        let version = store::catalogue_version(&self.db).await?;
        if let Some(c) = self.fresh(&version) {
            return Ok(c);
        }
        let _turn = self.building.lock().await;
        if let Some(c) = self.fresh(&version) {
            return Ok(c);
        }
        let built = Arc::new(build(&self.db).await?);
        tracing::debug!(games = built.len(), version = %built.version, "casino catalogue loaded");
        *self.current.write().unwrap_or_else(|e| e.into_inner()) = Some(built.clone());
        Ok(built)
    }

    /// The snapshot when it is of `version` (or newer: a build that read a later import).
    fn fresh(&self, version: &str) -> Option<Arc<Catalogue>> {
        let c = self.current.read().unwrap_or_else(|e| e.into_inner()).clone()?;
        (c.version.as_str() >= version).then_some(c)
    }
}

/// Reads the whole catalogue (its version first: an import committed meanwhile makes the next
/// request build again).
async fn build(db: &Db) -> Result<Catalogue, sqlx::Error> {
    let version = store::catalogue_version(db).await?;
    let all = store::load_catalogue(db).await?;
    let providers: Vec<Provider> =
        all.providers.into_iter().map(|p| Provider { id: p.id, code: p.code, name: p.name, logo: p.logo }).collect();
    let at: HashMap<i64, usize> = providers.iter().enumerate().map(|(i, p)| (p.id, i)).collect();
    let mut games = Vec::with_capacity(all.games.len());
    let mut keys = Vec::with_capacity(all.games.len());
    let mut provider_at = Vec::with_capacity(all.games.len());
    for (g, key) in all.games {
        if let Some(&p) = at.get(&g.provider_id) {
            provider_at.push(p);
            keys.push(key);
            games.push(g);
        }
    }
    let mut popular: Vec<u32> = (0..games.len() as u32).collect();
    popular.sort_by(|&a, &b| {
        let (a, b) = (&games[a as usize], &games[b as usize]);
        b.popularity.cmp(&a.popularity).then(a.id.cmp(&b.id))
    });
    let mut newest: Vec<u32> = (0..games.len() as u32).collect();
    newest.sort_by(|&a, &b| {
        let (a, b) = (&games[a as usize], &games[b as usize]);
        b.added_at.cmp(&a.added_at).then(b.id.cmp(&a.id))
    });
    let by_id = games.iter().enumerate().map(|(i, g)| (g.id, i as u32)).collect();
    Ok(Catalogue { version, games, keys, provider_at, popular, newest, providers, slugs: all.slugs, by_id })
}
