//! Promotions: content (`content/promotions.json`, imported and exported with the rest) with a
//! date window and, when claimable, a bonus rule; `cms/promotions` lists the ones running now.
//!
//! ```json
//! [{ "slug": "welcome", "title": {"tr": "Hoş Geldin Bonusu", "en": "Welcome Bonus"},
//!    "images": {"tr": ["/media/banners/slot-bonus-md.webp", "/media/banners/slot-bonus-lg.webp"], "en": ["…"]},
//!    "description": {"tr": "<p>…</p>", "en": "<p>…</p>"}, "terms": {"tr": "<ul>…</ul>"},
//!    "startsAt": "2026-01-01", "endsAt": "2027-12-31", "sort": 1,
//!    "bonus": {"amount": 100, "wagering": 20, "maxBet": 50, "days": 7, "sportsWageringPercent": 50} }]
//! ```
//! Dates are UTC days, both included (`endsAt` may be left out: no end); amounts are lira. The
//! HTML is sanitised when stored and again when served. `sportsWageringPercent` (0 to 100) is the
//! share of a sportsbook stake that counts towards the bonus's wagering: a term of the promotion,
//! required in the file and stated in its terms text (the import refuses terms that do not name it).

use std::collections::BTreeMap;

use anyhow::{Context, anyhow, ensure};
use axum::extract::State;
use serde::{Deserialize, Serialize};
use sqlx::{AnyConnection, Row};
use utoipa::ToSchema;

use super::sanitize::sanitize_html;
use crate::db::{Db, now_ms};
use crate::error::{ApiResult, Envelope};
use crate::i18n::RequestLocale;
use crate::money::Kurus;
use crate::time::{Date, iso_utc};

const DAY_MS: i64 = 86_400_000;

/// The terms a bonus is granted on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Rule {
    /// Kuruş granted.
    pub amount: i64,
    /// The wagering requirement as a multiple of the amount (1 to 100).
    pub wagering: i64,
    /// Kuruş: the largest stake while the bonus is active.
    pub max_bet: i64,
    /// Days to meet the requirement (1 to 365).
    pub days: i64,
    /// The percentage of a sportsbook stake counted towards the requirement (0 to 100). Rules
    /// stored before it was a term counted sportsbook stakes in full.
    #[serde(default = "full")]
    pub sports_wagering_percent: i64,
    /// A deposit bonus (issue 30): the player opts in when depositing and is credited a share of
    /// the deposit when it is confirmed, `amount` being the most it gives. None: claimed as is.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deposit: Option<DepositMatch>,
}

/// The terms of a deposit bonus: a percentage of the deposit, from a least deposit, on a first
/// deposit only or on one day of the week (Turkey's time), once per player (per such day).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DepositMatch {
    /// 1 to 200.
    pub percent: i64,
    /// Kuruş: the least deposit it takes.
    pub min_deposit: i64,
    /// Only with the player's first confirmed deposit.
    #[serde(default)]
    pub first_deposit: bool,
    /// Only on this day of the week (1 Monday to 7 Sunday, Turkey's time), once that day.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub weekday: Option<u8>,
}

impl DepositMatch {
    /// The bonus a deposit of `deposit` kuruş earns (at most `cap`), rounded down to the kuruş.
    pub fn bonus_for(&self, deposit: i64, cap: i64) -> i64 {
        (i128::from(deposit) * i128::from(self.percent) / 100).min(i128::from(cap)) as i64
    }
}

fn full() -> i64 {
    100
}

impl Rule {
    /// Checks the terms; the message names what is wrong.
    pub fn check(&self) -> Result<(), &'static str> {
        if self.amount <= 0 || self.amount > 100_000_000 {
            return Err("the bonus amount is more than 0 and at most 1,000,000 ₺");
        }
        if !(1..=100).contains(&self.wagering) {
            return Err("the wagering multiple is 1 to 100");
        }
        if self.max_bet <= 0 {
            return Err("the maximum bet is more than 0");
        }
        if !(1..=365).contains(&self.days) {
            return Err("the days to wager are 1 to 365");
        }
        if !(0..=100).contains(&self.sports_wagering_percent) {
            return Err("the sportsbook's share of wagering is 0 to 100 percent");
        }
        if let Some(d) = self.deposit {
            if !(1..=200).contains(&d.percent) {
                return Err("a deposit bonus's percentage is 1 to 200");
            }
            if d.min_deposit <= 0 {
                return Err("a deposit bonus's least deposit is more than 0");
            }
            if d.weekday.is_some_and(|w| !(1..=7).contains(&w)) || (d.first_deposit && d.weekday.is_some()) {
                return Err("a deposit bonus is on a first deposit or on a weekday 1 to 7, not both");
            }
        }
        Ok(())
    }

    pub fn amount(&self) -> Kurus {
        Kurus::from_minor(self.amount).unwrap_or(Kurus::ZERO)
    }

    /// Kuruş to wager (weighted by contribution) before the bonus becomes real money.
    pub fn requirement(&self) -> i64 {
        self.amount.saturating_mul(self.wagering)
    }

    pub fn expires_at(&self, granted_at: i64) -> i64 {
        granted_at + self.days * DAY_MS
    }
}

/// A promotion as `content/promotions.json` keeps it.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PromotionEntry {
    pub slug: String,
    pub title: BTreeMap<String, String>,
    /// The card's image, then the dialog's: one list, or a list per language.
    pub images: Images,
    pub description: BTreeMap<String, String>,
    #[serde(default)]
    pub terms: BTreeMap<String, String>,
    /// YYYY-MM-DD (UTC), included.
    pub starts_at: String,
    /// YYYY-MM-DD (UTC), included; none: no end.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ends_at: Option<String>,
    #[serde(default)]
    pub sort: i64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bonus: Option<BonusEntry>,
}

/// A promotion's images: the same for every language, or a list per language (art with text).
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize)]
#[serde(untagged)]
pub enum Images {
    One(Vec<String>),
    PerLocale(BTreeMap<String, Vec<String>>),
}

impl Images {
    /// The list for a language (the Turkish one when it has none).
    pub fn in_locale(&self, locale: &str) -> &[String] {
        match self {
            Images::One(list) => list,
            Images::PerLocale(by) => by.get(locale).or_else(|| by.get("tr")).map_or(&[], Vec::as_slice),
        }
    }

    fn lists(&self) -> Vec<&Vec<String>> {
        match self {
            Images::One(list) => vec![list],
            Images::PerLocale(by) => by.values().collect(),
        }
    }
}

/// A claimable promotion's bonus, in lira.
#[derive(Debug, Clone, Copy, PartialEq, Deserialize, Serialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct BonusEntry {
    pub amount: f64,
    pub wagering: i64,
    pub max_bet: f64,
    pub days: i64,
    /// The percentage of a sportsbook stake counted towards wagering (0 to 100).
    pub sports_wagering_percent: i64,
    /// A deposit bonus: `amount` is the most it gives.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deposit: Option<DepositEntry>,
}

/// A deposit bonus's terms in the content file (lira).
#[derive(Debug, Clone, Copy, PartialEq, Deserialize, Serialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct DepositEntry {
    pub percent: i64,
    pub min_deposit: f64,
    #[serde(default)]
    pub first_deposit: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub weekday: Option<u8>,
}

/// A promotion as stored.
#[derive(Debug, Clone, PartialEq)]
pub struct PromotionRow {
    pub id: i64,
    pub slug: String,
    pub sort: i64,
    pub titles: BTreeMap<String, String>,
    pub images: Images,
    pub descriptions: BTreeMap<String, String>,
    pub terms: BTreeMap<String, String>,
    pub starts_at: i64,
    pub ends_at: Option<i64>,
    pub bonus: Option<Rule>,
}

fn in_locale<'a>(by: &'a BTreeMap<String, String>, locale: &str) -> &'a str {
    by.get(locale).or_else(|| by.get("tr")).or_else(|| by.values().next()).map_or("", String::as_str)
}

impl PromotionRow {
    pub fn title(&self, locale: &str) -> &str {
        in_locale(&self.titles, locale)
    }

    /// The terms (sanitised HTML) in `locale`, else the Turkish ones.
    pub fn terms_in(&self, locale: &str) -> &str {
        in_locale(&self.terms, locale)
    }

    /// Running at `now`: started, and not ended.
    pub fn is_running(&self, now: i64) -> bool {
        self.starts_at <= now && self.ends_at.is_none_or(|end| now < end)
    }
}

fn day_start(raw: &str, what: &str) -> anyhow::Result<i64> {
    let d = Date::parse_iso(raw).ok_or_else(|| anyhow!("{what} '{raw}' is not a date (YYYY-MM-DD)"))?;
    Ok(d.days() * DAY_MS)
}

/// Whether a text states `n` percent: `%n` in Turkish, `n%` in the other languages, not part of a
/// longer number.
fn states_percent(text: &str, n: i64, turkish: bool) -> bool {
    let digits = n.to_string();
    let wanted = if turkish { format!("%{digits}") } else { format!("{digits}%") };
    text.match_indices(&wanted).any(|(at, _)| {
        let before = text[..at].chars().next_back();
        let after = text[at + wanted.len()..].chars().next();
        if turkish { !after.is_some_and(|c| c.is_ascii_digit()) } else { !before.is_some_and(|c| c.is_ascii_digit()) }
    })
}

fn kurus(lira: f64, what: &str) -> anyhow::Result<i64> {
    Ok(Kurus::from_lira(lira).map_err(|e| anyhow!("{what}: {e}"))?.minor())
}

impl PromotionEntry {
    /// Checks the entry and gives its stored form, the HTML sanitised.
    pub fn to_row(&self) -> anyhow::Result<PromotionRow> {
        let slug_ok =
            (1..=60).contains(&self.slug.len()) && self.slug.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-');
        ensure!(slug_ok && self.slug != "trial", "promotion slug '{}' is not 1 to 60 of a-z, 0-9 and '-' (nor 'trial')", self.slug);
        let what = |field: &str| format!("promotion {}: {field}", self.slug);
        ensure!(self.title.contains_key("tr"), "{} needs its Turkish (tr) text", what("title"));
        ensure!(self.description.contains_key("tr"), "{} needs its Turkish (tr) text", what("description"));
        let images_ok = self.images.lists().iter().all(|l| (1..=2).contains(&l.len()) && l.iter().all(|i| !i.trim().is_empty()));
        let tr_ok = matches!(&self.images, Images::One(_)) || matches!(&self.images, Images::PerLocale(by) if by.contains_key("tr"));
        ensure!(
            images_ok && tr_ok,
            "{} are one or two images (the card's, the dialog's), per language with the Turkish ones",
            what("images")
        );
        let starts_at = day_start(&self.starts_at, &what("startsAt"))?;
        let ends_at = self.ends_at.as_deref().map(|e| day_start(e, &what("endsAt")).map(|d| d + DAY_MS)).transpose()?;
        ensure!(ends_at.is_none_or(|e| e > starts_at), "{} is before its startsAt", what("endsAt"));
        let bonus = match &self.bonus {
            None => None,
            Some(b) => {
                let rule = Rule {
                    amount: kurus(b.amount, &what("bonus.amount"))?,
                    wagering: b.wagering,
                    max_bet: kurus(b.max_bet, &what("bonus.maxBet"))?,
                    days: b.days,
                    sports_wagering_percent: b.sports_wagering_percent,
                    deposit: b
                        .deposit
                        .map(|d| -> anyhow::Result<DepositMatch> {
                            Ok(DepositMatch {
                                percent: d.percent,
                                min_deposit: kurus(d.min_deposit, &what("bonus.deposit.minDeposit"))?,
                                first_deposit: d.first_deposit,
                                weekday: d.weekday,
                            })
                        })
                        .transpose()?,
                };
                rule.check().map_err(|e| anyhow!("{}: {e}", what("bonus")))?;
                let n = b.sports_wagering_percent;
                ensure!(
                    self.terms.contains_key("tr") && self.terms.iter().all(|(l, t)| states_percent(t, n, l == "tr")),
                    "{} must state the sportsbook's share of wagering (%{n} in Turkish, {n}% in the other languages)",
                    what("terms")
                );
                Some(rule)
            }
        };
        let clean = |by: &BTreeMap<String, String>| by.iter().map(|(l, html)| (l.clone(), sanitize_html(html))).collect();
        Ok(PromotionRow {
            id: 0,
            slug: self.slug.clone(),
            sort: self.sort,
            titles: self.title.clone(),
            images: self.images.clone(),
            descriptions: clean(&self.description),
            terms: clean(&self.terms),
            starts_at,
            ends_at,
            bonus,
        })
    }
}

impl PromotionRow {
    /// Back in the file's form.
    pub fn to_entry(&self) -> PromotionEntry {
        let day = |ms: i64| iso_utc(ms)[..10].to_string();
        PromotionEntry {
            slug: self.slug.clone(),
            title: self.titles.clone(),
            images: self.images.clone(),
            description: self.descriptions.clone(),
            terms: self.terms.clone(),
            starts_at: day(self.starts_at),
            ends_at: self.ends_at.map(|e| day(e - DAY_MS)),
            sort: self.sort,
            bonus: self.bonus.map(|r| BonusEntry {
                amount: Kurus::from_minor(r.amount).map(Kurus::to_lira).unwrap_or(0.0),
                wagering: r.wagering,
                max_bet: Kurus::from_minor(r.max_bet).map(Kurus::to_lira).unwrap_or(0.0),
                days: r.days,
                sports_wagering_percent: r.sports_wagering_percent,
                deposit: r.deposit.map(|d| DepositEntry {
                    percent: d.percent,
                    min_deposit: Kurus::from_minor(d.min_deposit).map(Kurus::to_lira).unwrap_or(0.0),
                    first_deposit: d.first_deposit,
                    weekday: d.weekday,
                }),
            }),
        }
    }
}

const COLUMNS: &str = "id, slug, sort, titles, images, descriptions, terms, starts_at, ends_at, bonus";

fn decode(r: &sqlx::any::AnyRow) -> anyhow::Result<PromotionRow> {
    let json = |i: usize| -> anyhow::Result<String> { Ok(r.try_get::<String, _>(i)?) };
    Ok(PromotionRow {
        id: r.try_get(0)?,
        slug: r.try_get(1)?,
        sort: r.try_get(2)?,
        titles: serde_json::from_str(&json(3)?)?,
        images: serde_json::from_str(&json(4)?)?,
        descriptions: serde_json::from_str(&json(5)?)?,
        terms: serde_json::from_str(&json(6)?)?,
        starts_at: r.try_get(7)?,
        ends_at: r.try_get(8)?,
        bonus: r.try_get::<Option<String>, _>(9)?.map(|b| serde_json::from_str(&b)).transpose()?,
    })
}

/// Every promotion, by sort.
pub async fn all(db: &Db) -> anyhow::Result<Vec<PromotionRow>> {
    let sql = format!("SELECT {COLUMNS} FROM promotions ORDER BY sort, id");
    sqlx::query(sqlx::AssertSqlSafe(sql)).fetch_all(&db.pool).await?.iter().map(decode).collect()
}

/// The promotions running at `now`, by sort.
pub async fn running(db: &Db, now: i64) -> anyhow::Result<Vec<PromotionRow>> {
    let sql = format!("SELECT {COLUMNS} FROM promotions WHERE starts_at <= $1 AND (ends_at IS NULL OR ends_at > $1) ORDER BY sort, id");
    sqlx::query(sqlx::AssertSqlSafe(sql)).bind(now).fetch_all(&db.pool).await?.iter().map(decode).collect()
}

pub async fn by_slug(db: &Db, slug: &str) -> anyhow::Result<Option<PromotionRow>> {
    let sql = format!("SELECT {COLUMNS} FROM promotions WHERE slug = $1");
    sqlx::query(sqlx::AssertSqlSafe(sql)).bind(slug).fetch_optional(&db.pool).await?.as_ref().map(decode).transpose()
}

/// Replaces every promotion (inside the content import's transaction).
pub async fn replace_in(conn: &mut AnyConnection, rows: &[PromotionRow]) -> anyhow::Result<()> {
    sqlx::query("DELETE FROM promotions").execute(&mut *conn).await?;
    for p in rows {
        sqlx::query(
            "INSERT INTO promotions (slug, sort, titles, images, descriptions, terms, starts_at, ends_at, bonus) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
        )
        .bind(&p.slug)
        .bind(p.sort)
        .bind(serde_json::to_string(&p.titles)?)
        .bind(serde_json::to_string(&p.images)?)
        .bind(serde_json::to_string(&p.descriptions)?)
        .bind(serde_json::to_string(&p.terms)?)
        .bind(p.starts_at)
        .bind(p.ends_at)
        .bind(p.bonus.map(|b| serde_json::to_string(&b)).transpose()?)
        .execute(&mut *conn)
        .await
        .with_context(|| format!("promotion {}", p.slug))?;
    }
    Ok(())
}

/// A promotion in the caller's language.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Promotion {
    pub id: i64,
    pub slug: String,
    pub title: String,
    /// The card's image, then the dialog's.
    pub images: Vec<String>,
    /// Sanitised HTML.
    pub description: String,
    /// Sanitised HTML; empty when none.
    pub terms: String,
    /// ISO 8601, UTC.
    pub starts_at: String,
    /// ISO 8601, UTC (the first moment it is over); none: no end.
    pub ends_at: Option<String>,
    /// The bonus a player can claim from it.
    pub bonus: Option<PromotionBonus>,
}

/// A claimable promotion's bonus, in lira.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PromotionBonus {
    pub amount: f64,
    /// The wagering requirement, a multiple of the amount.
    pub wagering: i64,
    /// The largest stake while the bonus is active.
    pub max_bet: f64,
    /// Days to meet the requirement.
    pub days: i64,
    /// The percentage of a sportsbook stake counted towards the requirement (0 to 100).
    pub sports_wagering_percent: i64,
    /// A deposit bonus (opted into when depositing); `amount` is the most it gives.
    pub deposit: Option<DepositTerms>,
}

/// A deposit bonus's terms as the promotions page states them.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DepositTerms {
    pub percent: i64,
    /// Lira.
    pub min_deposit: f64,
    pub first_deposit: bool,
    /// 1 Monday to 7 Sunday, Turkey's time.
    pub weekday: Option<u8>,
}

impl From<Rule> for PromotionBonus {
    fn from(r: Rule) -> Self {
        let lira = |k: i64| Kurus::from_minor(k).map(Kurus::to_lira).unwrap_or(0.0);
        PromotionBonus {
            amount: lira(r.amount),
            wagering: r.wagering,
            max_bet: lira(r.max_bet),
            days: r.days,
            sports_wagering_percent: r.sports_wagering_percent,
            deposit: r.deposit.map(|d| DepositTerms {
                percent: d.percent,
                min_deposit: lira(d.min_deposit),
                first_deposit: d.first_deposit,
                weekday: d.weekday,
            }),
        }
    }
}

impl PromotionRow {
    pub fn in_locale(&self, locale: &str) -> Promotion {
        Promotion {
            id: self.id,
            slug: self.slug.clone(),
            title: self.title(locale).to_string(),
            images: self.images.in_locale(locale).to_vec(),
            description: sanitize_html(in_locale(&self.descriptions, locale)),
            terms: sanitize_html(in_locale(&self.terms, locale)),
            starts_at: iso_utc(self.starts_at),
            ends_at: self.ends_at.map(iso_utc),
            bonus: self.bonus.map(PromotionBonus::from),
        }
    }
}

/// The promotions running now, in the language of `x-locale`.
#[utoipa::path(get, path = "/cms/promotions", tag = "cms", responses((status = 200, body = Envelope<Vec<Promotion>>)))]
pub(super) async fn promotions(State(db): State<Db>, RequestLocale(locale): RequestLocale) -> ApiResult<Vec<Promotion>> {
    let rows = running(&db, now_ms()).await?;
    Ok(Envelope::ok(rows.iter().map(|p| p.in_locale(&locale)).collect()))
}
