//! Who is calling: the client's IP address and user agent, for session history and rate limits.

use std::net::{IpAddr, SocketAddr};

use axum::extract::{ConnectInfo, FromRef, FromRequestParts};
use axum::http::request::Parts;

/// The caller's address. Behind a load balancer (`KASA_TRUST_PROXY=1`) the first address of
/// `X-Forwarded-For` is used; otherwise the socket's peer.
#[derive(Debug, Clone)]
pub struct ClientInfo {
    pub ip: Option<IpAddr>,
    pub user_agent: Option<String>,
}

/// Whether the node is behind a load balancer whose `X-Forwarded-For` is trusted
/// (`KASA_TRUST_PROXY`): a setting of the application state, which each area's state that reads
/// [`ClientInfo`] carries.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct TrustProxy(pub bool);

impl<S: Send + Sync> FromRequestParts<S> for ClientInfo
where
    TrustProxy: FromRef<S>,
{
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let TrustProxy(trust) = TrustProxy::from_ref(state);
        let forwarded = trust
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
