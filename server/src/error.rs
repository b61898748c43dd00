//! The one error type of the API and the spec's response envelope `{success, message, data}`.

use axum::Json;
use axum::extract::FromRequest;
use axum::extract::rejection::JsonRejection;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use utoipa::ToSchema;

use crate::i18n;

/// The body of every `/api/` response.
#[derive(Debug, Serialize, ToSchema)]
pub struct Envelope<T> {
    pub success: bool,
    pub message: Option<String>,
    pub data: Option<T>,
}

impl<T: Serialize> Envelope<T> {
    pub fn ok(data: T) -> Self {
        Envelope { success: true, message: None, data: Some(data) }
    }

    pub fn ok_with_message(data: T, message: String) -> Self {
        Envelope { success: true, message: Some(message), data: Some(data) }
    }
}

impl<T: Serialize> IntoResponse for Envelope<T> {
    fn into_response(self) -> Response {
        Json(self).into_response()
    }
}

/// An envelope without data (`data: null`), as documented in the OpenAPI document.
#[derive(Debug, Serialize, ToSchema)]
pub struct EmptyEnvelope {
    pub success: bool,
    pub message: Option<String>,
    #[schema(value_type = Option<Object>)]
    pub data: Option<()>,
}

/// What a handler answers: an envelope with data, or an error rendered as one.
pub type ApiResult<T> = Result<Envelope<T>, AppError>;

/// Every way a call can fail. Messages are keys of the server catalogue (`locales/`), rendered in
/// the request's language; field errors name the field they are about.
#[derive(Debug, thiserror::Error)]
pub enum AppError {
    #[error("validation failed: {field}")]
    Validation { field: &'static str, key: &'static str },
    /// A field described by data (a payment method's field): its key and the message already
    /// rendered in the request's language, naming it.
    #[error("invalid field: {field}")]
    Field { field: String, message: String },
    #[error("bad request: {0}")]
    BadRequest(&'static str),
    /// A refusal whose message is rendered already in the request's language (it names an amount
    /// or a provider).
    #[error("refused: {0}")]
    Refused(String),
    #[error("not found: {0}")]
    NotFound(&'static str),
    /// An area's refusal (a bet, a spin, a crash bet, a game session) with a status of its own and
    /// what it carries in `data` (the prices now, the balance), if anything.
    #[error("refused ({status}): {key}")]
    Refusal { status: StatusCode, key: &'static str, data: Option<serde_json::Value> },
    /// A refusal with its status, its message rendered already (it names a date or an amount) and
    /// what it carries in `data`.
    #[error("refused ({status}): {message}")]
    Told { status: StatusCode, message: String, data: Option<serde_json::Value> },
    #[error("conflict: {0}")]
    Conflict(&'static str),
    /// A unique value (username, e-mail, phone, ID number) another player already has.
    #[error("taken: {field}")]
    Taken { field: &'static str, key: &'static str },
    #[error("unauthorized")]
    Unauthorized,
    #[error("method not allowed")]
    MethodNotAllowed,
    #[error("too many requests: {0}")]
    TooManyRequests(&'static str),
    /// Password hashing is saturated: come back in a moment.
    #[error("busy")]
    Busy,
    #[error("request body too large")]
    PayloadTooLarge,
    #[error("unsupported content type")]
    UnsupportedMediaType,
    /// The request (headers, body and handler) took longer than the configured time.
    #[error("request timed out")]
    Timeout,
    #[error(transparent)]
    Database(#[from] sqlx::Error),
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

impl AppError {
    pub fn status(&self) -> StatusCode {
        match self {
            AppError::Refusal { status, .. } | AppError::Told { status, .. } => *status,
            AppError::Validation { .. } | AppError::Field { .. } => StatusCode::UNPROCESSABLE_ENTITY,
            AppError::BadRequest(_) | AppError::Refused(_) => StatusCode::BAD_REQUEST,
            AppError::NotFound(_) => StatusCode::NOT_FOUND,
            AppError::Conflict(_) | AppError::Taken { .. } => StatusCode::CONFLICT,
            AppError::Unauthorized => StatusCode::UNAUTHORIZED,
            AppError::MethodNotAllowed => StatusCode::METHOD_NOT_ALLOWED,
            AppError::TooManyRequests(_) => StatusCode::TOO_MANY_REQUESTS,
            AppError::Busy => StatusCode::SERVICE_UNAVAILABLE,
            AppError::PayloadTooLarge => StatusCode::PAYLOAD_TOO_LARGE,
            AppError::UnsupportedMediaType => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            AppError::Timeout => StatusCode::REQUEST_TIMEOUT,
            AppError::Database(_) | AppError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    fn message_key(&self) -> &'static str {
        match self {
            AppError::Validation { key, .. } | AppError::Taken { key, .. } | AppError::Refusal { key, .. } => key,
            AppError::Field { .. } | AppError::Refused(_) | AppError::Told { .. } => "error.bad_json",
            AppError::BadRequest(k) | AppError::NotFound(k) | AppError::Conflict(k) | AppError::TooManyRequests(k) => k,
            AppError::Unauthorized => "error.unauthorized",
            AppError::MethodNotAllowed => "error.method_not_allowed",
            AppError::Busy => "error.busy",
            AppError::PayloadTooLarge => "error.too_large",
            AppError::UnsupportedMediaType => "error.unsupported_type",
            AppError::Timeout => "error.timeout",
            AppError::Database(_) | AppError::Internal(_) => "error.internal",
        }
    }
}

/// The data of a field error: which field failed, so the app can point at it.
#[derive(Debug, Serialize, ToSchema)]
pub struct FieldError {
    pub field: &'static str,
}

impl IntoResponse for AppError {
    fn into_response(self) -> Response {
        let status = self.status();
        if status.is_server_error() && !matches!(self, AppError::Refusal { .. } | AppError::Told { .. }) {
            // Details go to the log only; the player gets a generic message (a refusal is an answer).
            tracing::error!(error = %self, "request failed");
        }
        let message = Some(match &self {
            AppError::Field { message, .. } | AppError::Refused(message) | AppError::Told { message, .. } => message.clone(),
            other => i18n::t(other.message_key()),
        });
        let body = match self {
            AppError::Refusal { data, .. } | AppError::Told { data, .. } => {
                serde_json::to_value(Envelope { success: false, message, data })
            }
            AppError::Field { field, .. } => {
                serde_json::to_value(Envelope { success: false, message, data: Some(serde_json::json!({ "field": field })) })
            }
            AppError::Validation { field, .. } | AppError::Taken { field, .. } => {
                serde_json::to_value(Envelope { success: false, message, data: Some(FieldError { field }) })
            }
            _ => serde_json::to_value(Envelope::<()> { success: false, message, data: None }),
        }
        .unwrap_or_default();
        (status, Json(body)).into_response()
    }
}

/// A JSON body extractor whose rejection is an [`AppError`] (so a malformed body gets the envelope).
#[derive(FromRequest)]
#[from_request(via(Json), rejection(AppError))]
pub struct AppJson<T>(pub T);

impl From<JsonRejection> for AppError {
    fn from(rejection: JsonRejection) -> Self {
        tracing::debug!(%rejection, "rejected JSON body");
        match rejection.status() {
            StatusCode::PAYLOAD_TOO_LARGE => AppError::PayloadTooLarge,
            StatusCode::UNSUPPORTED_MEDIA_TYPE => AppError::UnsupportedMediaType,
            _ => AppError::BadRequest("error.bad_json"),
        }
    }
}
