//! Request logging that names the method, the path and the status, never a query string (which may
//! carry an `access_token`), a header or a body.

use axum::http::Request;
use tower_http::classify::{ServerErrorsAsFailures, SharedClassifier};
use tower_http::trace::{DefaultOnResponse, MakeSpan, TraceLayer};
use tracing::{Level, Span};

#[derive(Clone, Copy, Debug)]
pub struct PathOnlySpan;

impl<B> MakeSpan<B> for PathOnlySpan {
    fn make_span(&mut self, req: &Request<B>) -> Span {
        tracing::info_span!("request", method = %req.method(), path = %req.uri().path())
    }
}

pub fn layer() -> TraceLayer<SharedClassifier<ServerErrorsAsFailures>, PathOnlySpan, (), DefaultOnResponse> {
    TraceLayer::new_for_http().make_span_with(PathOnlySpan).on_request(()).on_response(DefaultOnResponse::new().level(Level::INFO))
}
