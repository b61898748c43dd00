//! Notifications: stored per player or broadcast to all, read-marked per player, and written to the
//! event journal in the same transaction as the change behind them so every node pushes them.

pub mod routes;
pub mod store;

pub use routes::router;

use serde::Serialize;
use utoipa::ToSchema;

pub use crate::db::iso_utc;
use crate::db::now_ms;
use crate::journal;

/// The server's notification types (spec section 3), numeric on the wire.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NotificationType {
    Deposit = 1,
    Withdraw = 2,
    Jackpot = 3,
    Bonus = 4,
    System = 5,
}

impl NotificationType {
    pub fn parse(name: &str) -> Option<NotificationType> {
        match name.to_ascii_lowercase().as_str() {
            "deposit" | "1" => Some(NotificationType::Deposit),
            "withdraw" | "2" => Some(NotificationType::Withdraw),
            "jackpot" | "3" => Some(NotificationType::Jackpot),
            "bonus" | "4" => Some(NotificationType::Bonus),
            "system" | "5" => Some(NotificationType::System),
            _ => None,
        }
    }
}

/// Who a notification is for.
#[derive(Debug, Clone, Copy)]
pub enum Audience {
    Player(i64),
    Everyone,
}

/// A notification as the app receives it (list, and the hub's `Notification` command).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Notification {
    pub id: i64,
    pub title: String,
    pub note: String,
    /// Deposit 1, Withdraw 2, Jackpot 3, Bonus 4, System 5.
    #[serde(rename = "type")]
    pub kind: i64,
    /// UTC, ISO 8601.
    pub time_stamp: String,
    pub is_read: bool,
    /// The title and note in each language (`tr`, `en`), when the site wrote it (not an
    /// operator's own words): a pushed notification is shown in the reader's language from it.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Object>)]
    pub texts: Option<serde_json::Value>,
}

/// A notification's words, rendered in each language when it is created.
#[derive(Debug, Clone)]
pub struct Message {
    pub title: crate::i18n::Words,
    pub note: crate::i18n::Words,
}

impl Message {
    pub fn new(title: crate::i18n::Words, note: crate::i18n::Words) -> Message {
        Message { title, note }
    }

    /// `{"tr": {"title", "note"}, "en": {...}}`.
    fn texts(&self) -> serde_json::Value {
        use crate::i18n::Locale;
        let mut by = serde_json::Map::new();
        for locale in [Locale::Tr, Locale::En] {
            by.insert(locale.code().into(), serde_json::json!({"title": self.title.render(locale), "note": self.note.render(locale)}));
        }
        serde_json::Value::Object(by)
    }
}

/// The title and note of `texts` in `locale`, if it has them.
pub fn in_locale(texts: &serde_json::Value, locale: &str) -> Option<(String, String)> {
    let words = texts.get(locale)?;
    Some((words.get("title")?.as_str()?.to_string(), words.get("note")?.as_str()?.to_string()))
}

/// Creates a notification the site writes, in every language (each reader reads their own), with
/// its journal event; `read` lists it already read (what the player did themselves).
pub async fn send(
    conn: &mut sqlx::AnyConnection,
    audience: Audience,
    kind: NotificationType,
    message: &Message,
    read: bool,
) -> Result<Notification, sqlx::Error> {
    let texts = message.texts();
    let (title, note) = in_locale(&texts, crate::i18n::Locale::Tr.code()).unwrap_or_default();
    insert(conn, audience, kind, &title, &note, read, Some(texts)).await
}

/// Creates a notification inside the caller's transaction, with its journal event (so it is pushed
/// to the player's connections, or to every connection for a broadcast, once the transaction commits).
pub async fn create(
    conn: &mut sqlx::AnyConnection,
    audience: Audience,
    kind: NotificationType,
    title: &str,
    note: &str,
) -> Result<Notification, sqlx::Error> {
    insert(conn, audience, kind, title, note, false, None).await
}

/// The same for one player, listed already read: what the player did themselves, whose answer on
/// the page was its feedback (a claimed bonus).
pub async fn create_read(
    conn: &mut sqlx::AnyConnection,
    player_id: i64,
    kind: NotificationType,
    title: &str,
    note: &str,
) -> Result<Notification, sqlx::Error> {
    insert(conn, Audience::Player(player_id), kind, title, note, true, None).await
}

async fn insert(
    conn: &mut sqlx::AnyConnection,
    audience: Audience,
    kind: NotificationType,
    title: &str,
    note: &str,
    read: bool,
    texts: Option<serde_json::Value>,
) -> Result<Notification, sqlx::Error> {
    let now = now_ms();
    let player_id = match audience {
        Audience::Player(id) => Some(id),
        Audience::Everyone => None,
    };
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO notifications (player_id, type, title, note, created_at, texts) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id",
    )
    .bind(player_id)
    .bind(kind as i64)
    .bind(title)
    .bind(note)
    .bind(now)
    .bind(texts.as_ref().map(|t| t.to_string()))
    .fetch_one(&mut *conn)
    .await?;
    if let (true, Some(player_id)) = (read, player_id) {
        sqlx::query("INSERT INTO notification_reads (notification_id, player_id, read_at) VALUES ($1, $2, $3)")
            .bind(id)
            .bind(player_id)
            .bind(now)
            .execute(&mut *conn)
            .await?;
    }
    let n = Notification {
        id,
        title: title.to_string(),
        note: note.to_string(),
        kind: kind as i64,
        time_stamp: iso_utc(now),
        is_read: read,
        texts,
    };
    let message = serde_json::to_string(&n).unwrap_or_default();
    journal::publish(conn, player_id, None, journal::NOTIFICATION, &message).await?;
    Ok(n)
}

/// `kasa admin notify`: a notification to one player or to everyone.
pub async fn send_from_operator(
    db: &crate::db::Db,
    audience: Audience,
    title: &str,
    note: &str,
    kind: NotificationType,
) -> anyhow::Result<Notification> {
    anyhow::ensure!(!title.trim().is_empty() && title.chars().count() <= 200, "the title must be 1 to 200 characters");
    anyhow::ensure!(!note.trim().is_empty() && note.chars().count() <= 2000, "the note must be 1 to 2000 characters");
    let mut tx = db.begin_write().await?;
    let n = create(&mut tx, audience, kind, title.trim(), note.trim()).await?;
    tx.commit().await?;
    Ok(n)
}
