//! Outbound messages (SMS codes, e-mail reset codes) behind one sender trait. The default sender
//! records each message in the outbox table (read with `kasa outbox`); SMTP and an HTTP SMS gateway
//! are chosen by configuration. Log lines name the masked recipient, never the text.

use std::sync::Arc;

use anyhow::Context;
use serde::Serialize;
use sqlx::Row;

use crate::db::{Db, now_ms};

/// Which way a message travels.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Channel {
    Sms,
    Email,
}

impl Channel {
    pub fn as_str(self) -> &'static str {
        match self {
            Channel::Sms => "sms",
            Channel::Email => "email",
        }
    }
}

/// One message to one recipient.
#[derive(Clone)]
pub struct Message {
    pub channel: Channel,
    pub recipient: String,
    pub subject: Option<String>,
    pub body: String,
}

/// Delivers messages. Implementations must not log the body (it carries codes).
#[async_trait::async_trait]
pub trait Sender: Send + Sync + std::fmt::Debug {
    async fn send(&self, message: &Message) -> anyhow::Result<()>;
}

/// Masks a recipient for a log line: `90532*****67`, `a***@kasa.bet`.
pub fn mask_recipient(recipient: &str) -> String {
    match recipient.split_once('@') {
        Some((local, domain)) => format!("{}***@{}", local.chars().next().unwrap_or('*'), domain),
        None => crate::mask::mask_middle(recipient, 5, 2),
    }
}

/// The default sender: records the message in the outbox table.
#[derive(Debug, Clone)]
pub struct OutboxSender {
    pub db: Db,
}

#[async_trait::async_trait]
impl Sender for OutboxSender {
    async fn send(&self, m: &Message) -> anyhow::Result<()> {
        sqlx::query("INSERT INTO outbox_messages (channel, recipient, subject, body, created_at) VALUES ($1, $2, $3, $4, $5)")
            .bind(m.channel.as_str())
            .bind(&m.recipient)
            .bind(m.subject.clone())
            .bind(&m.body)
            .bind(now_ms())
            .execute(&self.db.pool)
            .await?;
        tracing::info!(channel = m.channel.as_str(), recipient = %mask_recipient(&m.recipient), "message recorded in the outbox");
        Ok(())
    }
}

/// Sends e-mail through an SMTP server (`KASA_SMTP_URL`, e.g. `smtps://user:pass@mail.example.com`).
#[derive(Debug, Clone)]
pub struct SmtpSender {
    transport: lettre::AsyncSmtpTransport<lettre::Tokio1Executor>,
    from: lettre::message::Mailbox,
}

impl SmtpSender {
    pub fn new(url: &str, from: &str) -> anyhow::Result<SmtpSender> {
        let transport = lettre::AsyncSmtpTransport::<lettre::Tokio1Executor>::from_url(url).context("invalid KASA_SMTP_URL")?.build();
        Ok(SmtpSender { transport, from: from.parse().context("invalid KASA_SMTP_FROM")? })
    }
}

#[async_trait::async_trait]
impl Sender for SmtpSender {
    async fn send(&self, m: &Message) -> anyhow::Result<()> {
        use lettre::AsyncTransport;
        let email = lettre::Message::builder()
            .from(self.from.clone())
            .to(m.recipient.parse().context("bad recipient address")?)
            .subject(m.subject.clone().unwrap_or_default())
            .header(lettre::message::header::ContentType::TEXT_PLAIN)
            .body(m.body.clone())?;
        self.transport.send(email).await.context("SMTP delivery failed")?;
        tracing::info!(channel = "email", recipient = %mask_recipient(&m.recipient), "e-mail sent");
        Ok(())
    }
}

/// Sends SMS through an HTTP gateway: `POST KASA_SMS_GATEWAY_URL` with `{"to", "text", "sender"}`
/// and, when set, `Authorization: Bearer KASA_SMS_GATEWAY_TOKEN`; any 2xx is delivered.
#[derive(Debug, Clone)]
pub struct HttpSmsSender {
    client: reqwest::Client,
    url: String,
    token: Option<String>,
    sender_name: String,
}

impl HttpSmsSender {
    pub fn new(url: &str, token: Option<String>, sender_name: &str) -> anyhow::Result<HttpSmsSender> {
        let client = reqwest::Client::builder().timeout(std::time::Duration::from_secs(10)).build()?;
        Ok(HttpSmsSender { client, url: url.to_string(), token, sender_name: sender_name.to_string() })
    }
}

#[async_trait::async_trait]
impl Sender for HttpSmsSender {
    async fn send(&self, m: &Message) -> anyhow::Result<()> {
        let mut req = self.client.post(&self.url).json(&serde_json::json!({"to": m.recipient, "text": m.body, "sender": self.sender_name}));
        if let Some(t) = &self.token {
            req = req.bearer_auth(t);
        }
        let resp = req.send().await.context("the SMS gateway is unreachable")?;
        anyhow::ensure!(resp.status().is_success(), "the SMS gateway answered {}", resp.status());
        tracing::info!(channel = "sms", recipient = %mask_recipient(&m.recipient), "SMS sent through the gateway");
        Ok(())
    }
}

/// The senders a node uses: the SMTP server (`KASA_SMTP_URL`) for mail and the HTTP gateway
/// (`KASA_SMS_GATEWAY_URL`) for SMS when set; the outbox otherwise.
pub fn senders(db: &Db, settings: &crate::config::Settings) -> anyhow::Result<(Arc<dyn Sender>, Arc<dyn Sender>)> {
    let outbox: Arc<dyn Sender> = Arc::new(OutboxSender { db: db.clone() });
    let sms: Arc<dyn Sender> = match &settings.sms_gateway {
        Some(g) => Arc::new(HttpSmsSender::new(&g.url, g.token.clone(), "KASA")?),
        None => outbox.clone(),
    };
    let mail: Arc<dyn Sender> = match &settings.smtp {
        Some(smtp) => Arc::new(SmtpSender::new(&smtp.url, &smtp.from)?),
        None => outbox,
    };
    Ok((sms, mail))
}

/// A recorded message, as `kasa outbox` shows it.
#[derive(Debug, Serialize)]
pub struct Recorded {
    pub id: i64,
    pub channel: String,
    pub recipient: String,
    pub subject: Option<String>,
    pub text: String,
    #[serde(rename = "createdAt")]
    pub created_at: i64,
}

/// The recorded messages, newest first.
pub async fn list(db: &Db, limit: i64) -> anyhow::Result<Vec<Recorded>> {
    let rows = sqlx::query("SELECT id, channel, recipient, subject, body, created_at FROM outbox_messages ORDER BY id DESC LIMIT $1")
        .bind(limit)
        .fetch_all(&db.pool)
        .await?;
    rows.iter()
        .map(|r| {
            Ok(Recorded {
                id: r.try_get(0)?,
                channel: r.try_get(1)?,
                recipient: r.try_get(2)?,
                subject: r.try_get(3)?,
                text: r.try_get(4)?,
                created_at: r.try_get(5)?,
            })
        })
        .collect()
}
