//! Corrections always complete (issue 28): a corrected sportsbook result resettles every affected
//! bet whatever the players did with their winnings since; what a player no longer holds becomes a
//! debt in the ledger (a receivable the operator sees), repaid first from the player's next
//! credits, never a negative balance; on both engines, and with the wallet check holding after.

use serde_json::{Value, json};

use kasa::sports::{admin, betting};

use crate::helpers::{TestApp, burst, envelope};
use crate::on_both_engines;
use crate::rounds::{assert_ledger_holds, fund, make_player, money};
use crate::sportsbook::betting::{football_events, leg, place, selection};

/// The demo e-wallet withdrawal method (content/payment_methods.json).
const EWALLET_WITHDRAW: i64 = 5;

/// A single of `lira` on a selection; the bet's id.
async fn single(app: &TestApp, token: &str, (selection, price, _): (i64, i64, i64), lira: i64) -> i64 {
    let (status, placed) =
        place(app, token, json!({"legs": [leg(selection, price)], "kind": "single", "stake": lira, "oddsChoice": "none"})).await;
    assert_eq!(status, 200, "{placed}");
    placed["data"][0]["id"].as_i64().unwrap()
}

fn payout(stake: i64, price: i64) -> i64 {
    stake * price / 100
}

fn withdrawal(lira: f64) -> Value {
    json!({"id": EWALLET_WITHDRAW, "target": "pay", "detail": {"Wallet": "2", "WalletNumber": "5551234", "Amount": lira}})
}

async fn bet_state(app: &TestApp, bet: i64) -> (String, i64) {
    sqlx::query_as("SELECT state, payout FROM sb_bets WHERE id = $1").bind(bet).fetch_one(&app.db.pool).await.unwrap()
}

/// What the player owes now, kuruş (0 when nothing).
async fn owed(app: &TestApp, player: i64) -> i64 {
    kasa::wallet::debts(&app.db, true).await.unwrap().iter().find(|d| d.player_id == player).map_or(0, |d| d.outstanding)
}

on_both_engines! {
    async fn a_correction_after_the_winner_withdrew_pays_the_new_winner_and_leaves_the_old_one_a_debt_repaid_by_the_next_credits(app) {
        // Arrange: A backs the home side, B the away side, 50 ₺ each; the home win is entered and
        // paid, and A withdraws everything (the operator approves it).
        let (a, a_token) = make_player(&app, "eskikazanan").await;
        let (b, b_token) = make_player(&app, "yenikazanan").await;
        fund(&app, a, 5_000).await;
        fund(&app, b, 5_000).await;
        let event = football_events(&app, 1).await[0];
        let home = selection(&app, event, "1x2", "1").await;
        let away = selection(&app, event, "1x2", "2").await;
        let a_bet = single(&app, &a_token, home, 50).await;
        let b_bet = single(&app, &b_token, away, 50).await;
        admin::result(&app.db, home.2, &["1".to_string()], None).await.unwrap();
        let won = payout(5_000, home.1);
        assert_eq!(money(&app, a).await, (won, 0));
        let resp = app.client.post(app.url("/api/payment/withdraw")).bearer_auth(&a_token).header("x-locale", "en")
            .json(&withdrawal(won as f64 / 100.0)).send().await.unwrap();
        let (status, requested) = (resp.status().as_u16(), envelope(resp).await);
        assert_eq!(status, 200, "{requested}");
        kasa::payments::approve(&app.db, requested["data"]["id"].as_i64().unwrap()).await.unwrap();
        assert_eq!(money(&app, a).await, (0, 0), "A withdrew the winnings");

        // Act: the operator corrects the result to an away win.
        let corrected = admin::result(&app.db, home.2, &["2".to_string()], None).await;

        // Assert: the correction completed for both bets.
        assert_eq!(corrected.unwrap(), 2, "both bets resettled");
        assert_eq!(bet_state(&app, b_bet).await, ("won".to_string(), payout(5_000, away.1)));
        assert_eq!(bet_state(&app, a_bet).await, ("lost".to_string(), 0));
        assert_eq!(money(&app, b).await, (payout(5_000, away.1), 0), "B is paid");
        assert_eq!(money(&app, a).await, (0, 0), "A's balance is never below zero");
        assert_eq!(owed(&app, a).await, won, "what A no longer held is A's debt");
        let report = kasa::wallet::report(&app.db, None, None).await.unwrap();
        assert_eq!((report.debts_recorded, report.debts_outstanding), (won, won));
        assert_eq!(report.ggr["sportsbook"], 10_000 - payout(5_000, away.1), "the book's GGR is the corrected result's");
        assert!(report.to_string().contains("debts"), "{report}");
        let notes: Vec<String> = sqlx::query_scalar("SELECT note FROM notifications WHERE player_id = $1 AND type = 5")
            .bind(a).fetch_all(&app.db.pool).await.unwrap();
        assert_eq!(notes.len(), 1, "A is told: {notes:?}");
        assert!(notes[0].contains(&kasa::wallet::Kurus::from_minor(won).unwrap().to_string()), "{notes:?}");
        assert_ledger_holds(&app).await;

        // Act and assert: A's next deposit repays the debt first, an operator's adjustment the rest.
        let part = won / 3;
        fund(&app, a, part).await;
        assert_eq!((money(&app, a).await, owed(&app, a).await), ((0, 0), won - part), "the whole deposit repaid the debt");
        kasa::wallet::adjust(&app.db, a, "1000", "goodwill").await.unwrap();
        assert_eq!((money(&app, a).await, owed(&app, a).await), ((100_000 - (won - part), 0), 0), "the rest repaid, the remainder is A's");
        let report = kasa::wallet::report(&app.db, None, None).await.unwrap();
        assert_eq!((report.debts_recorded, report.debts_repaid, report.debts_outstanding), (won, won, 0));
        assert!(kasa::wallet::debts(&app.db, false).await.unwrap().is_empty(), "nobody owes anything now");
        assert_ledger_holds(&app).await;
    }
}

on_both_engines! {
    async fn a_busy_market_with_one_winner_who_spent_everything_still_resettles_every_bet_and_his_next_win_repays_him_first(app) {
        // Arrange: twelve players back the home side and four the away side, 10 ₺ each; the home
        // win is paid; one home winner stakes everything on another match.
        let events = football_events(&app, 2).await;
        let home = selection(&app, events[0], "1x2", "1").await;
        let away = selection(&app, events[0], "1x2", "2").await;
        let elsewhere = selection(&app, events[1], "1x2", "1").await;
        let mut bets = Vec::new();
        for i in 0..16 {
            let (p, token) = make_player(&app, &format!("oyuncu{i}")).await;
            fund(&app, p, 1_000).await;
            let pick = if i < 12 { home } else { away };
            bets.push((p, token.clone(), single(&app, &token, pick, 10).await, i < 12));
        }
        betting::record_result(&app.db, home.2, &["1"], false, "feed", None).await.unwrap();
        let won = payout(1_000, home.1);
        let (spender, spender_token, _, _) = bets[3].clone();
        let spent_on = single(&app, &spender_token, elsewhere, won / 100).await;
        let left = won % 100;

        // Act: the result is corrected to an away win.
        let corrected = betting::record_result(&app.db, home.2, &["2"], false, "operator", None).await;

        // Assert: every bet resettled; the spender owes what he no longer held.
        assert_eq!(corrected.unwrap(), 16);
        for (p, _, bet, backed_home) in &bets {
            let expected = if *backed_home { ("lost".to_string(), 0) } else { ("won".to_string(), payout(1_000, away.1)) };
            assert_eq!(bet_state(&app, *bet).await, expected, "bet {bet}");
            if *p != spender {
                assert_eq!(money(&app, *p).await.0, expected.1, "player {p}");
            }
        }
        assert_eq!(money(&app, spender).await, (0, 0));
        assert_eq!(owed(&app, spender).await, won - left);
        assert_ledger_holds(&app).await;

        // Act: his other bet wins, settled with the rest of its market at once.
        betting::record_result(&app.db, elsewhere.2, &["1"], false, "feed", None).await.unwrap();

        // Assert: the win repaid the debt first.
        let second = payout(won - left, elsewhere.1);
        assert_eq!(bet_state(&app, spent_on).await, ("won".to_string(), second));
        assert_eq!((money(&app, spender).await, owed(&app, spender).await), ((second - (won - left), 0), 0));
        assert_ledger_holds(&app).await;
    }
}

on_both_engines! {
    async fn a_correction_racing_the_winners_own_withdrawals_and_bets_never_leaves_a_negative_balance_nor_loses_money(app) {
        // Arrange: A stakes all 300 ₺ on the home side and is paid; B backs the away side.
        let (a, a_token) = make_player(&app, "yarisan").await;
        let (b, b_token) = make_player(&app, "bekleyen").await;
        fund(&app, a, 30_000).await;
        fund(&app, b, 1_000).await;
        let events = football_events(&app, 2).await;
        let home = selection(&app, events[0], "1x2", "1").await;
        let away = selection(&app, events[0], "1x2", "2").await;
        let elsewhere = selection(&app, events[1], "1x2", "1").await;
        let a_bet = single(&app, &a_token, home, 300).await;
        let b_bet = single(&app, &b_token, away, 10).await;
        betting::record_result(&app.db, home.2, &["1"], false, "feed", None).await.unwrap();
        let won = payout(30_000, home.1);
        let piece = won / 6 / 100; // whole lira, above the e-wallet's 50 ₺ minimum

        // Act: A's twelve withdrawals and bets race the correction.
        let base = app.url("");
        let token = a_token.clone();
        let (answers, corrected) = tokio::join!(
            burst(&app, 12, move |i, c| {
                let request = if i % 2 == 0 {
                    c.post(format!("{base}/api/payment/withdraw")).json(&withdrawal(piece as f64))
                } else {
                    let leg = json!({"selectionId": elsewhere.0, "price": elsewhere.1 as f64 / 100.0});
                    c.post(format!("{base}/api/sportsbook/bets")).json(&json!({"legs": [leg], "kind": "single", "stake": piece, "oddsChoice": "none"}))
                };
                request.bearer_auth(&token).header("x-locale", "en")
            }),
            betting::record_result(&app.db, home.2, &["2"], false, "operator", None)
        );

        // Assert: the correction completed, and what A holds, has staked since and owes adds up to
        // what the corrected result leaves A: nothing (the 300 ₺ staked and lost).
        assert_eq!(corrected.unwrap(), 2, "{answers:?}");
        assert_eq!(bet_state(&app, a_bet).await, ("lost".to_string(), 0));
        assert_eq!(bet_state(&app, b_bet).await, ("won".to_string(), payout(1_000, away.1)));
        assert!(answers.iter().all(|(status, _)| *status == 200 || *status == 400), "each request was taken or refused for money: {answers:?}");
        let balances = kasa::wallet::balances(&app.db, a).await.unwrap();
        let staked: i64 = sqlx::query_scalar("SELECT CAST(COALESCE(SUM(stake), 0) AS BIGINT) FROM sb_bets WHERE player_id = $1 AND id <> $2")
            .bind(a).bind(a_bet).fetch_one(&app.db.pool).await.unwrap();
        let debt = owed(&app, a).await;
        assert!(balances.real.minor() >= 0 && debt >= 0);
        assert!(debt == 0 || balances.real.minor() == 0, "while A owes, A has nothing to spend: {balances:?}, {debt}");
        assert_eq!(balances.real.minor() + balances.held.minor() + staked - debt, 0, "nothing lost or created: {balances:?}, staked {staked}, owed {debt}");
        assert_ledger_holds(&app).await;
    }
}

on_both_engines! {
    async fn a_rejected_withdrawal_repays_the_debt_it_held_money_for(app) {
        // Arrange: A's win is held by a withdrawal request when the result is corrected.
        let (a, a_token) = make_player(&app, "bekletilen").await;
        fund(&app, a, 6_000).await;
        let event = football_events(&app, 1).await[0];
        let home = selection(&app, event, "1x2", "1").await;
        single(&app, &a_token, home, 60).await;
        betting::record_result(&app.db, home.2, &["1"], false, "feed", None).await.unwrap();
        let won = payout(6_000, home.1);
        let resp = app.client.post(app.url("/api/payment/withdraw")).bearer_auth(&a_token).header("x-locale", "en")
            .json(&withdrawal(won as f64 / 100.0)).send().await.unwrap();
        let requested = envelope(resp).await;
        betting::record_result(&app.db, home.2, &["X"], false, "operator", None).await.unwrap();
        assert_eq!(owed(&app, a).await, won, "the held money is not taken: the request stands");

        // Act: the operator rejects the withdrawal.
        kasa::payments::reject(&app.db, requested["data"]["id"].as_i64().unwrap(), "a corrected result").await.unwrap();

        // Assert
        assert_eq!((money(&app, a).await, owed(&app, a).await), ((0, 0), 0), "the released money repaid the debt");
        assert_ledger_holds(&app).await;
    }
}

on_both_engines! {
    async fn twenty_credits_at_once_repay_one_debt_exactly_once(app) {
        // Arrange: A's 10 ₺ home bet is paid, A stakes the whole lira of it on another match, and
        // the result is corrected: A owes what A no longer held.
        let (a, a_token) = make_player(&app, "borclu").await;
        fund(&app, a, 1_000).await;
        let events = football_events(&app, 2).await;
        let home = selection(&app, events[0], "1x2", "1").await;
        let elsewhere = selection(&app, events[1], "1x2", "1").await;
        single(&app, &a_token, home, 10).await;
        betting::record_result(&app.db, home.2, &["1"], false, "feed", None).await.unwrap();
        let won = payout(1_000, home.1);
        single(&app, &a_token, elsewhere, won / 100).await;
        betting::record_result(&app.db, home.2, &["2"], false, "operator", None).await.unwrap();
        let debt = owed(&app, a).await;
        assert_eq!(debt, won - won % 100);

        // Act: twenty 2 ₺ deposits land at once.
        let deposits: Vec<_> = (0..20).map(|_| fund(&app, a, 200)).collect();
        futures_util::future::join_all(deposits).await;

        // Assert: the debt was repaid once, in full, and the rest is A's.
        assert_eq!(owed(&app, a).await, 0);
        assert_eq!(money(&app, a).await, (4_000 - debt, 0));
        let repaid: i64 = sqlx::query_scalar("SELECT CAST(COALESCE(SUM(amount), 0) AS BIGINT) FROM transfers WHERE kind = 'debt'")
            .fetch_one(&app.db.pool)
            .await
            .unwrap();
        assert_eq!(repaid, debt, "repayments add up to the debt, never more");
        assert_ledger_holds(&app).await;
    }
}
