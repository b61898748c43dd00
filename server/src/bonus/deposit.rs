//! Deposit bonuses (issue 30): a promotion that gives a share of a deposit, which the player opts
//! into when depositing and which is credited, with its wagering, when the deposit is confirmed.
//! The welcome bonus goes with a first deposit; a weekday's (the Friday reload) once that day, in
//! Turkey's time. The payments area asks what can be chosen and grants at confirmation; it says
//! whether a deposit is the player's first, this area never reads the payments.

use serde::Serialize;
use sqlx::AnyConnection;
use utoipa::ToSchema;

use super::{Notice, Source, grant_in, open_bonus_cost};
use crate::cms::promotions::{self, DepositMatch, PromotionRow};
use crate::db::Db;
use crate::error::AppError;
use crate::i18n::{Words, t};
use crate::wallet::Kurus;

/// Turkey's offset from UTC (no daylight saving since 2016).
const TURKEY_OFFSET_MS: i64 = 3 * 3_600_000;
const DAY_MS: i64 = 86_400_000;

/// Turkey's date (YYYY-MM-DD) and weekday (1 Monday to 7 Sunday) at `now` (epoch ms).
pub fn turkey_day(now: i64) -> (String, u8) {
    let days = (now + TURKEY_OFFSET_MS).div_euclid(DAY_MS);
    // 1970-01-01 was a Thursday (4).
    let weekday = ((days + 3).rem_euclid(7) + 1) as u8;
    (crate::db::iso_utc(days * DAY_MS)[..10].to_string(), weekday)
}

/// The key a deposit bonus is granted under: the slug, with the day for a weekday's (once a day).
fn key_of(slug: &str, m: &DepositMatch, now: i64) -> String {
    match m.weekday {
        Some(_) => format!("{slug}:{}", turkey_day(now).0),
        None => slug.to_string(),
    }
}

/// A deposit bonus the player may opt into now.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DepositOffer {
    /// The promotion's slug: what a deposit names to opt in.
    pub slug: String,
    pub title: String,
    /// The share of the deposit given, in percent.
    pub percent: i64,
    /// Lira: the most it gives.
    pub max_bonus: f64,
    /// Lira: the least deposit it takes.
    pub min_deposit: f64,
    /// The wagering requirement, a multiple of the bonus.
    pub wagering: i64,
    /// Lira: the largest stake while the bonus is active.
    pub max_bet: f64,
    pub days: i64,
    /// The promotion's terms, sanitised HTML, in the request's language.
    pub terms: String,
}

/// What a chosen deposit bonus grants at confirmation.
#[derive(Debug, Clone)]
pub struct Chosen {
    /// The key it is granted under.
    pub key: String,
    pub min_deposit: Kurus,
}

fn lira(k: i64) -> f64 {
    Kurus::from_minor(k).map(Kurus::to_lira).unwrap_or(0.0)
}

/// Whether the player has had the bonus of this key.
async fn had(db: &Db, player_id: i64, key: &str) -> Result<bool, sqlx::Error> {
    let n: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM bonuses WHERE player_id = $1 AND promotion = $2")
        .bind(player_id)
        .bind(key)
        .fetch_one(&db.pool)
        .await?;
    Ok(n > 0)
}

/// The running deposit promotions this player may choose now (`first_deposit`: no deposit of
/// theirs was confirmed yet), with their terms and the key each would be granted under.
async fn open_offers(
    db: &Db,
    player_id: i64,
    first_deposit: bool,
    now: i64,
) -> Result<Vec<(PromotionRow, DepositMatch, String)>, AppError> {
    let weekday = turkey_day(now).1;
    let mut out = Vec::new();
    for p in promotions::running(db, now).await? {
        let Some(m) = p.bonus.and_then(|r| r.deposit) else { continue };
        if (m.first_deposit && !first_deposit) || m.weekday.is_some_and(|w| w != weekday) {
            continue;
        }
        let key = key_of(&p.slug, &m, now);
        if !had(db, player_id, &key).await? {
            out.push((p, m, key));
        }
    }
    Ok(out)
}

/// The deposit bonuses the player may opt into now, in `locale`.
pub async fn offers(db: &Db, player_id: i64, first_deposit: bool, now: i64, locale: &str) -> Result<Vec<DepositOffer>, AppError> {
    Ok(open_offers(db, player_id, first_deposit, now)
        .await?
        .into_iter()
        .filter_map(|(p, m, _)| {
            let rule = p.bonus?;
            Some(DepositOffer {
                slug: p.slug.clone(),
                title: p.title(locale).to_string(),
                percent: m.percent,
                max_bonus: lira(rule.amount),
                min_deposit: lira(m.min_deposit),
                wagering: rule.wagering,
                max_bet: lira(rule.max_bet),
                days: rule.days,
                terms: p.terms_in(locale).to_string(),
            })
        })
        .collect())
}

/// The deposit bonus a deposit of `amount` opts into: refused, changing nothing, when it is not
/// one the player may choose now or the deposit is below its least.
pub async fn choose(db: &Db, player_id: i64, first_deposit: bool, slug: &str, amount: Kurus, now: i64) -> Result<Chosen, AppError> {
    let open = open_offers(db, player_id, first_deposit, now).await?;
    let (_, m, key) = open.into_iter().find(|(p, ..)| p.slug == slug).ok_or(AppError::BadRequest("bonus.deposit_unavailable"))?;
    let min_deposit = Kurus::from_minor(m.min_deposit)?;
    if amount < min_deposit {
        return Err(AppError::Refused(t("bonus.deposit_below_min").replace("{amount}", &crate::i18n::money(min_deposit))));
    }
    Ok(Chosen { key, min_deposit })
}

/// A deposit bonus's key, rule and titles (by language), as [`prepare`] reads them.
pub type Prepared = (String, crate::cms::promotions::Rule, std::collections::BTreeMap<String, String>);

/// What [`grant_in`] of a deposit bonus needs, read before the confirming transaction begins
/// (the promotion's rule, the bonus-cost account open): `None` when the promotion is gone.
pub async fn prepare(db: &Db, player_id: i64, key: &str) -> Result<Option<Prepared>, AppError> {
    let slug = key.split(':').next().unwrap_or(key);
    let Some(p) = promotions::by_slug(db, slug).await? else { return Ok(None) };
    let Some(rule) = p.bonus.filter(|r| r.deposit.is_some()) else { return Ok(None) };
    open_bonus_cost(db, player_id).await?;
    Ok(Some((key.to_string(), rule, p.titles)))
}

/// Credits a deposit bonus inside the transaction confirming the deposit of `deposit`: its share,
/// at most the promotion's amount, with the promotion's wagering. Nothing when the player has had
/// it already (under the same key: two deposits that opted into one welcome bonus credit it
/// once) or the deposit is under its least. Whether it was a first deposit was settled when the
/// player chose it (no deposit of theirs was confirmed then), so the order in which the operator
/// confirms deposits never takes a bonus away.
pub async fn grant_for_deposit_in(
    conn: &mut AnyConnection,
    player_id: i64,
    (key, rule, title): &Prepared,
    deposit: Kurus,
) -> Result<Option<super::BonusRow>, AppError> {
    let Some(m) = rule.deposit else { return Ok(None) };
    if deposit.minor() < m.min_deposit {
        return Ok(None);
    }
    let amount = m.bonus_for(deposit.minor(), rule.amount);
    if amount <= 0 {
        return Ok(None);
    }
    let granted = crate::cms::promotions::Rule { amount, ..*rule };
    let message = crate::notify::Message::new(
        Words::new("notify.bonus_title"),
        Words::new("notify.deposit_bonus_note").with("{amount}", Kurus::from_minor(amount)?).with("{title}", title),
    );
    grant_in(conn, player_id, Source::Promotion, key, &granted, &message, Notice::Unread).await
}
