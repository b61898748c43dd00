//! The bootstrap data (`cms/grouped`, spec section 3): what the app needs to start, read from the
//! database in a content locale; [`super::cache`] keeps it in memory.

use serde::Serialize;
use utoipa::ToSchema;

use futures_util::future::BoxFuture;

use super::store;
use crate::db::Db;

/// Reads the studio's jackpots live, as the bootstrap's egtJackpotCards carry them. The content
/// area sits below the studio and reads none of its tables: the application hands this over
/// ([`super::ContentCache::new`]).
pub type LiveJackpots = for<'a> fn(&'a Db) -> BoxFuture<'a, sqlx::Result<Vec<serde_json::Value>>>;

/// The bootstrap data of the spec (section 3).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Bootstrap {
    pub casino_category_list: Vec<store::CasinoCategory>,
    pub language: Vec<store::Language>,
    pub translation_list: Vec<store::Translation>,
    pub site_option: Vec<store::SiteOption>,
    pub domain_status: store::DomainStatus,
    /// Lira.
    pub trial_bonus_amount: f64,
    pub popup: Option<store::Popup>,
    #[schema(value_type = Vec<EgtJackpotCard>)]
    pub egt_jackpot_cards: Vec<serde_json::Value>,
    /// Amusnet jackpot cards, as the content keeps them.
    #[schema(value_type = Vec<Object>)]
    pub jackpot_cards: Vec<serde_json::Value>,
    pub slider_list: Vec<store::Banner>,
    pub category_list: Vec<store::ContentCategory>,
}

/// An EGT jackpot card of the bootstrap: the studio's High Cash and Clover Chance with their live
/// levels, then the other cards of content/jackpots.json as kept; this type documents the shape the
/// app reads.
#[derive(Debug, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EgtJackpotCard {
    pub instance_name: String,
    pub level_stats: Vec<JackpotLevel>,
}

/// One level of a jackpot card.
#[derive(Debug, ToSchema)]
pub struct JackpotLevel {
    /// I, II, III or IV.
    #[schema(nullable = false)]
    pub level: Option<String>,
    #[schema(nullable = false)]
    pub name: Option<String>,
    /// Lira.
    pub amount: f64,
}

/// The bootstrap data in a content locale, read from the database.
pub async fn bootstrap(db: &Db, locale: &str, live_jackpots: LiveJackpots) -> sqlx::Result<Bootstrap> {
    let (casino, language, translations, options, domains, trial, popup, egt, amusnet, sliders, categories) = tokio::try_join!(
        store::casino_categories(db, locale),
        store::languages(db),
        store::translations(db, locale),
        store::site_options_in(db, locale),
        store::domain_status(db),
        store::trial_bonus_kurus(db),
        store::active_popup(db, locale),
        store::jackpot_cards(db, "egt"),
        store::jackpot_cards(db, "amusnet"),
        store::sliders(db, locale),
        store::content_categories(db, locale),
    )?;
    // The studio's jackpots live, then the content's other cards.
    let mut egt_cards = live_jackpots(db).await?;
    let live: Vec<serde_json::Value> = egt_cards.iter().map(|c| c["instanceName"].clone()).collect();
    egt_cards.extend(egt.into_iter().filter(|c| !live.contains(&c["instanceName"])));
    Ok(Bootstrap {
        casino_category_list: casino,
        language,
        translation_list: translations,
        site_option: options,
        domain_status: domains,
        trial_bonus_amount: trial as f64 / 100.0,
        popup,
        egt_jackpot_cards: egt_cards,
        jackpot_cards: amusnet,
        slider_list: sliders,
        category_list: categories,
    })
}
