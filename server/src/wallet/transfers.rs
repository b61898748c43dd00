//! Committing batches: validation, idempotency keys and their fingerprints, applying transfers
//! (and the debt repayments their credits owe), posting or voiding pending transfers, and undoing
//! a batch.

use std::collections::BTreeSet;

use serde::Serialize;
use sha2::{Digest, Sha256};
use sqlx::AnyConnection;

use super::{Account, Applied, Batch, Committed, Kurus, Pocket, Refs, Transfer, TransferKind, WalletError, debts, publish_balance, store};
#[cfg(doc)]
use super::{bet_in, publish_balance_in, win_many_in};
use crate::db::Db;

pub(super) fn validate(batch: &Batch) -> Result<(), WalletError> {
    if batch.key.trim().is_empty() || batch.key.len() > 200 {
        return Err(WalletError::Invalid("a batch needs an idempotency key of at most 200 characters"));
    }
    for t in &batch.transfers {
        if !t.amount.is_positive() {
            return Err(WalletError::Invalid("a transfer moves a positive amount"));
        }
        if t.debit == t.credit {
            return Err(WalletError::Invalid("a transfer moves money between two accounts"));
        }
        if !t.debit.valid() || !t.credit.valid() {
            return Err(WalletError::Invalid("an account name is malformed"));
        }
        if t.cause.trim().is_empty() {
            return Err(WalletError::Invalid("a transfer needs a cause"));
        }
        if t.pending && t.debit.player().is_none() {
            return Err(WalletError::Invalid("only a player account's money can be held"));
        }
    }
    Ok(())
}

/// A digest of a batch's content, to tell a replay from a reused key.
pub(super) fn fingerprint(content: &impl Serialize) -> String {
    hex::encode(Sha256::digest(serde_json::to_vec(content).unwrap_or_default()))
}

#[derive(Serialize)]
struct TransferContent<'a> {
    debit: String,
    credit: String,
    amount: i64,
    kind: TransferKind,
    cause: &'a str,
    reason: Option<&'a str>,
    refs: &'a Refs,
    pending: bool,
}

fn batch_fingerprint(batch: &Batch) -> String {
    let content: Vec<TransferContent> = batch
        .transfers
        .iter()
        .map(|t| TransferContent {
            debit: t.debit.code(),
            credit: t.credit.code(),
            amount: t.amount.minor(),
            kind: t.kind,
            cause: &t.cause,
            reason: t.reason.as_deref(),
            refs: &t.refs,
            pending: t.pending,
        })
        .collect();
    fingerprint(&("transfers", content))
}

/// Commits a batch in a transaction of its own.
pub async fn commit(db: &Db, batch: &Batch) -> Result<Committed, WalletError> {
    validate(batch)?;
    let house = open_house_accounts(db, &batch.transfers).await?;
    let mut tx = db.begin_write().await?;
    let committed = commit_with(&mut tx, batch, house).await?;
    tx.commit().await?;
    Ok(committed)
}

/// Commits a batch inside the caller's transaction (begun with [`Db::begin_write`]), after the
/// caller opened the batch's house accounts with [`open_house_accounts`] before beginning it. On
/// an error the caller must roll its transaction back.
pub async fn commit_in(conn: &mut AnyConnection, batch: &Batch) -> Result<Committed, WalletError> {
    commit_with(conn, batch, Vec::new()).await
}

async fn commit_with(conn: &mut AnyConnection, batch: &Batch, house: Vec<(Account, i64)>) -> Result<Committed, WalletError> {
    validate(batch)?;
    if let Some(replay) = claim_key(conn, &batch.key, &batch_fingerprint(batch)).await? {
        return Ok(replay);
    }
    apply(conn, &batch.key, &batch.transfers, house, Push::Now).await
}

/// Opens the house accounts the transfers name, if new, each in a statement of its own and never
/// inside a money transaction (see `store::open_house_account` for the deadlock this avoids), and
/// gives their ids. Call it before [`Db::begin_write`] when committing with [`commit_in`].
pub async fn open_house_accounts(db: &Db, transfers: &[Transfer]) -> Result<Vec<(Account, i64)>, WalletError> {
    let mut opened: Vec<(Account, i64)> = Vec::new();
    let mut conn = None;
    for account in transfers.iter().flat_map(|t| [&t.debit, &t.credit]) {
        if account.player().is_some() || opened.iter().any(|(a, _)| a == account) {
            continue;
        }
        let conn = match &mut conn {
            Some(c) => c,
            None => conn.insert(db.pool.acquire().await?),
        };
        opened.push((account.clone(), store::open_house_account(conn, account).await?));
    }
    Ok(opened)
}

/// Records the batch's key; when it was committed before, the first result (same content) or
/// [`WalletError::KeyReused`].
pub(super) async fn claim_key(conn: &mut AnyConnection, key: &str, fingerprint: &str) -> Result<Option<Committed>, WalletError> {
    match store::insert_batch(conn, key, fingerprint).await? {
        None => Ok(None),
        Some(first) if first == fingerprint => {
            Ok(Some(Committed { transfers: store::transfers_of_batch(conn, key).await?, replayed: true }))
        }
        Some(_) => Err(WalletError::KeyReused(key.to_string())),
    }
}

/// Applies transfers whose key was just claimed, then journals one balance push per player.
/// Whether a batch journals its players' balance pushes itself ([`Push::Now`]) or leaves one push
/// per player to the caller, who runs several game moves in one transaction ([`Push::ByCaller`],
/// the `_in` game moves; the caller ends with [`publish_balance_in`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Push {
    Now,
    ByCaller,
}

pub(super) async fn apply(
    conn: &mut AnyConnection,
    key: &str,
    transfers: &[Transfer],
    house: Vec<(Account, i64)>,
    push: Push,
) -> Result<Committed, WalletError> {
    // Each account is looked up once per batch (a split bet names the provider twice); the house
    // accounts opened before the transaction are known already.
    let mut known: Vec<(Account, i64)> = house;
    let mut ids = Vec::with_capacity(transfers.len());
    let mut player_rows = Vec::new();
    for t in transfers {
        // Counted as written (a transaction rolled back later is rare: a refused move errs first).
        metrics::counter!("kasa_wallet_transfers_total", "kind" => t.kind.as_str()).increment(1);
        let mut pair = [0i64; 2];
        for (slot, account) in pair.iter_mut().zip([&t.debit, &t.credit]) {
            *slot = match known.iter().find(|(a, _)| a == account) {
                Some(&(_, id)) => id,
                None => {
                    let id = store::account_id(conn, account).await?;
                    known.push((account.clone(), id));
                    id
                }
            };
        }
        let pair = (pair[0], pair[1]);
        player_rows.extend(t.debit.player().map(|_| pair.0).into_iter().chain(t.credit.player().map(|_| pair.1)));
        ids.push(pair);
    }
    store::lock_rows(conn, player_rows).await?;
    let mut applied = Vec::with_capacity(transfers.len());
    let mut players = BTreeSet::new();
    let mut credited: std::collections::BTreeMap<i64, (i64, Kurus)> = std::collections::BTreeMap::new();
    for (t, (debit_id, credit_id)) in transfers.iter().zip(ids) {
        if let Some((player_id, _)) = t.debit.player() {
            let ok = if t.pending {
                store::hold(conn, debit_id, t.amount).await?
            } else {
                store::change_posted(conn, debit_id, t.amount.negated()).await?
            };
            if !ok {
                return Err(WalletError::InsufficientFunds);
            }
            players.insert(player_id);
        }
        if let Some((player_id, pocket)) = t.credit.player() {
            store::change_posted(conn, credit_id, t.amount).await?;
            players.insert(player_id);
            if pocket == Pocket::Real {
                let entry = credited.entry(player_id).or_insert((credit_id, Kurus::ZERO));
                entry.1 = entry.1.checked_add(t.amount)?;
            }
        }
        let phase = if t.pending { store::Phase::Pending } else { store::Phase::Single };
        applied.push(store::insert_transfer(conn, key, (debit_id, credit_id), t, phase, None).await?);
    }
    repay_debts(conn, key, credited, &mut applied).await?;
    if push == Push::Now {
        for player_id in players {
            publish_balance(conn, player_id).await?;
        }
    }
    Ok(Committed { transfers: applied, replayed: false })
}

/// Repays the debts of the players whose real pockets the batch `key` credited (`player -> (real
/// account id, credited)`), first, from those credits, under the same key: every credit path goes
/// through here or repays the same way ([`win_many_in`], a voided hold).
async fn repay_debts(
    conn: &mut AnyConnection,
    key: &str,
    credited: std::collections::BTreeMap<i64, (i64, Kurus)>,
    applied: &mut Vec<Applied>,
) -> Result<(), WalletError> {
    for (player_id, (real_id, credit)) in credited {
        let Some((receivable_id, owed)) = debts::owed(conn, player_id).await? else { continue };
        // The row is locked; what the batch left spendable bounds the repayment too.
        let spendable = store::balances(conn, player_id).await?.real;
        let amount = owed.min(credit).min(spendable);
        if amount.is_positive() {
            applied.push(debts::repay(conn, key, player_id, (real_id, receivable_id), amount).await?);
        }
    }
    Ok(())
}

/// Posts a pending transfer: the held money leaves the player account for good.
pub async fn post_pending(db: &Db, key: &str, pending_id: i64) -> Result<Committed, WalletError> {
    resolve(db, key, pending_id, store::Phase::Post).await
}

/// Voids a pending transfer: the held money is the player's to spend again.
pub async fn void_pending(db: &Db, key: &str, pending_id: i64) -> Result<Committed, WalletError> {
    resolve(db, key, pending_id, store::Phase::Void).await
}

/// [`post_pending`] inside the caller's transaction (begun with [`Db::begin_write`]), so the
/// posting commits with the caller's own change (a payment request's decision). On an error the
/// caller must roll its transaction back.
pub async fn post_pending_in(conn: &mut AnyConnection, key: &str, pending_id: i64) -> Result<Committed, WalletError> {
    resolve_with(conn, key, pending_id, store::Phase::Post).await
}

/// [`void_pending`] inside the caller's transaction (see [`post_pending_in`]).
pub async fn void_pending_in(conn: &mut AnyConnection, key: &str, pending_id: i64) -> Result<Committed, WalletError> {
    resolve_with(conn, key, pending_id, store::Phase::Void).await
}

async fn resolve(db: &Db, key: &str, pending_id: i64, phase: store::Phase) -> Result<Committed, WalletError> {
    let mut tx = db.begin_write().await?;
    let committed = resolve_with(&mut tx, key, pending_id, phase).await?;
    tx.commit().await?;
    Ok(committed)
}

async fn resolve_with(conn: &mut AnyConnection, key: &str, pending_id: i64, phase: store::Phase) -> Result<Committed, WalletError> {
    if key.trim().is_empty() {
        return Err(WalletError::Invalid("a batch needs an idempotency key"));
    }
    if let Some(replay) = claim_key(conn, key, &fingerprint(&(phase.as_str(), pending_id))).await? {
        return Ok(replay);
    }
    // Locks the player's balance row first, so two resolutions of one transfer go one by one.
    let pending = store::pending_transfer(conn, pending_id).await?.ok_or(WalletError::NotPending(pending_id))?;
    if store::is_resolved(conn, pending_id).await? {
        return Err(WalletError::NotPending(pending_id));
    }
    if !store::release(conn, pending.debit_id, pending.transfer.amount, phase == store::Phase::Post).await? {
        return Err(WalletError::NotPending(pending_id));
    }
    let applied =
        store::insert_transfer(conn, key, (pending.debit_id, pending.credit_id), &pending.transfer, phase, Some(pending_id)).await?;
    let mut transfers = vec![applied];
    if let Some((player_id, pocket)) = pending.transfer.debit.player() {
        // A voided hold is spendable money again: a credit like any other, so it repays a debt first.
        if phase == store::Phase::Void && pocket == Pocket::Real {
            let credited = std::collections::BTreeMap::from([(player_id, (pending.debit_id, pending.transfer.amount))]);
            repay_debts(conn, key, credited, &mut transfers).await?;
        }
        publish_balance(conn, player_id).await?;
    }
    Ok(Committed { transfers, replayed: false })
}

/// What undoing a win does when the player no longer holds all of it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shortfall {
    /// Refuses ([`WalletError::InsufficientFunds`]): a provider's rollback.
    Refuse,
    /// Takes what each pocket holds; the rest of the real money becomes the player's debt (see
    /// `debts`), the rest of the bonus money is written off to the bonus cost: a corrected result.
    Owe,
}

/// Undoes what the batch `of_key` moved (a bet's or a win's transfers, each pocket as it was), by
/// `Rollback` transfers the other way under the key `key`, inside the caller's transaction (see
/// [`bet_in`]). The same key again answers the first result; a batch that moved nothing (a win
/// of zero, an unknown key) is undone by nothing. Undoing a win needs the money still there.
pub async fn reverse_in(conn: &mut AnyConnection, key: &str, of_key: &str, refs: &Refs) -> Result<Committed, WalletError> {
    reverse_with(conn, key, of_key, refs, Shortfall::Refuse).await
}

/// [`reverse_in`], with what happens when the player no longer holds a win it undoes.
pub async fn reverse_with(
    conn: &mut AnyConnection,
    key: &str,
    of_key: &str,
    refs: &Refs,
    shortfall: Shortfall,
) -> Result<Committed, WalletError> {
    if key.trim().is_empty() || key.len() > 200 {
        return Err(WalletError::Invalid("a batch needs an idempotency key of at most 200 characters"));
    }
    if let Some(replay) = claim_key(conn, key, &fingerprint(&("reverse", of_key, refs))).await? {
        return Ok(replay);
    }
    let cause = format!("rollback:{of_key}");
    // A debt the batch repaid stays repaid: undoing its credit takes the money back instead.
    let back: Vec<Transfer> = store::transfers_of_batch(conn, of_key)
        .await?
        .into_iter()
        .filter(|t| t.phase == store::Phase::Single && t.kind != TransferKind::Debt)
        .map(|t| Transfer { refs: refs.clone(), ..Transfer::new(t.credit, t.debit, t.amount, TransferKind::Rollback, cause.clone()) })
        .collect();
    if shortfall == Shortfall::Refuse || back.iter().all(|t| t.debit.player().is_none()) {
        return apply(conn, key, &back, Vec::new(), Push::ByCaller).await;
    }
    // The pockets it takes from, locked (in the one order) before reading what they hold.
    let mut held: std::collections::BTreeMap<Account, (i64, Kurus)> = std::collections::BTreeMap::new();
    for t in &back {
        if t.debit.player().is_some() && !held.contains_key(&t.debit) {
            let id = store::account_id(conn, &t.debit).await?;
            held.insert(t.debit.clone(), (id, Kurus::ZERO));
        }
    }
    let ids: Vec<i64> = held.values().map(|(id, _)| *id).collect();
    store::lock_rows(conn, ids).await?;
    for (account, (_, have)) in held.iter_mut() {
        if let Some((player_id, pocket)) = account.player() {
            *have = store::balances(conn, player_id).await?.get(pocket);
        }
    }
    let mut transfers = Vec::with_capacity(back.len() + 1);
    let mut owed: std::collections::BTreeMap<i64, Kurus> = std::collections::BTreeMap::new();
    let mut house = Vec::new();
    for t in back {
        let Some((player_id, pocket)) = t.debit.player() else {
            transfers.push(t);
            continue;
        };
        let have = &mut held.get_mut(&t.debit).ok_or(WalletError::Invalid("a pocket not read"))?.1;
        let taken = t.amount.min(*have);
        *have = have.checked_sub(taken)?;
        let short = t.amount.checked_sub(taken)?;
        if short.is_positive() {
            let from = if pocket == Pocket::Real {
                let owing = owed.entry(player_id).or_insert(Kurus::ZERO);
                *owing = owing.checked_add(short)?;
                Account::Receivable(player_id)
            } else {
                Account::BonusCost
            };
            if !house.iter().any(|(a, _): &(Account, i64)| *a == from) {
                let id = match from {
                    Account::Receivable(p) => debts::receivable_account(conn, p).await?,
                    _ => store::open_house_account(conn, &from).await?,
                };
                house.push((from.clone(), id));
            }
            transfers.push(Transfer { debit: from, amount: short, ..t.clone() });
        }
        if taken.is_positive() {
            transfers.push(Transfer { amount: taken, ..t });
        }
    }
    let committed = apply(conn, key, &transfers, house.clone(), Push::ByCaller).await?;
    for (player_id, amount) in owed {
        let account = house.iter().find(|(a, _)| *a == Account::Receivable(player_id)).map(|(_, id)| *id);
        debts::record(conn, player_id, account.ok_or(WalletError::Invalid("a receivable not opened"))?, amount).await?;
    }
    Ok(committed)
}
