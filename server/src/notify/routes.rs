//! Handlers of `customer/notification` and `customer/readnotification`.

use axum::extract::State;
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::{Notification, store};
use crate::auth::CurrentPlayer;
use crate::db::Db;
use crate::error::{ApiResult, AppError, AppJson, EmptyEnvelope, Envelope, FieldError};
use crate::http::history::PageBody;
use crate::i18n::t;

pub fn router() -> OpenApiRouter<Db> {
    OpenApiRouter::new().routes(routes!(notifications)).routes(routes!(read_notification))
}

/// The player's notifications (own and broadcast), newest first.
#[utoipa::path(post, path = "/customer/notification", tag = "notifications", request_body = PageBody,
    responses((status = 200, body = Envelope<Vec<Notification>>)), security(("bearer" = [])))]
async fn notifications(State(db): State<Db>, me: CurrentPlayer, AppJson(body): AppJson<PageBody>) -> ApiResult<Vec<Notification>> {
    Ok(Envelope::ok(store::list(&db, me.player_id, body.paging(100), crate::i18n::Locale::current().code()).await?))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct ReadBody {
    #[serde(default)]
    pub id: Vec<i64>,
}

/// Marks the caller's notifications read; another player's id changes nothing and is refused.
#[utoipa::path(post, path = "/customer/readnotification", tag = "notifications", request_body = ReadBody,
    responses((status = 200, body = EmptyEnvelope), (status = 404, body = EmptyEnvelope), (status = 422, body = Envelope<FieldError>)),
    security(("bearer" = [])))]
async fn read_notification(State(db): State<Db>, me: CurrentPlayer, AppJson(body): AppJson<ReadBody>) -> ApiResult<()> {
    if body.id.is_empty() || body.id.len() > 100 {
        return Err(AppError::Validation { field: "id", key: "notify.ids" });
    }
    let (_, refused) = store::mark_read(&db, me.player_id, &body.id).await?;
    if !refused.is_empty() {
        return Err(AppError::NotFound("notify.not_yours"));
    }
    Ok(Envelope { success: true, message: Some(t("notify.read")), data: None })
}
