//! Player protection (issue 31), on both engines: deposit, loss and wager limits over overlapping
//! periods, the 24-hour rule for raises and its confirmation, bursts of deposits and stakes that
//! together cross a limit, time-outs and self-exclusions that end sessions on another node, refund
//! unstarted sportsbook bets, follow the person into registration, and the session time limit.

use serde_json::{Value, json};

use kasa::money::Kurus;
use kasa::rounds::{self, CallError, Move};

use crate::accounts::{full_form, register, with};
use crate::helpers::{TestApp, burst, count_status, envelope};
use crate::on_both_engines;
use crate::rounds::{assert_ledger_holds, fund, make_player, money};

const BANK_DEPOSIT: i64 = 1;
const HOUR_MS: i64 = 3_600_000;

impl TestApp {
    async fn set_limit(&self, token: &str, kind: &str, period: &str, value: Value) -> (u16, Value) {
        self.call(
            reqwest::Method::POST,
            "/api/protection/limits",
            token,
            Some(json!({"kind": kind, "period": period, "value": value})),
            "en",
        )
        .await
    }

    async fn bank_deposit(&self, token: &str, lira: i64) -> (u16, Value) {
        let body = json!({"id": BANK_DEPOSIT, "target": "pay", "detail": {"Amount": lira}});
        self.call(reqwest::Method::POST, "/api/payment/deposit", token, Some(body), "en").await
    }

    async fn login(&self, username: &str, password: &str, reopen: bool) -> (u16, Value) {
        let body = json!({"username": username, "password": password, "reopen": reopen});
        let resp = self.client.post(self.url("/api/auth/login")).header("x-locale", "en").json(&body).send().await.unwrap();
        let status = resp.status().as_u16();
        (status, envelope(resp).await)
    }
}

fn stake(player: i64, n: usize, kurus: i64) -> Move {
    Move {
        provider: "hub88".into(),
        player_id: player,
        game_code: "hub88-book".into(),
        round_id: format!("r-{n}"),
        tx_id: format!("bet-{n}"),
        amount: Kurus::from_minor(kurus).unwrap(),
    }
}

fn win(player: i64, n: usize, kurus: i64) -> Move {
    Move { tx_id: format!("win-{n}"), ..stake(player, n, kurus) }
}

async fn exec(app: &TestApp, sql: &str) {
    sqlx::query(sqlx::AssertSqlSafe(sql.to_string())).execute(&app.db.pool).await.unwrap();
}

/// A football event moved to kick off tomorrow (not started) and its home win: (selection, price).
async fn tomorrows_home(app: &TestApp) -> (i64, i64) {
    let events = crate::sportsbook::betting::football_events(app, 1).await;
    exec(
        app,
        &format!("UPDATE sb_events SET state = 'scheduled', starts_at = {} WHERE id = {}", kasa::db::now_ms() + 24 * HOUR_MS, events[0]),
    )
    .await;
    let (selection, price, _) = crate::sportsbook::betting::selection(app, events[0], "1x2", "1").await;
    (selection, price)
}

/// An open single of `stake` lira on the selection, placed by the player.
async fn bet_on(app: &TestApp, token: &str, (selection, price): (i64, i64), stake: i64) {
    let slip = json!({"legs": [crate::sportsbook::betting::leg(selection, price)], "kind": "single", "stake": stake, "oddsChoice": "any"});
    let (placed, bet) = crate::sportsbook::betting::place(app, token, slip).await;
    assert_eq!(placed, 200, "{bet}");
}

on_both_engines! {
    async fn a_deposit_over_a_lowered_limit_is_refused_before_any_payment_naming_what_is_left_in_each_period(app) {
        // Arrange
        let (_, token) = make_player(&app, "limiter").await;
        assert_eq!(app.set_limit(&token, "deposit", "day", json!(500)).await.0, 200);
        assert_eq!(app.set_limit(&token, "deposit", "week", json!(800)).await.0, 200);
        let (ok, _) = app.bank_deposit(&token, 300).await;

        // Act
        let (status, refused) = app.bank_deposit(&token, 300).await;
        let requests: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM payment_requests").fetch_one(&app.db.pool).await.unwrap();
        let (_, page) = app.call(reqwest::Method::GET, "/api/protection", &token, None, "en").await;

        // Assert
        assert_eq!(ok, 200);
        assert_eq!(status, 400, "{refused}");
        assert_eq!(refused["message"], "This is over your deposit limit. Left: 24 hours ₺200.00 · 7 days ₺500.00.");
        assert_eq!(requests, 1, "the refused deposit wrote nothing");
        let deposit = page["data"]["left"].as_array().unwrap().iter().find(|k| k["kind"] == "deposit").cloned().unwrap();
        assert_eq!(deposit["lowest"].as_f64(), Some(200.0), "{page}");
    }
}

on_both_engines! {
    async fn a_raise_waits_a_day_then_applies_only_when_the_player_confirms_it_within_a_week(app) {
        // Arrange
        let (player, token) = make_player(&app, "raiser").await;
        app.set_limit(&token, "deposit", "day", json!(500)).await;

        // Act
        let (_, raised) = app.set_limit(&token, "deposit", "day", json!(2000)).await;
        let (early, too_early) = app.call(reqwest::Method::POST, "/api/protection/limits/confirm", &token, Some(json!({"kind": "deposit", "period": "day"})), "en").await;
        let (still, _) = app.bank_deposit(&token, 600).await;
        exec(&app, &format!("UPDATE player_limits SET pending_since = pending_since - {} WHERE player_id = {player}", 25 * HOUR_MS)).await;
        let (confirmed, after) = app.call(reqwest::Method::POST, "/api/protection/limits/confirm", &token, Some(json!({"kind": "deposit", "period": "day"})), "en").await;
        let (now_ok, _) = app.bank_deposit(&token, 600).await;
        app.set_limit(&token, "deposit", "day", json!(3000)).await;
        exec(&app, &format!("UPDATE player_limits SET pending_since = pending_since - {} WHERE player_id = {player}", 9 * 24 * HOUR_MS)).await;
        let (lapsed, lapsed_body) = app.call(reqwest::Method::POST, "/api/protection/limits/confirm", &token, Some(json!({"kind": "deposit", "period": "day"})), "en").await;

        // Assert
        let limit = &raised["data"]["limits"][0];
        assert_eq!((limit["value"].as_f64(), limit["pending"]["value"].as_f64(), &limit["pending"]["canConfirm"]), (Some(500.0), Some(2000.0), &json!(false)), "{raised}");
        assert_eq!(raised["message"], "Saved. A higher limit (or none) applies only after 24 hours, once you confirm it within 7 days.");
        assert_eq!(early, 400);
        assert!(too_early["message"].as_str().unwrap().starts_with("You can confirm this change from "), "{too_early}");
        assert_eq!(still, 400, "the old limit holds until the raise is confirmed");
        assert_eq!((confirmed, after["data"]["limits"][0]["value"].as_f64()), (200, Some(2000.0)), "{after}");
        assert_eq!(now_ok, 200);
        assert_eq!((lapsed, lapsed_body["message"].as_str()), (400, Some("The 7 days to confirm this change are over: ask for it again.")));
    }
}

on_both_engines! {
    async fn parallel_deposits_that_together_cross_a_limit_succeed_only_within_it(app) {
        // Arrange
        let (_, token) = make_player(&app, "burster").await;
        app.set_limit(&token, "deposit", "day", json!(1000)).await;
        let url = app.url("/api/payment/deposit");

        // Act: ten deposits of 400 ₺ at once.
        let answers = burst(&app, 10, move |_, c| {
            c.post(&url).bearer_auth(&token).header("x-locale", "en").json(&json!({"id": BANK_DEPOSIT, "target": "pay", "detail": {"Amount": 400}}))
        })
        .await;

        // Assert
        assert_eq!(count_status(&answers, 200), 2, "{answers:?}");
        let total: i64 = sqlx::query_scalar("SELECT CAST(COALESCE(SUM(amount), 0) AS BIGINT) FROM payment_requests").fetch_one(&app.db.pool).await.unwrap();
        assert_eq!(total, 80_000);
    }
}

on_both_engines! {
    async fn old_bank_transfers_paid_on_one_day_cannot_together_pass_a_daily_deposit_limit(app) {
        // Arrange: a 500 ₺ daily limit; a 400 ₺ transfer asked for two days ago, still unpaid.
        let (player, token) = make_player(&app, "oldtransfer").await;
        app.set_limit(&token, "deposit", "day", json!(500)).await;
        let (_, first) = app.bank_deposit(&token, 400).await;
        let first = first["data"]["id"].as_i64().unwrap();
        exec(&app, &format!("UPDATE payment_requests SET created_at = created_at - {} WHERE player_id = {player}", 48 * HOUR_MS)).await;

        // Act: a second one today while the old one waits; then the old one is paid today.
        let (while_pending, refused) = app.bank_deposit(&token, 400).await;
        kasa::payments::approve(&app.db, first).await.unwrap();
        let (after_paid, _) = app.bank_deposit(&token, 200).await;
        let (within, _) = app.bank_deposit(&token, 100).await;

        // Assert
        assert_eq!(while_pending, 400, "an unpaid request counts however old it is: {refused}");
        assert_eq!(refused["message"], "This is over your deposit limit. Left: 24 hours ₺100.00.");
        assert_eq!(after_paid, 400, "a deposit paid today counts today, whenever it was asked for");
        assert_eq!(within, 200);
    }
}

on_both_engines! {
    async fn parallel_stakes_that_together_cross_a_wager_limit_succeed_only_within_it_on_every_provider(app) {
        // Arrange
        let (player, token) = make_player(&app, "wagerer").await;
        fund(&app, player, 1_000_000).await;
        app.set_limit(&token, "wager", "week", json!(1000)).await;
        app.set_limit(&token, "wager", "day", json!(2000)).await;

        // Act: twenty stakes of 100 ₺ at once, through the rounds layer's one gate.
        let db = app.db.clone();
        let tasks: Vec<_> = (0..20).map(|n| {
            let db = db.clone();
            tokio::spawn(async move { rounds::bet(&db, &stake(player, n, 10_000)).await })
        }).collect();
        let mut ok = 0;
        let mut refused = Vec::new();
        for t in tasks {
            match t.await.unwrap() {
                Ok(_) => ok += 1,
                Err(CallError::Protection(r)) => refused.push(r),
                Err(e) => panic!("{e}"),
            }
        }

        // Assert
        assert_eq!((ok, refused.len()), (10, 10));
        assert_eq!(money(&app, player).await.0, 1_000_000 - 100_000);
        let kasa::protection::gate::Refusal::Over { kind, left } = &refused[0] else { panic!("{:?}", refused[0]) };
        assert_eq!(*kind, kasa::protection::Kind::Wager);
        assert_eq!(left.iter().map(|l| l.left).min(), Some(0), "the week's 1.000 ₺ is the lowest remaining");
        // The sportsbook's stakes pass the same gate, refused in the player's language.
        let events = crate::sportsbook::betting::football_events(&app, 1).await;
        let home = crate::sportsbook::betting::selection(&app, events[0], "1x2", "1").await;
        let slip = json!({"legs": [crate::sportsbook::betting::leg(home.0, home.1)], "kind": "single", "stake": 10, "oddsChoice": "any"});
        let (status, body) = app.call(reqwest::Method::POST, "/api/sportsbook/bets", &token, Some(slip.clone()), "en").await;
        assert_eq!(status, 400, "{body}");
        assert!(body["message"].as_str().unwrap().starts_with("This is over your wager limit. Left: 24 hours ₺1,000.00 · 7 days ₺0.00"), "{body}");
        let (tr_status, tr_body) = app.call(reqwest::Method::POST, "/api/sportsbook/bets", &token, Some(slip), "tr").await;
        assert_eq!(tr_status, 400, "{tr_body}");
        assert!(tr_body["message"].as_str().unwrap().starts_with("Bu işlem bahis limitinizi aşıyor. Kalan: 24 saat 1.000,00 ₺ · 7 gün 0,00 ₺"), "{tr_body}");
        assert_ledger_holds(&app).await;
    }
}

on_both_engines! {
    async fn a_loss_limit_counts_stakes_less_wins(app) {
        // Arrange
        let (player, token) = make_player(&app, "loser").await;
        fund(&app, player, 1_000_000).await;
        app.set_limit(&token, "loss", "day", json!(500)).await;

        // Act
        let first = rounds::bet(&app.db, &stake(player, 1, 40_000)).await;
        rounds::win(&app.db, &win(player, 1, 30_000)).await.unwrap();
        let second = rounds::bet(&app.db, &stake(player, 2, 40_000)).await;
        let third = rounds::bet(&app.db, &stake(player, 3, 100)).await;

        // Assert: 400 - 300 + 400 = 500 lost: at the limit, not over it; one kuruş more is.
        assert!(first.is_ok() && second.is_ok());
        assert!(matches!(third, Err(CallError::Protection(_))), "{third:?}");
        assert_eq!(money(&app, player).await.0, 1_000_000 - 50_000);
    }
}

on_both_engines! {
    async fn a_time_out_ends_sessions_on_another_node_refunds_unstarted_bets_and_follows_the_person(app) {
        // Arrange: a registered player with an open bet on an event that starts tomorrow.
        let (status, registered) = register(&app, &full_form()).await;
        assert_eq!(status, 200, "{registered}");
        let token = registered["data"]["token"].as_str().unwrap().to_string();
        let player: i64 = sqlx::query_scalar("SELECT id FROM players WHERE username = 'aysegul1'").fetch_one(&app.db.pool).await.unwrap();
        fund(&app, player, 100_000).await;
        let home = tomorrows_home(&app).await;
        bet_on(&app, &token, home, 50).await;
        let other = crate::helpers::spawn_node(&app.db.url, false, None, kasa::hub::HubTimings::default()).await;
        assert_eq!(other.call(reqwest::Method::GET, "/api/protection", &token, None, "en").await.0, 200, "live on the other node");

        // Act
        let (closed, answer) = app.call(reqwest::Method::POST, "/api/protection/close", &token, Some(json!({"term": "24h", "confirm": true})), "en").await;
        let mut ended_elsewhere = false;
        for _ in 0..50 {
            if other.call(reqwest::Method::GET, "/api/protection", &token, None, "en").await.0 == 401 {
                ended_elsewhere = true;
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        }
        let (login, refused) = app.login("aysegul1", "gizli123", false).await;
        // The TC number, e-mail and phone the person had when the time-out began keep out a new
        // account even once no account holds them any more (the closed account's moved away:
        // only the closure can refuse them, not the players' unique keys).
        exec(&app, &format!("UPDATE players SET personal_no = '20000000114', email = 'moved@example.com', email_key = 'moved@example.com', phone = '905550000001' WHERE id = {player}")).await;
        let again = |changes: Value| with(full_form(), changes);
        let (same_no, no_body) = register(&app, &again(json!({"username": "yeni1", "email": "yeni@example.com", "phone": "905329876543"}))).await;
        let (same_mail, mail_body) = register(&app, &again(json!({"username": "yeni2", "email": "AYSE@Example.com", "PersonalNo": "10000000078", "phone": "905329876544"}))).await;
        let (same_phone, phone_body) = register(&app, &again(json!({"username": "yeni3", "email": "yeni3@example.com", "PersonalNo": "10000000078"}))).await;
        // The same e-mail written another way (a +tag) is the same person.
        let (tagged_mail, tagged_body) = register(&app, &again(json!({"username": "yeni4", "email": "Ayse+yeni@example.com", "PersonalNo": "10000000078", "phone": "905329876545"}))).await;
        // Another account cannot take the closed person's phone either.
        let (_, other) = make_player(&app, "phonetaker").await;
        let (phone_change, phone_change_body) =
            app.call(reqwest::Method::POST, "/api/customer/updatephone", &other, Some(json!({"step": 1, "phone": "905321234567"})), "en").await;
        let provider_bet = rounds::bet(&app.db, &stake(player, 9, 100)).await;
        let operator_bonus = kasa::bonus::grant_by_operator(&app.db, "aysegul1", "slot-bonus").await;

        // Assert
        assert_eq!(closed, 200, "{answer}");
        let until = answer["data"]["until"].as_i64().unwrap();
        assert!((until - kasa::db::now_ms() - 24 * HOUR_MS).abs() < 60_000);
        assert!(ended_elsewhere, "the other node ended the session through the journal");
        assert_eq!(login, 403, "{refused}");
        assert!(refused["message"].as_str().unwrap().starts_with("You are taking a break until "), "{refused}");
        assert_eq!(refused["data"]["until"].as_i64(), Some(until));
        let state: String = sqlx::query_scalar("SELECT state FROM sb_bets").fetch_one(&app.db.pool).await.unwrap();
        assert_eq!(state, "refused");
        assert_eq!(money(&app, player).await.0, 100_000, "the unstarted bet's stake came back");
        assert_eq!((same_no, same_mail, same_phone, tagged_mail), (409, 409, 409, 409), "a new account of the same person is refused, by each key");
        // The refusal says no more than registration says of any clash: nothing of a closure.
        let neutral = kasa::i18n::text("register.unavailable", kasa::i18n::Locale::Tr);
        for body in [&no_body, &mail_body, &phone_body, &tagged_body] {
            assert_eq!(body["message"].as_str(), Some(neutral.as_str()), "{body}");
        }
        assert_eq!(phone_change, 409, "{phone_change_body}");
        assert_eq!(phone_change_body["message"], "This phone number cannot be used. Please enter another number.");
        assert!(matches!(provider_bet, Err(CallError::Protection(kasa::protection::gate::Refusal::Closed))));
        assert!(operator_bonus.is_err(), "no marketing reaches a closed account, the operator's bonus either");
        assert_ledger_holds(&app).await;
    }
}

on_both_engines! {
    async fn a_fixed_term_exclusion_reopens_only_a_day_after_the_player_asks(app) {
        // Arrange
        let (status, registered) = register(&app, &full_form()).await;
        assert_eq!(status, 200);
        let token = registered["data"]["token"].as_str().unwrap().to_string();
        let (closed, _) = app.call(reqwest::Method::POST, "/api/protection/close", &token, Some(json!({"term": "6m", "confirm": true})), "en").await;
        let (unconfirmed, _) = app.call(reqwest::Method::POST, "/api/protection/close", &token, Some(json!({"term": "6m"})), "en").await;
        exec(&app, &format!("UPDATE exclusions SET ends_at = {}", kasa::db::now_ms() - HOUR_MS)).await;

        // Act
        let (ended, ended_body) = app.login("aysegul1", "gizli123", false).await;
        let (asked, asked_body) = app.login("aysegul1", "gizli123", true).await;
        exec(&app, &format!("UPDATE exclusions SET reopen_asked_at = reopen_asked_at - {0}, ends_at = ends_at - {0}", 25 * HOUR_MS)).await;
        let (open, _) = app.login("aysegul1", "gizli123", false).await;

        // Assert
        assert_eq!((closed, unconfirmed), (200, 401), "the first closed the session the second used");
        assert_eq!((ended, &ended_body["data"]["reopen"]), (403, &json!(true)), "{ended_body}");
        assert_eq!(asked, 403);
        assert_eq!(asked_body["data"]["reopening"], json!(true), "{asked_body}");
        assert!(asked_body["message"].as_str().unwrap().starts_with("We have your request: your account reopens on "), "{asked_body}");
        let until = asked_body["data"]["until"].as_i64().unwrap();
        assert!((until - kasa::db::now_ms() - 24 * HOUR_MS).abs() < 60_000, "{asked_body}");
        assert_eq!(open, 200);
    }
}

on_both_engines! {
    async fn the_session_time_limit_ends_the_session_and_the_reality_check_reads_the_session(app) {
        // Arrange
        let (player, token) = make_player(&app, "timer").await;
        fund(&app, player, 100_000).await;
        app.set_limit(&token, "session", "session", json!(30)).await;
        app.set_limit(&token, "reality", "session", json!(15)).await;
        rounds::bet(&app.db, &stake(player, 1, 2_000)).await.unwrap();
        rounds::win(&app.db, &win(player, 1, 500)).await.unwrap();

        // Act
        let (_, figures) = app.call(reqwest::Method::GET, "/api/protection/session", &token, None, "en").await;
        let (bad, _) = app.set_limit(&token, "reality", "session", json!(20)).await;
        exec(&app, &format!("UPDATE sessions SET expires_at = {} WHERE player_id = {player}", kasa::db::now_ms() - 1)).await;
        tokio::time::sleep(std::time::Duration::from_millis(2_100)).await;
        let (after, _) = app.call(reqwest::Method::GET, "/api/protection/session", &token, None, "en").await;

        // Assert
        let f = &figures["data"];
        assert_eq!((f["staked"].as_f64(), f["won"].as_f64(), f["net"].as_f64()), (Some(20.0), Some(5.0), Some(-15.0)), "{figures}");
        assert_eq!(f["realityMinutes"].as_i64(), Some(15));
        let (started, ends) = (f["startedAt"].as_i64().unwrap(), f["endsAt"].as_i64().unwrap());
        assert_eq!(ends - started, 30 * 60_000, "a lower session limit reaches the open session");
        assert_eq!(bad, 422);
        assert_eq!(after, 401);
        let reason: String = sqlx::query_scalar("SELECT end_reason FROM sessions WHERE player_id = $1").bind(player).fetch_one(&app.db.pool).await.unwrap();
        assert_eq!(reason, "time_limit");
    }
}

on_both_engines! {
    async fn refunds_of_a_closed_players_unstarted_bets_run_at_once_give_each_stake_back_once(app) {
        // Arrange: three open bets on an event that starts tomorrow.
        let (player, token) = make_player(&app, "racer").await;
        fund(&app, player, 100_000).await;
        let home = tomorrows_home(&app).await;
        for _ in 0..3 {
            bet_on(&app, &token, home, 100).await;
        }

        // Act: eight refunds at once (a player's close and the operator's, on several nodes).
        let tasks: Vec<_> = (0..8).map(|_| {
            let db = app.db.clone();
            tokio::spawn(async move { kasa::sports::betting::refund_unstarted(&db, player).await.unwrap() })
        }).collect();
        let mut refunded = 0;
        for t in tasks {
            refunded += t.await.unwrap();
        }

        // Assert
        assert_eq!(refunded, 3, "each bet refunded by one of them");
        assert_eq!(money(&app, player).await.0, 100_000);
        assert_ledger_holds(&app).await;
    }
}

/// A closure's follow-up that never ran: the node stopped before the refunds.
#[derive(Debug)]
pub(crate) struct CutShort;

#[async_trait::async_trait]
impl kasa::protection::Closing for CutShort {
    async fn closed(&self, _player_id: i64) -> Result<usize, kasa::error::AppError> {
        Ok(0)
    }
}

on_both_engines! {
    async fn the_sweep_refunds_the_unstarted_bets_a_closure_left_open_and_only_those(app) {
        // Arrange: two players with an open bet each on an event that starts tomorrow; one closes
        // their account and the refunds after it never run.
        let (closed, closed_token) = make_player(&app, "leftopen").await;
        let (open, open_token) = make_player(&app, "stillopen").await;
        fund(&app, closed, 100_000).await;
        fund(&app, open, 100_000).await;
        let home = tomorrows_home(&app).await;
        for token in [&closed_token, &open_token] {
            bet_on(&app, token, home, 100).await;
        }
        let term = kasa::protection::Term::parse("7d").unwrap();
        kasa::protection::exclusion::close(&app.db, closed, term, "player", &CutShort, None).await.unwrap();
        let left_open: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM sb_bets WHERE state = 'open'").fetch_one(&app.db.pool).await.unwrap();

        // Act
        let first = kasa::sports::betting::refund_closed_players(&app.db).await.unwrap();
        let second = kasa::sports::betting::refund_closed_players(&app.db).await.unwrap();

        // Assert
        assert_eq!(left_open, 2, "the closure itself refunded nothing");
        assert_eq!((first, second), (1, 0), "the closed player's bet, once");
        assert_eq!(money(&app, closed).await.0, 100_000, "the stake came back");
        assert_eq!(money(&app, open).await.0, 90_000, "an open account's bet stands");
        assert_ledger_holds(&app).await;
    }
}

on_both_engines! {
    async fn an_open_game_ends_with_the_site_session_that_opened_it_at_its_time_limit(app) {
        // Arrange: a 10-minute session limit; a studio slot opened and spun once, and another
        // launch token not used yet.
        let (player, token) = make_player(&app, "gamer").await;
        fund(&app, player, 100_000).await;
        app.set_limit(&token, "session", "session", json!(10)).await;
        let game = app.game_session(&token, "kasa-sultans-gold").await;
        let game_token = game["sessionToken"].as_str().unwrap().to_string();
        let (first, first_body) = app.spin(&game_token, 100, "en").await;
        let unused_launch = app.launch_token(&token, "kasa-sultans-gold").await;

        // Act: the session's ten minutes are over (the game was left open).
        exec(&app, &format!("UPDATE sessions SET expires_at = {} WHERE player_id = {player}", kasa::db::now_ms() - 1)).await;
        let (after, _) = app.spin(&game_token, 100, "en").await;
        let (late_open, _) =
            app.game_call(reqwest::Method::POST, "/games/api/session", None, Some(json!({"token": unused_launch})), "en").await;

        // Assert
        assert_eq!(first, 200, "{first_body}");
        assert_eq!(after, 401, "the game ends with the session that opened it");
        assert_ne!(late_open, 200, "nor can a launch token of it open a game");
        let spins: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM rounds WHERE player_id = $1").bind(player).fetch_one(&app.db.pool).await.unwrap();
        assert_eq!(spins, 1);
        assert_ledger_holds(&app).await;
    }
}

on_both_engines! {
    async fn registering_with_the_e_mail_of_a_closed_account_answers_as_for_any_registered_e_mail(app) {
        // Arrange: two accounts, one of them self-excluded.
        let (open, _) = make_player(&app, "openone").await;
        let (closed, closed_token) = make_player(&app, "closedone").await;
        let (status, _) = app.call(reqwest::Method::POST, "/api/protection/close", &closed_token, Some(json!({"term": "5y", "confirm": true})), "en").await;
        assert_eq!(status, 200);
        let email_of = |id: i64| {
            let pool = app.db.pool.clone();
            async move { sqlx::query_scalar::<_, String>("SELECT email FROM players WHERE id = $1").bind(id).fetch_one(&pool).await.unwrap() }
        };

        // Act: a stranger registers with each e-mail (a fresh username, phone and TC number each).
        let (open_status, open_body) =
            register(&app, &with(full_form(), json!({"username": "probe1", "email": email_of(open).await, "phone": "905329870001", "PersonalNo": "10000000078"}))).await;
        let (closed_status, closed_body) =
            register(&app, &with(full_form(), json!({"username": "probe2", "email": email_of(closed).await, "phone": "905329870002", "PersonalNo": "20000000114"}))).await;

        // Assert: the same answer, word for word: nothing says the second person is closed.
        assert_eq!(open_status, 409, "{open_body}");
        assert_eq!((closed_status, &closed_body["message"], &closed_body["data"]), (open_status, &open_body["message"], &open_body["data"]));
        let accounts: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM players").fetch_one(&app.db.pool).await.unwrap();
        assert_eq!(accounts, 2, "nothing registered");
    }
}
