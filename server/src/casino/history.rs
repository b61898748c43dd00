//! Game History: `GET casino/history?from=&to=&skip=&take=`, the player's rounds (every provider's)
//! newest first, with the game, the provider, the bet, the win, the result (the spec's Win 1 /
//! Bet 2), the time and the round id; days as Financial Activities takes them (YYYY-MM-DD, UTC,
//! both included).

use axum::extract::{Query, State};
use serde::{Deserialize, Serialize};
use sqlx::Row;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::CurrentPlayer;
use crate::db::{Db, iso_utc};
use crate::error::{ApiResult, AppError, Envelope, FieldError};
use crate::i18n::Locale;
use crate::money::Kurus;
use crate::time::Date;

pub fn router<S>() -> OpenApiRouter<S>
where
    Db: axum::extract::FromRef<S>,
    S: Clone + Send + Sync + 'static,
{
    OpenApiRouter::new().routes(routes!(history))
}

#[derive(Debug, Deserialize, IntoParams)]
pub struct HistoryQuery {
    /// First day, YYYY-MM-DD (UTC), included.
    pub from: Option<String>,
    /// Last day, YYYY-MM-DD (UTC), included.
    pub to: Option<String>,
    #[serde(default)]
    pub skip: i64,
    /// 20 when missing, at most 100.
    pub take: Option<i64>,
}

/// A game round in Game History.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Round {
    pub round_id: String,
    pub game_code: String,
    /// In the request's language when the catalogue has it; the code when the catalogue does not list the game.
    pub game_name: String,
    pub provider_name: String,
    /// Lira.
    pub bet: f64,
    /// Lira.
    pub win: f64,
    /// Result: Win 1 (the round won something), Bet 2.
    pub result: i64,
    /// UTC, ISO 8601.
    pub created_at: String,
    /// open, settled or rolled_back.
    pub status: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct RoundPage {
    pub items: Vec<Round>,
    /// How many match the filter in all.
    pub total: i64,
}

/// A day's first millisecond (UTC).
fn day(raw: Option<&str>, field: &'static str) -> Result<Option<i64>, AppError> {
    raw.filter(|s| !s.trim().is_empty())
        .map(|s| Date::parse_iso(s.trim()).map(|d| d.days() * 86_400_000).ok_or(AppError::Validation { field, key: "payments.bad_date" }))
        .transpose()
}

/// The caller's game rounds, newest first.
#[utoipa::path(get, path = "/casino/history", tag = "casino", params(HistoryQuery),
    responses((status = 200, body = Envelope<RoundPage>), (status = 422, description = "A date is not YYYY-MM-DD", body = Envelope<FieldError>)),
    security(("bearer" = [])))]
async fn history(State(db): State<Db>, me: CurrentPlayer, Query(q): Query<HistoryQuery>) -> ApiResult<RoundPage> {
    let from = day(q.from.as_deref(), "from")?.unwrap_or(i64::MIN);
    let to = day(q.to.as_deref(), "to")?.map(|t| t + 86_400_000).unwrap_or(i64::MAX);
    let (items, total) =
        of_player(&db, me.player_id, from, to, q.skip.max(0), q.take.unwrap_or(20).clamp(1, 100), Locale::current()).await?;
    Ok(Envelope::ok(RoundPage { items, total }))
}

/// A player's rounds created in `[from, to)` (epoch ms), newest first, and how many there are.
pub async fn of_player(
    db: &Db,
    player_id: i64,
    from: i64,
    to: i64,
    skip: i64,
    take: i64,
    locale: Locale,
) -> Result<(Vec<Round>, i64), sqlx::Error> {
    let rows = sqlx::query(
        "SELECT r.round_id, r.game_code, g.name, g.names, p.name, r.provider, r.bets, r.wins, r.created_at, r.status \
         FROM rounds r LEFT JOIN providers p ON p.code = r.provider LEFT JOIN games g ON g.provider_id = p.id AND g.code = r.game_code \
         WHERE r.player_id = $1 AND r.created_at >= $2 AND r.created_at < $3 ORDER BY r.created_at DESC, r.id DESC LIMIT $4 OFFSET $5",
    )
    .bind(player_id)
    .bind(from)
    .bind(to)
    .bind(take)
    .bind(skip)
    .fetch_all(&db.pool)
    .await?;
    let total: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM rounds WHERE player_id = $1 AND created_at >= $2 AND created_at < $3")
        .bind(player_id)
        .bind(from)
        .bind(to)
        .fetch_one(&db.pool)
        .await?;
    let lira = |minor: i64| Kurus::from_minor(minor).map(Kurus::to_lira).unwrap_or(0.0);
    let items = rows
        .iter()
        .map(|r| {
            let code: String = r.try_get(1)?;
            let names: Option<String> = r.try_get(3)?;
            let localized = names
                .and_then(|n| serde_json::from_str::<std::collections::BTreeMap<String, String>>(&n).ok())
                .and_then(|n| n.get(locale.code()).cloned());
            let name: Option<String> = r.try_get(2)?;
            let provider: String = r.try_get(5)?;
            let provider_name: Option<String> = r.try_get(4)?;
            let provider_name = provider_name
                .or_else(|| super::provider::provider(&provider).map(|p| p.name().to_string()))
                .unwrap_or_else(|| provider.clone());
            let (bet, win): (i64, i64) = (r.try_get(6)?, r.try_get(7)?);
            Ok(Round {
                round_id: r.try_get(0)?,
                game_name: localized.or(name).unwrap_or_else(|| code.clone()),
                game_code: code,
                provider_name,
                bet: lira(bet),
                win: lira(win),
                result: if win > 0 { 1 } else { 2 },
                created_at: iso_utc(r.try_get(8)?),
                status: r.try_get(9)?,
            })
        })
        .collect::<Result<Vec<_>, sqlx::Error>>()?;
    Ok((items, total))
}
