//! The operator's commands about a player named by username (`kasa admin notify --player`,
//! `kasa admin player logout`): the username is resolved here, the work is done by its area.

use crate::auth::session;
use crate::db::Db;
use crate::notify::{self, Audience, Notification, NotificationType};

/// The player with this username (case-insensitive).
pub async fn player(db: &Db, username: &str) -> anyhow::Result<super::store::Player> {
    let player = super::store::player_by_username(db, username).await.map_err(|e| anyhow::anyhow!("{e}"))?;
    player.ok_or_else(|| anyhow::anyhow!("no player named '{}'", username.trim()))
}

/// The id of the player with this username (case-insensitive).
pub async fn player_id(db: &Db, username: &str) -> anyhow::Result<i64> {
    Ok(player(db, username).await?.id)
}

/// The usernames of many players, by id, in a statement per chunk (an operator's listing).
pub async fn usernames(db: &Db, ids: &[i64]) -> anyhow::Result<std::collections::HashMap<i64, String>> {
    let mut names = std::collections::HashMap::new();
    for chunk in ids.chunks(crate::db::STATEMENT_PARAMS) {
        let sql = format!("SELECT id, username FROM players WHERE id IN {}", crate::db::value_rows(1, chunk.len(), 1));
        let mut q = sqlx::query_as::<_, (i64, String)>(sqlx::AssertSqlSafe(sql));
        for id in chunk {
            q = q.bind(id);
        }
        names.extend(q.fetch_all(&db.pool).await?);
    }
    Ok(names)
}

/// A notification to the player with this username, or to everyone when `None`.
pub async fn notify(db: &Db, username: Option<&str>, title: &str, note: &str, kind: NotificationType) -> anyhow::Result<Notification> {
    let audience = match username {
        Some(u) => {
            let id = player_id(db, u).await?;
            // No offer reaches a closed account (a time-out, a self-exclusion: issue 31).
            if kind == NotificationType::Bonus {
                let mut conn = db.pool.acquire().await?;
                anyhow::ensure!(
                    !crate::protection::gate::is_closed(&mut conn, id, crate::db::now_ms()).await?,
                    "'{}' is on a time-out or self-excluded: no bonus offer may reach them",
                    u.trim()
                );
            }
            Audience::Player(id)
        }
        None => Audience::Everyone,
    };
    notify::send_from_operator(db, audience, title, note, kind).await
}

/// Ends every session of the player with this username.
pub async fn logout(db: &Db, username: &str) -> anyhow::Result<u64> {
    session::end_all_by_operator(db, player_id(db, username).await?).await
}
