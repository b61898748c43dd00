//! The wallet: double entry between player and house accounts, holds, linked transfers, one result
//! per idempotency key, under concurrency, on both engines; the operator's check, report and
//! adjustment; the migration of the first ledger.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use kasa::wallet::{
    self, Account, Applied, Batch, Committed, Finding, Kurus, Phase, Pocket, RoundMove, Transfer, TransferKind, WalletError,
};

use crate::helpers::{Engine, TestApp, fresh_database, insert_player};
use crate::on_both_engines;

fn tl(kurus: i64) -> Kurus {
    Kurus::from_minor(kurus).unwrap()
}

fn one(key: &str, t: Transfer) -> Batch {
    Batch { key: key.to_string(), transfers: vec![t] }
}

fn deposit(player: i64, kurus: i64, key: &str) -> Batch {
    one(key, Transfer::new(Account::Payment("papara".into()), Account::real(player), tl(kurus), TransferKind::Deposit, key))
}

fn withdrawal(player: i64, kurus: i64, key: &str) -> Batch {
    let t = Transfer::new(Account::real(player), Account::Payment("havale".into()), tl(kurus), TransferKind::Withdrawal, key);
    one(key, Transfer { pending: true, ..t })
}

fn round(player: i64, round_id: &str, tx: &str, kurus: i64) -> RoundMove {
    RoundMove { player_id: player, provider: "pragmatic".into(), round_id: round_id.into(), provider_tx: tx.into(), amount: tl(kurus) }
}

async fn balances(app: &TestApp, player: i64) -> (i64, i64, i64) {
    let b = wallet::balances(&app.db, player).await.unwrap();
    (b.real.minor(), b.bonus.minor(), b.held.minor())
}

on_both_engines! {
    async fn a_deposit_a_bet_split_across_pockets_and_a_win_move_money_between_accounts(app) {
        // Arrange
        let ayse = insert_player(&app, "ayse").await;
        wallet::commit(&app.db, &deposit(ayse, 10_000, "dep:1")).await.unwrap();
        let grant = Transfer::new(Account::BonusCost, Account::bonus(ayse), tl(5_000), TransferKind::Bonus, "trial_bonus");
        wallet::commit(&app.db, &one("bonus:1", grant)).await.unwrap();

        // Act: a 120 ₺ stake takes 100 real then 20 bonus; the 60 ₺ win comes back in that proportion.
        let bet = wallet::bet(&app.db, "bet:1", &round(ayse, "r1", "tx1", 12_000)).await.unwrap();
        let win = wallet::win(&app.db, "win:1", &round(ayse, "r1", "tx2", 6_000)).await.unwrap();

        // Assert
        let parts = |c: &Committed| c.transfers.iter().map(|t| (t.debit.code(), t.credit.code(), t.amount.minor())).collect::<Vec<_>>();
        assert_eq!(parts(&bet), vec![
            (format!("player:{ayse}:real"), "house:provider:pragmatic".to_string(), 10_000),
            (format!("player:{ayse}:bonus"), "house:provider:pragmatic".to_string(), 2_000),
        ]);
        assert_eq!(parts(&win), vec![
            ("house:provider:pragmatic".to_string(), format!("player:{ayse}:real"), 5_000),
            ("house:provider:pragmatic".to_string(), format!("player:{ayse}:bonus"), 1_000),
        ]);
        assert_eq!(balances(&app, ayse).await, (5_000, 4_000, 0));
        let report = wallet::report(&app.db, None, None).await.unwrap();
        assert_eq!(report.deposits["papara"], 10_000);
        assert_eq!((report.bets["pragmatic"], report.wins["pragmatic"], report.ggr["pragmatic"]), (12_000, 6_000, 6_000));
        assert_eq!((report.bonus_cost, report.ngr), (5_000, 1_000));
        let check = wallet::check(&app.db).await.unwrap();
        assert!(check.is_ok(), "{check}");
    }
}

on_both_engines! {
    async fn a_batch_that_would_overdraw_writes_nothing_at_all(app) {
        // Arrange
        let bora = insert_player(&app, "bora").await;
        wallet::commit(&app.db, &deposit(bora, 5_000, "dep:b")).await.unwrap();
        let to_bonus = Transfer::new(Account::real(bora), Account::Provider("evo".into()), tl(3_000), TransferKind::Bet, "first");
        let too_much = Transfer::new(Account::real(bora), Account::Provider("evo".into()), tl(2_001), TransferKind::Bet, "second");
        let linked = Batch { key: "linked:b".into(), transfers: vec![to_bonus.clone(), too_much] };

        // Act
        let refused = wallet::commit(&app.db, &linked).await;
        let stake = wallet::bet(&app.db, "bet:b", &round(bora, "r", "t", 5_001)).await;

        // Assert: neither the first transfer nor the key stayed.
        assert!(matches!(refused, Err(WalletError::InsufficientFunds)), "{refused:?}");
        assert!(matches!(stake, Err(WalletError::InsufficientFunds)), "{stake:?}");
        assert_eq!(balances(&app, bora).await, (5_000, 0, 0));
        let transfers: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM transfers WHERE batch_key <> 'jackpots:on-ledger'").fetch_one(&app.db.pool).await.unwrap();
        assert_eq!(transfers, 1);
        let retried = wallet::commit(&app.db, &Batch { key: "linked:b".into(), transfers: vec![to_bonus] }).await.unwrap();
        assert!(!retried.replayed);
        assert_eq!(balances(&app, bora).await, (2_000, 0, 0));
    }
}

on_both_engines! {
    async fn a_replayed_key_answers_the_first_result_and_other_content_is_a_conflict(app) {
        // Arrange
        let cem = insert_player(&app, "cem").await;
        let first = wallet::commit(&app.db, &deposit(cem, 10_000, "dep:c")).await.unwrap();

        // Act
        let again = wallet::commit(&app.db, &deposit(cem, 10_000, "dep:c")).await.unwrap();
        let other = wallet::commit(&app.db, &deposit(cem, 99_900, "dep:c")).await;
        let bet = wallet::bet(&app.db, "bet:c", &round(cem, "r", "t", 1_000)).await.unwrap();
        let bet_again = wallet::bet(&app.db, "bet:c", &round(cem, "r", "t", 1_000)).await.unwrap();
        let bet_other = wallet::bet(&app.db, "bet:c", &round(cem, "r", "t", 2_000)).await;

        // Assert
        assert!(again.replayed && !first.replayed);
        assert_eq!(again.transfers, first.transfers);
        assert!(matches!(other, Err(WalletError::KeyReused(ref k)) if k == "dep:c"), "{other:?}");
        assert!(bet_again.replayed);
        assert_eq!(bet_again.transfers, bet.transfers);
        assert!(matches!(bet_other, Err(WalletError::KeyReused(_))), "{bet_other:?}");
        assert_eq!(balances(&app, cem).await, (9_000, 0, 0));
    }
}

on_both_engines! {
    async fn a_hold_is_not_spendable_and_is_posted_or_voided_exactly_once(app) {
        // Arrange
        let deniz = insert_player(&app, "deniz").await;
        wallet::commit(&app.db, &deposit(deniz, 10_000, "dep:d")).await.unwrap();

        // Act and assert: a hold takes the money out of reach...
        let hold = wallet::commit(&app.db, &withdrawal(deniz, 7_000, "wd:1")).await.unwrap();
        let hold_id = hold.transfers[0].id;
        assert_eq!(balances(&app, deniz).await, (3_000, 0, 7_000));
        assert!(matches!(wallet::bet(&app.db, "bet:d", &round(deniz, "r", "t", 4_000)).await, Err(WalletError::InsufficientFunds)));
        // ...a void gives it back, once.
        wallet::void_pending(&app.db, "void:1", hold_id).await.unwrap();
        assert_eq!(balances(&app, deniz).await, (10_000, 0, 0));
        assert!(matches!(wallet::post_pending(&app.db, "post:1", hold_id).await, Err(WalletError::NotPending(_))));
        assert!(wallet::void_pending(&app.db, "void:1", hold_id).await.unwrap().replayed);

        // Posting and voiding one hold from 12 tasks at once: exactly one wins.
        let hold = wallet::commit(&app.db, &withdrawal(deniz, 8_000, "wd:2")).await.unwrap().transfers[0].id;
        let barrier = Arc::new(tokio::sync::Barrier::new(12));
        let tasks: Vec<_> = (0..12).map(|i| {
            let (db, barrier) = (app.db.clone(), barrier.clone());
            tokio::spawn(async move {
                barrier.wait().await;
                if i % 2 == 0 { wallet::post_pending(&db, &format!("post:2:{i}"), hold).await } else { wallet::void_pending(&db, &format!("void:2:{i}"), hold).await }
            })
        }).collect();
        let mut won = Vec::new();
        for (i, t) in tasks.into_iter().enumerate() {
            match t.await.unwrap() {
                Ok(c) => won.push((i, c.transfers[0].phase)),
                Err(WalletError::NotPending(_)) => {}
                Err(e) => panic!("unexpected {e:?}"),
            }
        }
        assert_eq!(won.len(), 1, "{won:?}");
        let expected = if won[0].1 == Phase::Post { (2_000, 0, 0) } else { (10_000, 0, 0) };
        assert_eq!(balances(&app, deniz).await, expected);
        let check = wallet::check(&app.db).await.unwrap();
        assert!(check.is_ok(), "{check}");
    }
}

on_both_engines! {
    async fn a_batch_inside_a_callers_transaction_commits_or_rolls_back_with_it(app) {
        // Arrange: the caller opens the batch's house accounts before its transaction.
        let ece = insert_player(&app, "ece").await;
        let unopened = wallet::commit_in(&mut app.db.begin_write().await.unwrap(), &deposit(ece, 7_000, "dep:e0")).await;
        assert!(matches!(unopened, Err(WalletError::UnknownAccount(_))), "{unopened:?}");
        wallet::open_house_accounts(&app.db, &deposit(ece, 1, "-").transfers).await.unwrap();

        // Act and Assert
        let mut tx = app.db.begin_write().await.unwrap();
        wallet::commit_in(&mut tx, &deposit(ece, 7_000, "dep:e1")).await.unwrap();
        tx.rollback().await.unwrap();
        assert_eq!(balances(&app, ece).await, (0, 0, 0));

        let mut tx = app.db.begin_write().await.unwrap();
        wallet::commit_in(&mut tx, &deposit(ece, 2_500, "dep:e1")).await.unwrap();
        tx.commit().await.unwrap();
        assert_eq!(balances(&app, ece).await, (2_500, 0, 0));
    }
}

on_both_engines! {
    async fn malformed_batches_and_unopened_accounts_are_refused(app) {
        let fuat = insert_player(&app, "fuat").await;
        let t = |debit: Account, credit: Account, kurus: i64| Transfer::new(debit, credit, tl(kurus), TransferKind::Deposit, "x");
        let pay = || Account::Payment("papara".into());
        for (batch, why) in [
            (one("", t(pay(), Account::real(fuat), 100)), "an empty key"),
            (one("k1", t(pay(), Account::real(fuat), 0)), "a zero amount"),
            (one("k2", t(pay(), Account::real(fuat), -5)), "a negative amount"),
            (one("k3", t(Account::real(fuat), Account::real(fuat), 5)), "one account on both sides"),
            (one("k4", t(Account::Payment("Bad Name".into()), Account::real(fuat), 5)), "a malformed house name"),
            (one("k5", Transfer { pending: true, ..t(pay(), Account::real(fuat), 5) }), "a hold on a house account"),
        ] {
            assert!(matches!(wallet::commit(&app.db, &batch).await, Err(WalletError::Invalid(_))), "{why}");
        }
        let stranger = wallet::commit(&app.db, &deposit(999_999, 100, "k6")).await;
        assert!(matches!(stranger, Err(WalletError::UnknownAccount(_))), "{stranger:?}");
        let transfers: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM transfers WHERE batch_key <> 'jackpots:on-ledger'").fetch_one(&app.db.pool).await.unwrap();
        assert_eq!(transfers, 0);
    }
}

on_both_engines! {
    async fn transfers_cannot_be_changed_or_deleted(app) {
        let gul = insert_player(&app, "gul").await;
        wallet::commit(&app.db, &deposit(gul, 1_000, "dep:g")).await.unwrap();
        assert!(sqlx::query("UPDATE transfers SET amount = 1").execute(&app.db.pool).await.is_err());
        assert!(sqlx::query("DELETE FROM transfers").execute(&app.db.pool).await.is_err());
        assert_eq!(balances(&app, gul).await, (1_000, 0, 0));
    }
}

/// Writes a transfer straight into the tables, as a tampering hand would (no balance row change).
async fn tamper_transfer(app: &TestApp, debit: &str, credit: &str, kurus: i64) {
    let key = format!("tamper:{debit}:{credit}:{kurus}");
    sqlx::query("INSERT INTO transfer_batches (batch_key, fingerprint, created_at) VALUES ($1, 'x', 0)")
        .bind(&key)
        .execute(&app.db.pool)
        .await
        .unwrap();
    sqlx::query(
        "INSERT INTO transfers (batch_key, debit_account, credit_account, amount, phase, kind, cause, created_at) \
         VALUES ($1, (SELECT id FROM accounts WHERE code = $2), (SELECT id FROM accounts WHERE code = $3), $4, 'single', 'adjustment', 'tamper', 0)",
    )
    .bind(&key).bind(debit).bind(credit).bind(kurus).execute(&app.db.pool).await.unwrap();
}

on_both_engines! {
    async fn the_check_finds_each_broken_invariant(app) {
        // Arrange
        let hale = insert_player(&app, "hale").await;
        let ilker = insert_player(&app, "ilker").await;
        wallet::commit(&app.db, &deposit(hale, 1_000, "dep:h")).await.unwrap();
        wallet::commit(&app.db, &deposit(ilker, 1_000, "dep:i")).await.unwrap();
        assert!(wallet::check(&app.db).await.unwrap().is_ok());

        // A balance row changed by hand: it no longer matches, and the accounts no longer sum to zero.
        sqlx::query("UPDATE account_balances SET posted = posted + 1 WHERE player_id = $1 AND pocket = 'real'").bind(hale).execute(&app.db.pool).await.unwrap();
        let report = wallet::check(&app.db).await.unwrap();
        assert!(report.findings.iter().any(|f| matches!(f, Finding::BalanceRow { player_id, .. } if *player_id == hale)), "{report}");
        assert!(report.findings.iter().any(|f| matches!(f, Finding::NotZero { total } if total.minor() == 1)), "{report}");
        sqlx::query("UPDATE account_balances SET posted = posted - 1 WHERE player_id = $1 AND pocket = 'real'").bind(hale).execute(&app.db.pool).await.unwrap();

        // A transfer that overdraws a player, written around the wallet: that account is below zero.
        tamper_transfer(&app, &format!("player:{ilker}:real"), "house:payment:papara", 1_500).await;
        let report = wallet::check(&app.db).await.unwrap();

        // Assert
        assert!(report.findings.iter().any(|f| matches!(f, Finding::Negative { player_id, spendable, .. } if *player_id == ilker && spendable.minor() == -500)), "{report}");
        assert!(report.findings.iter().any(|f| matches!(f, Finding::BalanceRow { player_id, .. } if *player_id == ilker)), "{report}");
        assert!(!report.findings.iter().any(|f| f.player_id() == Some(hale)), "{report}");
    }
}

/// What acknowledged batches did to each player account: (posted, held).
type Expected = HashMap<(i64, Pocket), (i64, i64)>;

fn account_effects(expected: &mut Expected, transfers: &[Applied]) {
    for t in transfers {
        let a = t.amount.minor();
        if let Some((p, pocket)) = t.debit.player() {
            let e = expected.entry((p, pocket)).or_default();
            match t.phase {
                Phase::Single => e.0 -= a,
                Phase::Pending => e.1 += a,
                Phase::Post => {
                    e.0 -= a;
                    e.1 -= a;
                }
                Phase::Void => e.1 -= a,
            }
        }
        if let Some((p, pocket)) = t.credit.player()
            && t.phase == Phase::Single
        {
            expected.entry((p, pocket)).or_default().0 += a;
        }
    }
}

on_both_engines! {
    async fn balance_polls_running_beside_parallel_bets_only_ever_see_committed_balances(app) {
        // Arrange: 100 ₺ and 50 bets of 1 ₺, fired together with 50 pollers (on SQLite the poll
        // reads in place on its own read-only connection, outside the pool).
        let player = insert_player(&app, "poller").await;
        wallet::commit(&app.db, &deposit(player, 10_000, "dep:poll")).await.unwrap();
        let barrier = Arc::new(tokio::sync::Barrier::new(100));

        // Act
        let bets: Vec<_> = (0..50)
            .map(|i| {
                let (db, barrier) = (app.db.clone(), barrier.clone());
                tokio::spawn(async move {
                    barrier.wait().await;
                    wallet::bet(&db, &format!("bet:poll:{i}"), &round(player, &format!("r{i}"), &format!("t{i}"), 100)).await.unwrap();
                })
            })
            .collect();
        let polls: Vec<_> = (0..50)
            .map(|_| {
                let (db, barrier) = (app.db.clone(), barrier.clone());
                tokio::spawn(async move {
                    barrier.wait().await;
                    let mut seen = Vec::new();
                    for _ in 0..20 {
                        seen.push(wallet::balances(&db, player).await.unwrap().real.minor());
                        tokio::task::yield_now().await;
                    }
                    seen
                })
            })
            .collect();
        for bet in bets {
            bet.await.unwrap();
        }
        let mut all = Vec::new();
        for poll in polls {
            all.push(poll.await.unwrap());
        }

        // Assert: every read is a whole number of committed bets, and never goes back up.
        for seen in &all {
            assert!(seen.iter().all(|b| (5_000..=10_000).contains(b) && b % 100 == 0), "{seen:?}");
            assert!(seen.windows(2).all(|w| w[1] <= w[0]), "a poll saw the balance rise: {seen:?}");
        }
        assert_eq!(balances(&app, player).await, (5_000, 0, 0));
    }
}

on_both_engines! {
    async fn a_hundred_tasks_moving_money_at_random_keep_every_invariant(app) {
        // Arrange: eight players with a trial bonus each.
        let mut players = Vec::new();
        for i in 0..8 {
            let p = insert_player(&app, &format!("stress{i}")).await;
            let grant = Transfer::new(Account::BonusCost, Account::bonus(p), tl(2_000), TransferKind::Bonus, "trial_bonus");
            wallet::commit(&app.db, &one(&format!("bonus:{p}"), grant)).await.unwrap();
            players.push(p);
        }
        let expected: Arc<Mutex<Expected>> = Arc::new(Mutex::new(HashMap::new()));
        for &p in &players {
            expected.lock().unwrap().insert((p, Pocket::Bonus), (2_000, 0));
        }
        let players = Arc::new(players);
        let until = Instant::now() + Duration::from_secs(3);
        let barrier = Arc::new(tokio::sync::Barrier::new(100));

        // Act
        let tasks: Vec<_> = (0..100).map(|task| {
            let (db, players, expected, barrier) = (app.db.clone(), players.clone(), expected.clone(), barrier.clone());
            tokio::spawn(async move {
                barrier.wait().await;
                let mut done: Vec<(Batch, Committed)> = Vec::new();
                let mut holds: Vec<i64> = Vec::new();
                let mut ops = 0u32;
                while Instant::now() < until {
                    ops += 1;
                    let p = players[rand::random_range(0..players.len())];
                    let key = format!("t{task}:{ops}");
                    let amount = rand::random_range(1..3_000i64);
                    let result = match rand::random_range(0..8u8) {
                        0 | 1 => wallet::commit(&db, &deposit(p, amount, &key)).await,
                        2 => wallet::commit(&db, &withdrawal(p, amount, &key)).await,
                        3 if !holds.is_empty() => {
                            let id = holds.swap_remove(0);
                            if rand::random::<bool>() { wallet::post_pending(&db, &key, id).await } else { wallet::void_pending(&db, &key, id).await }
                        }
                        4 | 5 => wallet::bet(&db, &key, &round(p, &format!("r{task}:{}", ops / 2), &key, amount)).await,
                        6 => wallet::win(&db, &key, &round(p, &format!("r{task}:{}", ops / 2), &key, amount)).await,
                        _ => match done.last() {
                            // A replay: the same batch again, or the same key for other content.
                            Some((batch, first)) if rand::random::<bool>() => {
                                let again = wallet::commit(&db, batch).await.expect("a replay is answered");
                                assert!(again.replayed && again.transfers == first.transfers, "{key}");
                                continue;
                            }
                            Some((batch, _)) => {
                                let mut other = batch.clone();
                                other.transfers[0].amount = tl(other.transfers[0].amount.minor() + 1);
                                assert!(matches!(wallet::commit(&db, &other).await, Err(WalletError::KeyReused(_))));
                                continue;
                            }
                            None => continue,
                        },
                    };
                    match result {
                        Ok(c) => {
                            assert!(!c.replayed, "{key} was new");
                            account_effects(&mut expected.lock().unwrap(), &c.transfers);
                            if let Some(t) = c.transfers.first() {
                                if t.phase == Phase::Pending {
                                    holds.push(t.id);
                                } else if t.kind == TransferKind::Deposit {
                                    done.push((deposit(p, amount, &key), c.clone()));
                                }
                            }
                        }
                        Err(WalletError::InsufficientFunds) | Err(WalletError::NotPending(_)) => {}
                        Err(e) => panic!("{key}: unexpected {e:?}"),
                    }
                }
                ops
            })
        }).collect();
        let mut ops = 0;
        for t in tasks {
            ops += t.await.unwrap();
        }

        // Assert
        assert!(ops > 200, "only {ops} operations ran");
        let check = wallet::check(&app.db).await.unwrap();
        assert!(check.is_ok(), "{check}");
        let expected = expected.lock().unwrap().clone();
        for &p in players.iter() {
            let b = wallet::balances(&app.db, p).await.unwrap();
            let (real_posted, real_held) = expected.get(&(p, Pocket::Real)).copied().unwrap_or_default();
            let (bonus_posted, _) = expected.get(&(p, Pocket::Bonus)).copied().unwrap_or_default();
            assert_eq!((b.real.minor(), b.held.minor(), b.bonus.minor()), (real_posted - real_held, real_held, bonus_posted), "player {p}");
        }
        eprintln!("{ops} wallet operations in 3 s by 100 tasks");
    }
}

on_both_engines! {
    async fn bets_and_wins_at_a_provider_never_seen_before_all_commit_when_they_arrive_together(app) {
        // Arrange: one player with money; each round names a provider the ledger has no account
        // for yet. A bet locks the player's row before it reaches the provider's account, a win
        // reaches the account first: opening that account inside either transaction deadlocked.
        let p = insert_player(&app, "yeni").await;
        wallet::commit(&app.db, &deposit(p, 1_000_000, "dep:yeni")).await.unwrap();

        for r in 0..6 {
            let provider = format!("fresh{r}");
            let barrier = Arc::new(tokio::sync::Barrier::new(24));
            // Act: 24 moves at once, bets and wins alternating.
            let moves: Vec<_> = (0..24)
                .map(|i| {
                    let (db, barrier, provider) = (app.db.clone(), barrier.clone(), provider.clone());
                    tokio::spawn(async move {
                        let mv = RoundMove { provider, ..round(p, &format!("r{r}:{i}"), &format!("x{r}:{i}"), 100) };
                        barrier.wait().await;
                        if i % 2 == 0 { wallet::bet(&db, &format!("b{r}:{i}"), &mv).await } else { wallet::win(&db, &format!("w{r}:{i}"), &mv).await }
                    })
                })
                .collect();

            // Assert: every move committed, once.
            for m in moves {
                let committed = m.await.unwrap().expect("a move at a new provider commits");
                assert!(!committed.replayed);
            }
        }
        assert_eq!(balances(&app, p).await, (1_000_000, 0, 0), "six rounds of twelve bets and twelve wins of 1 TL");
        assert!(wallet::check(&app.db).await.unwrap().is_ok());
    }
}

on_both_engines! {
    async fn a_player_can_see_their_transfers_with_their_references(app) {
        let jale = insert_player(&app, "jale").await;
        wallet::commit(&app.db, &deposit(jale, 3_000, "dep:j")).await.unwrap();
        wallet::bet(&app.db, "bet:j", &round(jale, "r9", "tx9", 1_000)).await.unwrap();
        let list = wallet::transfers_of(&app.db, jale, None, 10).await.unwrap();
        assert_eq!(list.iter().map(|t| t.kind).collect::<Vec<_>>(), vec![TransferKind::Bet, TransferKind::Deposit]);
        let refs: (String, String) = sqlx::query_as("SELECT round_id, provider_tx FROM transfers WHERE kind = 'bet'").fetch_one(&app.db.pool).await.unwrap();
        assert_eq!(refs, ("r9".to_string(), "tx9".to_string()));
    }
}

async fn migrated_first_ledger(engine: Engine) {
    // Arrange: a database at the first wallet's schema, holding a trial bonus and two adjustments.
    let (url, _dir) = fresh_database(engine).await;
    let db = kasa::Db::connect(&url).await.unwrap();
    db.migrate_to(5).await.unwrap();
    let player: i64 = sqlx::query_scalar(
        "INSERT INTO players (username, username_key, email, email_key, phone, name, surname, password_hash, created_at) \
         VALUES ('eski', 'eski', 'e@example.com', 'e@example.com', '905550000001', 'E', 'S', 'x', 0) RETURNING id",
    )
    .fetch_one(&db.pool)
    .await
    .unwrap();
    sqlx::query("INSERT INTO wallets (player_id, real_kurus, bonus_kurus, updated_at) VALUES ($1, 9000, 5000, 1)")
        .bind(player)
        .execute(&db.pool)
        .await
        .unwrap();
    for (pocket, kind, amount, key) in
        [("bonus", "bonus", 5000, "trial_bonus:1"), ("real", "adjustment", 10000, "adjust:a"), ("real", "adjustment", -1000, "adjust:b")]
    {
        sqlx::query(
            "INSERT INTO ledger_entries (player_id, pocket, kind, amount, balance_after, cause, reason, idempotency_key, created_at) \
                     VALUES ($1, $2, $3, $4, 0, 'x', NULL, $5, 1)",
        )
        .bind(player)
        .bind(pocket)
        .bind(kind)
        .bind(amount)
        .bind(key)
        .execute(&db.pool)
        .await
        .unwrap();
    }

    // Act
    db.migrate().await.unwrap();

    // Assert
    let b = wallet::balances(&db, player).await.unwrap();
    assert_eq!((b.real.minor(), b.bonus.minor()), (9_000, 5_000));
    let check = wallet::check(&db).await.unwrap();
    assert!(check.is_ok(), "{check}");
    let report = wallet::report(&db, None, None).await.unwrap();
    assert_eq!((report.bonus_cost, report.adjustments), (5_000, 9_000));
    let replay = wallet::commit(
        &db,
        &one("trial_bonus:1", Transfer::new(Account::BonusCost, Account::bonus(player), tl(5_000), TransferKind::Bonus, "trial_bonus")),
    )
    .await;
    assert!(matches!(replay, Err(WalletError::KeyReused(_))), "the first ledger's keys stay taken: {replay:?}");
}

#[tokio::test]
async fn the_first_ledger_is_migrated_into_accounts_and_transfers_on_sqlite() {
    migrated_first_ledger(Engine::Sqlite).await;
}

#[tokio::test]
async fn the_first_ledger_is_migrated_into_accounts_and_transfers_on_postgres() {
    if crate::helpers::postgres_available("the PostgreSQL migration test") {
        migrated_first_ledger(Engine::Postgres).await;
    }
}
