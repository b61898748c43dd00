//! A time-out or a self-exclusion refunds the player's open bets on events that have not started
//! (issue 31): each bet refused, its stake rolled back (it counts for no limit and no wagering).

use sqlx::AnyConnection;

use super::PROVIDER;
use crate::db::{Db, now_ms};
use crate::error::AppError;
use crate::rounds::{Rollback, Work};

/// The player's open bets none of whose events has started (scheduled, kick-off after `now`).
async fn unstarted(conn: &mut AnyConnection, player_id: i64, now: i64) -> Result<Vec<i64>, sqlx::Error> {
    sqlx::query_scalar(
        "SELECT b.id FROM sb_bets b WHERE b.player_id = $1 AND b.state = 'open' AND NOT EXISTS ( \
           SELECT 1 FROM sb_legs l JOIN sb_events e ON e.id = l.event_id \
           WHERE l.bet_id = b.id AND (e.state <> 'scheduled' OR e.starts_at <= $2)) ORDER BY b.id",
    )
    .bind(player_id)
    .bind(now)
    .fetch_all(&mut *conn)
    .await
}

/// Refuses the player's open bets on events that have not started, each stake given back; each
/// bet once, whoever runs it. How many.
pub async fn refund_unstarted(db: &Db, player_id: i64) -> Result<usize, AppError> {
    let ids = {
        let mut conn = db.pool.acquire().await?;
        unstarted(&mut conn, player_id, now_ms()).await?
    };
    let mut refunded = 0;
    for id in ids {
        let mut work = Work::begin(db, PROVIDER).await?;
        let changed =
            sqlx::query("UPDATE sb_bets SET state = 'refused', refusal = 'closed', settled_at = $1 WHERE id = $2 AND state = 'open'")
                .bind(now_ms())
                .bind(id)
                .execute(work.conn())
                .await?;
        if changed.rows_affected() == 0 {
            work.abandon().await?;
            continue;
        }
        work.roll_back(&Rollback {
            provider: PROVIDER.into(),
            player_id,
            game_code: PROVIDER.into(),
            round_id: format!("sb-{id}"),
            tx_id: format!("sb-{id}-closed"),
            rolls_back: format!("sb-{id}-stake"),
        })
        .await?;
        work.commit().await?;
        refunded += 1;
    }
    Ok(refunded)
}

/// One pass of [`sweep`]: the unstarted bets of every player whose time-out or self-exclusion
/// runs and who still holds some (the closure's own refunds were cut short: the node stopped, the
/// database failed between the two). How many bets it refunded.
pub async fn refund_closed_players(db: &Db) -> Result<usize, AppError> {
    let now = now_ms();
    let players: Vec<i64> = {
        let mut conn = db.pool.acquire().await?;
        sqlx::query_scalar(
            "SELECT DISTINCT b.player_id FROM sb_bets b WHERE b.state = 'open' AND EXISTS ( \
               SELECT 1 FROM exclusions x WHERE x.player_id = b.player_id AND (x.ends_at IS NULL OR x.ends_at > $1 OR x.kind = 'exclusion')) \
             ORDER BY b.player_id",
        )
        .bind(now)
        .fetch_all(&mut *conn)
        .await?
    };
    let mut refunded = 0;
    for player_id in players {
        let closed = {
            let mut conn = db.pool.acquire().await?;
            crate::protection::gate::is_closed(&mut conn, player_id, now).await?
        };
        if closed {
            refunded += refund_unstarted(db, player_id).await?;
        }
    }
    Ok(refunded)
}

/// Every `every` on every node: [`refund_closed_players`], so a closure's refunds happen even when
/// the request that closed the account could not finish them.
pub async fn sweep(db: Db, every: std::time::Duration) {
    crate::time::repeat(every, || async {
        match refund_closed_players(&db).await {
            Ok(0) => {}
            Ok(n) => tracing::warn!(bets = n, "refunded the unstarted bets a closure had left open"),
            Err(e) => tracing::warn!(error = %e, "refunding closed players' unstarted bets failed"),
        }
    })
    .await
}

/// The sportsbook's part of a closure, as protection calls it.
#[derive(Debug, Clone)]
pub struct RefundOnClose {
    pub db: Db,
}

#[async_trait::async_trait]
impl crate::protection::Closing for RefundOnClose {
    async fn closed(&self, player_id: i64) -> Result<usize, AppError> {
        refund_unstarted(&self.db, player_id).await
    }
}
