//! Handlers of `protection/*`: the player's limits, what is left of them, the session's figures
//! for the reality check, and a time-out or self-exclusion of their own.

use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::{Kind, Left, Limit, NotYet, Period, Term, store};
use crate::auth::CurrentPlayer;
use crate::db::{Db, now_ms};
use crate::error::{ApiResult, AppError, AppJson, EmptyEnvelope, Envelope, FieldError};
use crate::i18n::t;
use crate::money::Kurus;

/// What the protection handlers use.
#[derive(Clone, Debug)]
pub struct ProtectionState {
    pub db: Db,
    /// What follows a closure outside this area (the sportsbook's refunds).
    pub on_close: std::sync::Arc<dyn super::Closing>,
}

impl axum::extract::FromRef<ProtectionState> for Db {
    fn from_ref(s: &ProtectionState) -> Db {
        s.db.clone()
    }
}

pub fn router() -> OpenApiRouter<ProtectionState> {
    OpenApiRouter::new()
        .routes(routes!(protection))
        .routes(routes!(set_limit))
        .routes(routes!(confirm_limit))
        .routes(routes!(close))
        .routes(routes!(session_figures))
}

fn lira(kurus: i64) -> f64 {
    Kurus::from_minor(kurus).map(Kurus::to_lira).unwrap_or_default()
}

/// A value as the API shows it: lira for money, minutes otherwise.
fn shown(kind: Kind, value: i64) -> f64 {
    if kind.is_money() { lira(value) } else { value as f64 }
}

/// A looser setting waiting: from when it can be confirmed, until when.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PendingView {
    /// The new value (lira, or minutes); null removes the limit.
    pub value: Option<f64>,
    /// Epoch ms: it can be confirmed (the reality check: it applies) from then...
    pub from: i64,
    /// ...until then (epoch ms), after which it lapses.
    pub until: i64,
    /// It can be confirmed now.
    pub can_confirm: bool,
}

/// One setting.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LimitView {
    pub kind: Kind,
    pub period: Period,
    /// In force: lira for deposit, loss and wager; minutes for session and reality. Null: none.
    pub value: Option<f64>,
    pub pending: Option<PendingView>,
}

/// What is left of one period's money limit.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LeftView {
    pub period: Period,
    /// Lira.
    pub limit: f64,
    pub used: f64,
    pub left: f64,
}

/// What is left of each kind's limits.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct KindLeft {
    pub kind: Kind,
    pub periods: Vec<LeftView>,
    /// The lowest of them (lira): what can be deposited, lost or wagered now.
    pub lowest: f64,
}

/// The player's protection settings.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Protection {
    pub limits: Vec<LimitView>,
    pub left: Vec<KindLeft>,
}

fn view(l: Limit, now: i64) -> LimitView {
    let l = super::effective(l, now);
    LimitView {
        kind: l.kind,
        period: l.period,
        value: l.value.map(|v| shown(l.kind, v)),
        pending: l.pending.map(|p| PendingView {
            value: p.value.map(|v| shown(l.kind, v)),
            from: p.from(),
            until: p.until(),
            can_confirm: now >= p.from() && now <= p.until(),
        }),
    }
}

fn left_view(left: &[Left]) -> Vec<LeftView> {
    left.iter().map(|l| LeftView { period: l.period, limit: lira(l.limit), used: lira(l.used), left: lira(l.left) }).collect()
}

async fn read(db: &Db, player_id: i64) -> Result<Protection, AppError> {
    let now = now_ms();
    let mut conn = db.pool.acquire().await?;
    let mut limits: Vec<LimitView> = store::limits(&mut conn, player_id).await?.into_iter().map(|l| view(l, now)).collect();
    limits.sort_by_key(|l| (l.kind.as_str(), l.period));
    let left = super::gate::left_now(&mut conn, player_id, now)
        .await?
        .into_iter()
        .map(|(kind, left)| KindLeft { kind, lowest: lira(super::lowest(&left).unwrap_or(0)), periods: left_view(&left) })
        .collect();
    Ok(Protection { limits, left })
}

/// The caller's limits (with any raise waiting) and what is left of each money limit.
#[utoipa::path(get, path = "/protection", tag = "protection", responses((status = 200, body = Envelope<Protection>)), security(("bearer" = [])))]
async fn protection(State(db): State<Db>, me: CurrentPlayer) -> ApiResult<Protection> {
    Ok(Envelope::ok(read(&db, me.player_id).await?))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LimitBody {
    pub kind: String,
    /// day, week or month for deposit, loss and wager; session for session and reality.
    pub period: String,
    /// Lira for money limits, minutes for session (10 to 1440) and reality (15, 30 or 60); null
    /// removes the limit (the reality check: turns it off).
    pub value: Option<f64>,
}

fn parse_setting(kind: &str, period: &str) -> Result<(Kind, Period), AppError> {
    let kind = Kind::parse(kind).ok_or(AppError::Validation { field: "kind", key: "protection.bad_kind" })?;
    let period = Period::parse(period)
        .filter(|&p| super::fits(kind, p))
        .ok_or(AppError::Validation { field: "period", key: "protection.bad_period" })?;
    Ok((kind, period))
}

/// Sets a limit: a stricter one applies at once; a looser one (or a removal) waits 24 hours and
/// must then be confirmed within 7 days.
#[utoipa::path(post, path = "/protection/limits", tag = "protection", request_body = LimitBody,
    responses((status = 200, body = Envelope<Protection>), (status = 422, body = Envelope<FieldError>)), security(("bearer" = [])))]
async fn set_limit(State(db): State<Db>, me: CurrentPlayer, AppJson(body): AppJson<LimitBody>) -> ApiResult<Protection> {
    let (kind, period) = parse_setting(&body.kind, &body.period)?;
    let wanted = match body.value {
        None => None,
        Some(v) if kind.is_money() => {
            let k = Kurus::from_lira(v).map_err(|_| AppError::Validation { field: "value", key: "protection.bad_value" })?;
            Some(k.minor())
        }
        Some(v) if v.fract() == 0.0 => Some(v as i64),
        Some(_) => return Err(AppError::Validation { field: "value", key: "protection.bad_value" }),
    };
    if wanted.is_some_and(|v| !super::valid_value(kind, v)) {
        return Err(AppError::Validation { field: "value", key: "protection.bad_value" });
    }
    let now = now_ms();
    let mut tx = db.begin_write().await?;
    store::lock(&mut tx, me.player_id, kind).await?;
    let current = store::limits(&mut tx, me.player_id).await?.into_iter().find(|l| l.kind == kind && l.period == period).unwrap_or(Limit {
        kind,
        period,
        value: None,
        pending: None,
    });
    let current = super::effective(current, now);
    let next = super::ask(current, wanted, now);
    store::save(&mut tx, me.player_id, &next, now).await?;
    if kind == Kind::Session
        && let Some(minutes) = next.value
    {
        crate::auth::session::limit_open(&mut tx, me.player_id, minutes * 60_000).await?;
    }
    tx.commit().await?;
    let message = if next.pending.is_some() { t("protection.raise_waits") } else { t("protection.applied") };
    Ok(Envelope { success: true, message: Some(message), data: Some(read(&db, me.player_id).await?) })
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct ConfirmBody {
    pub kind: String,
    pub period: String,
}

/// Confirms a raise (or a removal) whose 24 hours are over, within 7 days of then.
#[utoipa::path(post, path = "/protection/limits/confirm", tag = "protection", request_body = ConfirmBody,
    responses((status = 200, body = Envelope<Protection>), (status = 400, body = EmptyEnvelope)), security(("bearer" = [])))]
async fn confirm_limit(State(db): State<Db>, me: CurrentPlayer, AppJson(body): AppJson<ConfirmBody>) -> ApiResult<Protection> {
    let (kind, period) = parse_setting(&body.kind, &body.period)?;
    let now = now_ms();
    let mut tx = db.begin_write().await?;
    store::lock(&mut tx, me.player_id, kind).await?;
    let current = store::limits(&mut tx, me.player_id).await?.into_iter().find(|l| l.kind == kind && l.period == period);
    let confirmed = match current.map(|l| super::confirm(l, now)) {
        Some(Ok(l)) => l,
        Some(Err(NotYet::Wait { from })) => {
            let locale = crate::i18n::Locale::current();
            return Err(AppError::Refused(t("protection.confirm_wait").replace("{from}", &super::exclusion::turkey_time(from, locale))));
        }
        Some(Err(NotYet::Lapsed)) => return Err(AppError::BadRequest("protection.confirm_lapsed")),
        Some(Err(NotYet::Nothing)) | None => return Err(AppError::BadRequest("protection.confirm_nothing")),
    };
    store::save(&mut tx, me.player_id, &confirmed, now).await?;
    tx.commit().await?;
    Ok(Envelope { success: true, message: Some(t("protection.applied")), data: Some(read(&db, me.player_id).await?) })
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct CloseBody {
    /// 24h, 7d, 1m or 6w (a time-out); 6m, 1y, 5y or permanent (a self-exclusion).
    pub term: String,
    /// The player confirms: it cannot be lifted early.
    #[serde(default)]
    pub confirm: bool,
}

/// When a closure ends.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ClosedUntil {
    /// timeout or exclusion.
    pub closure: super::Closure,
    /// Epoch ms; null: permanent.
    pub until: Option<i64>,
}

/// Takes a time-out or excludes the caller: every session ends at once (this one too), open
/// sportsbook bets on events that have not started are refunded. It cannot be lifted early.
#[utoipa::path(post, path = "/protection/close", tag = "protection", request_body = CloseBody,
    responses((status = 200, body = Envelope<ClosedUntil>), (status = 422, body = Envelope<FieldError>)), security(("bearer" = [])))]
async fn close(State(state): State<ProtectionState>, me: CurrentPlayer, AppJson(body): AppJson<CloseBody>) -> ApiResult<ClosedUntil> {
    let term = Term::parse(&body.term).ok_or(AppError::Validation { field: "term", key: "protection.bad_term" })?;
    if !body.confirm {
        return Err(AppError::Validation { field: "confirm", key: "protection.confirm_close" });
    }
    let until = super::exclusion::close(&state.db, me.player_id, term, "player", state.on_close.as_ref(), None).await?;
    let locale = crate::i18n::Locale::current();
    let message = match until {
        Some(u) => t("protection.closed_until").replace("{until}", &super::exclusion::turkey_time(u, locale)),
        None => t("protection.closed_forever"),
    };
    Ok(Envelope { success: true, message: Some(message), data: Some(ClosedUntil { closure: term.closure(), until }) })
}

/// The session's figures for the reality check and the session time limit.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SessionFigures {
    /// Epoch ms: the login.
    pub started_at: i64,
    /// Epoch ms: the session time limit ends it then (null: no limit).
    pub ends_at: Option<i64>,
    /// Minutes between reality checks (null: off).
    pub reality_minutes: Option<i64>,
    /// Lira staked since the login (rolled-back stakes not counted).
    pub staked: f64,
    /// Lira won since the login.
    pub won: f64,
    /// Won less staked.
    pub net: f64,
}

/// The figures of the caller's session since login: time, stakes, wins, the session's end.
#[utoipa::path(get, path = "/protection/session", tag = "protection", responses((status = 200, body = Envelope<SessionFigures>)), security(("bearer" = [])))]
async fn session_figures(State(db): State<Db>, me: CurrentPlayer) -> ApiResult<SessionFigures> {
    let now = now_ms();
    let mut conn = db.pool.acquire().await?;
    let (started_at, ends_at) = crate::auth::session::times(&mut conn, me.session_id).await?;
    let (staked, won) = store::since(&mut conn, me.player_id, started_at).await?;
    let reality = store::limits(&mut conn, me.player_id)
        .await?
        .into_iter()
        .find(|l| l.kind == Kind::Reality)
        .and_then(|l| super::effective(l, now).value);
    Ok(Envelope::ok(SessionFigures {
        started_at,
        ends_at,
        reality_minutes: reality,
        staked: lira(staked),
        won: lira(won),
        net: lira(won - staked),
    }))
}
