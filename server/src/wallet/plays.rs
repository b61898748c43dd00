//! A game round's money: bets and wins between a player's pockets and a provider's (or another
//! house) account, one by one or many wins at once.

use std::collections::BTreeSet;

use serde::Serialize;
use sqlx::AnyConnection;

use super::transfers::{Push, apply, claim_key, fingerprint, validate};
use super::{Account, Batch, Committed, Kurus, Pocket, Refs, Transfer, TransferKind, WalletError, debts, store};
#[cfg(doc)]
use super::{open_house_accounts, publish_balance_in};
use crate::db::Db;

/// A move of a game round, as a provider reports it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RoundMove {
    pub player_id: i64,
    pub provider: String,
    pub round_id: String,
    /// The provider's transaction id.
    pub provider_tx: String,
    pub amount: Kurus,
}

impl RoundMove {
    fn refs(&self) -> Refs {
        Refs {
            payment_id: None,
            provider: Some(self.provider.clone()),
            round_id: Some(self.round_id.clone()),
            provider_tx: Some(self.provider_tx.clone()),
        }
    }
}

/// A stake: real money first, then bonus money, as linked transfers to the provider's account.
pub async fn bet(db: &Db, key: &str, stake: &RoundMove) -> Result<Committed, WalletError> {
    if !stake.amount.is_positive() {
        return Err(WalletError::Invalid("a stake is positive"));
    }
    play(db, key, stake, TransferKind::Bet).await
}

/// A payout, split between the pockets in the proportion the round's stakes came from them (all
/// real money when the round has no stake). A win of zero records the key and moves nothing.
pub async fn win(db: &Db, key: &str, payout: &RoundMove) -> Result<Committed, WalletError> {
    if payout.amount.is_negative() {
        return Err(WalletError::Invalid("a win is not negative"));
    }
    play(db, key, payout, TransferKind::Win).await
}

/// [`bet`] inside the caller's transaction (begun with [`Db::begin_write`]), so the stake commits
/// with the caller's own rows (a provider's wallet call, a studio round), after the provider's
/// house account was opened with [`open_provider_account`] before beginning it. On an error the
/// caller must roll its transaction back. It journals no balance push: the caller ends its
/// transaction with [`publish_balance_in`], one push for all its moves.
pub async fn bet_in(conn: &mut AnyConnection, key: &str, stake: &RoundMove) -> Result<Committed, WalletError> {
    bet_with_in(conn, key, stake, &[]).await
}

/// [`bet_in`] with more house transfers in the stake's batch, after its own (a studio slot bet's
/// jackpot contributions, from the provider's account to the levels'): they commit, replay and
/// are rolled back with the stake. Their house accounts are opened before the transaction.
pub async fn bet_with_in(conn: &mut AnyConnection, key: &str, stake: &RoundMove, extra: &[Transfer]) -> Result<Committed, WalletError> {
    if !stake.amount.is_positive() {
        return Err(WalletError::Invalid("a stake is positive"));
    }
    if extra.iter().any(|t| t.debit.player().is_some() || t.credit.player().is_some()) {
        return Err(WalletError::Invalid("a stake's other transfers are between house accounts"));
    }
    validate(&Batch { key: key.to_string(), transfers: extra.to_vec() })?;
    let provider = Account::Provider(stake.provider.clone());
    play_with(conn, key, stake, TransferKind::Bet, &provider, extra, Push::ByCaller).await
}

/// [`win`] inside the caller's transaction (see [`bet_in`]).
pub async fn win_in(conn: &mut AnyConnection, key: &str, payout: &RoundMove) -> Result<Committed, WalletError> {
    win_from_in(conn, key, payout, &Account::Provider(payout.provider.clone())).await
}

/// [`win_in`] paid from another house account than the provider's (a jackpot level's), split
/// between the pockets as the round's stakes with the provider were; opened before the transaction.
pub async fn win_from_in(conn: &mut AnyConnection, key: &str, payout: &RoundMove, from: &Account) -> Result<Committed, WalletError> {
    if payout.amount.is_negative() {
        return Err(WalletError::Invalid("a win is not negative"));
    }
    if from.player().is_some() || !from.valid() {
        return Err(WalletError::Invalid("a win is paid from a house account"));
    }
    play_with(conn, key, payout, TransferKind::Win, from, &[], Push::ByCaller).await
}

/// Many wins of one provider at once, inside the caller's transaction: for each `(key, move)`
/// what [`win_in`] does (the payout split between the pockets as the round's stakes were, linked
/// transfers from the provider's account, the players' posted money), in a few statements for
/// all, so a sportsbook market's thousands of winning bets settle in seconds. Each win's part
/// paid into the bonus pocket, in order. `Ok(None)` when a key was used before: nothing is
/// written and the caller goes one by one ([`win_in`] answers replays). The caller ends with
/// [`publish_balance_in`] once per player.
pub async fn win_many_in(
    conn: &mut AnyConnection,
    provider: &str,
    wins: &[(String, RoundMove)],
) -> Result<Option<Vec<Kurus>>, WalletError> {
    if wins.is_empty() {
        return Ok(Some(Vec::new()));
    }
    let keys: Vec<String> = wins.iter().map(|(k, _)| k.clone()).collect();
    let distinct: BTreeSet<&String> = keys.iter().collect();
    if wins.iter().any(|(k, mv)| mv.amount.is_negative() || mv.provider != provider || k.trim().is_empty() || k.len() > 200)
        || distinct.len() != keys.len()
    {
        return Err(WalletError::Invalid("a bulk win names one provider, new distinct keys and amounts of zero or more"));
    }
    if store::batches_known(conn, &keys).await? > 0 {
        return Ok(None);
    }
    let prints: Vec<(String, String)> = wins.iter().map(|(k, mv)| (k.clone(), fingerprint(&(TransferKind::Win, mv)))).collect();
    if store::insert_batches(conn, &prints).await? != wins.len() as u64 {
        return Err(WalletError::KeyReused(keys[0].clone()));
    }
    let rounds: Vec<String> = wins.iter().map(|(_, mv)| mv.round_id.clone()).collect::<BTreeSet<_>>().into_iter().collect();
    let stakes = store::rounds_stakes(conn, provider, &rounds).await?;
    let players: Vec<i64> = wins.iter().map(|(_, mv)| mv.player_id).collect::<BTreeSet<_>>().into_iter().collect();
    let accounts = store::player_accounts(conn, &players).await?;
    let house = Account::Provider(provider.to_string());
    let house_id = store::account_id(conn, &house).await?;

    let mut transfers = Vec::new();
    let mut to_bonus = Vec::with_capacity(wins.len());
    for (key, mv) in wins {
        let staked = stakes.get(&(mv.round_id.clone(), mv.player_id)).copied().unwrap_or_default();
        let total = staked.real.checked_add(staked.bonus)?;
        let bonus_part = if total.is_positive() { mv.amount.share(staked.bonus, total)? } else { Kurus::ZERO };
        let real_part = mv.amount.checked_sub(bonus_part)?;
        to_bonus.push(bonus_part);
        let cause = format!("{}:{}:{}", mv.provider, TransferKind::Win.as_str(), mv.provider_tx);
        for (pocket, part) in [(Pocket::Real, real_part), (Pocket::Bonus, bonus_part)] {
            if !part.is_positive() {
                continue;
            }
            let player = Account::Player { player_id: mv.player_id, pocket };
            let id =
                *accounts.get(&(mv.player_id, pocket.as_str().to_string())).ok_or_else(|| WalletError::UnknownAccount(player.code()))?;
            transfers.push((
                key.as_str(),
                id,
                Transfer { refs: mv.refs(), ..Transfer::new(house.clone(), player, part, TransferKind::Win, cause.clone()) },
            ));
        }
    }
    if transfers.is_empty() {
        return Ok(Some(to_bonus));
    }
    let mut credits: std::collections::BTreeMap<i64, i64> = std::collections::BTreeMap::new();
    for (_, id, t) in &transfers {
        *credits.entry(*id).or_default() += t.amount.minor();
    }
    store::lock_rows_at_once(conn, credits.keys().copied().collect()).await?;
    // Debts first (read under the rows' locks): an indebted player's real winnings repay it, win
    // by win, each repayment under its win's key.
    let earners: Vec<i64> =
        transfers.iter().filter_map(|(_, _, t)| t.credit.player().filter(|(_, pocket)| *pocket == Pocket::Real).map(|(p, _)| p)).collect();
    let owing = debts::owed_by_many(conn, &earners.into_iter().collect::<BTreeSet<_>>().into_iter().collect::<Vec<_>>()).await?;
    let mut repayments: Vec<(&str, (i64, i64), Transfer)> = Vec::new();
    let mut repaid: std::collections::BTreeMap<i64, Kurus> = std::collections::BTreeMap::new();
    for (key, id, t) in &transfers {
        let Some((player_id, Pocket::Real)) = t.credit.player() else { continue };
        let Some(&(receivable_id, owed)) = owing.get(&player_id) else { continue };
        let done = repaid.entry(player_id).or_insert(Kurus::ZERO);
        let amount = t.amount.min(owed.checked_sub(*done)?);
        if !amount.is_positive() {
            continue;
        }
        *done = done.checked_add(amount)?;
        *credits.entry(*id).or_default() -= amount.minor();
        repayments.push((*key, (*id, receivable_id), debts::repayment(player_id, amount)));
    }
    let credits: Vec<(i64, i64)> = credits.into_iter().collect();
    for chunk in credits.chunks(crate::db::rows_per_statement(3)) {
        if store::credit_posted(conn, chunk).await? != chunk.len() as u64 {
            return Err(WalletError::UnknownAccount(format!("a balance row of {} accounts", chunk.len())));
        }
    }
    let mut rows: Vec<(&str, (i64, i64), &Transfer)> = transfers.iter().map(|(k, id, t)| (*k, (house_id, *id), t)).collect();
    rows.extend(repayments.iter().map(|(k, ids, t)| (*k, *ids, t)));
    store::insert_transfers(conn, &rows).await?;
    let repaid: Vec<(i64, Kurus)> = repaid.into_iter().filter(|(_, k)| k.is_positive()).collect();
    debts::repaid_many(conn, &repaid).await?;
    Ok(Some(to_bonus))
}

/// Opens a game provider's house account if it is new (outside any money transaction, see
/// [`open_house_accounts`]). Accounts are never closed, so a node remembers the ones it opened
/// (per database) and asks the database once.
pub async fn open_provider_account(db: &Db, provider: &str) -> Result<(), WalletError> {
    open_house_account(db, &Account::Provider(provider.to_string())).await
}

/// Opens a house account if it is new, outside any money transaction and remembered like
/// [`open_provider_account`]'s (a jackpot level's, the jackpot seed's).
pub async fn open_house_account(db: &Db, account: &Account) -> Result<(), WalletError> {
    static OPENED: std::sync::LazyLock<std::sync::Mutex<BTreeSet<(String, String)>>> = std::sync::LazyLock::new(Default::default);
    if !account.valid() || account.player().is_some() {
        return Err(WalletError::Invalid("an account name is malformed"));
    }
    let key = (db.url.clone(), account.code());
    if OPENED.lock().unwrap_or_else(|e| e.into_inner()).contains(&key) {
        return Ok(());
    }
    let mut conn = db.pool.acquire().await?;
    store::open_house_account(&mut conn, account).await?;
    OPENED.lock().unwrap_or_else(|e| e.into_inner()).insert(key);
    Ok(())
}

/// A bet or a win: the move's split between the pockets, as linked transfers between the player
/// and the provider, in a transaction of its own.
async fn play(db: &Db, key: &str, mv: &RoundMove, kind: TransferKind) -> Result<Committed, WalletError> {
    let provider = Account::Provider(mv.provider.clone());
    let house = {
        let mut conn = db.pool.acquire().await?;
        vec![(provider.clone(), store::open_house_account(&mut conn, &provider).await?)]
    };
    let mut tx = db.begin_write().await?;
    let committed = play_with_opened(&mut tx, key, mv, kind, &provider, &[], house, Push::Now).await?;
    tx.commit().await?;
    Ok(committed)
}

async fn play_with(
    tx: &mut AnyConnection,
    key: &str,
    mv: &RoundMove,
    kind: TransferKind,
    counterpart: &Account,
    extra: &[Transfer],
    push: Push,
) -> Result<Committed, WalletError> {
    play_with_opened(tx, key, mv, kind, counterpart, extra, Vec::new(), push).await
}

/// A bet or a win between the player and `counterpart` (the provider's account, or for a win
/// another house account), then `extra` house transfers, as one batch.
#[allow(clippy::too_many_arguments)]
async fn play_with_opened(
    tx: &mut AnyConnection,
    key: &str,
    mv: &RoundMove,
    kind: TransferKind,
    counterpart: &Account,
    extra: &[Transfer],
    house: Vec<(Account, i64)>,
    push: Push,
) -> Result<Committed, WalletError> {
    let provider = counterpart.clone();
    // The content a replay is told from: the move as before, and the counterpart and the extra
    // transfers only when they are not the plain provider's.
    let print = if extra.is_empty() && *counterpart == Account::Provider(mv.provider.clone()) {
        fingerprint(&(kind, mv))
    } else {
        let extra: Vec<(String, String, i64, TransferKind, &str)> =
            extra.iter().map(|t| (t.debit.code(), t.credit.code(), t.amount.minor(), t.kind, t.cause.as_str())).collect();
        fingerprint(&(kind, mv, counterpart.code(), extra))
    };
    if let Some(replay) = claim_key(tx, key, &print).await? {
        return Ok(replay);
    }
    let (real_part, bonus_part) = if kind == TransferKind::Bet {
        let available = store::lock_balances(tx, mv.player_id).await?;
        let real_part = mv.amount.min(available.real);
        let bonus_part = mv.amount.checked_sub(real_part)?;
        if bonus_part > available.bonus {
            return Err(WalletError::InsufficientFunds);
        }
        (real_part, bonus_part)
    } else {
        let staked = store::round_stakes(tx, mv.player_id, &mv.provider, &mv.round_id).await?;
        let total = staked.real.checked_add(staked.bonus)?;
        let bonus_part = if total.is_positive() { mv.amount.share(staked.bonus, total)? } else { Kurus::ZERO };
        (mv.amount.checked_sub(bonus_part)?, bonus_part)
    };
    let cause = format!("{}:{}:{}", mv.provider, kind.as_str(), mv.provider_tx);
    let transfers: Vec<Transfer> = [(Pocket::Real, real_part), (Pocket::Bonus, bonus_part)]
        .into_iter()
        .filter(|(_, part)| part.is_positive())
        .map(|(pocket, part)| {
            let player = Account::Player { player_id: mv.player_id, pocket };
            let (debit, credit) = if kind == TransferKind::Bet { (player, provider.clone()) } else { (provider.clone(), player) };
            Transfer { refs: mv.refs(), ..Transfer::new(debit, credit, part, kind, cause.clone()) }
        })
        .chain(extra.iter().cloned())
        .collect();
    apply(tx, key, &transfers, house, push).await
}
