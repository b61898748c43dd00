//! Kasa Aviator, the crash game (issue 15), on a fast clock: rounds committed by the hash chain and
//! verified once crashed, bets only while betting, a cash-out paid at the multiplier before the
//! crash and refused after it, auto cash-outs paid by the clock, lost bets settled, one payment for
//! racing cash-outs, the live feed over a WebSocket, the clock moving to another node when its
//! node stops, and a round's outcome sealed in the database until it crashed. On both engines.

use std::sync::Arc;
use std::time::Duration;

use futures_util::StreamExt;
use serde_json::{Value, json};

use crate::helpers::{Engine, TestApp, spawn_app_configured, spawn_node_configured};
use crate::on_both_engines;
use crate::rounds::{assert_ledger_holds, fund, make_player, money};
use kasa::studio::crash::feed::CrashFeed;
use kasa::studio::crash::{self, Round, Timings};
use kasa::studio::engine::crash as engine;

const AVIATOR: &str = "kasa-aviator";

/// Short rounds: 1.2 s of betting, 0.2 s of pause, ticks of 50 ms, chains of 40 rounds.
fn fast() -> Timings {
    Timings { betting_ms: 1_200, pause_ms: 200, chain_len: 40, tick_ms: 50, running: true }
}

pub async fn spawn_fast(engine: Engine) -> TestApp {
    spawn_app_configured(engine, |s| s.crash = Arc::new(CrashFeed::new(fast()))).await
}

/// A player with `kurus` of real money (none when zero) and an Aviator session: (id, site token,
/// game session token).
async fn bettor(app: &TestApp, name: &str, kurus: i64) -> (i64, String, String) {
    let (id, token) = make_player(app, name).await;
    if kurus > 0 {
        fund(app, id, kurus).await;
    }
    let session = app.game_session(&token, AVIATOR).await["sessionToken"].as_str().unwrap().to_string();
    (id, token, session)
}

fn now() -> i64 {
    kasa::db::now_ms()
}

/// Waits for a round still taking bets for at least `margin_ms` whose crash point is between
/// `min_point` hundredths and 3.00× (read from the database: the test plays the house's side). A
/// round flying longer than two more seconds meanwhile is brought down at its multiplier now, so
/// the wait never depends on a long flight.
async fn betting_round(app: &TestApp, min_point: i64, margin_ms: i64) -> Round {
    for _ in 0..3_000 {
        if let Some(r) = crash::current(&app.db).await.unwrap() {
            let t = now();
            if r.start_at - t > margin_ms && (min_point..=300).contains(&r.crash_point) {
                return r;
            }
            if t >= r.start_at && r.crash_at - t > 2_000 {
                reseal(app, &r, r.start_at, t, r.multiplier(t) as i64).await;
            }
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    panic!("no round crashing between {min_point} and 300 came in 60 s");
}

/// Rewrites the timeline of a round still sealed (the test plays the house's side, sealing as the
/// clock does): it takes off at `start_at` and crashes at `crash_at` at `crash_point` hundredths;
/// its hash stays the chain's. Nothing changes once the round was revealed.
async fn reseal(app: &TestApp, r: &Round, start_at: i64, crash_at: i64, crash_point: i64) {
    let sealed = crash::seal_outcome(&app.db.seed_key, r.chain_id, r.position, &r.hash, crash_point, crash_at).unwrap();
    sqlx::query("UPDATE crash_rounds SET sealed = $1, start_at = $2 WHERE id = $3 AND sealed IS NOT NULL")
        .bind(sealed)
        .bind(start_at)
        .bind(r.id)
        .execute(&app.db.pool)
        .await
        .unwrap();
}

async fn until(what: &str, mut check: impl AsyncFnMut() -> bool) {
    for _ in 0..400 {
        if check().await {
            return;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    panic!("timed out waiting for {what}");
}

impl TestApp {
    async fn crash_call(&self, path: &str, session: &str, body: Value, locale: &str) -> (u16, Value) {
        self.game_call(reqwest::Method::POST, path, Some(session), Some(body), locale).await
    }
}

async fn settled(app: &TestApp, round: &Round) {
    let id = round.id;
    // The round is marked settled first, then its open bets are: both are waited for.
    until("the round's settlement", async || {
        sqlx::query_scalar::<_, i64>(
            "SELECT COUNT(*) FROM crash_rounds r WHERE r.id = $1 AND r.settled_at IS NOT NULL \
             AND NOT EXISTS (SELECT 1 FROM crash_bets b WHERE b.round_id = r.id AND b.win IS NULL)",
        )
        .bind(id)
        .fetch_one(&app.db.pool)
        .await
        .unwrap()
            == 1
    })
    .await;
}

on_both_engines! {
    @with spawn_fast;
    async fn a_round_pays_a_cash_out_before_the_crash_pays_auto_targets_and_settles_the_rest(app) {
        // Arrange: two players with money and sessions; a round that will reach 1.30×.
        let (ayla, _, ayla_s) = bettor(&app, "aylaa", 10_000).await;
        let (cem, _, cem_s) = bettor(&app, "cemcem", 10_000).await;
        let round = betting_round(&app, 130, 400).await;

        // Act: Ayla bets twice (one with an auto cash-out at 1.10×), Cem once; Ayla cashes out her
        // first bet once the plane flies past 1.05×; Cem never does.
        let (s1, bet1) = app.crash_call("/games/api/crash/bet", &ayla_s, json!({"slot": 0, "amount": 1_000}), "en").await;
        let (s2, bet2) = app.crash_call("/games/api/crash/bet", &ayla_s, json!({"slot": 1, "amount": 500, "autoCashOut": 1.10}), "en").await;
        let (s3, bet3) = app.crash_call("/games/api/crash/bet", &cem_s, json!({"slot": 0, "amount": 700}), "tr").await;
        let (again, _) = app.crash_call("/games/api/crash/bet", &ayla_s, json!({"slot": 0, "amount": 100}), "en").await;
        let (early, early_body) = app.crash_call("/games/api/crash/cashout", &ayla_s, json!({"slot": 0}), "en").await;
        let lift_off = round.start_at + engine::flight_ms(106);
        tokio::time::sleep(Duration::from_millis((lift_off - now()).max(0) as u64)).await;
        let (cashed, cash) = app.crash_call("/games/api/crash/cashout", &ayla_s, json!({"slot": 0}), "en").await;
        let (twice, _) = app.crash_call("/games/api/crash/cashout", &ayla_s, json!({"slot": 0}), "en").await;
        tokio::time::sleep(Duration::from_millis((round.crash_at - now() + 20).max(0) as u64)).await;
        let (late, late_body) = app.crash_call("/games/api/crash/cashout", &cem_s, json!({"slot": 0}), "tr").await;
        settled(&app, &round).await;
        let (_, state) = app.game_call(reqwest::Method::GET, "/games/api/crash/state", Some(&ayla_s), None, "en").await;

        // Assert: the bets were taken from the balances at once; the cash-out was paid at its
        // multiplier (below the crash point), the auto target at 1.10×, Cem's bet lost.
        assert_eq!((s1, s2, s3), (200, 200, 200), "{bet1} {bet2} {bet3}");
        assert_eq!(bet1["data"]["roundId"].as_i64(), Some(round.id));
        assert_eq!(again, 409);
        assert_eq!((early, early_body["message"].as_str()), (409, Some("The plane has not taken off yet.")));
        assert_eq!(cashed, 200, "{cash}");
        let at = (cash["data"]["cashOut"].as_f64().unwrap() * 100.0).round() as i64;
        assert!(at >= 106 && at < round.crash_point, "cashed at {at}, crash at {}", round.crash_point);
        assert_eq!(cash["data"]["win"].as_i64(), Some(engine::payout(1_000, at as u64)));
        assert_eq!(twice, 409);
        assert_eq!((late, late_body["message"].as_str()), (409, Some("Uçak çoktan uçtu.")));
        let (ayla_real, ayla_bonus) = money(&app, ayla).await;
        assert_eq!(ayla_real + ayla_bonus, 10_000 - 1_500 + engine::payout(1_000, at as u64) + 550);
        let (cem_real, cem_bonus) = money(&app, cem).await;
        assert_eq!(cem_real + cem_bonus, 10_000 - 700);
        let wins: Vec<(i64, i64, Option<i64>, Option<i64>)> =
            sqlx::query_as("SELECT player_id, slot, cash_out, win FROM crash_bets WHERE round_id = $1 ORDER BY player_id, slot")
                .bind(round.id)
                .fetch_all(&app.db.pool)
                .await
                .unwrap();
        assert_eq!(wins, vec![(ayla, 0, Some(at), Some(engine::payout(1_000, at as u64))), (ayla, 1, Some(110), Some(550)), (cem, 0, None, Some(0))]);
        // The crashed round shows its hash, whose point is the round's and whose SHA-256 is the
        // round before's hash (or the chain's commitment).
        let past = state["data"]["history"].as_array().unwrap().iter().find(|h| h["roundId"] == round.id).unwrap().clone();
        assert_eq!((past["crashPoint"].as_f64().unwrap() * 100.0).round() as i64, round.crash_point);
        let (status, verified) = app.game_call(reqwest::Method::POST, "/games/api/crash/verify", None, Some(json!({"hash": past["hash"]})), "en").await;
        assert_eq!(status, 200);
        assert_eq!((verified["data"]["crashPoint"].as_f64().unwrap() * 100.0).round() as i64, round.crash_point);
        let previous: Option<String> = sqlx::query_scalar("SELECT hash FROM crash_rounds WHERE chain_id = $1 AND position = $2")
            .bind(round.chain_id)
            .bind(round.position - 1)
            .fetch_optional(&app.db.pool)
            .await
            .unwrap();
        let commitment: String = sqlx::query_scalar("SELECT commitment FROM crash_chains WHERE id = $1").bind(round.chain_id).fetch_one(&app.db.pool).await.unwrap();
        assert_eq!(verified["data"]["previousHash"].as_str().unwrap(), previous.unwrap_or(commitment));
        assert_ledger_holds(&app).await;
    }
}

on_both_engines! {
    @with spawn_fast;
    async fn ten_racing_cash_outs_of_one_bet_pay_once_and_bets_after_take_off_are_refused(app) {
        // Arrange
        let (deniz, _, s) = bettor(&app, "denizz", 5_000).await;
        let round = betting_round(&app, 150, 300).await;
        let (status, _) = app.crash_call("/games/api/crash/bet", &s, json!({"slot": 1, "amount": 2_000}), "en").await;
        assert_eq!(status, 200);
        tokio::time::sleep(Duration::from_millis((round.start_at + engine::flight_ms(110) - now()).max(0) as u64)).await;

        // Act
        let base = app.address.clone();
        let token_for = s.clone();
        let answers = crate::helpers::burst_at(&app.address, 10, move |_, client| {
            client.post(format!("{base}/games/api/crash/cashout")).header("x-locale", "en").bearer_auth(&token_for).json(&json!({"slot": 1}))
        })
        .await;
        let (closed, closed_body) = app.crash_call("/games/api/crash/bet", &s, json!({"slot": 0, "amount": 100}), "en").await;

        // Assert
        let paid: Vec<&Value> = answers.iter().filter(|(st, _)| *st == 200).map(|(_, b)| &b["data"]).collect();
        assert_eq!(paid.len(), 1, "{answers:?}");
        assert!(answers.iter().filter(|(st, _)| *st != 200).all(|(st, _)| *st == 409), "{answers:?}");
        let win = paid[0]["win"].as_i64().unwrap();
        let (real, bonus) = money(&app, deniz).await;
        assert_eq!(real + bonus, 5_000 - 2_000 + win);
        assert_eq!((closed, closed_body["message"].as_str()), (409, Some("Bets are closed for this round.")));
        assert_ledger_holds(&app).await;
    }
}

on_both_engines! {
    @with spawn_fast;
    async fn bad_bets_are_refused_in_the_players_language_and_move_nothing(app) {
        // Arrange
        let (nil, token, s) = bettor(&app, "nilnil", 300).await;
        let slot_game = app.game_session(&token, "kasa-sultans-gold").await["sessionToken"].as_str().unwrap().to_string();
        betting_round(&app, 100, 500).await;

        // Act
        let answers = [
            app.crash_call("/games/api/crash/bet", &s, json!({"slot": 0, "amount": 50}), "tr").await,
            app.crash_call("/games/api/crash/bet", &s, json!({"slot": 2, "amount": 100}), "en").await,
            app.crash_call("/games/api/crash/bet", &s, json!({"slot": 0, "amount": 100, "autoCashOut": 1.0}), "en").await,
            app.crash_call("/games/api/crash/bet", &s, json!({"slot": 0, "amount": 500}), "tr").await,
            app.crash_call("/games/api/crash/bet", &slot_game, json!({"slot": 0, "amount": 100}), "en").await,
        ];

        // Assert
        let got: Vec<(u16, &str)> = answers.iter().map(|(st, b)| (*st, b["message"].as_str().unwrap_or(""))).collect();
        assert_eq!(got[0], (422, "Bahis 1 ₺ ile 1.000 ₺ arasındadır."));
        assert_eq!(got[1], (422, "A bet must be between 1 ₺ and 1,000 ₺."));
        assert_eq!(got[2], (422, "Auto cash-out must be between 1.01x and 10,000x."));
        assert_eq!(got[3], (400, "Yetersiz bakiye"));
        assert_eq!(answers[3].1["data"]["balance"].as_f64(), Some(3.0));
        assert_eq!(got[4].0, 404);
        assert_eq!(money(&app, nil).await, (300, 0));
        let bets: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM crash_bets").fetch_one(&app.db.pool).await.unwrap();
        assert_eq!(bets, 0);
    }
}

on_both_engines! {
    @with spawn_fast;
    async fn the_feed_pushes_the_round_ticks_on_schedule_and_the_crash(app) {
        // Arrange
        let (_, _, s) = bettor(&app, "izleyici", 0).await;
        let round = betting_round(&app, 120, 300).await;
        let url = format!("{}/games/api/crash/feed?token={s}", app.address.replace("http://", "ws://"));
        let (mut ws, _) = tokio_tungstenite::connect_async(&url).await.unwrap();
        let refused = app.get("/games/api/crash/feed").await.status().as_u16();

        // Act: read until the round crashes.
        let mut messages = Vec::new();
        let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
        while let Ok(Some(Ok(msg))) = tokio::time::timeout_at(deadline, ws.next()).await {
            let Ok(text) = msg.to_text() else { continue };
            if text.is_empty() {
                continue;
            }
            let v: Value = serde_json::from_str(text).unwrap();
            let done = v["type"] == "crash" && v["roundId"] == round.id;
            messages.push(v);
            if done {
                break;
            }
        }

        // Assert: the round (its hash hidden), ticks of the curve at their scheduled times, the
        // crash with its point and hash.
        assert_eq!(refused, 401);
        let first = messages.iter().find(|m| m["type"] == "round" && m["roundId"] == round.id).unwrap_or_else(|| panic!("no round message among {}", messages.len()));
        assert!(first["hash"].is_null() && first["crashPoint"].is_null(), "{first}");
        let ticks: Vec<&Value> = messages.iter().filter(|m| m["type"] == "tick" && m["roundId"] == round.id).collect();
        assert!(!ticks.is_empty(), "no tick among {} messages", messages.len());
        for t in &ticks {
            let elapsed = t["elapsedMs"].as_i64().unwrap();
            assert_eq!(elapsed % 50, 0);
            assert_eq!((t["multiplier"].as_f64().unwrap() * 100.0).round() as u64, engine::multiplier_at(elapsed));
        }
        let last = messages.last().unwrap();
        assert_eq!(last["type"], "crash", "the last of {} messages: {last}", messages.len());
        assert_eq!((last["crashPoint"].as_f64().unwrap() * 100.0).round() as i64, round.crash_point);
        assert_eq!(last["hash"].as_str(), Some(round.hash.as_str()));
    }
}

#[tokio::test]
async fn the_clock_moves_to_another_node_within_seconds_when_its_node_stops() {
    // Arrange: two nodes on one database (PostgreSQL when there is one, else a SQLite file).
    let engine = if crate::helpers::postgres_url().is_some() { Engine::Postgres } else { Engine::Sqlite };
    let (url, _dir) = crate::helpers::prepared_database(engine, true).await;
    let mut first = spawn_node_configured(&url, true, None, |s| {
        s.crash = Arc::new(CrashFeed::new(fast()));
        s.node_id = Some("first".into());
    })
    .await;
    until("a leader", async || kasa::studio::crash::clock::leader(&first.db).await.unwrap().is_some()).await;
    let leader = kasa::studio::crash::clock::leader(&first.db).await.unwrap().unwrap();
    let second = spawn_node_configured(&url, false, None, |s| {
        s.crash = Arc::new(CrashFeed::new(fast()));
        s.node_id = Some("second".into());
    })
    .await;
    tokio::time::sleep(Duration::from_millis(1_500)).await;
    let still = kasa::studio::crash::clock::leader(&second.db).await.unwrap();

    // Act: the leader stops.
    first.stop();
    let stopped_at = std::time::Instant::now();
    until("the other node's lease", async || {
        kasa::studio::crash::clock::leader(&second.db).await.unwrap().is_some_and(|n| n.starts_with("second#"))
    })
    .await;
    let took = stopped_at.elapsed();
    let last = crash::current(&second.db).await.unwrap().unwrap();
    // The round in flight ends now (a long flight would only make the test slow).
    let t = now();
    if last.crash_at > t {
        reseal(&second, &last, t, t, last.crash_point).await;
    }
    until("a round made by the new clock", async || crash::current(&second.db).await.unwrap().unwrap().id > last.id).await;
    let left: (Option<String>, Option<String>) =
        sqlx::query_as("SELECT hash, sealed FROM crash_rounds WHERE id = $1").bind(last.id).fetch_one(&second.db.pool).await.unwrap();

    // Assert: one leader at a time (a node's name and its process tag), the first until it
    // stopped; the second took over within the lease (3 s) plus a renewal, and rounds go on.
    assert!(leader.starts_with("first#"), "{leader}");
    assert_eq!(still.as_deref(), Some(leader.as_str()));
    assert!(took < Duration::from_secs(5), "took over after {took:?}");
    // The round the stopped node left sealed was revealed by the new clock before its next round.
    assert_eq!(left, (Some(last.hash.clone()), None));
}

#[tokio::test]
async fn a_player_holds_at_most_four_feed_sockets_on_a_node() {
    // Arrange
    let app = spawn_fast(Engine::Sqlite).await;
    let (_, _, s) = bettor(&app, "sekmeler", 0).await;
    let url = format!("{}/games/api/crash/feed?token={s}", app.address.replace("http://", "ws://"));

    // Act: four sockets, a fifth, then one closed and the fifth again.
    let mut open = Vec::new();
    for _ in 0..4 {
        open.push(tokio_tungstenite::connect_async(&url).await.unwrap().0);
    }
    let fifth = tokio_tungstenite::connect_async(&url).await;
    let mut first = open.remove(0);
    first.close(None).await.unwrap();
    drop(first);
    let mut again = None;
    for _ in 0..40 {
        if let Ok((ws, _)) = tokio_tungstenite::connect_async(&url).await {
            again = Some(ws);
            break;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }

    // Assert
    match fifth {
        Err(tokio_tungstenite::tungstenite::Error::Http(resp)) => assert_eq!(resp.status().as_u16(), 429),
        other => panic!("a fifth socket: {:?}", other.map(|_| ())),
    }
    assert!(again.is_some(), "a socket closed gives its place back");
}

on_both_engines! {
    @with spawn_fast;
    async fn ten_racing_bets_on_one_slot_take_one_stake(app) {
        // Arrange
        let (ece, _, s) = bettor(&app, "yarisbahis", 10_000).await;
        let round = betting_round(&app, 100, 800).await;

        // Act: ten bets on slot 0 of the same round, opened first and released together.
        let base = app.address.clone();
        let answers = crate::helpers::burst_at(&app.address, 10, move |_, client| {
            client.post(format!("{base}/games/api/crash/bet")).header("x-locale", "en").bearer_auth(&s).json(&json!({"slot": 0, "amount": 1_000}))
        })
        .await;

        // Assert: one bet, nine refusals for the slot, one stake taken.
        assert_eq!(answers.iter().filter(|(st, _)| *st == 200).count(), 1, "{answers:?}");
        assert!(
            answers.iter().filter(|(st, _)| *st != 200).all(|(st, b)| *st == 409 && b["message"] == "You already have a bet in this panel this round."),
            "{answers:?}"
        );
        let (real, bonus) = money(&app, ece).await;
        assert_eq!(real + bonus, 9_000);
        let bets: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM crash_bets WHERE round_id = $1").bind(round.id).fetch_one(&app.db.pool).await.unwrap();
        assert_eq!(bets, 1);
        assert_ledger_holds(&app).await;
    }
}

/// Very short rounds for the archive: 150 ms of betting, 50 ms of pause, chains of 6 rounds.
async fn spawn_archive(engine: Engine) -> TestApp {
    let timings = Timings { betting_ms: 150, pause_ms: 50, chain_len: 6, tick_ms: 20, running: true };
    spawn_app_configured(engine, move |s| s.crash = Arc::new(CrashFeed::new(timings))).await
}

/// Lets `n` rounds crash, each flight cut short once it took off (its hash and crash point stay
/// the chain's; only its timeline is shortened, as the house could not do to change an outcome).
async fn crash_rounds(app: &TestApp, n: i64) {
    for _ in 0..6_000 {
        let t = now();
        let crashed: i64 =
            sqlx::query_scalar("SELECT COUNT(*) FROM crash_rounds WHERE crash_at <= $1").bind(t).fetch_one(&app.db.pool).await.unwrap();
        if crashed >= n {
            return;
        }
        if let Some(r) = crash::current(&app.db).await.unwrap()
            && r.start_at <= t
            && r.crash_at > t
        {
            reseal(app, &r, r.start_at, t, r.crash_point).await;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    panic!("{n} rounds did not crash in two minutes");
}

on_both_engines! {
    @with spawn_archive;
    async fn the_archive_publishes_each_chain_before_its_first_round_and_verifies_any_past_round(app) {
        // Arrange: more than twenty rounds crashed, over several chains.
        crash_rounds(&app, 25).await;
        let (_, _, s) = bettor(&app, "arsiv", 0).await;

        // Act: the archive, the game's state (its last twenty), and a verification of every
        // crashed round by its id; the round not yet crashed asked for too.
        let archive = envelope_of(app.get("/games/api/crash/chains?take=100").await).await;
        let (_, state) = app.game_call(reqwest::Method::GET, "/games/api/crash/state", Some(&s), None, "en").await;
        let rounds: Vec<(i64, i64, i64, String, i64, i64, i64)> = sqlx::query_as(
            "SELECT id, chain_id, position, hash, crash_point, start_at, crash_at FROM crash_rounds WHERE crash_at <= $1 ORDER BY id",
        )
        .bind(now())
        .fetch_all(&app.db.pool)
        .await
        .unwrap();
        let current = crash::current(&app.db).await.unwrap().unwrap();
        let unplayed = if current.crash_at > now() + 50 { current.id } else { current.id + 1 };
        let (hidden, hidden_body) = app.game_call(reqwest::Method::POST, "/games/api/crash/verify", None, Some(json!({"roundId": unplayed})), "tr").await;

        // Assert: every chain was published before its first round was made, and the chain after
        // the current one is already published, with no round yet.
        let chains = archive["data"]["chains"].as_array().unwrap();
        assert!(chains.len() >= 5, "{archive}");
        assert_eq!(chains[0]["rounds"], 0, "the next chain is published ahead: {}", chains[0]);
        assert!(chains[0]["firstRound"].is_null());
        let published: Vec<(i64, i64, String)> = sqlx::query_as("SELECT id, created_at, commitment FROM crash_chains ORDER BY id").fetch_all(&app.db.pool).await.unwrap();
        for (chain, created_at, commitment) in &published {
            let listed = chains.iter().find(|c| c["chainId"] == *chain).expect("every chain is in the archive");
            assert_eq!(listed["commitment"].as_str(), Some(commitment.as_str()));
            if let Some((_, _, _, _, _, start_at, _)) = rounds.iter().find(|r| r.1 == *chain && r.2 == 1) {
                assert!(*created_at < start_at - 150, "chain {chain} published at {created_at}, its first round took bets from {}", start_at - 150);
            }
        }
        let first = &rounds[0];
        let first_chain = chains.iter().find(|c| c["chainId"] == first.1).unwrap();
        assert_eq!(first_chain["firstRound"]["roundId"], first.0);
        assert!(first_chain["lastRound"]["position"].as_i64().unwrap() >= 1);
        // The oldest rounds are no longer in the game's last twenty, yet every round verifies from
        // the archive: its crash point, the previous hash and its chain back to the commitment.
        let history = state["data"]["history"].as_array().unwrap();
        assert_eq!(history.len(), 20);
        assert!(history.iter().all(|h| h["roundId"] != first.0));
        for (id, chain, position, hash, point, _, _) in &rounds {
            let (status, verified) = app.game_call(reqwest::Method::POST, "/games/api/crash/verify", None, Some(json!({"roundId": id})), "en").await;
            assert_eq!(status, 200, "{verified}");
            let v = &verified["data"];
            assert_eq!(v["hash"].as_str(), Some(hash.as_str()));
            assert_eq!((v["crashPoint"].as_f64().unwrap() * 100.0).round() as i64, *point);
            assert_eq!((v["round"]["chainId"].as_i64(), v["round"]["position"].as_i64()), (Some(*chain), Some(*position)));
            assert_eq!(v["round"]["chainVerified"], true, "{v}");
            let commitment = &published.iter().find(|c| c.0 == *chain).unwrap().2;
            assert_eq!(v["round"]["commitment"].as_str(), Some(commitment.as_str()));
            if *position == 1 {
                assert_eq!(v["previousHash"].as_str(), Some(commitment.as_str()));
            }
        }
        // A round not crashed yet tells nothing.
        assert_eq!((hidden, hidden_body["message"].as_str()), (404, Some("Böyle bitmiş bir tur yok.")), "{hidden_body}");
        let returns = &archive["data"]["returns"]["en"];
        assert!(returns.as_str().unwrap().contains("exactly 97%") && returns.as_str().unwrap().contains("Manual cash-out"), "{returns}");
    }
}

on_both_engines! {
    @with spawn_archive;
    async fn a_copy_of_the_database_holds_no_crash_chain_start(app) {
        // Arrange: a few rounds, so the chains (the one in use and the next) are made.
        crash_rounds(&app, 3).await;

        // Act: everything a copy of the database holds.
        let values = crate::fair::every_value(&app).await;

        // Assert: no value is the secret start of a chain (SHA-256 applied `length` times to it
        // would give the commitment), while the node itself still plays the chain.
        let chains: Vec<(String, i64)> = sqlx::query_as("SELECT commitment, length FROM crash_chains").fetch_all(&app.db.pool).await.unwrap();
        assert!(chains.len() >= 2, "{chains:?}");
        for v in &values {
            let Some(bytes) = hex::decode(v).ok().and_then(|b| <[u8; 32]>::try_from(b).ok()) else { continue };
            for (commitment, length) in &chains {
                let end = (0..*length).fold(bytes, |h, _| engine::step(&h));
                assert_ne!(&hex::encode(end), commitment, "a chain's secret start is readable in the database");
            }
        }
    }
}

/// Every way a round's hash could be written: hex in either case, base64 (either alphabet, padded
/// or not) of its bytes and of its hex text.
fn encodings(hash: &str) -> Vec<String> {
    use base64::Engine as _;
    use base64::engine::general_purpose::{STANDARD, STANDARD_NO_PAD, URL_SAFE, URL_SAFE_NO_PAD};
    let bytes = hex::decode(hash).unwrap();
    let mut out = vec![hash.to_ascii_lowercase(), hash.to_ascii_uppercase()];
    for engine in [STANDARD, STANDARD_NO_PAD, URL_SAFE, URL_SAFE_NO_PAD] {
        out.push(engine.encode(&bytes));
        out.push(engine.encode(hash.as_bytes()));
    }
    out
}

/// A round's row as a copy of the database holds it: hash, crash point, crash time, sealed value.
type StoredRound = (Option<String>, Option<i64>, Option<i64>, Option<String>);

async fn stored_round(app: &TestApp, id: i64) -> StoredRound {
    stored_round_in(&app.db, id).await
}

async fn stored_round_in(db: &kasa::Db, id: i64) -> StoredRound {
    sqlx::query_as("SELECT hash, crash_point, crash_at, sealed FROM crash_rounds WHERE id = $1").bind(id).fetch_one(&db.pool).await.unwrap()
}

/// Asserts that a copy of the database taken now tells nothing of `round`'s outcome: its row has
/// no hash, crash point or crash time, only a sealed value that is not the hash in any encoding,
/// its chain's row holds its start sealed, and no value anywhere is the hash in any encoding.
async fn assert_nothing_tells(app: &TestApp, round: &Round, stored: &StoredRound, when: &str) {
    let (hash, point, crash_at, sealed) = stored;
    assert_eq!((hash, point, crash_at), (&None, &None, &None), "{when}: the round's row tells its outcome");
    let sealed = sealed.as_deref().unwrap_or_else(|| panic!("{when}: no sealed outcome"));
    assert!(kasa::seal::is_sealed(sealed), "{when}: {sealed}");
    let forms = encodings(&round.hash);
    assert!(forms.iter().all(|f| !sealed.contains(f.as_str())), "{when}: the sealed value shows the hash: {sealed}");
    let payload = {
        use base64::Engine as _;
        base64::engine::general_purpose::URL_SAFE_NO_PAD.decode(&sealed[kasa::seal::PREFIX.len()..]).unwrap()
    };
    let raw = hex::decode(&round.hash).unwrap();
    for needle in [raw.as_slice(), round.hash.as_bytes()] {
        assert!(!payload.windows(needle.len()).any(|w| w == needle), "{when}: the sealed bytes hold the hash");
    }
    let chain: (String, String) = sqlx::query_as("SELECT seed, commitment FROM crash_chains WHERE id = $1")
        .bind(round.chain_id)
        .fetch_one(&app.db.pool)
        .await
        .unwrap();
    assert!(kasa::seal::is_sealed(&chain.0), "{when}: the chain's start is plain");
    let values = crate::fair::every_value(app).await;
    let leaked: Vec<&String> = values.iter().filter(|v| forms.iter().any(|f| v.contains(f.as_str()))).collect();
    assert!(leaked.is_empty(), "{when}: the round's hash is readable in the database: {leaked:?}");
}

on_both_engines! {
    @with spawn_fast;
    async fn a_copy_of_the_database_tells_no_crash_point_hash_or_crash_time_of_the_round_bet_on_or_flown_until_it_crashed(app) {
        // Arrange: a round taking bets for at least 0.6 s more, flying at least 3 s (1.20× to 3.00×);
        // a bet on it.
        let (_, _, s) = bettor(&app, "gizlitur", 5_000).await;
        let round = betting_round(&app, 120, 600).await;
        let (bet, _) = app.crash_call("/games/api/crash/bet", &s, json!({"slot": 0, "amount": 1_000}), "en").await;

        // Act: the rows read during the betting, then during the flight (cut short afterwards: its
        // hash and crash point stay the chain's), then once it crashed and was settled; the round
        // verified by its id before the crash and after.
        let betting = stored_round(&app, round.id).await;
        let read_betting = now();
        let (early, _) = app.game_call(reqwest::Method::POST, "/games/api/crash/verify", None, Some(json!({"roundId": round.id})), "en").await;
        assert_nothing_tells(&app, &round, &betting, "betting").await;
        tokio::time::sleep(Duration::from_millis((round.start_at + 100 - now()).max(0) as u64)).await;
        let flying = stored_round(&app, round.id).await;
        let read_flying = now();
        let flown = crash::current(&app.db).await.unwrap().unwrap();
        assert_nothing_tells(&app, &round, &flying, "flying").await;
        // (Not past its own crash time: a round already crashed stays as it was.)
        let crash_at = now().min(round.crash_at);
        reseal(&app, &round, round.start_at, crash_at, round.crash_point).await;
        settled(&app, &round).await;
        let crashed = stored_round(&app, round.id).await;
        let (status, verified) = app.game_call(reqwest::Method::POST, "/games/api/crash/verify", None, Some(json!({"roundId": round.id})), "en").await;

        // Assert: the reads were made while it took bets and while it flew, the node itself knowing
        // its whole timeline all along; before the crash it was not told.
        assert_eq!(bet, 200);
        assert!(read_betting < round.start_at, "read {} ms after take-off", read_betting - round.start_at);
        assert!(round.start_at + 100 <= read_flying && read_flying < round.crash_at, "read outside the flight");
        assert_eq!(flown, round);
        assert_eq!(early, 404);
        // Once crashed it is written plain, the sealed value gone, as the verification tells it.
        assert_eq!(crashed, (Some(round.hash.clone()), Some(round.crash_point), Some(crash_at), None));
        assert_eq!(status, 200, "{verified}");
        let v = &verified["data"];
        assert_eq!(v["hash"].as_str(), Some(round.hash.as_str()));
        assert_eq!((v["crashPoint"].as_f64().unwrap() * 100.0).round() as i64, round.crash_point);
        assert_eq!(v["round"]["startedAt"].as_str(), Some(kasa::time::iso_utc(round.start_at).as_str()));
        assert_eq!(v["round"]["crashedAt"].as_str(), Some(kasa::time::iso_utc(crash_at).as_str()));
        assert_eq!(v["round"]["chainVerified"], true);
        assert_ledger_holds(&app).await;
    }
}

/// A database at the schema before 0024 (the rounds' outcomes plain), upgraded: its crashed rounds
/// stay in the history, the archive and the verification, the round in play keeps its timeline,
/// and the bets keep their rounds.
async fn rounds_stored_before_the_upgrade_stay_readable(engine: Engine) {
    // Arrange: a chain of three rounds, two crashed and settled, the third in flight, a bet on the
    // second.
    let (url, _dir) = crate::helpers::fresh_database(engine).await;
    let db = kasa::Db::connect(&url).await.unwrap();
    db.migrate_to(23).await.unwrap();
    let t = now();
    let hashes = engine::chain([5; 32], 3);
    let commitment = hex::encode(hashes[3]);
    let chain: i64 =
        sqlx::query_scalar("INSERT INTO crash_chains (seed, length, commitment, created_at) VALUES ($1, 3, $2, $3) RETURNING id")
            .bind(db.seed_key.seal(&hex::encode(hashes[0]), &commitment).unwrap())
            .bind(&commitment)
            .bind(t - 10_000)
            .fetch_one(&db.pool)
            .await
            .unwrap();
    let mut ids = Vec::new();
    for (position, (start_at, crash_at, settled_at)) in
        [(t - 5_000, t - 4_000, Some(t - 3_900)), (t - 3_000, t - 2_000, Some(t - 1_900)), (t - 100, t + 60_000, None)]
            .into_iter()
            .enumerate()
    {
        let hash = hex::encode(hashes[2 - position]);
        let id: i64 = sqlx::query_scalar(
            "INSERT INTO crash_rounds (chain_id, position, hash, crash_point, start_at, crash_at, settled_at) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id",
        )
        .bind(chain)
        .bind(position as i64 + 1)
        .bind(&hash)
        .bind(engine::crash_point(&hash) as i64)
        .bind(start_at)
        .bind(crash_at)
        .bind(settled_at)
        .fetch_one(&db.pool)
        .await
        .unwrap();
        ids.push((id, hash));
    }
    let player: i64 = sqlx::query_scalar(
        "INSERT INTO players (username, username_key, email, email_key, phone, name, surname, password_hash, created_at) \
         VALUES ('eskitur', 'eskitur', 'eskitur@example.com', 'eskitur@example.com', '+905550000001', 'Test', 'Player', 'not-a-hash', $1) RETURNING id",
    )
    .bind(t)
    .fetch_one(&db.pool)
    .await
    .unwrap();
    sqlx::query(
        "INSERT INTO crash_bets (round_id, player_id, slot, amount, win, created_at, updated_at) VALUES ($1, $2, 0, 500, 0, $3, $3)",
    )
    .bind(ids[1].0)
    .bind(player)
    .bind(t - 3_500)
    .execute(&db.pool)
    .await
    .unwrap();

    // Act
    db.migrate().await.unwrap();

    // Assert
    let point = |h: &str| engine::crash_point(h) as i64;
    let history = crash::history(&db, now(), 20).await.unwrap();
    assert_eq!(history, vec![(ids[1].0, point(&ids[1].1), ids[1].1.clone()), (ids[0].0, point(&ids[0].1), ids[0].1.clone())]);
    let (first, committed) = crash::crashed_round(&db, Some(ids[0].0), None).await.unwrap().expect("the first round verifies");
    assert_eq!(
        (first.hash.as_str(), first.crash_point, first.crash_at, committed.as_str()),
        (ids[0].1.as_str(), point(&ids[0].1), t - 4_000, commitment.as_str())
    );
    let (second, _) = crash::crashed_round(&db, None, Some(&ids[1].1)).await.unwrap().expect("the second round is found by its hash");
    assert_eq!(second.id, ids[1].0);
    assert!(crash::crashed_round(&db, Some(ids[2].0), None).await.unwrap().is_none(), "the round in flight is not told");
    let current = crash::current(&db).await.unwrap().unwrap();
    assert_eq!((current.id, current.hash.as_str(), current.crash_at), (ids[2].0, ids[2].1.as_str(), t + 60_000));
    let archive = crash::chains(&db, None, 10).await.unwrap();
    assert_eq!((archive[0].rounds, archive[0].first.map(|f| f.0), archive[0].last.map(|l| l.0)), (2, Some(ids[0].0), Some(ids[1].0)));
    let bet_round: i64 = sqlx::query_scalar("SELECT r.position FROM crash_bets b JOIN crash_rounds r ON r.id = b.round_id")
        .fetch_one(&db.pool)
        .await
        .unwrap();
    assert_eq!(bet_round, 2);
    if engine == Engine::Sqlite {
        let broken = sqlx::query("PRAGMA foreign_key_check").fetch_all(&db.pool).await.unwrap();
        assert!(broken.is_empty(), "{} rows break a foreign key", broken.len());
    }
}

#[tokio::test]
async fn crash_rounds_stored_before_the_upgrade_stay_readable_on_sqlite() {
    rounds_stored_before_the_upgrade_stay_readable(Engine::Sqlite).await;
}

#[tokio::test]
async fn crash_rounds_stored_before_the_upgrade_stay_readable_on_postgres() {
    if crate::helpers::postgres_available("the PostgreSQL crash migration test") {
        rounds_stored_before_the_upgrade_stay_readable(Engine::Postgres).await;
    }
}

/// A round crashed whose row is not yet revealed (the clock's next turn has not come, or its node
/// stopped): the history, the verification and the archive tell it crashed from its crash time, as
/// before sealing, and its reveal changes none of their answers.
async fn a_crashed_round_not_yet_revealed_reads_as_crashed(engine: Engine) {
    // Arrange: a chain of two rounds, the first revealed and settled, the second crashed half a
    // second ago but still sealed; no clock runs.
    let (url, _dir) = crate::helpers::fresh_database(engine).await;
    let db = kasa::Db::connect(&url).await.unwrap();
    db.migrate().await.unwrap();
    let t = now();
    let hashes = engine::chain([9; 32], 2);
    let commitment = hex::encode(hashes[2]);
    let (first, second) = (hex::encode(hashes[1]), hex::encode(hashes[0]));
    let point = |h: &str| engine::crash_point(h) as i64;
    let chain: i64 =
        sqlx::query_scalar("INSERT INTO crash_chains (seed, length, commitment, created_at) VALUES ($1, 2, $2, $3) RETURNING id")
            .bind(db.seed_key.seal(&hex::encode(hashes[0]), &commitment).unwrap())
            .bind(&commitment)
            .bind(t - 10_000)
            .fetch_one(&db.pool)
            .await
            .unwrap();
    let one: i64 = sqlx::query_scalar(
        "INSERT INTO crash_rounds (chain_id, position, hash, crash_point, start_at, crash_at, settled_at) VALUES ($1, 1, $2, $3, $4, $5, $5) RETURNING id",
    )
    .bind(chain)
    .bind(&first)
    .bind(point(&first))
    .bind(t - 5_000)
    .bind(t - 4_000)
    .fetch_one(&db.pool)
    .await
    .unwrap();
    let sealed = crash::seal_outcome(&db.seed_key, chain, 2, &second, point(&second), t - 500).unwrap();
    let two: i64 =
        sqlx::query_scalar("INSERT INTO crash_rounds (chain_id, position, sealed, start_at) VALUES ($1, 2, $2, $3) RETURNING id")
            .bind(chain)
            .bind(&sealed)
            .bind(t - 1_500)
            .fetch_one(&db.pool)
            .await
            .unwrap();
    let read = async || {
        (
            crash::history(&db, now(), 20).await.unwrap(),
            crash::crashed_round(&db, Some(two), None).await.unwrap(),
            crash::crashed_round(&db, None, Some(&second)).await.unwrap(),
            crash::chains(&db, None, 10).await.unwrap(),
        )
    };

    // Act
    let before = read().await;
    let revealed = crash::reveal_crashed(&db, now()).await.unwrap();
    let after = read().await;

    // Assert
    assert_eq!(before.0, vec![(two, point(&second), second.clone()), (one, point(&first), first.clone())]);
    let (round, committed) = before.1.clone().expect("the crashed round verifies before its reveal");
    assert_eq!(
        (round.hash.as_str(), round.crash_point, round.crash_at, committed.as_str()),
        (second.as_str(), point(&second), t - 500, commitment.as_str())
    );
    assert_eq!(before.2, before.1, "found by its hash too");
    assert_eq!((before.3[0].rounds, before.3[0].first.map(|f| f.0), before.3[0].last), (2, Some(one), Some((two, 2, t - 1_500, t - 500))));
    assert_eq!(revealed, 1);
    assert_eq!(after, before);
    assert_eq!(stored_round_in(&db, two).await, (Some(second.clone()), Some(point(&second)), Some(t - 500), None));
}

#[tokio::test]
async fn a_crashed_round_not_yet_revealed_is_told_as_crashed_and_its_reveal_changes_no_answer_on_sqlite() {
    a_crashed_round_not_yet_revealed_reads_as_crashed(Engine::Sqlite).await;
}

#[tokio::test]
async fn a_crashed_round_not_yet_revealed_is_told_as_crashed_and_its_reveal_changes_no_answer_on_postgres() {
    if crate::helpers::postgres_available("the PostgreSQL crash reveal test") {
        a_crashed_round_not_yet_revealed_reads_as_crashed(Engine::Postgres).await;
    }
}

async fn envelope_of(resp: reqwest::Response) -> Value {
    assert_eq!(resp.status(), 200);
    resp.json().await.unwrap()
}
