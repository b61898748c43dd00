//! Handlers of the catalogue: `casino/categorygames`, `casino/games`, `casino/togglefavorite`,
//! `casino/favorites` and `casino/lobby`.
//!
//! The listing calls need no session; with one, each game says whether it is the player's favourite
//! (an ended or unknown token is read as no session there, never a 401). As the spec says, a failed
//! `casino/categorygames` or `casino/games` gives an empty list: a body that is JSON but not of the
//! call's shape, unknown categories, or a failing database all answer `success: true` with no games
//! (a body that is not JSON at all is the usual 400 of every call).
//!
//! The listings read the catalogue in memory ([`super::lobby`]), fresh as of the last import.

use std::collections::BTreeMap;
use std::sync::Arc;

use axum::extract::{FromRef, FromRequestParts, Query, State};
use axum::http::request::Parts;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::lobby::{CatalogueCache, Filter, Sort};
use super::search;
use super::store::{self, GameRow};
use crate::auth::CurrentPlayer;
use crate::auth::session::{bearer, lookup};
use crate::db::{Db, now_ms};
use crate::error::{ApiResult, AppError, AppJson, EmptyEnvelope, Envelope, FieldError};
use crate::i18n::{RequestLocale, t};

/// What the catalogue's calls need: the database and this node's catalogue in memory.
#[derive(Debug, Clone)]
pub struct CasinoState {
    pub db: Db,
    pub catalogue: Arc<CatalogueCache>,
}

impl CasinoState {
    pub fn new(db: Db) -> CasinoState {
        CasinoState { catalogue: Arc::new(CatalogueCache::new(db.clone())), db }
    }
}

impl FromRef<CasinoState> for Db {
    fn from_ref(s: &CasinoState) -> Db {
        s.db.clone()
    }
}

pub fn router() -> OpenApiRouter<CasinoState> {
    OpenApiRouter::new()
        .routes(routes!(category_games))
        .routes(routes!(games))
        .routes(routes!(toggle_favorite))
        .routes(routes!(favorites))
        .routes(routes!(lobby))
}

/// A game is new this long after it was added.
const NEW_FOR_MS: i64 = 30 * 86_400_000;
/// At most this many games in one lobby page.
pub const MAX_TAKE: i64 = 100;
/// At most this many games from `casino/categorygames`.
pub const MAX_LIST: i64 = 500;
/// At most this many games from `casino/games` (the header's search, the side menu's Aviator).
pub const MAX_SEARCH: usize = 100;
/// At most this many favourites.
const MAX_FAVORITES: i64 = 500;

/// The caller when a live session token came with the request; nobody otherwise (an unknown or
/// ended token included: the listing calls answer anyone).
pub struct MaybePlayer(pub Option<CurrentPlayer>);

impl<S> FromRequestParts<S> for MaybePlayer
where
    Db: FromRef<S>,
    S: Send + Sync,
{
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let Some(token) = bearer(parts) else { return Ok(MaybePlayer(None)) };
        Ok(MaybePlayer(lookup(&Db::from_ref(state), token).await.ok().flatten()))
    }
}

/// A game of the catalogue.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Game {
    pub id: i64,
    /// The provider's code of the game (with `mainProviderId`, what `casino/togglefavorite` and the
    /// launch calls take).
    pub game_code: String,
    /// In the request's language when the game has a name in it.
    pub name: String,
    pub provider_name: String,
    /// The provider's id.
    pub main_provider_id: i64,
    /// The casino categories (ids) the game is in.
    pub system_category: Vec<i64>,
    pub image_url: String,
    pub is_live: bool,
    /// Added within the last 30 days.
    pub is_new: bool,
    /// The caller's favourite (always false without a session).
    pub is_favorite: bool,
    /// desktop and/or mobile.
    pub platforms: Vec<String>,
    /// Higher is more played; the lobby's popular order.
    pub popularity: i64,
    /// A SoftGamings game's system (what `casino/softgamingslaunchurl` takes with its code).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub system: Option<String>,
    /// An EveryMatrix game's product id (what `casino/emlaunchurl` takes with its code).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub product_id: Option<String>,
}

fn to_game(g: GameRow, locale: &str, now: i64) -> Game {
    let (system, product_id) = (g.extra_text("system"), g.extra_text("productId"));
    Game {
        id: g.id,
        name: g.name_in(locale).to_string(),
        game_code: g.code,
        provider_name: g.provider_name,
        main_provider_id: g.provider_id,
        system_category: g.categories,
        image_url: g.image_url,
        is_live: g.is_live,
        is_new: now - g.added_at < NEW_FOR_MS,
        is_favorite: g.favorite,
        platforms: g.platforms,
        popularity: g.popularity,
        system,
        product_id,
    }
}

/// The games as the app gets them, with the caller's favourites marked (one query).
async fn finish(db: &Db, mut rows: Vec<GameRow>, me: Option<CurrentPlayer>, locale: &str) -> Result<Vec<Game>, AppError> {
    if let Some(me) = me {
        let ids: Vec<i64> = rows.iter().map(|g| g.id).collect();
        let favorites = store::favorite_flags(db, me.player_id, &ids).await?;
        for g in &mut rows {
            g.favorite = favorites.contains(&g.id);
        }
    }
    let now = now_ms();
    Ok(rows.into_iter().map(|g| to_game(g, locale, now)).collect())
}

/// An empty list for a failed listing call (the spec's "failure gives an empty list"), logged.
fn empty_on_failure<T: Serialize>(what: &str, result: Result<Vec<T>, AppError>) -> Envelope<Vec<T>> {
    match result {
        Ok(list) => Envelope::ok(list),
        Err(e) => {
            tracing::warn!(error = %e, "{what} failed: answering an empty list");
            Envelope::ok(Vec::new())
        }
    }
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CategoryGamesBody {
    /// Casino category ids: the games in any of them.
    pub system_category: Vec<i64>,
    /// How many games at most: 200 when missing, at most 500 (most popular first).
    #[serde(default)]
    pub take: Option<i64>,
}

/// The games of casino categories, most popular first. A failure (a body not of this shape, the
/// database) gives an empty list.
#[utoipa::path(post, path = "/casino/categorygames", tag = "casino", request_body = CategoryGamesBody,
    responses((status = 200, body = Envelope<Vec<Game>>)))]
async fn category_games(
    State(state): State<CasinoState>,
    MaybePlayer(me): MaybePlayer,
    RequestLocale(locale): RequestLocale,
    AppJson(body): AppJson<serde_json::Value>,
) -> Envelope<Vec<Game>> {
    let result = async {
        let body: CategoryGamesBody = serde_json::from_value(body).map_err(|_| AppError::BadRequest("error.bad_json"))?;
        let filter = Filter { categories: Some(body.system_category.into_iter().take(100).collect()), ..Filter::default() };
        let take = body.take.unwrap_or(200).clamp(1, MAX_LIST) as usize;
        let page = state.catalogue.get().await?.list(&filter, Sort::Popular, 0, take);
        finish(&state.db, page.items, me, &locale).await
    }
    .await;
    empty_on_failure("casino/categorygames", result)
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GamesBody {
    /// Words of the game's name, in any case and with or without Turkish letters ("isik" finds
    /// "Işık"); all games when empty.
    #[serde(default)]
    pub search: Option<String>,
    /// Live games only (true) or no live games (false); both when missing.
    #[serde(default)]
    pub live: Option<bool>,
    /// The same as `live` (the spec's game search params name it so); `live` wins when both come.
    #[serde(default)]
    pub is_live: Option<bool>,
}

/// Game search (the header's search, the side menu's Aviator): the matching games, most popular
/// first, at most 100, as one list per provider (providers in the order of their most popular
/// match). A failure gives an empty list.
#[utoipa::path(post, path = "/casino/games", tag = "casino", request_body = GamesBody,
    responses((status = 200, body = Envelope<Vec<Vec<Game>>>)))]
async fn games(
    State(state): State<CasinoState>,
    MaybePlayer(me): MaybePlayer,
    RequestLocale(locale): RequestLocale,
    AppJson(body): AppJson<serde_json::Value>,
) -> Envelope<Vec<Vec<Game>>> {
    let result = async {
        let body: GamesBody = serde_json::from_value(body).map_err(|_| AppError::BadRequest("error.bad_json"))?;
        let filter =
            Filter { live: body.live.or(body.is_live), words: search::words(body.search.as_deref().unwrap_or("")), ..Filter::default() };
        let page = state.catalogue.get().await?.list(&filter, Sort::Popular, 0, MAX_SEARCH);
        let games = finish(&state.db, page.items, me, &locale).await?;
        let mut lists: Vec<Vec<Game>> = Vec::new();
        let mut at: BTreeMap<i64, usize> = BTreeMap::new();
        for g in games {
            let i = *at.entry(g.main_provider_id).or_insert_with(|| {
                lists.push(Vec::new());
                lists.len() - 1
            });
            lists[i].push(g);
        }
        Ok(lists)
    }
    .await;
    empty_on_failure("casino/games", result)
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ToggleBody {
    /// The game's code (`gameCode`).
    pub code: String,
    /// The game's provider (`mainProviderId`).
    pub provider_id: i64,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Toggled {
    /// Whether the game is a favourite now: true when added (the message is a success), false when
    /// it was one and was removed (the message is a warning).
    pub favorite: bool,
    pub game_id: i64,
}

/// Marks a game as the caller's favourite, or, when it is one already, removes it (the spec's
/// favourite toggle). The message says which; `data.favorite` tells the app to show it as a success
/// (added) or a warning (removed).
#[utoipa::path(post, path = "/casino/togglefavorite", tag = "casino", request_body = ToggleBody,
    responses((status = 200, body = Envelope<Toggled>),
        (status = 400, description = "The body is not JSON of the call's shape, or there is no such game", body = EmptyEnvelope)),
    security(("bearer" = [])))]
async fn toggle_favorite(
    State(db): State<Db>,
    me: CurrentPlayer,
    RequestLocale(locale): RequestLocale,
    AppJson(body): AppJson<ToggleBody>,
) -> ApiResult<Toggled> {
    let code = body.code.trim();
    let game = store::game_by_code(&db, body.provider_id, code).await?.ok_or(AppError::BadRequest("casino.unknown_game"))?;
    let mut tx = db.begin_write().await?;
    let favorite = store::toggle_favorite(&mut tx, me.player_id, game.id, now_ms()).await?;
    tx.commit().await?;
    let message = t(if favorite { "casino.favorite_added" } else { "casino.favorite_removed" }).replace("{name}", game.name_in(&locale));
    Ok(Envelope::ok_with_message(Toggled { favorite, game_id: game.id }, message))
}

/// The caller's favourite games, the newest favourite first (not in the spec).
#[utoipa::path(get, path = "/casino/favorites", tag = "casino",
    responses((status = 200, body = Envelope<Vec<Game>>)),
    security(("bearer" = [])))]
async fn favorites(State(state): State<CasinoState>, me: CurrentPlayer, RequestLocale(locale): RequestLocale) -> ApiResult<Vec<Game>> {
    let ids = store::favorite_ids(&state.db, me.player_id, MAX_FAVORITES).await?;
    let mut rows = state.catalogue.get().await?.games(&ids);
    for g in &mut rows {
        g.favorite = true;
    }
    Ok(Envelope::ok(rows.into_iter().map(|g| to_game(g, &locale, now_ms())).collect()))
}

#[derive(Debug, Deserialize, IntoParams)]
pub struct LobbyQuery {
    /// A casino category's id (a lobby tab), or a lobby page's slug: `slot`, `live`, `bingo` (also
    /// `popular-games`, its route), `games` or `tvbets`: the games of every category showing on
    /// that page. `live` and `slot` imply `live=true` and `live=false` unless `live` is given.
    /// All games when missing; none for an unknown one.
    pub category: Option<String>,
    /// A provider's id (`mainProviderId`) or code.
    pub provider: Option<String>,
    /// Words of the game's name, Turkish case and accents ignored.
    pub search: Option<String>,
    /// `popular` (default) or `new`.
    pub sort: Option<String>,
    /// `true`: live games only; `false`: no live games.
    pub live: Option<String>,
    /// Games to skip (0 when missing).
    pub skip: Option<String>,
    /// Games in the page: 40 when missing, at most 100.
    pub take: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProviderFacet {
    pub id: i64,
    pub name: String,
    pub logo: String,
    /// How many games match the other filters.
    pub count: i64,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LobbyPage {
    pub items: Vec<Game>,
    /// How many games match the filters in all.
    pub total: i64,
    /// The providers with games matching every filter but the provider's, in the providers' order.
    pub providers: Vec<ProviderFacet>,
}

fn number(raw: Option<&str>, field: &'static str) -> Result<Option<i64>, AppError> {
    raw.map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|s| s.parse::<i64>().map_err(|_| AppError::Validation { field, key: "casino.bad_number" }))
        .transpose()
}

fn flag(raw: Option<&str>) -> Result<Option<bool>, AppError> {
    match raw.map(|s| s.trim().to_ascii_lowercase()).as_deref() {
        None | Some("") => Ok(None),
        Some("true" | "1") => Ok(Some(true)),
        Some("false" | "0") => Ok(Some(false)),
        Some(_) => Err(AppError::Validation { field: "live", key: "casino.bad_live" }),
    }
}

/// The lobby (not in the spec): a page of games with filters, the total and the providers facet.
/// Anyone may call it; with a session the favourites are marked.
#[utoipa::path(get, path = "/casino/lobby", tag = "casino", params(LobbyQuery),
    responses((status = 200, body = Envelope<LobbyPage>), (status = 422, description = "A parameter is not of its kind", body = Envelope<FieldError>)))]
async fn lobby(
    State(state): State<CasinoState>,
    MaybePlayer(me): MaybePlayer,
    RequestLocale(locale): RequestLocale,
    Query(q): Query<LobbyQuery>,
) -> ApiResult<LobbyPage> {
    let sort = match q.sort.as_deref().map(str::trim) {
        None | Some("" | "popular") => Sort::Popular,
        Some("new") => Sort::New,
        Some(_) => return Err(AppError::Validation { field: "sort", key: "casino.bad_sort" }),
    };
    let skip = number(q.skip.as_deref(), "skip")?.unwrap_or(0).clamp(0, 1_000_000);
    let take = number(q.take.as_deref(), "take")?.unwrap_or(40).clamp(1, MAX_TAKE);
    let mut filter =
        Filter { live: flag(q.live.as_deref())?, words: search::words(q.search.as_deref().unwrap_or("")), ..Filter::default() };
    let catalogue = state.catalogue.get().await?;
    if let Some(category) = q.category.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
        filter.categories = Some(match category.parse::<i64>() {
            Ok(id) => vec![id],
            Err(_) => {
                let slug = if category == "popular-games" { "bingo" } else { category };
                match slug {
                    "live" => filter.live = filter.live.or(Some(true)),
                    "slot" => filter.live = filter.live.or(Some(false)),
                    _ => {}
                }
                // The page's "All": the categories marked `{page}:all` when there are any (the
                // slots page lists slots, not its crash and table tabs), else all of its tabs.
                let all = catalogue.categories_of_page(&format!("{slug}:all"));
                if all.is_empty() { catalogue.categories_of_page(slug) } else { all }
            }
        });
    }
    if let Some(provider) = q.provider.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
        filter.provider = Some(provider.parse::<i64>().ok().or_else(|| catalogue.provider_id(provider)).unwrap_or(0));
    }
    let page = catalogue.list(&filter, sort, skip as usize, take as usize);
    let items = finish(&state.db, page.items, me, &locale).await?;
    let providers = page.facet.into_iter().map(|(p, count)| ProviderFacet { id: p.id, name: p.name, logo: p.logo, count }).collect();
    let total = page.total;
    Ok(Envelope::ok(LobbyPage { items, total, providers }))
}
