//! Bonuses: each a bonus instance of its own (amount, wagering requirement and progress, maximum
//! bet, expiry, state), the player's bonus pocket being the sum of the live ones. A bonus comes
//! from the trial bonus (chosen at registration, once per player and per phone number, after the
//! phone is verified), a promotion the player claims, or an operator's grant; its money moves from
//! the bonus-cost account by the wallet, and back when it expires or is forfeited
//! ([`wagering`] keeps the pocket and the instances together on every move).

pub mod cli;
pub mod deposit;
pub mod routes;
pub mod rule;
pub mod store;
pub mod wagering;

use sqlx::AnyConnection;

use crate::accounts::store::{self as accounts_store, Player};
use crate::cms;
use crate::db::{Db, now_ms};
use crate::error::AppError;
use crate::i18n::Words;
use crate::notify::{self, NotificationType};
use crate::wallet::{self, Account, Batch, Kurus, Transfer, TransferKind};

pub use routes::router;
pub use rule::{GameClass, Rule};
pub use store::BonusRow;
pub use wagering::BonusError;

/// The promotion name of the trial bonus.
pub const TRIAL: &str = "trial";

/// Where a bonus came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    Trial,
    Promotion,
    Operator,
}

impl Source {
    pub fn as_str(self) -> &'static str {
        match self {
            Source::Trial => "trial",
            Source::Promotion => "promotion",
            Source::Operator => "operator",
        }
    }
}

/// Whether the player has a bonus that may hold money (a game move's quick check before the
/// bonus's bookkeeping).
pub async fn has_live(conn: &mut AnyConnection, player_id: i64) -> Result<bool, sqlx::Error> {
    let n: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM bonuses WHERE player_id = $1 AND state IN ('active', 'spent')")
        .bind(player_id)
        .fetch_one(conn)
        .await?;
    Ok(n > 0)
}

/// Whether the player may still claim the trial bonus, and its amount.
pub async fn trial_offer(db: &Db, player: &Player) -> Result<(bool, Kurus), AppError> {
    let amount = Kurus::from_minor(cms::store::trial_bonus_kurus(db).await?).map_err(|e| AppError::Internal(e.into()))?;
    let granted: i64 = sqlx::query_scalar(
        "SELECT (SELECT COUNT(*) FROM trial_bonus_grants WHERE player_id = $1 OR phone = $2) \
         + (SELECT COUNT(*) FROM bonuses WHERE player_id = $1 AND promotion = 'trial')",
    )
    .bind(player.id)
    .bind(&player.phone)
    .fetch_one(&db.pool)
    .await?;
    Ok((amount.is_positive() && granted == 0, amount))
}

/// Opens the bonus-cost house account if new (before any money transaction, see
/// [`wallet::open_house_accounts`]).
pub(crate) async fn open_bonus_cost(db: &Db, player_id: i64) -> Result<(), AppError> {
    let probe = Transfer::new(Account::BonusCost, Account::bonus(player_id), Kurus::from_minor(1)?, TransferKind::Bonus, "open");
    wallet::open_house_accounts(db, std::slice::from_ref(&probe)).await?;
    Ok(())
}

/// How a grant's notification is delivered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Notice {
    /// Listed already read: the player claimed it, the claim's answer is its feedback.
    Read,
    /// Unread and pushed: an operator's grant the player learns of by it.
    Unread,
}

/// Grants a bonus inside the caller's transaction (begun with [`Db::begin_write`] after
/// [`open_bonus_cost`]): the bonus row, the transfer from the bonus-cost account and a Bonus
/// notification (type 4). `None` when the player has had this promotion's bonus already.
pub(crate) async fn grant_in(
    conn: &mut AnyConnection,
    player_id: i64,
    source: Source,
    promotion: &str,
    rule: &Rule,
    message: &notify::Message,
    notice: Notice,
) -> Result<Option<BonusRow>, AppError> {
    rule.check().map_err(|e| AppError::Internal(anyhow::anyhow!("promotion {promotion}: {e}")))?;
    wallet::lock_player(conn, player_id).await?;
    let now = now_ms();
    // Checked again under the player's lock: an exclusion that lands while a bonus is being given
    // stops it (no marketing reaches a closed player, issue 31).
    if crate::protection::gate::is_closed(conn, player_id, now).await? {
        return Err(AppError::Conflict("protection.closed"));
    }
    let mut bonus = BonusRow {
        id: 0,
        player_id,
        source: source.as_str().into(),
        promotion: promotion.into(),
        amount: rule.amount,
        balance: rule.amount,
        wager_required: rule.requirement(),
        wagered: 0,
        stood: 0,
        sports_percent: rule.sports_wagering_percent,
        max_bet: rule.max_bet,
        state: store::ACTIVE.into(),
        created_at: now,
        expires_at: rule.expires_at(now),
        ended_at: None,
    };
    let Some(id) = store::insert(conn, &bonus).await? else {
        return Ok(None);
    };
    bonus.id = id;
    let key = format!("bonus:{id}:granted");
    let transfer = Transfer::new(Account::BonusCost, Account::bonus(player_id), rule.amount(), TransferKind::Bonus, key.clone());
    wallet::commit_in(conn, &Batch { key, transfers: vec![transfer] }).await?;
    notify::send(conn, notify::Audience::Player(player_id), NotificationType::Bonus, message, notice == Notice::Read).await?;
    tracing::info!(player_id, bonus_id = id, promotion, amount = rule.amount, "bonus granted");
    Ok(Some(bonus))
}

/// Grants a promotion's bonus in a transaction of its own, its notification naming the promotion
/// (and a staff member's `audit` row with it, naming the bonus).
#[allow(clippy::too_many_arguments)]
async fn grant(
    db: &Db,
    player_id: i64,
    source: Source,
    promotion: &str,
    rule: &Rule,
    title: &std::collections::BTreeMap<String, String>,
    notice: Notice,
    audit: Option<&crate::audit::Entry>,
) -> Result<Option<BonusRow>, AppError> {
    open_bonus_cost(db, player_id).await?;
    let message = notify::Message::new(
        Words::new("notify.bonus_title"),
        Words::new("notify.bonus_note").with("{amount}", rule.amount()).with("{title}", title),
    );
    let mut tx = db.begin_write().await?;
    let granted = grant_in(&mut tx, player_id, source, promotion, rule, &message, notice).await?;
    if let (Some(entry), Some(bonus)) = (audit, &granted) {
        let entry = entry.clone().after(serde_json::json!({ "bonus": bonus.id, "promotion": promotion }));
        crate::audit::append(&mut tx, &entry).await?;
    }
    tx.commit().await?;
    Ok(granted)
}

/// The trial bonus, once per player and per phone number: `None` when taken already.
pub async fn grant_trial(db: &Db, player: &Player) -> Result<Option<BonusRow>, AppError> {
    let (available, amount) = trial_offer(db, player).await?;
    if !amount.is_positive() {
        return Err(AppError::BadRequest("bonus.none"));
    }
    if !available {
        return Ok(None);
    }
    open_bonus_cost(db, player.id).await?;
    let mut tx = db.begin_write().await?;
    let grant =
        sqlx::query("INSERT INTO trial_bonus_grants (player_id, phone, amount, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING")
            .bind(player.id)
            .bind(&player.phone)
            .bind(amount.minor())
            .bind(now_ms())
            .execute(&mut *tx)
            .await?;
    if grant.rows_affected() == 0 {
        return Ok(None);
    }
    let message = notify::Message::new(Words::new("notify.trial_title"), Words::new("notify.trial_note").with("{amount}", amount));
    let bonus = grant_in(&mut tx, player.id, Source::Trial, TRIAL, &rule::trial(amount), &message, Notice::Read).await?;
    if bonus.is_some() {
        tx.commit().await?;
    }
    Ok(bonus)
}

/// Credits the trial bonus when a player who asked for it verifies their phone (wired into
/// accounts as its [`crate::accounts::PhoneVerified`]).
#[derive(Debug)]
pub struct TrialOnVerify {
    pub db: Db,
}

#[async_trait::async_trait]
impl crate::accounts::PhoneVerified for TrialOnVerify {
    async fn credit_trial(&self, player: &Player) -> Result<Option<Kurus>, AppError> {
        let (available, _) = trial_offer(&self.db, player).await?;
        if !available {
            return Ok(None);
        }
        Ok(grant_trial(&self.db, player).await?.map(|b| Kurus::from_minor(b.amount)).transpose()?)
    }
}

/// What a claim did.
#[derive(Debug)]
pub enum Claimed {
    New(BonusRow),
    /// Claimed before: nothing is left to claim.
    Already,
}

/// Claims a running promotion's bonus (or the trial bonus, `trial`), once.
pub async fn claim(db: &Db, player_id: i64, slug: &str) -> Result<Claimed, AppError> {
    let done = if slug == TRIAL {
        let player = accounts_store::player_by_id(db, player_id).await?.ok_or(AppError::Unauthorized)?;
        if !player.phone_verified {
            return Err(AppError::BadRequest("bonus.not_verified"));
        }
        grant_trial(db, &player).await?
    } else {
        let promotion = cms::promotions::by_slug(db, slug).await?.filter(|p| p.is_running(now_ms()));
        let (promotion, rule) = match promotion {
            Some(p) => match p.bonus {
                // A deposit bonus comes with a deposit that opts into it, never from a claim.
                Some(rule) if rule.deposit.is_some() => return Err(AppError::BadRequest("bonus.deposit_only")),
                Some(rule) => (p, rule),
                None => return Err(AppError::NotFound("bonus.no_promotion")),
            },
            None => return Err(AppError::NotFound("bonus.no_promotion")),
        };
        grant(db, player_id, Source::Promotion, slug, &rule, &promotion.titles, Notice::Read, None).await?
    };
    Ok(done.map_or(Claimed::Already, Claimed::New))
}

/// `kasa admin bonus grant --player USERNAME --promotion SLUG`: a promotion's bonus given by an
/// operator (whatever the promotion's dates), once per player and promotion, with an unread
/// notification pushed to the player.
pub async fn grant_by_operator(db: &Db, username: &str, slug: &str) -> anyhow::Result<BonusRow> {
    grant_by_staff(db, username, slug, None).await
}

/// [`grant_by_operator`] by a back-office member, recorded (`audit`) in the grant's transaction.
pub async fn grant_by_staff(db: &Db, username: &str, slug: &str, audit: Option<&crate::audit::Entry>) -> anyhow::Result<BonusRow> {
    let player = accounts_store::player_by_username(db, username).await?.ok_or_else(|| anyhow::anyhow!("no player '{username}'"))?;
    let promotion = cms::promotions::by_slug(db, slug).await?.ok_or_else(|| anyhow::anyhow!("no promotion '{slug}'"))?;
    let rule = promotion.bonus.ok_or_else(|| anyhow::anyhow!("promotion '{slug}' has no bonus"))?;
    anyhow::ensure!(rule.deposit.is_none(), "promotion '{slug}' is a deposit bonus: it comes with a deposit that opts into it");
    // No marketing reaches a player on a time-out or self-excluded (issue 31), the operator's either.
    let mut conn = db.pool.acquire().await?;
    anyhow::ensure!(
        !crate::protection::gate::is_closed(&mut conn, player.id, crate::db::now_ms()).await?,
        "{username} is on a time-out or self-excluded: no bonus reaches them"
    );
    drop(conn);
    match grant(db, player.id, Source::Operator, slug, &rule, &promotion.titles, Notice::Unread, audit).await? {
        Some(bonus) => Ok(bonus),
        None => anyhow::bail!("{username} has had the bonus of '{slug}' already"),
    }
}

/// Forfeits one of the player's active bonuses: what is left of it goes back.
pub async fn forfeit(db: &Db, player_id: i64, bonus_id: i64) -> Result<BonusRow, AppError> {
    let mut tx = db.begin_write().await?;
    wallet::lock_player(&mut tx, player_id).await?;
    let mut bonus = match store::by_id(&mut tx, bonus_id).await? {
        Some(b) if b.player_id == player_id && b.is_live() => b,
        _ => return Err(AppError::Conflict("bonus.not_active")),
    };
    wagering::end(&mut tx, &mut bonus, store::FORFEITED, now_ms()).await.map_err(bonus_error)?;
    tx.commit().await?;
    tracing::info!(player_id, bonus_id, "bonus forfeited");
    Ok(bonus)
}

/// Forfeits all the player's live bonuses inside the caller's transaction (a withdrawal's: the app
/// warns the player before it sends one); how many there were.
pub async fn forfeit_all_in(conn: &mut AnyConnection, player_id: i64) -> Result<usize, AppError> {
    wallet::lock_player(conn, player_id).await?;
    let mut live = store::live(conn, player_id).await?;
    let now = now_ms();
    for b in live.iter_mut() {
        wagering::end(conn, b, store::FORFEITED, now).await.map_err(bonus_error)?;
    }
    if !live.is_empty() {
        tracing::info!(player_id, bonuses = live.len(), "bonuses forfeited by a withdrawal");
    }
    Ok(live.len())
}

/// Expires the player's live bonuses past their date.
pub async fn expire_due(db: &Db, player_id: i64) -> Result<(), AppError> {
    let mut tx = db.begin_write().await?;
    wallet::lock_player(&mut tx, player_id).await?;
    let mut live = store::live(&mut tx, player_id).await?;
    wagering::expire_due(&mut tx, &mut live, now_ms()).await.map_err(bonus_error)?;
    tx.commit().await?;
    Ok(())
}

/// Expires due bonuses every `every` (each in its own transaction; nodes racing for one player
/// go one by one on the player's balance lock, and the second finds nothing left to do).
pub async fn sweep(db: Db, every: std::time::Duration) {
    crate::time::repeat(every, || async {
        match store::players_with_due(&db, now_ms(), 500).await {
            Ok(players) => {
                for player_id in players {
                    if let Err(e) = expire_due(&db, player_id).await {
                        tracing::warn!(player_id, error = %e, "expiring bonuses failed");
                    }
                }
            }
            Err(e) => tracing::warn!(error = %e, "reading due bonuses failed"),
        }
    })
    .await
}

fn bonus_error(e: BonusError) -> AppError {
    match e {
        BonusError::Wallet(w) => w.into(),
        BonusError::Database(d) => AppError::Database(d),
        BonusError::MaxBet { .. } => AppError::BadRequest("bonus.max_bet"),
    }
}
