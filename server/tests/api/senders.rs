//! The real senders against simulated counterparts that speak their protocols: an HTTP SMS gateway
//! and an SMTP server.

use std::sync::{Arc, Mutex};

use axum::Json;
use axum::extract::State;
use axum::http::HeaderMap;
use axum::routing::post;
use kasa::outbox::{Channel, HttpSmsSender, Message, Sender, SmtpSender};
use serde_json::Value;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpListener;

type Seen = Arc<Mutex<Vec<(Option<String>, Value)>>>;

async fn gateway(State(seen): State<Seen>, headers: HeaderMap, Json(body): Json<Value>) -> Json<Value> {
    let auth = headers.get("authorization").and_then(|v| v.to_str().ok()).map(str::to_string);
    seen.lock().unwrap().push((auth, body));
    Json(serde_json::json!({"status": "queued"}))
}

#[tokio::test]
async fn the_sms_gateway_sender_posts_the_message_with_its_token() {
    // Arrange: a simulated gateway.
    let seen: Seen = Arc::default();
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}/sms", listener.local_addr().unwrap());
    let app = axum::Router::new().route("/sms", post(gateway)).with_state(seen.clone());
    tokio::spawn(async move { axum::serve(listener, app).await });
    let sender = HttpSmsSender::new(&url, Some("gw-token".into()), "KASA").unwrap();

    // Act
    sender
        .send(&Message { channel: Channel::Sms, recipient: "905321234567".into(), subject: None, body: "Kodunuz: 123456".into() })
        .await
        .unwrap();

    // Assert
    let seen = seen.lock().unwrap();
    assert_eq!(seen.len(), 1);
    assert_eq!(seen[0].0.as_deref(), Some("Bearer gw-token"));
    assert_eq!(seen[0].1["to"], "905321234567");
    assert_eq!(seen[0].1["text"], "Kodunuz: 123456");
}

#[tokio::test]
async fn a_failing_sms_gateway_is_an_error() {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}/sms", listener.local_addr().unwrap());
    let app = axum::Router::new().route("/sms", post(|| async { (axum::http::StatusCode::BAD_GATEWAY, "down") }));
    tokio::spawn(async move { axum::serve(listener, app).await });
    let sender = HttpSmsSender::new(&url, None, "KASA").unwrap();
    let result = sender.send(&Message { channel: Channel::Sms, recipient: "905321234567".into(), subject: None, body: "x".into() }).await;
    assert!(result.is_err());
}

/// A minimal SMTP server (RFC 5321's happy path): records the envelope and the DATA.
async fn smtp_server(listener: TcpListener, mail: Arc<Mutex<Vec<String>>>) {
    let (stream, _) = listener.accept().await.unwrap();
    let (read, mut write) = stream.into_split();
    let mut lines = BufReader::new(read).lines();
    write.write_all(b"220 sim.kasa.test ESMTP\r\n").await.unwrap();
    let mut in_data = false;
    let mut data = String::new();
    while let Ok(Some(line)) = lines.next_line().await {
        if in_data {
            if line == "." {
                in_data = false;
                mail.lock().unwrap().push(std::mem::take(&mut data));
                write.write_all(b"250 2.0.0 queued\r\n").await.unwrap();
            } else {
                data.push_str(&line);
                data.push('\n');
            }
            continue;
        }
        let upper = line.to_ascii_uppercase();
        let reply: &[u8] = if upper.starts_with("EHLO") {
            b"250-sim.kasa.test\r\n250 8BITMIME\r\n"
        } else if upper.starts_with("MAIL FROM") || upper.starts_with("RCPT TO") {
            mail.lock().unwrap().push(line.clone());
            b"250 2.1.0 ok\r\n"
        } else if upper == "DATA" {
            in_data = true;
            b"354 end with .\r\n"
        } else if upper == "QUIT" {
            write.write_all(b"221 bye\r\n").await.unwrap();
            break;
        } else {
            b"250 ok\r\n"
        };
        write.write_all(reply).await.unwrap();
    }
}

#[tokio::test]
async fn the_smtp_sender_delivers_the_reset_mail() {
    // Arrange
    let mail: Arc<Mutex<Vec<String>>> = Arc::default();
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    let server = tokio::spawn(smtp_server(listener, mail.clone()));
    let sender = SmtpSender::new(&format!("smtp://127.0.0.1:{port}"), "Kasa <destek@kasa.bet>").unwrap();

    // Act
    sender
        .send(&Message {
            channel: Channel::Email,
            recipient: "oyuncu@example.com".into(),
            subject: Some("Şifre sıfırlama kodunuz".into()),
            body: "Kodunuz: 654321".into(),
        })
        .await
        .unwrap();
    drop(sender);
    let _ = tokio::time::timeout(std::time::Duration::from_secs(2), server).await;

    // Assert
    let mail = mail.lock().unwrap();
    assert!(mail.iter().any(|l| l.contains("MAIL FROM:<destek@kasa.bet>")), "{mail:?}");
    assert!(mail.iter().any(|l| l.contains("RCPT TO:<oyuncu@example.com>")), "{mail:?}");
    let data = mail.iter().find(|l| l.contains("Subject:")).expect("the message");
    assert!(data.contains("654321"), "{data}");
}
