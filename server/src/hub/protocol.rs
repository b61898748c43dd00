//! The SignalR JSON hub protocol's frames: records terminated by the 0x1E record separator.

use serde_json::{Value, json};

/// The record separator ending every message.
pub const RS: char = '\u{1e}';

/// The server's answer to a good handshake.
pub fn handshake_ok() -> String {
    format!("{{}}{RS}")
}

/// The server's answer to a bad handshake.
pub fn handshake_error(error: &str) -> String {
    format!("{}{RS}", json!({ "error": error }))
}

/// A server ping.
pub fn ping() -> String {
    format!("{{\"type\":6}}{RS}")
}

/// A Close message; `allow_reconnect` asks the client to reconnect (server shutting down).
pub fn close(allow_reconnect: bool, error: Option<&str>) -> String {
    let mut v = json!({ "type": 7 });
    if let Some(e) = error {
        v["error"] = json!(e);
    }
    if allow_reconnect {
        v["allowReconnect"] = json!(true);
    }
    format!("{v}{RS}")
}

/// The push every client listens for: `NotifyMessage(command, message)`, with no invocation id.
pub fn notify_message(command: &str, message: &str) -> String {
    format!("{}{RS}", json!({ "type": 1, "target": "NotifyMessage", "arguments": [command, message] }))
}

/// A completion refusing a client invocation (the hub offers no methods to call).
pub fn completion_error(invocation_id: &str, error: &str) -> String {
    format!("{}{RS}", json!({ "type": 3, "invocationId": invocation_id, "error": error }))
}

/// Splits complete records off `buffer`, leaving any partial record in it.
pub fn take_records(buffer: &mut String) -> Vec<String> {
    let mut out = Vec::new();
    while let Some(pos) = buffer.find(RS) {
        let record: String = buffer.drain(..=pos).collect();
        out.push(record[..record.len() - RS.len_utf8()].to_string());
    }
    out
}

/// Whether a handshake record asks for the JSON protocol, version 1.
pub fn handshake_is_json(record: &str) -> Result<(), String> {
    let v: Value = serde_json::from_str(record).map_err(|_| "Handshake was not valid JSON.".to_string())?;
    match (v.get("protocol").and_then(Value::as_str), v.get("version").and_then(Value::as_i64)) {
        (Some("json"), Some(1)) => Ok(()),
        (Some(p), _) if p != "json" => Err(format!("The protocol '{p}' is not supported.")),
        _ => Err("The protocol version is not supported.".to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_are_split_on_the_separator_keeping_partial_ones() {
        let mut buf = format!("{{\"a\":1}}{RS}{{\"type\":6}}{RS}{{\"part");
        let recs = take_records(&mut buf);
        assert_eq!(recs, vec!["{\"a\":1}".to_string(), "{\"type\":6}".to_string()]);
        assert_eq!(buf, "{\"part");
    }

    #[test]
    fn frames_are_byte_exact() {
        assert_eq!(handshake_ok().as_bytes(), b"{}\x1e");
        assert_eq!(ping().as_bytes(), b"{\"type\":6}\x1e");
        assert_eq!(close(true, None).as_bytes(), b"{\"allowReconnect\":true,\"type\":7}\x1e");
        assert_eq!(
            notify_message("Balance", "1").as_bytes(),
            b"{\"arguments\":[\"Balance\",\"1\"],\"target\":\"NotifyMessage\",\"type\":1}\x1e"
        );
    }

    #[test]
    fn only_the_json_protocol_version_1_is_accepted() {
        assert!(handshake_is_json(r#"{"protocol":"json","version":1}"#).is_ok());
        assert!(handshake_is_json(r#"{"protocol":"messagepack","version":1}"#).is_err());
        assert!(handshake_is_json("nope").is_err());
    }
}
