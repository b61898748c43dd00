//! Handlers of the bonus area: the trial bonus (`bonus/definetrialbonus`), Claim Reward
//! (`bonus/claimable`, `bonus/claim`) and the Bonuses page (`bonus/list`, `bonus/forfeit`).

use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::store::{self, BonusRow};
use super::{Claimed, TRIAL};
use crate::accounts::store as accounts_store;
use crate::auth::CurrentPlayer;
use crate::cms::promotions::{self, PromotionRow};
use crate::db::{Db, now_ms};
use crate::error::{ApiResult, AppError, AppJson, EmptyEnvelope, Envelope};
use crate::i18n::{RequestLocale, t};
use crate::money::Kurus;
use crate::time::iso_utc;
use crate::wallet;

pub fn router() -> OpenApiRouter<Db> {
    OpenApiRouter::new()
        .routes(routes!(define_trial_bonus))
        .routes(routes!(claimable))
        .routes(routes!(claim))
        .routes(routes!(list))
        .routes(routes!(forfeit))
}

fn lira(kurus: i64) -> f64 {
    Kurus::from_minor(kurus).map(Kurus::to_lira).unwrap_or(0.0)
}

async fn header_balance(db: &Db, player_id: i64) -> Result<f64, AppError> {
    Ok(wallet::balances(db, player_id).await?.total()?.to_lira())
}

#[derive(Debug, Serialize, ToSchema)]
pub struct TrialBonus {
    /// Lira granted.
    pub amount: f64,
    /// The new header balance (real + bonus), lira.
    pub balance: f64,
}

/// Grants the trial bonus (once per player and per phone, after phone verification).
#[utoipa::path(get, path = "/bonus/definetrialbonus", tag = "bonus",
    responses((status = 200, body = Envelope<TrialBonus>), (status = 400, description = "The phone is not verified, or there is no trial bonus", body = EmptyEnvelope),
        (status = 409, description = "Already granted to this player or phone", body = EmptyEnvelope)),
    security(("bearer" = [])))]
async fn define_trial_bonus(State(db): State<Db>, me: CurrentPlayer) -> ApiResult<TrialBonus> {
    let player = accounts_store::player_by_id(&db, me.player_id).await?.ok_or(AppError::Unauthorized)?;
    if !player.phone_verified {
        return Err(AppError::BadRequest("bonus.not_verified"));
    }
    let bonus = super::grant_trial(&db, &player).await?.ok_or(AppError::Conflict("bonus.already"))?;
    let balance = header_balance(&db, player.id).await?;
    Ok(Envelope::ok_with_message(TrialBonus { amount: lira(bonus.amount), balance }, t("bonus.granted")))
}

/// A reward the player can claim now.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Claimable {
    /// The promotion's slug; `trial` for the trial bonus.
    pub slug: String,
    pub title: String,
    /// Lira.
    pub amount: f64,
    /// The wagering requirement, a multiple of the amount.
    pub wagering: i64,
    /// Lira: the largest stake while the bonus is active.
    pub max_bet: f64,
    /// Days to meet the requirement.
    pub days: i64,
    /// The promotion's card image.
    pub image: Option<String>,
    /// The trial bonus before the phone is verified: the offer says to verify first, and a claim
    /// would be refused (issue 30: Claim Reward offers only what can be claimed now).
    pub needs_phone: bool,
}

/// The rewards the player can claim now: the running promotions with a bonus not claimed yet,
/// and the trial bonus while the player may take it.
#[utoipa::path(get, path = "/bonus/claimable", tag = "bonus",
    responses((status = 200, body = Envelope<Vec<Claimable>>)), security(("bearer" = [])))]
async fn claimable(State(db): State<Db>, me: CurrentPlayer, RequestLocale(locale): RequestLocale) -> ApiResult<Vec<Claimable>> {
    let player = accounts_store::player_by_id(&db, me.player_id).await?.ok_or(AppError::Unauthorized)?;
    let had: Vec<String> =
        sqlx::query_scalar("SELECT promotion FROM bonuses WHERE player_id = $1").bind(player.id).fetch_all(&db.pool).await?;
    let mut list = Vec::new();
    let (trial, amount) = super::trial_offer(&db, &player).await?;
    if trial {
        let rule = super::rule::trial(amount);
        list.push(Claimable {
            slug: TRIAL.into(),
            title: t("bonus.trial_title"),
            amount: amount.to_lira(),
            wagering: rule.wagering,
            max_bet: lira(rule.max_bet),
            days: rule.days,
            image: None,
            needs_phone: !player.phone_verified,
        });
    }
    for p in promotions::running(&db, now_ms()).await? {
        if let (Some(rule), false) = (p.bonus.filter(|r| r.deposit.is_none()), had.contains(&p.slug)) {
            list.push(Claimable {
                slug: p.slug.clone(),
                title: p.title(&locale).to_string(),
                amount: lira(rule.amount),
                wagering: rule.wagering,
                max_bet: lira(rule.max_bet),
                days: rule.days,
                image: p.images.in_locale(&locale).first().cloned(),
                needs_phone: false,
            });
        }
    }
    Ok(Envelope::ok(list))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct ClaimBody {
    /// The promotion's slug; `trial` for the trial bonus.
    pub slug: String,
}

/// What a claim did.
#[derive(Debug, Serialize, ToSchema)]
pub struct ClaimResult {
    /// False when it was claimed before: nothing is left to claim (the message says so).
    pub claimed: bool,
    pub bonus: Option<BonusItem>,
    /// The header balance (real + bonus), lira.
    pub balance: f64,
}

/// Claims a reward: the promotion's bonus (or the trial bonus) is credited once; a second claim
/// answers `claimed: false` with a message saying nothing is left to claim.
#[utoipa::path(post, path = "/bonus/claim", tag = "bonus", request_body = ClaimBody,
    responses((status = 200, body = Envelope<ClaimResult>),
        (status = 400, description = "The trial bonus needs a verified phone", body = EmptyEnvelope),
        (status = 404, description = "No running promotion with a bonus by that slug", body = EmptyEnvelope)),
    security(("bearer" = [])))]
async fn claim(
    State(db): State<Db>,
    me: CurrentPlayer,
    RequestLocale(locale): RequestLocale,
    AppJson(body): AppJson<ClaimBody>,
) -> ApiResult<ClaimResult> {
    let slug = body.slug.trim();
    if slug.is_empty() || slug.len() > 60 {
        return Err(AppError::NotFound("bonus.no_promotion"));
    }
    let claimed = super::claim(&db, me.player_id, slug).await?;
    let balance = header_balance(&db, me.player_id).await?;
    Ok(match claimed {
        Claimed::New(b) => {
            let item = item(&b, &titles(&db).await?, &locale);
            let message = t("bonus.claimed").replace("{amount}", &crate::i18n::money(Kurus::from_minor(b.amount)?));
            Envelope::ok_with_message(ClaimResult { claimed: true, bonus: Some(item), balance }, message)
        }
        Claimed::Already => Envelope::ok_with_message(ClaimResult { claimed: false, bonus: None, balance }, t("bonus.nothing_left")),
    })
}

/// A bonus of the player's, for the Bonuses page.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BonusItem {
    pub id: i64,
    pub title: String,
    /// trial, promotion or operator.
    pub source: String,
    /// The promotion's slug (`trial` for the trial bonus).
    pub promotion: String,
    /// Lira granted.
    pub amount: f64,
    /// Lira of it still in the bonus pocket.
    pub balance: f64,
    /// Lira to wager (stakes weighted by their game's contribution: slots 100 %, instant games
    /// 50 %, table games 20 %, live games 10 %).
    pub wager_required: f64,
    pub wagered: f64,
    /// 0 to 100.
    pub progress: f64,
    /// Lira: the largest stake while active.
    pub max_bet: f64,
    /// active, completed, expired, forfeited or spent.
    pub state: String,
    pub created_at: String,
    pub expires_at: String,
    pub ended_at: Option<String>,
}

async fn titles(db: &Db) -> Result<Vec<PromotionRow>, AppError> {
    Ok(promotions::all(db).await?)
}

fn item(b: &BonusRow, promotions: &[PromotionRow], locale: &str) -> BonusItem {
    let title = if b.promotion == TRIAL {
        t("bonus.trial_title")
    } else {
        // A weekday's deposit bonus is kept under `slug:day`.
        let slug = b.promotion.split(':').next().unwrap_or(&b.promotion);
        promotions.iter().find(|p| p.slug == slug).map_or_else(|| b.promotion.clone(), |p| p.title(locale).to_string())
    };
    let progress = if b.wager_required > 0 { (b.wagered as f64 * 1000.0 / b.wager_required as f64).floor() / 10.0 } else { 100.0 };
    BonusItem {
        id: b.id,
        title,
        source: b.source.clone(),
        promotion: b.promotion.clone(),
        amount: lira(b.amount),
        balance: lira(b.balance),
        wager_required: lira(b.wager_required),
        wagered: lira(b.wagered.min(b.wager_required)),
        progress: progress.min(100.0),
        max_bet: lira(b.max_bet),
        state: b.state.clone(),
        created_at: iso_utc(b.created_at),
        expires_at: iso_utc(b.expires_at),
        ended_at: b.ended_at.map(iso_utc),
    }
}

/// The player's bonuses, newest first (the 100 latest), the ones past their date expired first.
#[utoipa::path(get, path = "/bonus/list", tag = "bonus",
    responses((status = 200, body = Envelope<Vec<BonusItem>>)), security(("bearer" = [])))]
async fn list(State(db): State<Db>, me: CurrentPlayer, RequestLocale(locale): RequestLocale) -> ApiResult<Vec<BonusItem>> {
    let rows = store::of_player(&db, me.player_id, 100).await?;
    let now = now_ms();
    let rows = if rows.iter().any(|b| b.is_live() && b.expires_at <= now) {
        super::expire_due(&db, me.player_id).await?;
        store::of_player(&db, me.player_id, 100).await?
    } else {
        rows
    };
    let promotions = titles(&db).await?;
    Ok(Envelope::ok(rows.iter().map(|b| item(b, &promotions, &locale)).collect()))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct ForfeitBody {
    /// The bonus's id.
    pub id: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Forfeited {
    /// The header balance (real + bonus), lira.
    pub balance: f64,
}

/// Forfeits one of the player's active bonuses: what is left of its money is removed.
#[utoipa::path(post, path = "/bonus/forfeit", tag = "bonus", request_body = ForfeitBody,
    responses((status = 200, body = Envelope<Forfeited>), (status = 409, description = "Not an active bonus of the caller's", body = EmptyEnvelope)),
    security(("bearer" = [])))]
async fn forfeit(State(db): State<Db>, me: CurrentPlayer, AppJson(body): AppJson<ForfeitBody>) -> ApiResult<Forfeited> {
    super::forfeit(&db, me.player_id, body.id).await?;
    let balance = header_balance(&db, me.player_id).await?;
    Ok(Envelope::ok_with_message(Forfeited { balance }, t("bonus.forfeited")))
}
