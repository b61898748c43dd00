//! The operator's commands about a player named by username (`kasa admin notify --player`,
//! `kasa admin player logout`): the username is resolved here, the work is done by its area.

use crate::auth::session;
use crate::db::Db;
use crate::notify::{self, Audience, Notification, NotificationType};

/// The id of the player with this username (case-insensitive).
pub async fn player_id(db: &Db, username: &str) -> anyhow::Result<i64> {
    let player = super::store::player_by_username(db, username).await.map_err(|e| anyhow::anyhow!("{e}"))?;
    Ok(player.ok_or_else(|| anyhow::anyhow!("no player named '{}'", username.trim()))?.id)
}

/// A notification to the player with this username, or to everyone when `None`.
pub async fn notify(db: &Db, username: Option<&str>, title: &str, note: &str, kind: NotificationType) -> anyhow::Result<Notification> {
    let audience = match username {
        Some(u) => Audience::Player(player_id(db, u).await?),
        None => Audience::Everyone,
    };
    notify::send_from_operator(db, audience, title, note, kind).await
}

/// Ends every session of the player with this username.
pub async fn logout(db: &Db, username: &str) -> anyhow::Result<u64> {
    session::end_all_by_operator(db, player_id(db, username).await?).await
}
