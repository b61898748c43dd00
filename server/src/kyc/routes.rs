//! Handlers of `kyc` and `kyc/documents`: where the player's identity checks stand, and an upload.

use std::sync::Arc;

use axum::extract::{DefaultBodyLimit, FromRef, Multipart, State};
use axum::http::StatusCode;
use serde::Serialize;
use sha2::{Digest, Sha256};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::files::DocumentStore;
use super::{CheckState, DocKind, MAX_BYTES, Rules, check, store};
use crate::auth::CurrentPlayer;
use crate::db::{Db, now_ms};
use crate::error::{ApiResult, AppError, EmptyEnvelope, Envelope, FieldError};
use crate::i18n::t;
use crate::money::Kurus;

/// What the identity checks' handlers use.
#[derive(Clone, Debug)]
pub struct KycState {
    pub db: Db,
    pub files: Arc<dyn DocumentStore>,
    pub rules: Rules,
}

impl FromRef<KycState> for Db {
    fn from_ref(s: &KycState) -> Db {
        s.db.clone()
    }
}

/// A player keeps at most this many documents waiting for review.
const MAX_PENDING: i64 = 10;

pub fn router() -> OpenApiRouter<KycState> {
    // An upload's body may be a 10 MB file and its form (the site's limit is far smaller).
    let upload = OpenApiRouter::new().routes(routes!(upload)).layer(DefaultBodyLimit::max(MAX_BYTES + 64 * 1024));
    OpenApiRouter::new().routes(routes!(checks)).merge(upload)
}

/// A check's state, with the reason of a rejection in the player's language.
#[derive(Debug, Serialize, ToSchema)]
pub struct CheckView {
    pub state: CheckState,
    pub reason: Option<String>,
}

/// A document as the player sees it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DocView {
    pub id: i64,
    pub kind: DocKind,
    /// kimlik, passport or licence; utility_bill or bank_statement.
    pub doc_type: String,
    /// front or back (identity documents).
    pub side: Option<String>,
    pub state: super::DocState,
    /// A rejection's reason in the player's language.
    pub reason: Option<String>,
    /// Epoch ms.
    pub uploaded_at: i64,
}

/// The operator's thresholds (lira).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Thresholds {
    /// A withdrawal over this waits for approved identity.
    pub withdrawal_over: f64,
    /// Once confirmed deposits pass this total, every withdrawal does.
    pub deposits_over: f64,
}

/// Where the player's identity checks stand.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Checks {
    pub identity: CheckView,
    pub address: CheckView,
    pub documents: Vec<DocView>,
    /// Every withdrawal waits for approved identity now (the deposits passed the total).
    pub withdrawal_needs_identity: bool,
    pub thresholds: Thresholds,
}

fn reason_text(code: Option<&str>) -> Option<String> {
    code.map(|c| t(&format!("kyc.reason_{c}")))
}

async fn read(state: &KycState, player_id: i64) -> Result<Checks, AppError> {
    let now = now_ms();
    let mut conn = state.db.pool.acquire().await?;
    let docs = store::of_player(&mut conn, player_id).await?;
    let view = |kind: DocKind| {
        let of_kind: Vec<&store::Document> = docs.iter().filter(|d| d.kind == kind.as_str()).collect();
        let seen: Vec<super::Seen> = of_kind
            .iter()
            .filter_map(|d| {
                Some(super::Seen {
                    doc_type: d.doc_type.clone(),
                    side: d.side.clone(),
                    state: super::DocState::parse(&d.state)?,
                    expires_at: d.expires_at,
                })
            })
            .collect();
        let state = check(&seen, now);
        let reason = (state == CheckState::Rejected).then(|| reason_text(of_kind.last().and_then(|d| d.reason.as_deref()))).flatten();
        CheckView { state, reason }
    };
    let identity = view(DocKind::Identity);
    let deposited = Kurus::from_minor(store::deposited(&mut conn, player_id).await?).unwrap_or(Kurus::ZERO);
    Ok(Checks {
        withdrawal_needs_identity: identity.state != CheckState::Approved && deposited > state.rules.deposits_over,
        identity,
        address: view(DocKind::Address),
        documents: docs
            .iter()
            .filter_map(|d| {
                Some(DocView {
                    id: d.id,
                    kind: DocKind::parse(&d.kind)?,
                    doc_type: d.doc_type.clone(),
                    side: d.side.clone(),
                    state: super::DocState::parse(&d.state)?,
                    reason: reason_text(d.reason.as_deref()),
                    uploaded_at: d.uploaded_at,
                })
            })
            .collect(),
        thresholds: Thresholds {
            withdrawal_over: state.rules.withdrawal_over.to_lira(),
            deposits_over: state.rules.deposits_over.to_lira(),
        },
    })
}

/// Where the caller's identity and address checks stand, with their documents.
#[utoipa::path(get, path = "/kyc", tag = "kyc", responses((status = 200, body = Envelope<Checks>)), security(("bearer" = [])))]
async fn checks(State(state): State<KycState>, me: CurrentPlayer) -> ApiResult<Checks> {
    Ok(Envelope::ok(read(&state, me.player_id).await?))
}

/// The upload form (multipart/form-data).
#[derive(Debug, ToSchema)]
#[allow(dead_code)]
pub struct UploadForm {
    /// identity or address.
    kind: String,
    /// kimlik, passport or licence (identity); utility_bill or bank_statement (address).
    doc_type: String,
    /// front or back: identity documents only.
    side: Option<String>,
    /// JPEG, PNG or PDF, at most 10 MB.
    #[schema(value_type = String, format = Binary)]
    file: Vec<u8>,
}

fn multipart_error(e: axum::extract::multipart::MultipartError) -> AppError {
    if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
        AppError::Refusal { status: StatusCode::PAYLOAD_TOO_LARGE, key: "kyc.too_large", data: None }
    } else {
        AppError::BadRequest("kyc.bad_form")
    }
}

/// Uploads an identity document or a proof of address: recognised by its content (JPEG, PNG or
/// PDF), at most 10 MB, kept outside the database, pending the operator's review.
#[utoipa::path(post, path = "/kyc/documents", tag = "kyc", request_body(content = UploadForm, content_type = "multipart/form-data"),
    responses((status = 200, body = Envelope<Checks>), (status = 400, body = EmptyEnvelope), (status = 409, body = EmptyEnvelope),
        (status = 413, body = EmptyEnvelope), (status = 415, body = EmptyEnvelope), (status = 422, body = Envelope<FieldError>)),
    security(("bearer" = [])))]
async fn upload(
    State(state): State<KycState>,
    me: CurrentPlayer,
    form: Result<Multipart, axum::extract::multipart::MultipartRejection>,
) -> ApiResult<Checks> {
    // Not a multipart form (a JSON body, say): the envelope's refusal, as every call answers.
    let mut form = form.map_err(|_| AppError::BadRequest("kyc.bad_form"))?;
    let (mut kind, mut doc_type, mut side, mut file) = (None, None, None, None);
    while let Some(field) = form.next_field().await.map_err(multipart_error)? {
        match field.name().unwrap_or("") {
            "kind" => kind = Some(field.text().await.map_err(multipart_error)?),
            "docType" | "doc_type" => doc_type = Some(field.text().await.map_err(multipart_error)?),
            "side" => side = Some(field.text().await.map_err(multipart_error)?).filter(|s| !s.trim().is_empty()),
            "file" => file = Some(field.bytes().await.map_err(multipart_error)?),
            _ => {}
        }
    }
    let kind = kind.as_deref().and_then(DocKind::parse).ok_or(AppError::Validation { field: "kind", key: "kyc.bad_kind" })?;
    let doc_type = doc_type.unwrap_or_default();
    if !super::fits(kind, &doc_type, side.as_deref()) {
        return Err(AppError::Validation { field: "docType", key: "kyc.bad_type_for_kind" });
    }
    let file = file.filter(|f| !f.is_empty()).ok_or(AppError::Validation { field: "file", key: "kyc.no_file" })?;
    if file.len() > MAX_BYTES {
        return Err(AppError::Refusal { status: StatusCode::PAYLOAD_TOO_LARGE, key: "kyc.too_large", data: None });
    }
    let mime =
        super::sniff(&file).ok_or(AppError::Refusal { status: StatusCode::UNSUPPORTED_MEDIA_TYPE, key: "kyc.bad_file", data: None })?;
    let key = state.files.put(&file).await?;
    let digest = hex::encode(Sha256::digest(&file));
    let stored = store::insert(
        MAX_PENDING,
        &state.db,
        me.player_id,
        kind,
        &doc_type,
        side.as_deref(),
        &key,
        mime,
        file.len() as i64,
        &digest,
        now_ms(),
    )
    .await;
    if !matches!(stored, Ok(Some(_))) {
        // Refused (or failed): the file goes too.
        state.files.delete(&key).await?;
    }
    if stored?.is_none() {
        return Err(AppError::Conflict("kyc.too_many"));
    }
    tracing::info!(player_id = me.player_id, kind = kind.as_str(), size = file.len(), "identity document uploaded");
    Ok(Envelope { success: true, message: Some(t("kyc.uploaded")), data: Some(read(&state, me.player_id).await?) })
}
