//! One hub connection: the token check before the upgrade, the handshake, then one loop that reads
//! the client, writes pushes and pings, and drops a silent client (the axum chat example's shape).

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Instant;

use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Query, State};
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use futures_util::{SinkExt, StreamExt};
use serde_json::Value;

use super::protocol::{self, take_records};
use super::{Hub, Outbound};
use crate::app::AppState;
use crate::auth::session;
use crate::error::AppError;

/// `GET /hub/frnotify?access_token=…&fingerprint=…`: a bad or missing token gets no connection.
/// Browsers send the token as `access_token`; the client's Node build sends `Authorization: Bearer`.
pub async fn upgrade(
    ws: WebSocketUpgrade,
    State(state): State<AppState>,
    headers: HeaderMap,
    Query(q): Query<HashMap<String, String>>,
) -> Response {
    let header_token = headers
        .get(axum::http::header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .map(str::to_string);
    let Some(token) = q.get("access_token").cloned().or(header_token).filter(|t| !t.is_empty() && t.len() <= 256) else {
        return AppError::Unauthorized.into_response();
    };
    let token = token.as_str();
    let me = match session::lookup(&state.db, token).await {
        Ok(Some(me)) => me,
        Ok(None) => return AppError::Unauthorized.into_response(),
        Err(e) => return e.into_response(),
    };
    let hub = state.hub.clone();
    // Clients send pings and little else: small buffers let a node hold many idle connections.
    ws.read_buffer_size(4 * 1024)
        .write_buffer_size(4 * 1024)
        .max_message_size(64 * 1024)
        .max_frame_size(64 * 1024)
        .on_upgrade(move |socket| run(socket, hub, me.player_id, me.session_id))
}

async fn send(sink: &mut futures_util::stream::SplitSink<WebSocket, Message>, frame: &str) -> bool {
    sink.send(Message::Text(frame.to_string().into())).await.is_ok()
}

async fn run(socket: WebSocket, hub: Arc<Hub>, player_id: i64, session_id: i64) {
    let (mut sink, mut stream) = socket.split();
    let timings = hub.timings;
    let mut buffer = String::new();

    // The handshake: the first record must ask for the JSON protocol, version 1.
    let handshake = tokio::time::timeout(timings.handshake_timeout, async {
        loop {
            match stream.next().await {
                Some(Ok(Message::Text(t))) => {
                    buffer.push_str(t.as_str());
                    if let Some(first) = take_records(&mut buffer).into_iter().next() {
                        return Some(first);
                    }
                }
                Some(Ok(Message::Binary(b))) => {
                    buffer.push_str(&String::from_utf8_lossy(&b));
                    if let Some(first) = take_records(&mut buffer).into_iter().next() {
                        return Some(first);
                    }
                }
                Some(Ok(_)) => {}
                _ => return None,
            }
        }
    })
    .await;
    let Ok(Some(record)) = handshake else {
        let _ = sink.close().await;
        return;
    };
    if let Err(error) = protocol::handshake_is_json(&record) {
        let _ = send(&mut sink, &protocol::handshake_error(&error)).await;
        let _ = sink.close().await;
        return;
    }
    if !send(&mut sink, &protocol::handshake_ok()).await {
        return;
    }

    let (conn_id, mut outbound, mut shutdown) = hub.register(player_id, session_id);
    tracing::debug!(player_id, conn = conn_id, "hub client connected");
    let mut ping = tokio::time::interval_at(tokio::time::Instant::now() + timings.ping_interval, timings.ping_interval);
    let mut last_heard = Instant::now();
    // The idle check runs on its own short timer so a silent client is dropped close to the timeout.
    let mut idle_check = tokio::time::interval(timings.client_timeout / 10);

    // Records that came with the handshake.
    let mut pending = take_records(&mut buffer);
    'conn: loop {
        for record in pending.drain(..) {
            match handle_client_record(&record) {
                ClientAction::Nothing => {}
                ClientAction::Close => break 'conn,
                ClientAction::Reply(frame) => {
                    if !send(&mut sink, &frame).await {
                        break 'conn;
                    }
                }
            }
        }
        tokio::select! {
            incoming = stream.next() => {
                match incoming {
                    Some(Ok(Message::Text(t))) => { last_heard = Instant::now(); buffer.push_str(t.as_str()); pending = take_records(&mut buffer); }
                    Some(Ok(Message::Binary(b))) => { last_heard = Instant::now(); buffer.push_str(&String::from_utf8_lossy(&b)); pending = take_records(&mut buffer); }
                    Some(Ok(Message::Close(_))) | None | Some(Err(_)) => break 'conn,
                    Some(Ok(_)) => { last_heard = Instant::now(); }
                }
            }
            msg = outbound.recv() => {
                match msg {
                    Some(Outbound::Frame(frame)) => { if !send(&mut sink, &frame).await { break 'conn; } }
                    Some(Outbound::Revoked) => {
                        let _ = send(&mut sink, &protocol::close(false, None)).await;
                        break 'conn;
                    }
                    None => break 'conn,
                }
            }
            _ = ping.tick() => {
                if !send(&mut sink, &protocol::ping()).await { break 'conn; }
            }
            _ = idle_check.tick() => {
                if last_heard.elapsed() >= timings.client_timeout {
                    tracing::debug!(player_id, conn = conn_id, "hub client silent too long: dropped");
                    break 'conn;
                }
            }
            _ = shutdown.changed() => {
                let _ = send(&mut sink, &protocol::close(true, None)).await;
                break 'conn;
            }
        }
    }
    hub.unregister(player_id, conn_id);
    let _ = sink.close().await;
    tracing::debug!(player_id, conn = conn_id, "hub client disconnected");
}

enum ClientAction {
    Nothing,
    Close,
    Reply(String),
}

/// What to do with one record from the client: pings and unknown types are ignored, a Close ends
/// the connection, an invocation expecting an answer gets an error completion.
fn handle_client_record(record: &str) -> ClientAction {
    let Ok(v) = serde_json::from_str::<Value>(record) else { return ClientAction::Nothing };
    match v.get("type").and_then(Value::as_i64) {
        Some(7) => ClientAction::Close,
        Some(1) | Some(4) => match v.get("invocationId").and_then(Value::as_str) {
            Some(id) => ClientAction::Reply(protocol::completion_error(id, "This hub has no methods to call.")),
            None => ClientAction::Nothing,
        },
        _ => ClientAction::Nothing,
    }
}
