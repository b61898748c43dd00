//! The providers' wallet calls (issue 14): balance, bet, win and rollback, idempotent by the
//! provider's transaction id; rollbacks before their bet and racing rollbacks; many players'
//! bets and wins at once under the wallet's check; Game History's paging and date filter. On both
//! engines.

use std::sync::Arc;

use kasa::rounds::{self, Answer, CallError, Move, Rollback};
use kasa::wallet::{self, Account, Batch, Kurus, Transfer, TransferKind};
use serde_json::Value;

use crate::helpers::{TestApp, envelope, insert_player};
use crate::on_both_engines;

/// Inserts a player straight into `players`, opens their wallet and a login session; the id and
/// the session token.
pub(crate) async fn make_player(app: &TestApp, username: &str) -> (i64, String) {
    let id = insert_player(app, username).await;
    let mut conn = app.db.pool.acquire().await.unwrap();
    let (_, token) = kasa::auth::session::start(&mut conn, id, &kasa::auth::session::Origin::default()).await.unwrap();
    (id, token)
}

fn tl(kurus: i64) -> Kurus {
    Kurus::from_minor(kurus).unwrap()
}

/// Deposits real money (kuruş) to a player.
pub(crate) async fn fund(app: &TestApp, player: i64, kurus: i64) {
    let key = format!("dep:{player}:{}", uuid::Uuid::new_v4().simple());
    let t = Transfer::new(Account::Payment("papara".into()), Account::real(player), tl(kurus), TransferKind::Deposit, key.clone());
    wallet::commit(&app.db, &Batch { key, transfers: vec![t] }).await.unwrap();
}

pub(crate) async fn grant_bonus(app: &TestApp, player: i64, kurus: i64) {
    let key = format!("bonus:{player}");
    let t = Transfer::new(Account::BonusCost, Account::bonus(player), tl(kurus), TransferKind::Bonus, "trial_bonus");
    wallet::commit(&app.db, &Batch { key, transfers: vec![t] }).await.unwrap();
}

/// Real and bonus money, kuruş.
pub(crate) async fn money(app: &TestApp, player: i64) -> (i64, i64) {
    let b = wallet::balances(&app.db, player).await.unwrap();
    (b.real.minor(), b.bonus.minor())
}

pub(crate) async fn assert_ledger_holds(app: &TestApp) {
    let check = wallet::check(&app.db).await.unwrap();
    assert!(check.is_ok(), "{check}");
}

fn mv(player: i64, round: &str, tx: &str, kurus: i64) -> Move {
    Move {
        provider: "hub88".into(),
        player_id: player,
        game_code: "hub88-book".into(),
        round_id: round.into(),
        tx_id: tx.into(),
        amount: tl(kurus),
    }
}

fn rollback(player: i64, round: &str, tx: &str, of: &str) -> Rollback {
    Rollback {
        provider: "hub88".into(),
        player_id: player,
        game_code: "hub88-book".into(),
        round_id: round.into(),
        tx_id: tx.into(),
        rolls_back: of.into(),
    }
}

async fn count(app: &TestApp, sql: &str) -> i64 {
    sqlx::query_scalar(sqlx::AssertSqlSafe(sql.to_string())).fetch_one(&app.db.pool).await.unwrap()
}

async fn round_row(app: &TestApp, round: &str) -> (i64, i64, String) {
    let row: (i64, i64, String) = sqlx::query_as("SELECT bets, wins, status FROM rounds WHERE provider = 'hub88' AND round_id = $1")
        .bind(round)
        .fetch_one(&app.db.pool)
        .await
        .unwrap();
    row
}

on_both_engines! {
    async fn a_bet_and_a_win_move_money_and_record_the_round(app) {
        // Arrange
        let (ada, _) = make_player(&app, "ada").await;
        fund(&app, ada, 10_000).await;

        // Act
        let bet = rounds::bet(&app.db, &mv(ada, "r1", "b1", 2_500)).await.unwrap();
        let win = rounds::win(&app.db, &mv(ada, "r1", "w1", 4_000)).await.unwrap();
        let balance = rounds::balance(&app.db, ada).await.unwrap();

        // Assert
        assert_eq!((bet.balance, win.balance, balance.balance), (7_500, 11_500, 11_500));
        assert!(!bet.replayed && !win.replayed);
        assert_eq!(round_row(&app, "r1").await, (2_500, 4_000, "settled".to_string()));
        assert_ledger_holds(&app).await;
    }
}

on_both_engines! {
    async fn a_replayed_bet_moves_nothing_and_answers_the_first_answer(app) {
        // Arrange
        let (bora, _) = make_player(&app, "bora").await;
        fund(&app, bora, 10_000).await;
        let first = rounds::bet(&app.db, &mv(bora, "r1", "b1", 1_000)).await.unwrap();
        rounds::bet(&app.db, &mv(bora, "r1", "b2", 3_000)).await.unwrap();

        // Act: the first bet again, after the balance changed.
        let again = rounds::bet(&app.db, &mv(bora, "r1", "b1", 1_000)).await.unwrap();

        // Assert: the first answer (9 000 then), nothing more taken.
        assert_eq!(again, Answer { balance: 9_000, replayed: true });
        assert_eq!(first.balance, 9_000);
        assert_eq!(money(&app, bora).await, (6_000, 0));
        assert_eq!(round_row(&app, "r1").await.0, 4_000);
        assert_eq!(count(&app, "SELECT COUNT(*) FROM transfers WHERE kind = 'bet'").await, 2);
        assert_ledger_holds(&app).await;
    }
}

on_both_engines! {
    async fn the_same_transaction_id_with_other_content_is_refused(app) {
        // Arrange
        let (cem, _) = make_player(&app, "cem").await;
        fund(&app, cem, 10_000).await;
        rounds::bet(&app.db, &mv(cem, "r1", "b1", 1_000)).await.unwrap();

        // Act
        let other_amount = rounds::bet(&app.db, &mv(cem, "r1", "b1", 2_000)).await;
        let other_round = rounds::bet(&app.db, &mv(cem, "r2", "b1", 1_000)).await;
        let as_a_win = rounds::win(&app.db, &mv(cem, "r1", "b1", 1_000)).await;

        // Assert
        for refused in [&other_amount, &other_round, &as_a_win] {
            assert!(matches!(refused, Err(CallError::Duplicate(id)) if id == "b1"), "{refused:?}");
        }
        assert_eq!(money(&app, cem).await, (9_000, 0));
        assert_eq!(count(&app, "SELECT COUNT(*) FROM rounds").await, 1);
        assert_ledger_holds(&app).await;
    }
}

on_both_engines! {
    async fn a_bet_above_the_balance_is_refused_with_the_balance_and_moves_nothing(app) {
        // Arrange
        let (deniz, _) = make_player(&app, "deniz").await;
        fund(&app, deniz, 1_000).await;
        grant_bonus(&app, deniz, 500).await;

        // Act
        let refused = rounds::bet(&app.db, &mv(deniz, "r1", "b1", 1_501)).await;
        let retried = rounds::bet(&app.db, &mv(deniz, "r1", "b1", 1_500)).await.unwrap();

        // Assert: refused with the balance; the same id is free for the bet that fits.
        assert!(matches!(refused, Err(CallError::NotEnoughMoney { balance }) if balance.minor() == 1_500), "{refused:?}");
        assert_eq!(retried.balance, 0);
        assert_eq!(money(&app, deniz).await, (0, 0));
        assert_eq!(round_row(&app, "r1").await.0, 1_500);
        assert_ledger_holds(&app).await;
    }
}

on_both_engines! {
    async fn a_rollback_before_its_bet_is_recorded_and_the_late_bet_is_refused(app) {
        // Arrange
        let (ece, _) = make_player(&app, "ece").await;
        fund(&app, ece, 10_000).await;

        // Act
        let rolled = rounds::rollback(&app.db, &rollback(ece, "r1", "rb1", "b1")).await.unwrap();
        let late = rounds::bet(&app.db, &mv(ece, "r1", "b1", 1_000)).await;
        let replayed = rounds::rollback(&app.db, &rollback(ece, "r1", "rb1", "b1")).await.unwrap();

        // Assert
        assert_eq!(rolled.balance, 10_000);
        assert!(matches!(late, Err(CallError::RolledBack(ref id)) if id == "b1"), "{late:?}");
        assert!(replayed.replayed);
        assert_eq!(money(&app, ece).await, (10_000, 0));
        assert_eq!(count(&app, "SELECT COUNT(*) FROM transfers WHERE kind IN ('bet', 'rollback')").await, 0);
        assert_eq!(count(&app, "SELECT COUNT(*) FROM provider_txs WHERE kind = 'tombstone' AND tx_id = 'b1'").await, 1);
        assert_ledger_holds(&app).await;
    }
}

on_both_engines! {
    async fn a_rollback_of_a_known_bet_returns_its_money_to_its_pockets_exactly_once_when_ten_race(app) {
        // Arrange: a 1 500 stake takes 1 000 real and 500 bonus money.
        let (filiz, _) = make_player(&app, "filiz").await;
        fund(&app, filiz, 1_000).await;
        grant_bonus(&app, filiz, 2_000).await;
        rounds::bet(&app.db, &mv(filiz, "r1", "b1", 1_500)).await.unwrap();
        assert_eq!(money(&app, filiz).await, (0, 1_500));

        // Act: ten rollbacks of the bet at once, each with its own id.
        let db = Arc::new(app.db.clone());
        let tasks: Vec<_> = (0..10)
            .map(|i| {
                let db = db.clone();
                tokio::spawn(async move { rounds::rollback(&db, &rollback(filiz, "r1", &format!("rb{i}"), "b1")).await })
            })
            .collect();
        let mut answers = Vec::new();
        for t in tasks {
            answers.push(t.await.unwrap());
        }

        // Assert: every rollback answered; the money came back once, pocket by pocket.
        assert!(answers.iter().all(Result::is_ok), "{answers:?}");
        assert_eq!(money(&app, filiz).await, (1_000, 2_000));
        assert_eq!(count(&app, "SELECT COUNT(*) FROM transfers WHERE kind = 'rollback'").await, 2);
        assert_eq!(round_row(&app, "r1").await, (0, 0, "rolled_back".to_string()));
        let late_again = rounds::bet(&app.db, &mv(filiz, "r1", "b1", 1_500)).await.unwrap();
        assert!(late_again.replayed, "the bet's own replay answers its first answer");
        assert_eq!(money(&app, filiz).await, (1_000, 2_000));
        assert_ledger_holds(&app).await;
    }
}

on_both_engines! {
    async fn many_players_bets_wins_and_rollbacks_at_once_keep_every_wallet_invariant(app) {
        // Arrange: eight players with 100 ₺ each.
        let mut players = Vec::new();
        for i in 0..8 {
            let (id, _) = make_player(&app, &format!("oyuncu{i}")).await;
            fund(&app, id, 10_000).await;
            players.push(id);
        }

        // Act: 64 tasks, each a round of a bet, a replay of the bet and a win; every fourth then
        // tries to roll the bet back (refused: its round has a win that stands), rolls the win
        // back, then the bet (the round undone); all at once.
        let db = Arc::new(app.db.clone());
        let barrier = Arc::new(tokio::sync::Barrier::new(64));
        let tasks: Vec<_> = (0..64)
            .map(|i| {
                let (db, barrier, player) = (db.clone(), barrier.clone(), players[i % 8]);
                tokio::spawn(async move {
                    barrier.wait().await;
                    let round = format!("c{i}");
                    let bet = rounds::bet(&db, &mv(player, &round, &format!("{round}:b"), 500 + i as i64)).await;
                    let replay = rounds::bet(&db, &mv(player, &round, &format!("{round}:b"), 500 + i as i64)).await;
                    let win = rounds::win(&db, &mv(player, &round, &format!("{round}:w"), (i as i64 % 3) * 300)).await;
                    if i % 4 == 0 {
                        let early = rounds::rollback(&db, &rollback(player, &round, &format!("{round}:rb0"), &format!("{round}:b"))).await;
                        assert!(matches!(early, Err(CallError::RoundSettled(_))), "round {round}: {early:?}");
                        rounds::rollback(&db, &rollback(player, &round, &format!("{round}:rbw"), &format!("{round}:w"))).await.unwrap();
                        rounds::rollback(&db, &rollback(player, &round, &format!("{round}:rb"), &format!("{round}:b"))).await.unwrap();
                    }
                    (bet.unwrap(), replay.unwrap(), win.unwrap())
                })
            })
            .collect();
        for t in tasks {
            let (bet, replay, _) = t.await.unwrap();
            assert_eq!(bet.balance, replay.balance);
            assert!(replay.replayed);
        }

        // Assert: each player's money is the sum of their rounds, and the ledger holds.
        for (p, &player) in players.iter().enumerate() {
            let mut expected = 10_000;
            for i in (p..64).step_by(8) {
                let (stake, prize) = (500 + i as i64, (i as i64 % 3) * 300);
                expected += if i % 4 == 0 { 0 } else { prize - stake };
            }
            let (real, bonus) = money(&app, player).await;
            assert_eq!(real + bonus, expected, "player {player}");
        }
        assert_eq!(count(&app, "SELECT COUNT(*) FROM rounds").await, 64);
        assert_eq!(count(&app, "SELECT COUNT(*) FROM provider_txs WHERE rolled_back_by IS NOT NULL").await, 32, "16 rounds' bet and win undone");
        assert_ledger_holds(&app).await;
    }
}

on_both_engines! {
    async fn game_history_pages_the_players_rounds_newest_first_and_filters_by_day(app) {
        // Arrange: five rounds today (two winning), one three days ago, and another player's round.
        let (gul, token) = make_player(&app, "gul").await;
        let (other, _) = make_player(&app, "hakan").await;
        fund(&app, gul, 100_000).await;
        fund(&app, other, 100_000).await;
        for i in 0..5 {
            rounds::bet(&app.db, &mv(gul, &format!("h{i}"), &format!("h{i}:b"), 1_000)).await.unwrap();
            rounds::win(&app.db, &mv(gul, &format!("h{i}"), &format!("h{i}:w"), if i % 2 == 0 { 0 } else { 2_550 })).await.unwrap();
        }
        rounds::bet(&app.db, &mv(gul, "old", "old:b", 700)).await.unwrap();
        let three_days_ago = kasa::db::now_ms() - 3 * 86_400_000;
        sqlx::query("UPDATE rounds SET created_at = $1 WHERE round_id = 'old'").bind(three_days_ago).execute(&app.db.pool).await.unwrap();
        rounds::bet(&app.db, &mv(other, "x1", "x1:b", 1_000)).await.unwrap();
        let today = kasa::time::Date::today().iso();
        let old_day = kasa::time::Date::from_days(three_days_ago.div_euclid(86_400_000)).iso();
        let get = |query: String| {
            let (app, token) = (&app, token.clone());
            async move {
                let resp = app.client.get(app.url(&format!("/api/casino/history{query}"))).bearer_auth(token).header("x-locale", "en").send().await.unwrap();
                let status = resp.status().as_u16();
                (status, envelope(resp).await)
            }
        };

        // Act
        let (s1, page1) = get("?skip=0&take=4".into()).await;
        let (_, page2) = get("?skip=4&take=4".into()).await;
        let (_, today_only) = get(format!("?from={today}&to={today}")).await;
        let (_, old_only) = get(format!("?from={old_day}&to={old_day}")).await;
        let (bad, bad_body) = get("?from=2026-13-40".into()).await;
        let (unread, unread_body) = get("?take=many&skip=-".into()).await;
        let anonymous = app.get("/api/casino/history").await.status().as_u16();

        // Assert
        assert_eq!(s1, 200, "{page1}");
        let ids = |v: &Value| v["data"]["items"].as_array().unwrap().iter().map(|r| r["roundId"].as_str().unwrap().to_string()).collect::<Vec<_>>();
        assert_eq!(page1["data"]["total"], 6);
        assert_eq!(ids(&page1), ["h4", "h3", "h2", "h1"]);
        assert_eq!(ids(&page2), ["h0", "old"]);
        assert_eq!(today_only["data"]["total"], 5);
        assert_eq!(ids(&old_only), ["old"]);
        let h3 = &page1["data"]["items"][1];
        assert_eq!((h3["bet"].as_f64(), h3["win"].as_f64(), h3["result"].as_i64()), (Some(10.0), Some(25.5), Some(1)));
        assert_eq!((h3["gameCode"].as_str(), h3["providerName"].as_str(), h3["status"].as_str()), (Some("hub88-book"), Some("Hub88"), Some("settled")));
        assert!(h3["createdAt"].as_str().unwrap().starts_with(&today), "{h3}");
        let h4 = &page1["data"]["items"][0];
        assert_eq!((h4["win"].as_f64(), h4["result"].as_i64()), (Some(0.0), Some(2)));
        assert_eq!(bad, 422, "{bad_body}");
        assert_eq!(bad_body["data"]["field"], "from");
        assert_eq!(bad_body["message"], "Enter the date as YYYY-MM-DD.");
        assert_eq!(unread, 400, "{unread_body}");
        assert_eq!((unread_body["success"].as_bool(), unread_body["message"].as_str()), (Some(false), Some("The list could not be read: its filter is invalid.")));
        assert_eq!(anonymous, 401);
    }
}
