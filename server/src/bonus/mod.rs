//! Bonuses. For now the trial bonus: chosen at registration, granted into the bonus pocket once per
//! player and once per phone number, only after the phone is verified.

use axum::extract::State;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::accounts::store::{self as accounts_store, Player};
use crate::auth::CurrentPlayer;
use crate::cms;
use crate::db::Db;
use crate::db::now_ms;
use crate::error::{ApiResult, AppError, EmptyEnvelope, Envelope};
use crate::i18n::t;
use crate::journal;
use crate::notify::{self, NotificationType};
use crate::wallet::{self, Account, Batch, Kurus, Transfer, TransferKind};

pub fn router() -> OpenApiRouter<Db> {
    OpenApiRouter::new().routes(routes!(define_trial_bonus))
}

/// Whether the player may still claim the trial bonus, and its amount.
pub async fn trial_offer(db: &Db, player: &Player) -> Result<(bool, Kurus), AppError> {
    let amount = Kurus::from_minor(cms::store::trial_bonus_kurus(db).await?).map_err(|e| AppError::Internal(e.into()))?;
    let granted: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM trial_bonus_grants WHERE player_id = $1 OR phone = $2")
        .bind(player.id)
        .bind(&player.phone)
        .fetch_one(&db.pool)
        .await?;
    Ok((amount.is_positive() && granted == 0, amount))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct TrialBonus {
    /// Lira granted.
    pub amount: f64,
    /// The new header balance (real + bonus), lira.
    pub balance: f64,
}

/// Grants the trial bonus (once per player and per phone, after phone verification).
#[utoipa::path(get, path = "/bonus/definetrialbonus", tag = "bonus",
    responses((status = 200, body = Envelope<TrialBonus>), (status = 400, description = "The phone is not verified, or there is no trial bonus", body = EmptyEnvelope),
        (status = 409, description = "Already granted to this player or phone", body = EmptyEnvelope)),
    security(("bearer" = [])))]
async fn define_trial_bonus(State(db): State<Db>, me: CurrentPlayer) -> ApiResult<TrialBonus> {
    let player = accounts_store::player_by_id(&db, me.player_id).await?.ok_or(AppError::Unauthorized)?;
    if !player.phone_verified {
        return Err(AppError::BadRequest("bonus.not_verified"));
    }
    let (available, amount) = trial_offer(&db, &player).await?;
    if !amount.is_positive() {
        return Err(AppError::BadRequest("bonus.none"));
    }
    if !available {
        return Err(AppError::Conflict("bonus.already"));
    }
    let transfer = Transfer::new(Account::BonusCost, Account::bonus(player.id), amount, TransferKind::Bonus, "trial_bonus");
    wallet::open_house_accounts(&db, std::slice::from_ref(&transfer)).await?;
    let mut tx = db.begin_write().await?;
    let grant = sqlx::query("INSERT INTO trial_bonus_grants (player_id, phone, amount, created_at) VALUES ($1, $2, $3, $4)")
        .bind(player.id)
        .bind(&player.phone)
        .bind(amount.minor())
        .bind(now_ms())
        .execute(&mut *tx)
        .await;
    match grant {
        Err(sqlx::Error::Database(e)) if e.is_unique_violation() => return Err(AppError::Conflict("bonus.already")),
        other => {
            other?;
        }
    }
    wallet::commit_in(&mut tx, &Batch { key: format!("trial_bonus:{}", player.id), transfers: vec![transfer] }).await?;
    let note = t("notify.trial_note").replace("{amount}", &amount.to_string());
    grant_notification(&mut tx, player.id, &t("notify.trial_title"), &note).await?;
    tx.commit().await?;
    tracing::info!(player_id = player.id, amount = amount.minor(), "trial bonus granted");
    let balance = wallet::balances(&db, player.id).await?.total()?;
    Ok(Envelope::ok_with_message(TrialBonus { amount: amount.to_lira(), balance: balance.to_lira() }, t("bonus.granted")))
}

/// The grant's notification, in the player's list for later, but already read and pushed as read:
/// the grant's own answer is its feedback (the app celebrates it), and the app lists a pushed read
/// notification without a toast, so one claim shows one message.
async fn grant_notification(conn: &mut sqlx::AnyConnection, player_id: i64, title: &str, note: &str) -> Result<(), AppError> {
    let now = now_ms();
    let kind = NotificationType::Bonus as i64;
    let id: i64 =
        sqlx::query_scalar("INSERT INTO notifications (player_id, type, title, note, created_at) VALUES ($1, $2, $3, $4, $5) RETURNING id")
            .bind(player_id)
            .bind(kind)
            .bind(title)
            .bind(note)
            .bind(now)
            .fetch_one(&mut *conn)
            .await?;
    sqlx::query("INSERT INTO notification_reads (notification_id, player_id, read_at) VALUES ($1, $2, $3)")
        .bind(id)
        .bind(player_id)
        .bind(now)
        .execute(&mut *conn)
        .await?;
    let n = notify::Notification {
        id,
        title: title.to_string(),
        note: note.to_string(),
        kind,
        time_stamp: notify::iso_utc(now),
        is_read: true,
    };
    let message = serde_json::to_string(&n).map_err(|e| AppError::Internal(e.into()))?;
    journal::publish(conn, Some(player_id), None, journal::NOTIFICATION, &message).await?;
    Ok(())
}
