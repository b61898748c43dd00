//! The OpenAPI document of every `/api/` call, generated from the handlers' annotations.

use utoipa::OpenApi;

#[derive(OpenApi)]
#[openapi(
    info(title = "Kasa API", description = "Calls of the Kasa casino and sports betting site. Every response is the envelope {success, message, data}."),
    servers((url = "/api")),
    tags((name = "cms", description = "Site content and the bootstrap data"))
)]
pub struct ApiDoc;
