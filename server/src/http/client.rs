//! Who is calling: the client's IP address and user agent, for session history and rate limits.

use std::net::{IpAddr, SocketAddr};

use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::request::Parts;

/// The caller's address. Behind a load balancer (`KASA_TRUST_PROXY=1`) the first address of
/// `X-Forwarded-For` is used; otherwise the socket's peer.
#[derive(Debug, Clone)]
pub struct ClientInfo {
    pub ip: Option<IpAddr>,
    pub user_agent: Option<String>,
}

static TRUST_PROXY: std::sync::OnceLock<bool> = std::sync::OnceLock::new();

/// Sets, once at start, whether `X-Forwarded-For` is trusted (`KASA_TRUST_PROXY`); off until then.
pub fn trust_proxy_headers(trust: bool) {
    let _ = TRUST_PROXY.set(trust);
}

fn trust_proxy() -> bool {
    TRUST_PROXY.get().copied().unwrap_or(false)
}

impl<S: Send + Sync> FromRequestParts<S> for ClientInfo {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        let forwarded = trust_proxy()
            .then(|| parts.headers.get("x-forwarded-for").and_then(|v| v.to_str().ok()))
            .flatten()
            .and_then(|v| v.split(',').next())
            .and_then(|v| v.trim().parse::<IpAddr>().ok());
        let peer = parts.extensions.get::<ConnectInfo<SocketAddr>>().map(|c| c.0.ip());
        let user_agent =
            parts.headers.get(axum::http::header::USER_AGENT).and_then(|v| v.to_str().ok()).map(|v| v.chars().take(512).collect());
        Ok(ClientInfo { ip: forwarded.or(peer), user_agent })
    }
}
