//! Game History: `GET casino/history?from=&to=&skip=&take=`, the player's rounds (every provider's)
//! newest first, with the game, the provider, the bet, the win, the result (the spec's Win 1 /
//! Bet 2), the time and the round id; days as Financial Activities takes them (YYYY-MM-DD, UTC,
//! both included). Each round also reads in words, in the request's language (issue 30): a
//! sportsbook coupon as "Sportsbook · combo of 3" with its state, a round without a win as such.

use axum::extract::State;
use serde::Serialize;
use sqlx::Row;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::CurrentPlayer;
use crate::db::{Db, iso_utc};
use crate::error::{ApiResult, Envelope, FieldError};
use crate::http::history::{Days, History, HistoryParams, Paging};
use crate::i18n::Locale;
use crate::money::Kurus;

pub fn router<S>() -> OpenApiRouter<S>
where
    Db: axum::extract::FromRef<S>,
    S: Clone + Send + Sync + 'static,
{
    OpenApiRouter::new().routes(routes!(history))
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
    /// The round in words, in the request's language: "Won", "No win", "Open", "Refunded"; for a
    /// sportsbook coupon "Won", "Lost", "Cashed out", "Void", "Open".
    pub outcome: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct RoundPage {
    pub items: Vec<Round>,
    /// How many match the filter in all.
    pub total: i64,
}

/// The caller's game rounds, newest first.
#[utoipa::path(get, path = "/casino/history", tag = "casino", params(HistoryParams),
    responses((status = 200, body = Envelope<RoundPage>), (status = 422, description = "A date is not YYYY-MM-DD", body = Envelope<FieldError>)),
    security(("bearer" = [])))]
async fn history(State(db): State<Db>, me: CurrentPlayer, History { days, page }: History) -> ApiResult<RoundPage> {
    let (items, total) = of_player(&db, me.player_id, days, page, Locale::current()).await?;
    Ok(Envelope::ok(RoundPage { items, total }))
}

/// A sportsbook coupon behind a round: its kind (the slip's JSON), legs and state.
struct Coupon {
    kind: String,
    legs: i64,
    state: String,
}

/// The coupon in words: "Sportsbook · combo of 3".
fn coupon_name(c: &Coupon, locale: Locale) -> String {
    let text = |key: &str| crate::i18n::text(key, locale);
    let kind: serde_json::Value = serde_json::from_str(&c.kind).unwrap_or_default();
    let what = match (kind["kind"].as_str(), kind["size"].as_i64(), kind["cover"].as_str()) {
        (Some("single"), ..) => text("history.single"),
        (Some("system"), Some(size), _) => text("history.system").replace("{size}", &size.to_string()).replace("{n}", &c.legs.to_string()),
        (Some("cover"), _, Some(cover)) => text(&format!("history.cover_{cover}")),
        _ => text("history.combo").replace("{n}", &c.legs.to_string()),
    };
    format!("{} · {what}", text("history.sportsbook"))
}

/// What a round came to, in words.
fn outcome(status: &str, win: i64, coupon: Option<&Coupon>, locale: Locale) -> String {
    let key = match (coupon.map(|c| c.state.as_str()), status) {
        (Some("open" | "pending"), _) => "history.open",
        (Some("won"), _) => "history.won",
        (Some("lost"), _) => "history.lost",
        (Some("cashed_out"), _) => "history.cashed_out",
        (Some("void" | "cancelled"), _) | (None, "rolled_back") => "history.refunded",
        (None, "open") => "history.open",
        _ if win > 0 => "history.won",
        _ => "history.no_win",
    };
    crate::i18n::text(key, locale)
}

/// A player's rounds created on `days`, newest first (one page of them), and how many there are.
/// A sportsbook round (`sb-<bet id>`) is read with its coupon, for its words.
pub async fn of_player(db: &Db, player_id: i64, days: Days, page: Paging, locale: Locale) -> Result<(Vec<Round>, i64), sqlx::Error> {
    let rows = sqlx::query(
        "SELECT r.round_id, r.game_code, g.name, g.names, p.name, r.provider, r.bets, r.wins, r.created_at, r.status, \
                b.kind, (SELECT COUNT(*) FROM sb_legs l WHERE l.bet_id = b.id), b.state \
         FROM rounds r LEFT JOIN providers p ON p.code = r.provider LEFT JOIN games g ON g.provider_id = p.id AND g.code = r.game_code \
         LEFT JOIN sb_bets b ON r.provider = $6 AND r.round_id = 'sb-' || CAST(b.id AS TEXT) AND b.player_id = r.player_id \
         WHERE r.player_id = $1 AND r.created_at >= $2 AND r.created_at < $3 ORDER BY r.created_at DESC, r.id DESC LIMIT $4 OFFSET $5",
    )
    .bind(player_id)
    .bind(days.from)
    .bind(days.to)
    .bind(page.take)
    .bind(page.skip)
    .bind(crate::rounds::SPORTSBOOK)
    .fetch_all(&db.pool)
    .await?;
    let total: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM rounds WHERE player_id = $1 AND created_at >= $2 AND created_at < $3")
        .bind(player_id)
        .bind(days.from)
        .bind(days.to)
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
            let (bet, win): (i64, i64) = (r.try_get(6)?, r.try_get(7)?);
            let status: String = r.try_get(9)?;
            let coupon = match r.try_get::<Option<String>, _>(10)? {
                Some(kind) => Some(Coupon { kind, legs: r.try_get(11)?, state: r.try_get(12)? }),
                None => None,
            };
            let (game_name, provider_name) = match &coupon {
                Some(c) => (coupon_name(c, locale), crate::i18n::text("history.sportsbook", locale)),
                None => (
                    localized.or(name).unwrap_or_else(|| code.clone()),
                    provider_name
                        .or_else(|| super::provider::provider(&provider).map(|p| p.name().to_string()))
                        .unwrap_or_else(|| provider.clone()),
                ),
            };
            Ok(Round {
                round_id: r.try_get(0)?,
                game_name,
                game_code: code,
                provider_name,
                bet: lira(bet),
                win: lira(win),
                result: if win > 0 { 1 } else { 2 },
                created_at: iso_utc(r.try_get(8)?),
                outcome: outcome(&status, win, coupon.as_ref(), locale),
                status,
            })
        })
        .collect::<Result<Vec<_>, sqlx::Error>>()?;
    Ok((items, total))
}
