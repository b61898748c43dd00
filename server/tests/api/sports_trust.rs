//! Trust in the sportsbook's outcomes (issue 28), on both engines: no installation can know
//! another's results (each plays from its own secret, stretch by stretch as the clock reaches
//! it), nothing served before a minute is played tells that minute, every node plays the same
//! match; the sportsbook token ends with the site session it came with; High Rate stake limits
//! hold per player and selection however the stakes are split.

use std::collections::BTreeMap;
use std::sync::Arc;

use serde_json::{Value, json};

use kasa::sports::book::Sport;
use kasa::sports::{Book, Sportsbooks, feed};

use crate::helpers::{Engine, TestApp, burst, count_status, envelope, prepared_database, spawn_node_configured};
use crate::on_both_engines;
use crate::rounds::{assert_ledger_holds, fund, make_player, money};

const DAY: i64 = 20_600;
const DAY_MS: i64 = 86_400_000;
const MINUTE: i64 = 60_000;

async fn football_script(app: &TestApp, event: i64) -> feed::Script {
    feed::decided(&mut app.db.pool.acquire().await.unwrap(), event, Sport::Football).await.unwrap()
}

/// Each fixture of the day (by its feed key) with its sides and its final score, as the API
/// serves it.
async fn final_scores(app: &TestApp) -> BTreeMap<String, (String, String, Value)> {
    let rows: Vec<(i64, String)> = sqlx::query_as("SELECT id, feed_key FROM sb_events ORDER BY id").fetch_all(&app.db.pool).await.unwrap();
    let mut out = BTreeMap::new();
    for (id, key) in rows {
        let e = envelope(app.get_locale(&format!("/api/sportsbook/events/{id}"), "en").await).await;
        let e = &e["data"];
        assert_eq!(e["state"], "finished", "{e}");
        out.insert(key, (e["home"].as_str().unwrap().to_string(), e["away"].as_str().unwrap().to_string(), e["score"].clone()));
    }
    out
}

on_both_engines! {
    async fn two_installations_play_different_matches_from_the_same_fixtures(app) {
        // Arrange: a second installation of the same binary (its own database, so its own secret),
        // as an attacker would run to read the results before kick-off.
        let (url, dir) = prepared_database(if app.db.url.starts_with("postgres") { Engine::Postgres } else { Engine::Sqlite }, true).await;
        let other = spawn_node_configured(&url, true, dir, |_| {}).await;
        feed::schedule_day(&app.db, DAY).await.unwrap();
        feed::schedule_day(&other.db, DAY).await.unwrap();

        // Act: the whole day is played on both.
        let after = DAY * DAY_MS + 30 * 3_600_000;
        feed::tick(&app.db, after, 1.0).await.unwrap();
        feed::tick(&other.db, after, 1.0).await.unwrap();

        // Assert: the same fixtures, other results.
        let (ours, theirs) = (final_scores(&app).await, final_scores(&other).await);
        assert_eq!(ours.len(), theirs.len());
        assert!(ours.len() >= 12, "{}", ours.len());
        let mut differ = 0;
        for (key, (home, away, score)) in &ours {
            let (h, a, s) = &theirs[key];
            assert_eq!((home, away), (h, a), "the fixture {key} is the same");
            differ += usize::from(score != s);
        }
        assert!(differ >= ours.len() / 3, "{differ} of {} results differ: {ours:?} {theirs:?}", ours.len());
        let secret = |db: &kasa::Db| {
            let db = db.clone();
            async move { sqlx::query_scalar::<_, String>("SELECT value FROM settings WHERE key = 'sportsbook.feed_secret'").fetch_one(&db.pool).await.unwrap() }
        };
        let (a, b) = (secret(&app.db).await, secret(&other.db).await);
        assert_ne!(a, b);
        assert_eq!(a.len(), 64, "32 random bytes");
    }
}

/// Reads the stream's `changes` messages for `wait`, as text.
async fn stream_for(stream: &mut reqwest::Response, wait: std::time::Duration) -> Vec<String> {
    let mut messages = Vec::new();
    let deadline = tokio::time::Instant::now() + wait;
    while let Ok(Ok(Some(chunk))) = tokio::time::timeout_at(deadline, stream.chunk()).await {
        messages.push(String::from_utf8_lossy(&chunk).to_string());
    }
    messages
}

on_both_engines! {
    async fn nothing_served_before_a_minute_is_played_tells_that_minute(app) {
        // Arrange
        feed::schedule_day(&app.db, DAY).await.unwrap();
        let (id, starts_at): (i64, i64) =
            sqlx::query_as("SELECT id, starts_at FROM sb_events WHERE sport = 'football' ORDER BY starts_at, id LIMIT 1").fetch_one(&app.db.pool).await.unwrap();
        let decided_before: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM sb_play").fetch_one(&app.db.pool).await.unwrap();
        let scripts: Vec<String> = sqlx::query_scalar("SELECT script FROM sb_events").fetch_all(&app.db.pool).await.unwrap();
        let mut served = vec![
            app.get_locale("/api/sportsbook/events?sport=football", "en").await.text().await.unwrap(),
            app.get_locale(&format!("/api/sportsbook/events/{id}"), "en").await.text().await.unwrap(),
        ];
        let mut stream = app.client.get(app.url("/api/sportsbook/stream")).send().await.unwrap();

        // Act: 30 minutes are played.
        tokio::time::sleep(std::time::Duration::from_millis(300)).await;
        feed::tick(&app.db, starts_at + 30 * MINUTE, 1.0).await.unwrap();
        served.extend(stream_for(&mut stream, std::time::Duration::from_millis(2_500)).await);
        served.push(app.get_locale("/api/sportsbook/events?live=true", "en").await.text().await.unwrap());
        served.push(app.get_locale(&format!("/api/sportsbook/events/{id}"), "tr").await.text().await.unwrap());
        let stretches_at_30: Vec<i64> =
            sqlx::query_scalar("SELECT stretch FROM sb_play WHERE event_id = $1 ORDER BY stretch").bind(id).fetch_all(&app.db.pool).await.unwrap();
        // Then the rest of the match.
        feed::tick(&app.db, starts_at + 110 * MINUTE, 1.0).await.unwrap();

        // Assert: the database held nothing before kick-off and only the minutes reached at 30.
        assert_eq!(decided_before, 0, "no play is decided before kick-off");
        assert!(scripts.iter().all(|s| s == "{}"), "no script is written at scheduling: {scripts:?}");
        assert_eq!(stretches_at_30, (0..=30).collect::<Vec<i64>>());
        let feed::Script::Football { goals, minutes } = football_script(&app, id).await else { panic!("football") };
        assert_eq!(minutes, 90);
        assert!(served.iter().any(|s| s.contains(&format!("\"id\":{id}")) && s.contains("\"state\":\"live\"")), "the stream and the lists show the match live");
        // What was served at minute 30 shows the goals of the first 30 minutes and nothing after.
        let (early_home, early_away) = (
            goals.iter().filter(|g| g.0 <= 30.0 && g.1).count(),
            goals.iter().filter(|g| g.0 <= 30.0 && !g.1).count(),
        );
        let live = served.iter().rev().find(|s| s.contains("\"competitionName\"")).unwrap();
        let live: Value = serde_json::from_str(live).unwrap();
        assert_eq!(live["data"]["score"], json!([early_home, early_away]), "{live}");
        for text in &served {
            for word in ["\"script\"", "\"goals\"", "\"stretch\"", "\"fact\"", "lastGoalAt", "last_goal_at", "feed_secret"] {
                assert!(!text.contains(word), "{word} served: {text}");
            }
            for (minute, _) in goals.iter().filter(|g| g.0 > 30.0) {
                let minute = format!("{minute}");
                assert!(!text.contains(&minute[..minute.len().min(8)]), "the goal at {minute} served before it was played: {text}");
            }
        }
    }
}

on_both_engines! {
    async fn two_nodes_deciding_the_same_minutes_at_once_play_one_match(app) {
        // Arrange: two nodes' feeds on one database.
        let other = kasa::serve::prepare(&app.db.url, false).await.unwrap();
        feed::schedule_day(&app.db, DAY).await.unwrap();
        let (id, starts_at): (i64, i64) =
            sqlx::query_as("SELECT id, starts_at FROM sb_events WHERE sport = 'football' ORDER BY starts_at, id LIMIT 1").fetch_one(&app.db.pool).await.unwrap();

        // Act: both tick at the same moments through the match.
        for minute in (0..=112).step_by(4) {
            let now = starts_at + minute * MINUTE + 1_000;
            let (a, b) = tokio::join!(feed::tick(&app.db, now, 1.0), feed::tick(&other, now, 1.0));
            a.unwrap();
            b.unwrap();
        }

        // Assert: one fact per minute, and the score both wrote is the one of those facts.
        let feed::Script::Football { goals, minutes } = football_script(&app, id).await else { panic!("football") };
        assert_eq!(minutes, 90);
        let rows: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM sb_play WHERE event_id = $1").bind(id).fetch_one(&app.db.pool).await.unwrap();
        assert_eq!(rows, 90);
        let (state, sh, sa): (String, i64, i64) =
            sqlx::query_as("SELECT state, score_home, score_away FROM sb_events WHERE id = $1").bind(id).fetch_one(&app.db.pool).await.unwrap();
        assert_eq!(state, "finished");
        assert_eq!((sh, sa), (goals.iter().filter(|g| g.1).count() as i64, goals.iter().filter(|g| !g.1).count() as i64));
        let (results, markets): (i64, i64) = sqlx::query_as(
            "SELECT (SELECT COUNT(*) FROM sb_results r JOIN sb_markets m ON m.id = r.market_id WHERE m.event_id = $1), \
             (SELECT COUNT(*) FROM sb_markets WHERE event_id = $1)",
        )
        .bind(id)
        .fetch_one(&app.db.pool)
        .await
        .unwrap();
        assert_eq!(results, markets, "one result per market, recorded once");
    }
}

mod tokens {
    use super::*;

    const SECRET: &str = "the-built-in-book-secret-of-this-test";

    fn built_in() -> Sportsbooks {
        let book = Book { url: kasa::config::BUILT_IN_SPORTSBOOK.into(), cid: kasa::config::BUILT_IN_CID.into() };
        Sportsbooks::new(Some(book), None, Some(SECRET)).unwrap()
    }

    /// A node of the site with the built-in sportsbook.
    pub(super) async fn with_book(engine: Engine) -> TestApp {
        let (url, dir) = prepared_database(engine, true).await;
        spawn_node_configured(&url, true, dir, |s| s.sportsbooks = Arc::new(built_in())).await
    }

    /// Another node on the same database.
    async fn second_node(app: &TestApp) -> TestApp {
        spawn_node_configured(&app.db.url, false, None, |s| s.sportsbooks = Arc::new(built_in())).await
    }

    async fn log_in(app: &TestApp) -> (String, String) {
        let body = envelope(app.post_json("/api/auth/login", &json!({"username": "aysegul1", "password": "gizli123"})).await).await;
        (body["data"]["token"].as_str().unwrap().to_string(), body["data"]["betsyToken"].as_str().unwrap().to_string())
    }

    async fn register(app: &TestApp) -> (String, String) {
        let (status, body) = crate::accounts::register(app, &crate::accounts::full_form()).await;
        assert_eq!(status, 200, "{body}");
        (body["data"]["token"].as_str().unwrap().to_string(), body["data"]["betsyToken"].as_str().unwrap().to_string())
    }

    /// What the sportsbook's balance and bets calls answer to a token (status codes).
    async fn book_answers(app: &TestApp, token: &str) -> (u16, u16, u16) {
        let balance = app.client.get(app.url("/api/sportsbook/balance")).bearer_auth(token).send().await.unwrap().status().as_u16();
        let bets = app.client.get(app.url("/api/sportsbook/bets")).bearer_auth(token).send().await.unwrap().status().as_u16();
        let place = app
            .client
            .post(app.url("/api/sportsbook/bets"))
            .bearer_auth(token)
            .json(&json!({"legs": [{"selectionId": 1, "price": 2.0}], "kind": "single", "stake": 10, "oddsChoice": "any"}))
            .send()
            .await
            .unwrap()
            .status()
            .as_u16();
        (balance, bets, place)
    }

    on_both_engines! {
        @with with_book;
        async fn a_logout_ends_the_sportsbook_token_at_once_on_every_node(app) {
            // Arrange
            let other = second_node(&app).await;
            let (session, betsy) = register(&app).await;
            let before = book_answers(&other, &betsy).await.0;

            // Act
            let out = app.get_auth("/api/auth/logout", &session).await;

            // Assert
            assert_eq!(out.status().as_u16(), 200);
            assert_eq!(before, 200);
            assert_eq!(book_answers(&other, &betsy).await, (401, 401, 401), "the other node");
            assert_eq!(book_answers(&app, &betsy).await, (401, 401, 401));
        }
    }

    on_both_engines! {
        @with with_book;
        async fn an_operators_logout_ends_every_sportsbook_token_of_the_player(app) {
            // Arrange: two logins, two tokens.
            let other = second_node(&app).await;
            let (_, first) = register(&app).await;
            let (_, second) = log_in(&other).await;
            let before = (book_answers(&app, &first).await.0, book_answers(&app, &second).await.0);

            // Act: `kasa admin player logout`.
            let ended = kasa::accounts::operator::logout(&app.db, "aysegul1").await.unwrap();

            // Assert
            assert_eq!(before, (200, 200));
            assert_eq!(ended, 2);
            for token in [&first, &second] {
                assert_eq!(book_answers(&app, token).await, (401, 401, 401));
                assert_eq!(book_answers(&other, token).await, (401, 401, 401));
            }
        }
    }

    on_both_engines! {
        @with with_book;
        async fn a_password_change_ends_the_sportsbook_tokens_of_the_other_sessions(app) {
            // Arrange: the player's first login (say, a stolen one) and a second, where the
            // password is changed.
            let (_, stolen) = register(&app).await;
            let (session, own) = log_in(&app).await;

            // Act
            let changed = envelope(
                app.post_auth("/api/customer/changepassword", &session, &json!({"oldPassword": "gizli123", "password": "yeni4567", "confirmPassword": "yeni4567"})).await,
            )
            .await;

            // Assert
            assert_eq!(changed["success"], true, "{changed}");
            assert_eq!(book_answers(&app, &stolen).await, (401, 401, 401), "the other session's token ended");
            assert_eq!(book_answers(&app, &own).await.0, 200, "the session that changed it stays, with its token");
        }
    }

    on_both_engines! {
        @with with_book;
        async fn a_signed_token_issued_with_no_session_is_refused(app) {
            // Arrange: a token signed right (as one made before this release was), bound to no session.
            let (_, _) = register(&app).await;
            let player: i64 = sqlx::query_scalar("SELECT id FROM players").fetch_one(&app.db.pool).await.unwrap();
            let token = built_in().token("betsy", &kasa::auth::usercode(player), kasa::db::now_ms());

            // Act
            let answers = book_answers(&app, &token).await;

            // Assert
            assert_eq!(answers, (401, 401, 401));
        }
    }
}

mod high_rate {
    use super::*;

    /// A boosted selection of a fixture to come: (selection id, High Rate price in hundredths).
    async fn boosted(app: &TestApp) -> (i64, i64) {
        feed::schedule_day(&app.db, kasa::db::now_ms() / DAY_MS + 1).await.unwrap();
        sqlx::query_as(
            "SELECT s.id, s.boosted FROM sb_selections s JOIN sb_markets m ON m.id = s.market_id JOIN sb_events e ON e.id = m.event_id \
             WHERE s.boosted IS NOT NULL AND e.state = 'scheduled' AND m.state = 'active' ORDER BY s.id LIMIT 1",
        )
        .fetch_one(&app.db.pool)
        .await
        .unwrap()
    }

    fn high(selection: i64, price: i64, stake: i64) -> Value {
        json!({"legs": [{"selectionId": selection, "price": price as f64 / 100.0}], "kind": "single", "stake": stake, "oddsChoice": "none", "highRate": true})
    }

    async fn place(app: &TestApp, token: &str, body: Value) -> (u16, Value) {
        let resp =
            app.client.post(app.url("/api/sportsbook/bets")).bearer_auth(token).header("x-locale", "en").json(&body).send().await.unwrap();
        let status = resp.status().as_u16();
        (status, envelope(resp).await)
    }

    on_both_engines! {
        async fn high_rate_stakes_split_into_small_bets_stop_at_the_limit_per_player_and_selection(app) {
            // Arrange
            let (p, token) = make_player(&app, "bolucu").await;
            fund(&app, p, 500_000).await;
            let (selection, price) = boosted(&app).await;

            // Act: three 100 ₺ bets, then 300 ₺ more, then the 200 ₺ left, then 1 ₺.
            let mut answers = Vec::new();
            for stake in [100, 100, 100, 300, 200, 1] {
                answers.push(place(&app, &token, high(selection, price, stake)).await);
            }
            let plain = place(&app, &token, json!({"legs": [{"selectionId": selection, "price": 1.01}], "kind": "single", "stake": 100, "oddsChoice": "any"})).await;

            // Assert
            let statuses: Vec<u16> = answers.iter().map(|a| a.0).collect();
            assert_eq!(statuses, [200, 200, 200, 400, 200, 400], "{answers:?}");
            assert_eq!(answers[3].1["message"], "Your High Rate stakes on one selection can be at most ₺500.00 in all (₺200.00 left).");
            assert_eq!(answers[5].1["message"], "Your High Rate stakes on one selection can be at most ₺500.00 in all (₺0.00 left).");
            assert_eq!(plain.0, 200, "the limit is the High Rate price's: {plain:?}");
            let (real, _) = money(&app, p).await;
            assert_eq!(real, 500_000 - 50_000 - 10_000);
            assert_ledger_holds(&app).await;
        }
    }

    on_both_engines! {
        async fn high_rate_bets_fired_at_once_never_pass_the_limit_together(app) {
            // Arrange: twenty 100 ₺ bets on one boosted selection, released together.
            let (p, token) = make_player(&app, "eszamanli").await;
            fund(&app, p, 500_000).await;
            let (selection, price) = boosted(&app).await;
            let url = app.url("/api/sportsbook/bets");

            // Act
            let answers = burst(&app, 20, move |_, c| c.post(&url).bearer_auth(&token).header("x-locale", "en").json(&high(selection, price, 100))).await;

            // Assert
            assert_eq!(count_status(&answers, 200), 5, "{answers:?}");
            assert_eq!(count_status(&answers, 400), 15, "{answers:?}");
            let staked: i64 = sqlx::query_scalar("SELECT CAST(COALESCE(SUM(stake), 0) AS BIGINT) FROM sb_bets WHERE player_id = $1 AND high_rate = 1")
                .bind(p)
                .fetch_one(&app.db.pool)
                .await
                .unwrap();
            assert_eq!(staked, 50_000);
            let (real, _) = money(&app, p).await;
            assert_eq!(real, 500_000 - 50_000);
            assert_ledger_holds(&app).await;
        }
    }
}
