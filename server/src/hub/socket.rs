//! One hub connection: the token and cap checks before the upgrade, the handshake, then one loop
//! that reads the client, writes pushes and pings, and drops a silent client (the axum chat
//! example's shape). A session's end is a signal, not a queued message, so it always arrives.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Instant;

use axum::extract::ws::{Message, Utf8Bytes, WebSocket, WebSocketUpgrade};
use axum::extract::{Query, State};
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use futures_util::{SinkExt, StreamExt};
use serde_json::Value;

use super::protocol::{self, take_records};
use super::{Hub, HubState, Registration, Slot};
use crate::auth::{CurrentPlayer, session};
use crate::db::Db;
use crate::error::AppError;
use crate::http::client::ClientInfo;

/// The longest record a client may send (or leave unterminated) before it is disconnected.
pub const MAX_RECORD: usize = 64 * 1024;

/// `GET /hub/frnotify?access_token=…&fingerprint=…`: a bad or missing token gets no connection,
/// nor does an IP or a session already holding its cap of connections on this node.
/// Browsers send the token as `access_token`; the client's Node build sends `Authorization: Bearer`.
pub async fn upgrade(
    ws: WebSocketUpgrade,
    State(state): State<HubState>,
    client: ClientInfo,
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
    let me = match session::lookup(&state.db, &token).await {
        Ok(Some(me)) => me,
        Ok(None) => return AppError::Unauthorized.into_response(),
        Err(e) => return e.into_response(),
    };
    let Some(slot) = state.hub.reserve(client.ip, me.session_id, state.caps) else {
        tracing::warn!(player_id = me.player_id, "hub: connection cap reached, refused");
        return AppError::TooManyRequests("hub.too_many").into_response();
    };
    let (hub, db) = (state.hub.clone(), state.db.clone());
    // Clients send pings and little else: small buffers let a node hold many idle connections.
    ws.read_buffer_size(4 * 1024)
        .write_buffer_size(4 * 1024)
        .max_message_size(MAX_RECORD)
        .max_frame_size(MAX_RECORD)
        .on_upgrade(move |socket| run(socket, hub, db, me, slot))
}

type Sink = futures_util::stream::SplitSink<WebSocket, Message>;

async fn send(sink: &mut Sink, frame: impl Into<Utf8Bytes>) -> bool {
    let sent = sink.send(Message::Text(frame.into())).await.is_ok();
    if sent {
        metrics::counter!("kasa_hub_messages_sent_total").increment(1);
    }
    sent
}

/// Adds a client message to the buffer and splits off its complete records; None when the
/// unterminated rest has grown past [`MAX_RECORD`].
fn receive(buffer: &mut String, text: &str) -> Option<Vec<String>> {
    buffer.push_str(text);
    let records = take_records(buffer);
    (buffer.len() <= MAX_RECORD).then_some(records)
}

/// The text of a data message, None for control messages.
fn text_of(msg: &Message) -> Option<std::borrow::Cow<'_, str>> {
    match msg {
        Message::Text(t) => Some(std::borrow::Cow::Borrowed(t.as_str())),
        Message::Binary(b) => Some(String::from_utf8_lossy(b)),
        _ => None,
    }
}

async fn run(socket: WebSocket, hub: Arc<Hub>, db: Db, me: CurrentPlayer, slot: Slot) {
    let (player_id, session_id) = (me.player_id, me.session_id);
    let (mut sink, mut stream) = socket.split();
    let timings = hub.timings;
    let mut buffer = String::new();

    // Registered before the handshake, so a session ending from now on reaches this connection;
    // then the session is checked again, for one that ended since the token was checked.
    let mut reg = hub.register(player_id, session_id);
    let conn_id = reg.id;
    metrics::gauge!("kasa_hub_connections").increment(1.0);
    let live = session::is_live(&db, session_id).await.unwrap_or(false);
    let outcome = if live { serve(&mut sink, &mut stream, &mut reg, &mut buffer, timings).await } else { End::Revoked };
    hub.unregister(player_id, conn_id);
    metrics::gauge!("kasa_hub_connections").decrement(1.0);
    drop(slot);
    match outcome {
        End::Revoked => tracing::debug!(player_id, conn = conn_id, "hub client's session ended"),
        End::TooLarge => tracing::warn!(player_id, conn = conn_id, "hub client sent an oversized record: disconnected"),
        End::Closed => tracing::debug!(player_id, conn = conn_id, "hub client disconnected"),
    }
    let _ = sink.close().await;
}

enum End {
    Closed,
    Revoked,
    TooLarge,
}

/// The handshake, then the connection's loop until it ends.
async fn serve(
    sink: &mut Sink,
    stream: &mut futures_util::stream::SplitStream<WebSocket>,
    reg: &mut Registration,
    buffer: &mut String,
    timings: super::HubTimings,
) -> End {
    // The handshake: the first record must ask for the JSON protocol, version 1.
    let handshake = tokio::time::timeout(timings.handshake_timeout, async {
        loop {
            tokio::select! {
                biased;
                _ = reg.revoked.changed() => return Err(End::Revoked),
                incoming = stream.next() => match incoming {
                    Some(Ok(msg)) => {
                        let Some(text) = text_of(&msg) else { continue };
                        match receive(buffer, &text) {
                            Some(records) => if let Some(first) = records.into_iter().next() { return Ok(first) },
                            None => return Err(End::TooLarge),
                        }
                    }
                    _ => return Err(End::Closed),
                },
            }
        }
    })
    .await;
    let record = match handshake {
        Ok(Ok(record)) => record,
        Ok(Err(end)) => return end,
        Err(_) => return End::Closed,
    };
    if let Err(error) = protocol::handshake_is_json(&record) {
        let _ = send(sink, protocol::handshake_error(&error)).await;
        return End::Closed;
    }
    if reg.revoked.borrow().is_some() {
        return End::Revoked;
    }
    if !send(sink, protocol::handshake_ok()).await {
        return End::Closed;
    }

    let mut ping = tokio::time::interval_at(tokio::time::Instant::now() + timings.ping_interval, timings.ping_interval);
    let mut last_heard = Instant::now();
    // The idle check runs on its own short timer so a silent client is dropped close to the timeout.
    let mut idle_check = tokio::time::interval(timings.client_timeout / 10);
    // Records that came with the handshake.
    let mut pending = take_records(buffer);
    loop {
        for record in pending.drain(..) {
            match handle_client_record(&record) {
                ClientAction::Nothing => {}
                ClientAction::Close => return End::Closed,
                ClientAction::Reply(frame) => {
                    if !send(sink, frame).await {
                        return End::Closed;
                    }
                }
            }
        }
        tokio::select! {
            // The session's end comes first, whatever is queued.
            biased;
            _ = reg.revoked.changed() => {
                let exit = reg.revoked.borrow().clone();
                if let Some(exit) = exit {
                    let _ = send(sink, exit).await;
                }
                let _ = send(sink, protocol::close(false, None)).await;
                return End::Revoked;
            }
            _ = reg.shutdown.changed() => {
                let _ = send(sink, protocol::close(true, None)).await;
                return End::Closed;
            }
            incoming = stream.next() => {
                last_heard = Instant::now();
                match incoming {
                    Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return End::Closed,
                    Some(Ok(msg)) => {
                        if let Some(text) = text_of(&msg) {
                            match receive(buffer, &text) {
                                Some(records) => pending = records,
                                None => {
                                    let _ = send(sink, protocol::close(false, Some("Message too large."))).await;
                                    return End::TooLarge;
                                }
                            }
                        }
                    }
                }
            }
            frame = reg.frames.recv() => {
                match frame {
                    Some(frame) => if !send(sink, frame).await { return End::Closed },
                    None => return End::Closed,
                }
            }
            _ = ping.tick() => {
                if !send(sink, protocol::ping()).await { return End::Closed; }
            }
            _ = idle_check.tick() => {
                if last_heard.elapsed() >= timings.client_timeout {
                    tracing::debug!("hub client silent too long: dropped");
                    return End::Closed;
                }
            }
        }
    }
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
