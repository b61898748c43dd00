//! The built-in sportsbook's feed and book (issue 17), on both engines: a day's fixtures are
//! scheduled once however many nodes do it, they go live and are repriced on the clock, markets
//! suspend after a goal, and a finished event's every market is settled from its final score.

use serde_json::Value;

use kasa::sports::feed;

use crate::helpers::envelope;
use crate::on_both_engines;

const DAY: i64 = 20_500;
const DAY_MS: i64 = 86_400_000;

async fn count(app: &crate::helpers::TestApp, sql: &str) -> i64 {
    sqlx::query_scalar(sqlx::AssertSqlSafe(sql.to_string())).fetch_one(&app.db.pool).await.unwrap()
}

on_both_engines! {
    async fn a_day_is_scheduled_once_even_by_two_nodes_at_once_with_priced_markets(app) {
        // Act
        let (a, b) = tokio::join!(feed::schedule_day(&app.db, DAY), feed::schedule_day(&app.db, DAY));
        let again = feed::schedule_day(&app.db, DAY).await.unwrap();

        // Assert
        let events = count(&app, "SELECT COUNT(*) FROM sb_events").await;
        assert_eq!(a.unwrap() + b.unwrap(), events as usize);
        assert_eq!(again, 0);
        assert!(events >= 20, "{events}");
        let unpriced = count(&app, "SELECT COUNT(*) FROM sb_markets m WHERE NOT EXISTS (SELECT 1 FROM sb_selections s WHERE s.market_id = m.id)").await;
        assert_eq!(unpriced, 0);
        let listed = envelope(app.get_locale("/api/sportsbook/events?sport=football", "tr").await).await;
        let list = listed["data"].as_array().unwrap();
        assert!(!list.is_empty());
        let first = &list[0];
        assert_eq!(first["state"], "scheduled");
        assert_eq!(first["markets"][0]["key"], "1x2");
        let prices: Vec<f64> = first["markets"][0]["selections"].as_array().unwrap().iter().map(|s| s["price"].as_f64().unwrap()).collect();
        let overround: f64 = prices.iter().map(|p| 1.0 / p).sum();
        assert!((1.06..1.08).contains(&overround), "6 % margin, rounded down: {overround}");
        let one = envelope(app.get_locale(&format!("/api/sportsbook/events/{}", first["id"]), "en").await).await;
        let keys: Vec<&str> = one["data"]["markets"].as_array().unwrap().iter().map(|m| m["key"].as_str().unwrap()).collect();
        for key in ["1x2", "double_chance", "total_2.5", "btts", "handicap_-1", "ht_ft", "goals_band", "correct_score"] {
            assert!(keys.contains(&key), "{key} in {keys:?}");
        }
        let unknown = app.get_locale("/api/sportsbook/events?sport=curling", "en").await;
        assert_eq!(unknown.status().as_u16(), 400);
        assert_eq!(envelope(unknown).await["message"], "There is no such sport.");
    }
}

on_both_engines! {
    async fn events_go_live_on_the_clock_and_end_with_every_market_settled_from_the_score(app) {
        // Arrange
        feed::schedule_day(&app.db, DAY).await.unwrap();
        let (id, starts_at, script): (i64, i64, String) =
            sqlx::query_as("SELECT id, starts_at, script FROM sb_events WHERE sport = 'football' ORDER BY starts_at, id LIMIT 1")
                .fetch_one(&app.db.pool).await.unwrap();
        let script: feed::Script = serde_json::from_str(&script).unwrap();
        let feed::Script::Football { goals } = &script else { panic!("a football script") };

        // Act: 30 minutes in, then after the final whistle.
        feed::tick(&app.db, starts_at + 30 * 60_000, 1.0).await.unwrap();
        let live = envelope(app.get_locale("/api/sportsbook/events?live=true", "en").await).await;
        feed::tick(&app.db, starts_at + 110 * 60_000, 1.0).await.unwrap();
        feed::tick(&app.db, starts_at + 111 * 60_000, 1.0).await.unwrap();

        // Assert
        let this = live["data"].as_array().unwrap().iter().find(|e| e["id"] == id).cloned().unwrap_or(Value::Null);
        assert_eq!(this["state"], "live", "{live}");
        let early = goals.iter().filter(|(m, _)| *m <= 30.0).count() as u64;
        assert_eq!(this["score"][0].as_u64().unwrap() + this["score"][1].as_u64().unwrap(), early);
        let (home, away) = (goals.iter().filter(|g| g.1).count() as i64, goals.iter().filter(|g| !g.1).count() as i64);
        let (state, sh, sa): (String, i64, i64) = sqlx::query_as("SELECT state, score_home, score_away FROM sb_events WHERE id = $1").bind(id).fetch_one(&app.db.pool).await.unwrap();
        assert_eq!((state.as_str(), sh, sa), ("finished", home, away));
        let open = count(&app, &format!("SELECT COUNT(*) FROM sb_markets WHERE event_id = {id} AND state <> 'settled'")).await;
        assert_eq!(open, 0);
        let results = count(&app, &format!("SELECT COUNT(*) FROM sb_results r JOIN sb_markets m ON m.id = r.market_id WHERE m.event_id = {id}")).await;
        let markets = count(&app, &format!("SELECT COUNT(*) FROM sb_markets WHERE event_id = {id}")).await;
        assert_eq!(results, markets, "one result per market, recorded once");
        let winner: String = sqlx::query_scalar("SELECT s.key FROM sb_selections s JOIN sb_markets m ON m.id = s.market_id WHERE m.event_id = $1 AND m.key = '1x2' AND s.result = 'won'")
            .bind(id).fetch_one(&app.db.pool).await.unwrap();
        let expected = match home.cmp(&away) { std::cmp::Ordering::Greater => "1", std::cmp::Ordering::Equal => "X", std::cmp::Ordering::Less => "2" };
        assert_eq!(winner, expected);
        let score_key = format!("{home}-{away}");
        let score_won: String = sqlx::query_scalar("SELECT s.key FROM sb_selections s JOIN sb_markets m ON m.id = s.market_id WHERE m.event_id = $1 AND m.key = 'correct_score' AND s.result = 'won'")
            .bind(id).fetch_one(&app.db.pool).await.unwrap();
        assert_eq!(score_won, if home <= 4 && away <= 4 { score_key.as_str() } else { "other" });
        let _ = DAY_MS;
    }
}

on_both_engines! {
    async fn a_goal_suspends_the_markets_and_they_reopen_with_new_prices(app) {
        // Arrange: the first football event with a goal.
        feed::schedule_day(&app.db, DAY).await.unwrap();
        let rows: Vec<(i64, i64, String)> = sqlx::query_as("SELECT id, starts_at, script FROM sb_events WHERE sport = 'football' ORDER BY starts_at, id")
            .fetch_all(&app.db.pool).await.unwrap();
        let (id, starts_at, minute) = rows.iter().find_map(|(id, at, s)| {
            let feed::Script::Football { goals } = serde_json::from_str::<feed::Script>(s).unwrap() else { return None };
            goals.iter().find(|g| g.0 > 2.0 && g.0 < 44.0).map(|g| (*id, *at, g.0))
        }).expect("a first-half goal in some fixture");
        let at = |m: f64| starts_at + (m * 60_000.0) as i64;
        let price = |app: &crate::helpers::TestApp| {
            let db = app.db.clone();
            async move {
                sqlx::query_as::<_, (String, i64)>("SELECT m.state, s.price FROM sb_selections s JOIN sb_markets m ON m.id = s.market_id WHERE m.event_id = $1 AND m.key = '1x2' AND s.key = '1'")
                    .bind(id).fetch_one(&db.pool).await.unwrap()
            }
        };

        // Act
        feed::tick(&app.db, at(minute - 1.0), 1.0).await.unwrap();
        let before = price(&app).await;
        feed::tick(&app.db, at(minute) + 5_000, 1.0).await.unwrap();
        let just_after = price(&app).await;
        feed::tick(&app.db, at(minute) + feed::SUSPEND_AFTER_GOAL_MS + 5_000, 1.0).await.unwrap();
        let later = price(&app).await;

        // Assert
        assert_eq!(before.0, "active");
        assert_eq!(just_after.0, "suspended");
        assert_eq!(later.0, "active");
        assert_ne!(before.1, later.1, "new prices after the goal");
    }
}
