//! The wallet: balances and the ledger move together, never below zero, once per idempotency key,
//! under concurrency, on both engines; the operator's check and adjustment.

use std::collections::HashMap;
use std::sync::Arc;

use kasa::Db;
use kasa::wallet::{self, DiscrepancyKind, Kind, Kurus, Movement, Pocket, Posted, WalletError};

use crate::helpers::TestApp;
use crate::on_both_engines;

/// Inserts a player straight into `players`; its id.
async fn make_player(app: &TestApp, username: &str) -> i64 {
    sqlx::query(
        "INSERT INTO players (username, username_key, email, email_key, phone, name, surname, password_hash, created_at) \
         VALUES ($1, $2, $3, $4, $5, 'Test', 'Player', 'not-a-hash', $6) RETURNING id",
    )
    .bind(username)
    .bind(username.to_lowercase())
    .bind(format!("{username}@example.com"))
    .bind(format!("{}@example.com", username.to_lowercase()))
    .bind(format!("+90555{:07}", rand_digits(username)))
    .bind(kasa::db::now_ms())
    .fetch_one(&app.db.pool)
    .await
    .map(|row| sqlx::Row::get::<i64, _>(&row, 0))
    .expect("insert a player")
}

fn rand_digits(s: &str) -> u64 {
    s.bytes().fold(7u64, |h, b| h.wrapping_mul(31).wrapping_add(b as u64)) % 10_000_000
}

fn movement(player_id: i64, pocket: Pocket, kurus: i64, kind: Kind, key: &str) -> Movement {
    Movement { player_id, pocket, amount: Kurus(kurus), kind, cause: format!("test:{key}"), reason: None, idempotency_key: key.to_string() }
}

/// The sum of a pocket's ledger entries, and how many there are.
async fn ledger_of(db: &Db, player_id: i64, pocket: Pocket) -> (i64, i64) {
    let row =
        sqlx::query("SELECT CAST(COALESCE(SUM(amount), 0) AS BIGINT), COUNT(*) FROM ledger_entries WHERE player_id = $1 AND pocket = $2")
            .bind(player_id)
            .bind(pocket.as_str())
            .fetch_one(&db.pool)
            .await
            .unwrap();
    (sqlx::Row::get(&row, 0), sqlx::Row::get(&row, 1))
}

on_both_engines! {
    async fn wallet_credit_then_debit_leaves_the_right_balances_and_entries(app) {
        // Arrange
        let alice = make_player(&app, "Alice").await;
        assert_eq!(wallet::balances(&app.db, alice).await.unwrap(), wallet::Balances::default(), "no wallet yet reads as zero");

        // Act
        let deposit = wallet::post_one(&app.db, &movement(alice, Pocket::Real, 10_000, Kind::Deposit, "deposit:1")).await.unwrap();
        let bonus = wallet::post_one(&app.db, &movement(alice, Pocket::Bonus, 2_000, Kind::Bonus, "trial_bonus:1")).await.unwrap();
        let bet = wallet::post_one(&app.db, &movement(alice, Pocket::Real, -3_050, Kind::Bet, "bet:1")).await.unwrap();

        // Assert
        assert!(!deposit.replayed && !bonus.replayed && !bet.replayed);
        assert_eq!(deposit.balance_after, Kurus(10_000));
        assert_eq!(bonus.balance_after, Kurus(2_000));
        assert_eq!(bet.balance_after, Kurus(6_950));
        let b = wallet::balances(&app.db, alice).await.unwrap();
        assert_eq!((b.real, b.bonus, b.total()), (Kurus(6_950), Kurus(2_000), Kurus(8_950)));
        assert_eq!(b.total().to_string(), "89,50 ₺");

        let entries = wallet::entries(&app.db, alice, None, 10).await.unwrap();
        let seen: Vec<(Pocket, Kind, i64, i64, &str)> =
            entries.iter().map(|e| (e.pocket, e.kind, e.amount.0, e.balance_after.0, e.cause.as_str())).collect();
        assert_eq!(seen, vec![
            (Pocket::Real, Kind::Bet, -3_050, 6_950, "test:bet:1"),
            (Pocket::Bonus, Kind::Bonus, 2_000, 2_000, "test:trial_bonus:1"),
            (Pocket::Real, Kind::Deposit, 10_000, 10_000, "test:deposit:1"),
        ]);
        assert_eq!(entries[0].id, bet.entry_id);
        let older = wallet::entries(&app.db, alice, Some(bet.entry_id), 10).await.unwrap();
        assert_eq!(older.len(), 2, "paging before the newest entry");
        assert!(wallet::check(&app.db).await.unwrap().is_ok());
    }
}

on_both_engines! {
    async fn wallet_debit_beyond_the_balance_is_refused_and_changes_nothing(app) {
        // Arrange
        let bob = make_player(&app, "bob").await;
        wallet::post_one(&app.db, &movement(bob, Pocket::Real, 5_000, Kind::Deposit, "deposit:b1")).await.unwrap();

        // Act
        let too_much = wallet::post_one(&app.db, &movement(bob, Pocket::Real, -5_001, Kind::Bet, "bet:b1")).await;
        let no_bonus = wallet::post_one(&app.db, &movement(bob, Pocket::Bonus, -1, Kind::Bet, "bet:b2")).await;

        // Assert
        assert!(matches!(too_much, Err(WalletError::InsufficientFunds)), "{too_much:?}");
        assert!(matches!(no_bonus, Err(WalletError::InsufficientFunds)), "real money does not cover a bonus debit: {no_bonus:?}");
        let b = wallet::balances(&app.db, bob).await.unwrap();
        assert_eq!((b.real, b.bonus), (Kurus(5_000), Kurus(0)));
        assert_eq!(ledger_of(&app.db, bob, Pocket::Real).await, (5_000, 1));
        assert_eq!(ledger_of(&app.db, bob, Pocket::Bonus).await, (0, 0));
        // A refusal does not use the key up: the same bet goes through once the money is there.
        let exact = wallet::post_one(&app.db, &movement(bob, Pocket::Real, -5_000, Kind::Bet, "bet:b1")).await.unwrap();
        assert!(!exact.replayed);
        assert_eq!(exact.balance_after, Kurus(0));
    }
}

on_both_engines! {
    async fn wallet_replayed_key_moves_nothing_and_returns_the_first_result(app) {
        // Arrange
        let carol = make_player(&app, "carol").await;
        let first = wallet::post_one(&app.db, &movement(carol, Pocket::Real, 10_000, Kind::Deposit, "deposit:c1")).await.unwrap();
        wallet::post_one(&app.db, &movement(carol, Pocket::Real, -1_000, Kind::Bet, "bet:c1")).await.unwrap();

        // Act
        let again = wallet::post_one(&app.db, &movement(carol, Pocket::Real, 10_000, Kind::Deposit, "deposit:c1")).await.unwrap();
        let different = wallet::post_one(&app.db, &movement(carol, Pocket::Real, 99_900, Kind::Deposit, "deposit:c1")).await.unwrap();
        let mut tx = app.db.pool.begin().await.unwrap();
        let inside = wallet::post(&mut tx, &movement(carol, Pocket::Real, 10_000, Kind::Deposit, "deposit:c1")).await.unwrap();
        tx.commit().await.unwrap();

        // Assert
        for replay in [&again, &different, &inside] {
            assert_eq!(*replay, Posted { replayed: true, ..first.clone() });
        }
        assert_eq!(wallet::balances(&app.db, carol).await.unwrap().real, Kurus(9_000));
        assert_eq!(ledger_of(&app.db, carol, Pocket::Real).await, (9_000, 2));
    }
}

on_both_engines! {
    async fn wallet_posting_commits_or_rolls_back_with_the_callers_transaction(app) {
        // Arrange
        let dave = make_player(&app, "dave").await;

        // Act: a posting whose transaction is rolled back, then one that survives a refusal before it.
        let mut tx = app.db.pool.begin().await.unwrap();
        wallet::post(&mut tx, &movement(dave, Pocket::Real, 7_000, Kind::Deposit, "deposit:d1")).await.unwrap();
        tx.rollback().await.unwrap();
        let after_rollback = wallet::balances(&app.db, dave).await.unwrap();

        let mut tx = app.db.pool.begin().await.unwrap();
        let refused = wallet::post(&mut tx, &movement(dave, Pocket::Real, -1, Kind::Bet, "bet:d1")).await;
        let posted = wallet::post(&mut tx, &movement(dave, Pocket::Real, 2_500, Kind::Deposit, "deposit:d1")).await.unwrap();
        let seen_inside = wallet::balances_on(&mut tx, dave).await.unwrap();
        tx.commit().await.unwrap();

        // Assert
        assert_eq!(after_rollback.real, Kurus(0));
        assert_eq!(ledger_of(&app.db, dave, Pocket::Real).await, (2_500, 1));
        assert!(matches!(refused, Err(WalletError::InsufficientFunds)), "{refused:?}");
        assert!(!posted.replayed, "the rolled-back key was free again");
        assert_eq!(seen_inside.real, Kurus(2_500));
        assert_eq!(wallet::balances(&app.db, dave).await.unwrap().real, Kurus(2_500));
    }
}

on_both_engines! {
    async fn wallet_refuses_malformed_movements_and_unknown_players(app) {
        // Arrange
        let erin = make_player(&app, "erin").await;

        // Act
        let empty_key = wallet::post_one(&app.db, &movement(erin, Pocket::Real, 100, Kind::Deposit, " ")).await;
        let negative_deposit = wallet::post_one(&app.db, &movement(erin, Pocket::Real, -100, Kind::Deposit, "deposit:e1")).await;
        let positive_bet = wallet::post_one(&app.db, &movement(erin, Pocket::Real, 100, Kind::Bet, "bet:e1")).await;
        let nobody = wallet::post_one(&app.db, &movement(erin + 1000, Pocket::Real, 100, Kind::Deposit, "deposit:nobody")).await;

        // Assert
        assert!(matches!(empty_key, Err(WalletError::Invalid(_))), "{empty_key:?}");
        assert!(matches!(negative_deposit, Err(WalletError::Invalid(_))), "{negative_deposit:?}");
        assert!(matches!(positive_bet, Err(WalletError::Invalid(_))), "{positive_bet:?}");
        assert!(matches!(nobody, Err(WalletError::UnknownPlayer(_))), "{nobody:?}");
        assert_eq!(ledger_of(&app.db, erin, Pocket::Real).await, (0, 0));
    }
}

on_both_engines! {
    async fn wallet_many_concurrent_movements_keep_balance_and_ledger_in_step(app) {
        // Arrange: one player with 20,00 ₺ in each pocket; 48 tasks started together, each key posted
        // by two tasks (one through its own transaction, one inside a caller's transaction).
        let frank = make_player(&app, "frank").await;
        wallet::post_one(&app.db, &movement(frank, Pocket::Real, 2_000, Kind::Deposit, "deposit:f0")).await.unwrap();
        wallet::post_one(&app.db, &movement(frank, Pocket::Bonus, 2_000, Kind::Bonus, "bonus:f0")).await.unwrap();
        const KEYS: usize = 24;
        let plan = |k: usize| -> Movement {
            let pocket = if k % 4 == 3 { Pocket::Bonus } else { Pocket::Real };
            match k % 3 {
                0 => movement(frank, pocket, -700, Kind::Bet, &format!("bet:f{k}")),
                1 => movement(frank, pocket, 500, Kind::Win, &format!("win:f{k}")),
                _ => movement(frank, pocket, -300, Kind::Rollback, &format!("rollback:f{k}")),
            }
        };
        let barrier = Arc::new(tokio::sync::Barrier::new(KEYS * 2));

        // Act
        let mut tasks = Vec::new();
        for i in 0..KEYS * 2 {
            let (db, barrier, m) = (app.db.clone(), barrier.clone(), plan(i % KEYS));
            tasks.push(tokio::spawn(async move {
                barrier.wait().await;
                let result = if i < KEYS {
                    wallet::post_one(&db, &m).await
                } else {
                    let mut tx = db.pool.begin().await.unwrap();
                    let r = wallet::post(&mut tx, &m).await;
                    if r.is_ok() { tx.commit().await.map_err(WalletError::from).and(r) } else { r }
                };
                (m, result)
            }));
        }
        let mut by_key: HashMap<String, Vec<Result<Posted, WalletError>>> = HashMap::new();
        for task in tasks {
            let (m, result) = task.await.unwrap();
            by_key.entry(m.idempotency_key.clone()).or_default().push(result);
        }

        // Assert: each key applied at most once, and only refusals for debits.
        let mut applied = 0;
        for (key, results) in &by_key {
            let mut ids = Vec::new();
            for r in results {
                match r {
                    Ok(p) => ids.push((p.entry_id, p.replayed)),
                    Err(WalletError::InsufficientFunds) => assert!(!key.starts_with("win:"), "a credit was refused: {key}"),
                    Err(e) => panic!("{key}: unexpected error {e:?}"),
                }
            }
            let fresh = ids.iter().filter(|(_, replayed)| !replayed).count();
            assert!(fresh <= 1, "{key} applied {fresh} times");
            assert!(ids.windows(2).all(|w| w[0].0 == w[1].0), "{key} answered different entries: {ids:?}");
            let stored: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM ledger_entries WHERE idempotency_key = $1")
                .bind(key).fetch_one(&app.db.pool).await.unwrap();
            assert_eq!(stored, fresh as i64, "{key}: entries in the ledger");
            applied += fresh;
        }
        assert!(applied >= KEYS / 2, "most keys should apply, only {applied} did");
        let b = wallet::balances(&app.db, frank).await.unwrap();
        assert!(b.real.0 >= 0 && b.bonus.0 >= 0, "{b:?}");
        assert_eq!(ledger_of(&app.db, frank, Pocket::Real).await.0, b.real.0);
        assert_eq!(ledger_of(&app.db, frank, Pocket::Bonus).await.0, b.bonus.0);
        let report = wallet::check(&app.db).await.unwrap();
        assert!(report.is_ok(), "{report}");
    }
}

on_both_engines! {
    async fn wallet_check_names_the_player_whose_balance_was_tampered_with(app) {
        // Arrange
        let gina = make_player(&app, "gina").await;
        let hugo = make_player(&app, "Hugo").await;
        for (p, key) in [(gina, "deposit:g1"), (hugo, "deposit:h1")] {
            wallet::post_one(&app.db, &movement(p, Pocket::Real, 10_000, Kind::Deposit, key)).await.unwrap();
        }
        let healthy = wallet::check(&app.db).await.unwrap();
        sqlx::query("UPDATE wallets SET real_kurus = real_kurus + 1 WHERE player_id = $1").bind(hugo).execute(&app.db.pool).await.unwrap();

        // Act
        let report = wallet::check(&app.db).await.unwrap();

        // Assert
        assert!(healthy.is_ok(), "{healthy}");
        assert!(healthy.wallets >= 2 && healthy.entries >= 2, "{healthy}");
        assert!(healthy.to_string().starts_with("wallet check OK"), "{healthy}");
        assert!(!report.is_ok());
        let first = report.first.as_ref().unwrap();
        assert_eq!((first.username.as_str(), first.player_id, first.pocket), ("Hugo", hugo, Pocket::Real));
        assert_eq!((first.kind, first.expected, first.actual), (DiscrepancyKind::SumOfEntries, Kurus(10_000), Kurus(10_001)));
        let text = report.to_string();
        assert!(text.contains("FAILED") && text.contains("Hugo") && text.contains("100,01 ₺") && text.contains("100,00 ₺"), "{text}");
    }
}

on_both_engines! {
    async fn wallet_ledger_entries_cannot_be_changed_or_deleted(app) {
        // Arrange
        let ines = make_player(&app, "ines").await;
        wallet::post_one(&app.db, &movement(ines, Pocket::Real, 1_000, Kind::Deposit, "deposit:i1")).await.unwrap();

        // Act
        let update = sqlx::query("UPDATE ledger_entries SET amount = 5 WHERE player_id = $1").bind(ines).execute(&app.db.pool).await;
        let delete = sqlx::query("DELETE FROM ledger_entries WHERE player_id = $1").bind(ines).execute(&app.db.pool).await;

        // Assert
        assert!(update.is_err() && delete.is_err(), "{update:?} {delete:?}");
        assert_eq!(ledger_of(&app.db, ines, Pocket::Real).await, (1_000, 1));
    }
}

on_both_engines! {
    async fn wallet_adjust_records_its_reason_and_refuses_to_go_below_zero(app) {
        // Arrange
        let jale = make_player(&app, "Jale").await;

        // Act
        let posted = wallet::adjust(&app.db, "JALE", "1.234,56", "  goodwill for ticket 42 ").await.unwrap();
        let below = wallet::adjust(&app.db, "jale", "-2000", "clawback").await;

        // Assert
        assert_eq!((posted.kind, posted.pocket, posted.amount, posted.balance_after), (Kind::Adjustment, Pocket::Real, Kurus(123_456), Kurus(123_456)));
        assert!(posted.to_string().contains("+1.234,56 ₺"), "{posted}");
        let entry = &wallet::entries(&app.db, jale, None, 1).await.unwrap()[0];
        assert_eq!(entry.reason.as_deref(), Some("goodwill for ticket 42"));
        assert_eq!(entry.kind, Kind::Adjustment);
        assert!(entry.idempotency_key.starts_with("adjust:"), "{}", entry.idempotency_key);
        let message = below.unwrap_err().to_string();
        assert!(message.contains("below zero") && message.contains("1.234,56 ₺"), "{message}");
        assert_eq!(wallet::balances(&app.db, jale).await.unwrap().real, Kurus(123_456));
        let down = wallet::adjust(&app.db, "jale", "-234,56", "correction").await.unwrap();
        assert_eq!(down.balance_after, Kurus(100_000));
        assert!(wallet::check(&app.db).await.unwrap().is_ok());
    }
}

on_both_engines! {
    async fn wallet_adjust_refuses_an_empty_reason_an_unknown_player_and_a_zero_amount(app) {
        // Arrange
        let kaan = make_player(&app, "kaan").await;

        // Act
        let no_reason = wallet::adjust(&app.db, "kaan", "10", "   ").await;
        let unknown = wallet::adjust(&app.db, "nobody", "10", "typo").await;
        let zero = wallet::adjust(&app.db, "kaan", "0,00", "nothing").await;
        let garbage = wallet::adjust(&app.db, "kaan", "ten", "words").await;

        // Assert
        assert!(no_reason.unwrap_err().to_string().contains("reason"));
        assert!(unknown.unwrap_err().to_string().contains("nobody"));
        assert!(zero.unwrap_err().to_string().contains("zero"));
        assert!(garbage.is_err());
        assert_eq!(ledger_of(&app.db, kaan, Pocket::Real).await, (0, 0));
    }
}
