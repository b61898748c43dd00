//! SQL of the wallet: accounts, the player accounts' balance rows, batches and immutable
//! transfers, written once for both engines.

use sqlx::{AnyConnection, Row};

use super::{Account, Balances, Kurus, Pocket, Refs, Transfer, TransferKind, WalletError};
use crate::db::{Db, STATEMENT_PARAMS, now_ms, rows_per_statement, value_rows};

/// How a transfer row moves money.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    /// Posted at once.
    Single,
    /// Holds the amount on the debited player account.
    Pending,
    /// Posts a pending transfer.
    Post,
    /// Voids a pending transfer.
    Void,
}

impl Phase {
    pub fn as_str(self) -> &'static str {
        match self {
            Phase::Single => "single",
            Phase::Pending => "pending",
            Phase::Post => "post",
            Phase::Void => "void",
        }
    }

    fn parse(s: &str) -> Option<Phase> {
        [Phase::Single, Phase::Pending, Phase::Post, Phase::Void].into_iter().find(|p| p.as_str() == s)
    }
}

/// A transfer as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Applied {
    pub id: i64,
    pub debit: Account,
    pub credit: Account,
    pub amount: Kurus,
    pub kind: TransferKind,
    pub phase: Phase,
    /// For a post or a void: the pending transfer.
    pub pending_id: Option<i64>,
}

fn decode(column: &str, e: impl Into<Box<dyn std::error::Error + Send + Sync>>) -> sqlx::Error {
    sqlx::Error::ColumnDecode { index: column.to_string(), source: e.into() }
}

pub(super) fn kurus(v: i64) -> Result<Kurus, sqlx::Error> {
    Kurus::from_minor(v).map_err(|e| decode("amount", e))
}

const APPLIED_COLUMNS: &str = "t.id, d.code, c.code, t.amount, t.kind, t.phase, t.pending_id";
const APPLIED_FROM: &str = "transfers t JOIN accounts d ON d.id = t.debit_account JOIN accounts c ON c.id = t.credit_account";

fn applied(r: &sqlx::any::AnyRow) -> Result<Applied, sqlx::Error> {
    let account = |i: usize| -> Result<Account, sqlx::Error> {
        let code: String = r.try_get(i)?;
        Account::parse(&code).ok_or_else(|| decode("code", format!("unknown account code '{code}'")))
    };
    let kind: String = r.try_get(4)?;
    let phase: String = r.try_get(5)?;
    Ok(Applied {
        id: r.try_get(0)?,
        debit: account(1)?,
        credit: account(2)?,
        amount: kurus(r.try_get(3)?)?,
        kind: kind.parse().map_err(|e: String| decode("kind", e))?,
        phase: Phase::parse(&phase).ok_or_else(|| decode("phase", phase.clone()))?,
        pending_id: r.try_get(6)?,
    })
}

/// Records a batch key; `None` when it is new, else the fingerprint it was first committed with.
pub(super) async fn insert_batch(conn: &mut AnyConnection, key: &str, fingerprint: &str) -> Result<Option<String>, sqlx::Error> {
    let inserted = sqlx::query(
        "INSERT INTO transfer_batches (batch_key, fingerprint, created_at) VALUES ($1, $2, $3) ON CONFLICT (batch_key) DO NOTHING",
    )
    .bind(key)
    .bind(fingerprint)
    .bind(now_ms())
    .execute(&mut *conn)
    .await?;
    if inserted.rows_affected() == 1 {
        return Ok(None);
    }
    sqlx::query_scalar("SELECT fingerprint FROM transfer_batches WHERE batch_key = $1").bind(key).fetch_optional(conn).await
}

pub(super) async fn transfers_of_batch(conn: &mut AnyConnection, key: &str) -> Result<Vec<Applied>, sqlx::Error> {
    let sql = format!("SELECT {APPLIED_COLUMNS} FROM {APPLIED_FROM} WHERE t.batch_key = $1 ORDER BY t.id");
    let rows = sqlx::query(sqlx::AssertSqlSafe(sql)).bind(key).fetch_all(conn).await?;
    rows.iter().map(applied).collect()
}

pub(super) async fn transfers_of_player(
    conn: &mut AnyConnection,
    player_id: i64,
    before_id: Option<i64>,
    limit: i64,
) -> Result<Vec<Applied>, sqlx::Error> {
    let sql = format!(
        "SELECT {APPLIED_COLUMNS} FROM {APPLIED_FROM} WHERE (d.player_id = $1 OR c.player_id = $1) AND t.id < $2 ORDER BY t.id DESC LIMIT $3"
    );
    let rows = sqlx::query(sqlx::AssertSqlSafe(sql))
        .bind(player_id)
        .bind(before_id.unwrap_or(i64::MAX))
        .bind(limit.max(0))
        .fetch_all(conn)
        .await?;
    rows.iter().map(applied).collect()
}

/// The id of an account that was opened before (a player's by [`ensure_wallet`], a house account
/// by [`open_house_account`]). Inside a money transaction it only reads: see `open_house_account`.
pub(super) async fn account_id(conn: &mut AnyConnection, account: &Account) -> Result<i64, WalletError> {
    let code = account.code();
    let found = sqlx::query_scalar("SELECT id FROM accounts WHERE code = $1").bind(&code).fetch_optional(&mut *conn).await?;
    found.ok_or(WalletError::UnknownAccount(code))
}

/// Opens a house account if it is not open yet, and gives its id; read first, so the common path
/// writes nothing. Run outside any money transaction, in statements of their own: an account
/// inserted inside one holds its key's index entry until that transaction ends, so two batches
/// opening accounts in opposite orders, or one opening an account while holding a player's row
/// that the other waits for, would deadlock (PostgreSQL found exactly that under load).
pub(super) async fn open_house_account(conn: &mut AnyConnection, account: &Account) -> Result<i64, sqlx::Error> {
    let code = account.code();
    let find = "SELECT id FROM accounts WHERE code = $1";
    if let Some(id) = sqlx::query_scalar(find).bind(&code).fetch_optional(&mut *conn).await? {
        return Ok(id);
    }
    sqlx::query("INSERT INTO accounts (code, player_id, pocket, created_at) VALUES ($1, NULL, NULL, $2) ON CONFLICT (code) DO NOTHING")
        .bind(&code)
        .bind(now_ms())
        .execute(&mut *conn)
        .await?;
    sqlx::query_scalar(find).bind(&code).fetch_one(conn).await
}

/// Opens a player's two accounts and their balance rows, if missing.
pub(super) async fn ensure_wallet(conn: &mut AnyConnection, player_id: i64) -> Result<(), sqlx::Error> {
    let now = now_ms();
    for pocket in [Pocket::Real, Pocket::Bonus] {
        sqlx::query("INSERT INTO accounts (code, player_id, pocket, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT (code) DO NOTHING")
            .bind(Account::Player { player_id, pocket }.code())
            .bind(player_id)
            .bind(pocket.as_str())
            .bind(now)
            .execute(&mut *conn)
            .await?;
    }
    sqlx::query(
        "INSERT INTO account_balances (account_id, player_id, pocket, posted, held, updated_at) \
         SELECT id, player_id, pocket, 0, 0, $2 FROM accounts WHERE player_id = $1 ON CONFLICT (account_id) DO NOTHING",
    )
    .bind(player_id)
    .bind(now)
    .execute(conn)
    .await?;
    Ok(())
}

/// Adds `delta` to a player account's posted money unless the spendable money would go below
/// zero; false when refused.
pub(super) async fn change_posted(conn: &mut AnyConnection, account_id: i64, delta: Kurus) -> Result<bool, sqlx::Error> {
    let r =
        sqlx::query("UPDATE account_balances SET posted = posted + $1, updated_at = $2 WHERE account_id = $3 AND posted - held + $1 >= 0")
            .bind(delta.minor())
            .bind(now_ms())
            .bind(account_id)
            .execute(conn)
            .await?;
    Ok(r.rows_affected() == 1)
}

/// Holds `amount` of a player account's spendable money; false when there is not enough.
pub(super) async fn hold(conn: &mut AnyConnection, account_id: i64, amount: Kurus) -> Result<bool, sqlx::Error> {
    let r = sqlx::query("UPDATE account_balances SET held = held + $1, updated_at = $2 WHERE account_id = $3 AND posted - held - $1 >= 0")
        .bind(amount.minor())
        .bind(now_ms())
        .bind(account_id)
        .execute(conn)
        .await?;
    Ok(r.rows_affected() == 1)
}

/// Releases held money: posted (it leaves the account) or voided (it is spendable again).
pub(super) async fn release(conn: &mut AnyConnection, account_id: i64, amount: Kurus, post: bool) -> Result<bool, sqlx::Error> {
    let spent = if post { amount.minor() } else { 0 };
    let r = sqlx::query(
        "UPDATE account_balances SET held = held - $1, posted = posted - $2, updated_at = $3 WHERE account_id = $4 AND held >= $1",
    )
    .bind(amount.minor())
    .bind(spent)
    .bind(now_ms())
    .bind(account_id)
    .execute(conn)
    .await?;
    Ok(r.rows_affected() == 1)
}

/// Appends a transfer row.
pub(super) async fn insert_transfer(
    conn: &mut AnyConnection,
    key: &str,
    (debit_id, credit_id): (i64, i64),
    t: &Transfer,
    phase: Phase,
    pending_id: Option<i64>,
) -> Result<Applied, sqlx::Error> {
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO transfers (batch_key, debit_account, credit_account, amount, phase, pending_id, kind, cause, reason, \
         payment_id, provider, round_id, provider_tx, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) RETURNING id",
    )
    .bind(key)
    .bind(debit_id)
    .bind(credit_id)
    .bind(t.amount.minor())
    .bind(phase.as_str())
    .bind(pending_id)
    .bind(t.kind.as_str())
    .bind(&t.cause)
    .bind(t.reason.as_deref())
    .bind(t.refs.payment_id.as_deref())
    .bind(t.refs.provider.as_deref())
    .bind(t.refs.round_id.as_deref())
    .bind(t.refs.provider_tx.as_deref())
    .bind(now_ms())
    .fetch_one(conn)
    .await?;
    Ok(Applied { id, debit: t.debit.clone(), credit: t.credit.clone(), amount: t.amount, kind: t.kind, phase, pending_id })
}

/// A pending transfer to post or void, with its accounts' ids.
pub(super) struct Pending {
    pub debit_id: i64,
    pub credit_id: i64,
    pub transfer: Transfer,
}

/// The pending transfer `id`, after locking its player's balance row (so resolutions of one
/// transfer go one after another); `None` when there is no pending transfer with that id.
pub(super) async fn pending_transfer(conn: &mut AnyConnection, id: i64) -> Result<Option<Pending>, sqlx::Error> {
    let debit: Option<i64> = sqlx::query_scalar("SELECT debit_account FROM transfers WHERE id = $1 AND phase = 'pending'")
        .bind(id)
        .fetch_optional(&mut *conn)
        .await?;
    lock_rows(conn, debit.into_iter().collect()).await?;
    let row = sqlx::query(
        "SELECT t.debit_account, t.credit_account, d.code, c.code, t.amount, t.kind, t.cause, t.reason, \
         t.payment_id, t.provider, t.round_id, t.provider_tx \
         FROM transfers t JOIN accounts d ON d.id = t.debit_account JOIN accounts c ON c.id = t.credit_account \
         WHERE t.id = $1 AND t.phase = 'pending'",
    )
    .bind(id)
    .fetch_optional(conn)
    .await?;
    let Some(r) = row else { return Ok(None) };
    let account = |i: usize| -> Result<Account, sqlx::Error> {
        let code: String = r.try_get(i)?;
        Account::parse(&code).ok_or_else(|| decode("code", code.clone()))
    };
    let kind: String = r.try_get(5)?;
    Ok(Some(Pending {
        debit_id: r.try_get(0)?,
        credit_id: r.try_get(1)?,
        transfer: Transfer {
            debit: account(2)?,
            credit: account(3)?,
            amount: kurus(r.try_get(4)?)?,
            kind: kind.parse().map_err(|e: String| decode("kind", e))?,
            cause: r.try_get(6)?,
            reason: r.try_get(7)?,
            refs: Refs { payment_id: r.try_get(8)?, provider: r.try_get(9)?, round_id: r.try_get(10)?, provider_tx: r.try_get(11)? },
            pending: false,
        },
    }))
}

pub(super) async fn is_resolved(conn: &mut AnyConnection, pending_id: i64) -> Result<bool, sqlx::Error> {
    let n: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM transfers WHERE pending_id = $1").bind(pending_id).fetch_one(conn).await?;
    Ok(n > 0)
}

/// The balance rows of one player: pocket, posted, held.
const BALANCES_SQL: &str = "SELECT pocket, posted, held FROM account_balances WHERE player_id = $1";

fn balances_from(rows: impl IntoIterator<Item = (String, i64, i64)>) -> Result<Balances, WalletError> {
    let mut b = Balances::default();
    for (pocket, posted, held) in rows {
        let (posted, held) = (kurus(posted)?, kurus(held)?);
        let spendable = posted.checked_sub(held)?;
        match pocket.as_str() {
            "real" => {
                b.real = spendable;
                b.held = held;
            }
            _ => b.bonus = spendable,
        }
    }
    Ok(b)
}

/// The player's balances: one indexed read of the two balance rows.
pub(super) async fn balances(conn: &mut AnyConnection, player_id: i64) -> Result<Balances, WalletError> {
    let rows = sqlx::query(BALANCES_SQL).bind(player_id).fetch_all(conn).await?;
    balances_from(tuples(&rows)?)
}

fn tuples(rows: &[sqlx::any::AnyRow]) -> Result<Vec<(String, i64, i64)>, sqlx::Error> {
    rows.iter().map(|r| Ok((r.try_get(0)?, r.try_get(1)?, r.try_get(2)?))).collect()
}

/// [`balances`] read in place where the database allows it (see [`Db::read_in_place`]).
pub(super) async fn balances_in_place(db: &Db, player_id: i64) -> Result<Balances, WalletError> {
    let read = db.read_in_place(|conn| {
        let mut statement = conn.prepare_cached(BALANCES_SQL)?;
        let rows = statement.query_map([player_id], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?;
        rows.collect::<rusqlite::Result<Vec<(String, i64, i64)>>>()
    });
    match read {
        Some(rows) => balances_from(rows?),
        None => balances(&mut *db.pool.acquire().await?, player_id).await,
    }
}

/// Locks balance rows one by one in the order of their account ids: every path that takes more
/// than one lock takes them in this one order, so two transactions never wait for each other.
pub(super) async fn lock_rows(conn: &mut AnyConnection, mut account_ids: Vec<i64>) -> Result<(), sqlx::Error> {
    account_ids.sort_unstable();
    account_ids.dedup();
    let now = now_ms();
    for id in account_ids {
        sqlx::query("UPDATE account_balances SET updated_at = $2 WHERE account_id = $1").bind(id).bind(now).execute(&mut *conn).await?;
    }
    Ok(())
}

/// Locks the player's balance rows (a bet's split must not change under it) and reads them.
pub(super) async fn lock_balances(conn: &mut AnyConnection, player_id: i64) -> Result<Balances, WalletError> {
    let ids: Vec<i64> = sqlx::query_scalar("SELECT id FROM accounts WHERE player_id = $1").bind(player_id).fetch_all(&mut *conn).await?;
    if ids.is_empty() {
        return Err(WalletError::UnknownAccount(Account::real(player_id).code()));
    }
    lock_rows(conn, ids).await?;
    balances(conn, player_id).await
}

/// What a round's stakes took from each pocket of the player.
pub(super) async fn round_stakes(
    conn: &mut AnyConnection,
    player_id: i64,
    provider: &str,
    round_id: &str,
) -> Result<Balances, WalletError> {
    // SUM of a BIGINT is NUMERIC on PostgreSQL, which the Any driver cannot decode: cast it back.
    let rows = sqlx::query(
        "SELECT a.pocket, CAST(SUM(t.amount) AS BIGINT), CAST(0 AS BIGINT) FROM transfers t JOIN accounts a ON a.id = t.debit_account \
         WHERE t.provider = $1 AND t.round_id = $2 AND t.kind = 'bet' AND t.phase = 'single' AND a.player_id = $3 GROUP BY a.pocket",
    )
    .bind(provider)
    .bind(round_id)
    .bind(player_id)
    .fetch_all(conn)
    .await?;
    balances_from(tuples(&rows)?)
}

/// How many of the batch keys exist already.
pub(super) async fn batches_known(conn: &mut AnyConnection, keys: &[String]) -> Result<i64, sqlx::Error> {
    let mut known = 0;
    for chunk in keys.chunks(STATEMENT_PARAMS) {
        let sql = format!("SELECT COUNT(*) FROM transfer_batches WHERE batch_key IN {}", value_rows(1, chunk.len(), 1));
        let mut q = sqlx::query_scalar::<_, i64>(sqlx::AssertSqlSafe(sql));
        for k in chunk {
            q = q.bind(k);
        }
        known += q.fetch_one(&mut *conn).await?;
    }
    Ok(known)
}

/// Records many new batch keys with their fingerprints; how many were new.
pub(super) async fn insert_batches(conn: &mut AnyConnection, batches: &[(String, String)]) -> Result<u64, sqlx::Error> {
    let now = now_ms();
    let mut inserted = 0;
    for chunk in batches.chunks(rows_per_statement(3)) {
        let sql = format!(
            "INSERT INTO transfer_batches (batch_key, fingerprint, created_at) VALUES {} ON CONFLICT (batch_key) DO NOTHING",
            value_rows(chunk.len(), 3, 1)
        );
        let mut q = sqlx::query(sqlx::AssertSqlSafe(sql));
        for (key, print) in chunk {
            q = q.bind(key).bind(print).bind(now);
        }
        inserted += q.execute(&mut *conn).await?.rows_affected();
    }
    Ok(inserted)
}

/// What the rounds' stakes took from each pocket, by (round id, player id), for one provider.
pub(super) async fn rounds_stakes(
    conn: &mut AnyConnection,
    provider: &str,
    round_ids: &[String],
) -> Result<std::collections::HashMap<(String, i64), Balances>, WalletError> {
    let mut out: std::collections::HashMap<(String, i64), Balances> = std::collections::HashMap::new();
    for chunk in round_ids.chunks(STATEMENT_PARAMS) {
        let sql = format!(
            "SELECT t.round_id, a.player_id, a.pocket, CAST(SUM(t.amount) AS BIGINT) FROM transfers t JOIN accounts a ON a.id = t.debit_account \
             WHERE t.provider = $1 AND t.round_id IN {} AND t.kind = 'bet' AND t.phase = 'single' AND a.player_id IS NOT NULL \
             GROUP BY t.round_id, a.player_id, a.pocket",
            value_rows(1, chunk.len(), 2)
        );
        let mut q = sqlx::query(sqlx::AssertSqlSafe(sql)).bind(provider);
        for r in chunk {
            q = q.bind(r);
        }
        for row in q.fetch_all(&mut *conn).await? {
            let (round, player, pocket, sum): (String, i64, String, i64) =
                (row.try_get(0)?, row.try_get(1)?, row.try_get(2)?, row.try_get(3)?);
            let b = out.entry((round, player)).or_default();
            match pocket.as_str() {
                "real" => b.real = kurus(sum)?,
                _ => b.bonus = kurus(sum)?,
            }
        }
    }
    Ok(out)
}

/// The players' account ids by (player id, pocket).
pub(super) async fn player_accounts(
    conn: &mut AnyConnection,
    players: &[i64],
) -> Result<std::collections::HashMap<(i64, String), i64>, sqlx::Error> {
    let mut out = std::collections::HashMap::new();
    for chunk in players.chunks(STATEMENT_PARAMS) {
        let sql = format!("SELECT id, player_id, pocket FROM accounts WHERE player_id IN {}", value_rows(1, chunk.len(), 1));
        let mut q = sqlx::query(sqlx::AssertSqlSafe(sql));
        for p in chunk {
            q = q.bind(p);
        }
        for r in q.fetch_all(&mut *conn).await? {
            out.insert((r.try_get(1)?, r.try_get(2)?), r.try_get(0)?);
        }
    }
    Ok(out)
}

/// The balances of many players (those without accounts are left out).
pub(super) async fn balances_of_many(
    conn: &mut AnyConnection,
    players: &[i64],
) -> Result<std::collections::BTreeMap<i64, Balances>, WalletError> {
    let mut rows: std::collections::BTreeMap<i64, Vec<(String, i64, i64)>> = std::collections::BTreeMap::new();
    for chunk in players.chunks(STATEMENT_PARAMS) {
        let sql =
            format!("SELECT player_id, pocket, posted, held FROM account_balances WHERE player_id IN {}", value_rows(1, chunk.len(), 1));
        let mut q = sqlx::query(sqlx::AssertSqlSafe(sql));
        for p in chunk {
            q = q.bind(p);
        }
        for r in q.fetch_all(&mut *conn).await? {
            rows.entry(r.try_get(0)?).or_default().push((r.try_get(1)?, r.try_get(2)?, r.try_get(3)?));
        }
    }
    rows.into_iter().map(|(p, r)| Ok((p, balances_from(r)?))).collect()
}

/// Locks every balance row of many players, in the one order of account ids (see
/// [`lock_rows_at_once`]).
pub(super) async fn lock_players_at_once(conn: &mut AnyConnection, players: &[i64]) -> Result<(), sqlx::Error> {
    let mut ids = Vec::new();
    for chunk in players.chunks(STATEMENT_PARAMS) {
        let sql = format!("SELECT account_id FROM account_balances WHERE player_id IN {}", value_rows(1, chunk.len(), 1));
        let mut q = sqlx::query_scalar::<_, i64>(sqlx::AssertSqlSafe(sql));
        for p in chunk {
            q = q.bind(p);
        }
        ids.extend(q.fetch_all(&mut *conn).await?);
    }
    lock_rows_at_once(conn, ids).await
}

/// Locks balance rows in the order of their account ids in one statement (PostgreSQL locks the
/// rows of `FOR UPDATE` as the sorted rows come; SQLite's writer holds the whole database).
pub(super) async fn lock_rows_at_once(conn: &mut AnyConnection, mut account_ids: Vec<i64>) -> Result<(), sqlx::Error> {
    account_ids.sort_unstable();
    account_ids.dedup();
    if account_ids.is_empty() {
        return Ok(());
    }
    let postgres = conn.backend_name() == "PostgreSQL";
    // In ascending chunks: the locks are still taken in the one order.
    for chunk in account_ids.chunks(STATEMENT_PARAMS) {
        let list = value_rows(1, chunk.len(), 1);
        let sql = if postgres {
            format!("SELECT account_id FROM account_balances WHERE account_id IN {list} ORDER BY account_id FOR UPDATE")
        } else {
            format!("SELECT account_id FROM account_balances WHERE account_id IN {list} ORDER BY account_id")
        };
        let mut q = sqlx::query(sqlx::AssertSqlSafe(sql));
        for id in chunk {
            q = q.bind(id);
        }
        q.fetch_all(&mut *conn).await?;
    }
    Ok(())
}

/// Adds each credit to its player account's posted money, in one statement; how many rows.
pub(super) async fn credit_posted(conn: &mut AnyConnection, credits: &[(i64, i64)]) -> Result<u64, sqlx::Error> {
    let cases: String = (0..credits.len()).map(|i| format!(" WHEN ${} THEN ${}", 2 + 2 * i, 3 + 2 * i)).collect();
    let list = value_rows(1, credits.len(), 2 + 2 * credits.len());
    let sql = format!(
        "UPDATE account_balances SET posted = posted + CASE account_id{cases} ELSE 0 END, updated_at = $1 WHERE account_id IN {list}"
    );
    let mut q = sqlx::query(sqlx::AssertSqlSafe(sql)).bind(now_ms());
    for (id, amount) in credits {
        q = q.bind(id).bind(amount);
    }
    for (id, _) in credits {
        q = q.bind(id);
    }
    Ok(q.execute(conn).await?.rows_affected())
}

/// Appends many single-phase transfer rows (each `(key, (debit, credit), transfer)`).
pub(super) async fn insert_transfers(conn: &mut AnyConnection, rows: &[(&str, (i64, i64), &Transfer)]) -> Result<u64, sqlx::Error> {
    let now = now_ms();
    let mut written = 0;
    for chunk in rows.chunks(rows_per_statement(14)) {
        let sql = format!(
            "INSERT INTO transfers (batch_key, debit_account, credit_account, amount, phase, pending_id, kind, cause, reason, \
             payment_id, provider, round_id, provider_tx, created_at) VALUES {}",
            value_rows(chunk.len(), 14, 1)
        );
        let mut q = sqlx::query(sqlx::AssertSqlSafe(sql));
        for (key, (debit, credit), t) in chunk {
            q = q
                .bind(*key)
                .bind(*debit)
                .bind(*credit)
                .bind(t.amount.minor())
                .bind(Phase::Single.as_str())
                .bind(None::<i64>)
                .bind(t.kind.as_str())
                .bind(&t.cause)
                .bind(t.reason.as_deref())
                .bind(t.refs.payment_id.as_deref())
                .bind(t.refs.provider.as_deref())
                .bind(t.refs.round_id.as_deref())
                .bind(t.refs.provider_tx.as_deref())
                .bind(now);
        }
        written += q.execute(&mut *conn).await?.rows_affected();
    }
    Ok(written)
}
