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
    async fn the_book_states_its_stake_limits_maximum_payout_and_live_delays_before_any_refusal(app) {
        // Act
        let rules = envelope(app.get("/api/sportsbook/rules").await).await;

        // Assert: the figures the refusals use.
        let data = &rules["data"];
        assert_eq!((data["minStake"].as_f64(), data["maxStake"].as_f64()), (Some(1.0), Some(5_000.0)), "{rules}");
        assert_eq!((data["maxStakeHighRate"].as_f64(), data["maxPayout"].as_f64()), (Some(500.0), Some(250_000.0)));
        let football = data["liveDelays"].as_array().unwrap().iter().find(|d| d["sport"] == "football").cloned();
        assert_eq!(football.map(|d| d["seconds"].clone()), Some(serde_json::json!(5)));
    }
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
        assert!(events as usize >= feed::COMPETITIONS.len(), "every competition plays every day: {events}");
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
        let (id, starts_at): (i64, i64) =
            sqlx::query_as("SELECT id, starts_at FROM sb_events WHERE sport = 'football' ORDER BY starts_at, id LIMIT 1")
                .fetch_one(&app.db.pool).await.unwrap();

        // Act: 30 minutes in, then after the final whistle.
        feed::tick(&app.db, starts_at + 30 * 60_000, 1.0).await.unwrap();
        let live = envelope(app.get_locale("/api/sportsbook/events?live=true", "en").await).await;
        feed::tick(&app.db, starts_at + 110 * 60_000, 1.0).await.unwrap();
        feed::tick(&app.db, starts_at + 111 * 60_000, 1.0).await.unwrap();

        // Assert: the score follows the play decided, minute by minute.
        let script = feed::decided(&mut app.db.pool.acquire().await.unwrap(), id, kasa::sports::book::Sport::Football).await.unwrap();
        let feed::Script::Football { goals, minutes } = &script else { panic!("a football script") };
        assert_eq!(*minutes, 90);
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
        // Arrange: a match's first goal, found as the play is decided minute by minute (nothing
        // of it is known before).
        feed::schedule_day(&app.db, DAY).await.unwrap();
        let events: Vec<(i64, i64)> = sqlx::query_as("SELECT id, starts_at FROM sb_events WHERE sport = 'football' ORDER BY starts_at, id")
            .fetch_all(&app.db.pool).await.unwrap();
        let price = |app: &crate::helpers::TestApp, id: i64| {
            let db = app.db.clone();
            async move {
                sqlx::query_as::<_, (String, i64)>("SELECT m.state, s.price FROM sb_selections s JOIN sb_markets m ON m.id = s.market_id WHERE m.event_id = $1 AND m.key = '1x2' AND s.key = '1'")
                    .bind(id).fetch_one(&db.pool).await.unwrap()
            }
        };
        let mut found = None;
        'events: for &(id, starts_at) in &events {
            let at = |m: f64| starts_at + (m * 60_000.0) as i64;
            for k in 0..44 {
                // Act
                feed::tick(&app.db, at(k as f64), 1.0).await.unwrap();
                let script = feed::decided(&mut app.db.pool.acquire().await.unwrap(), id, kasa::sports::book::Sport::Football).await.unwrap();
                let feed::Script::Football { goals, .. } = script else { panic!("football") };
                if let Some(&(minute, _)) = goals.first() {
                    if k < 2 {
                        continue 'events;
                    }
                    let before = price(&app, id).await;
                    feed::tick(&app.db, at(minute) + 5_000, 1.0).await.unwrap();
                    let just_after = price(&app, id).await;
                    feed::tick(&app.db, at(minute) + feed::SUSPEND_AFTER_GOAL_MS + 5_000, 1.0).await.unwrap();
                    let later = price(&app, id).await;
                    let script = feed::decided(&mut app.db.pool.acquire().await.unwrap(), id, kasa::sports::book::Sport::Football).await.unwrap();
                    let feed::Script::Football { goals, .. } = script else { panic!("football") };
                    if goals.iter().filter(|g| g.0 > minute && g.0 < minute + 0.5).count() > 0 {
                        continue 'events; // another goal right after: its own suspension
                    }
                    found = Some((before, just_after, later));
                    break 'events;
                }
            }
        }
        let (before, just_after, later) = found.expect("a first-half goal in some fixture");

        // Assert
        assert_eq!(before.0, "active");
        assert_eq!(just_after.0, "suspended");
        assert_eq!(later.0, "active");
        assert_ne!(before.1, later.1, "new prices after the goal");
    }
}

pub(crate) mod betting {
    use serde_json::{Value, json};

    use kasa::sports::{betting, feed};

    use super::DAY;
    use crate::helpers::{TestApp, burst, count_status, envelope};
    use crate::on_both_engines;
    use crate::rounds::{assert_ledger_holds, fund, make_player, money};

    /// A selection of a market of an event: (selection id, price in hundredths, market id).
    pub(crate) async fn selection(app: &TestApp, event: i64, market: &str, key: &str) -> (i64, i64, i64) {
        sqlx::query_as("SELECT s.id, s.price, m.id FROM sb_selections s JOIN sb_markets m ON m.id = s.market_id WHERE m.event_id = $1 AND m.key = $2 AND s.key = $3")
            .bind(event).bind(market).bind(key).fetch_one(&app.db.pool).await.unwrap()
    }

    pub(crate) async fn football_events(app: &TestApp, n: usize) -> Vec<i64> {
        feed::schedule_day(&app.db, DAY).await.unwrap();
        let ids: Vec<i64> =
            sqlx::query_scalar("SELECT id FROM sb_events WHERE sport = 'football' ORDER BY id").fetch_all(&app.db.pool).await.unwrap();
        assert!(ids.len() >= n);
        ids[..n].to_vec()
    }

    pub(crate) async fn place(app: &TestApp, token: &str, body: Value) -> (u16, Value) {
        let resp =
            app.client.post(app.url("/api/sportsbook/bets")).bearer_auth(token).header("x-locale", "en").json(&body).send().await.unwrap();
        let status = resp.status().as_u16();
        (status, envelope(resp).await)
    }

    pub(crate) fn leg(id: i64, price: i64) -> Value {
        json!({"selectionId": id, "price": price as f64 / 100.0})
    }

    /// Stake times the exact product of the prices, rounded once to the nearest kuruş (issue 30).
    fn payout(stake: i64, prices: &[i64]) -> i64 {
        let num = prices.iter().fold(i128::from(stake), |acc, p| acc * i128::from(*p));
        let den = 100i128.pow(prices.len() as u32);
        ((num + den / 2) / den) as i64
    }

    on_both_engines! {
        async fn a_combo_is_paid_when_its_legs_win_and_resettled_by_new_transfers_after_a_correction_and_a_void(app) {
            // Arrange: 100 ₺, a treble of three home wins.
            let (p, token) = make_player(&app, "kombine").await;
            fund(&app, p, 10_000).await;
            let events = football_events(&app, 3).await;
            let mut legs = Vec::new();
            for e in &events {
                legs.push(selection(&app, *e, "1x2", "1").await);
            }
            let body = json!({"legs": legs.iter().map(|l| leg(l.0, l.1)).collect::<Vec<_>>(), "kind": "combo", "stake": 10, "oddsChoice": "none"});

            // Act and assert, step by step.
            let (status, placed) = place(&app, &token, body).await;
            assert_eq!(status, 200, "{placed}");
            assert_eq!(placed["data"][0]["state"], "open");
            assert_eq!(money(&app, p).await, (9_000, 0));
            let win = payout(1_000, &[legs[0].1, legs[1].1, legs[2].1]);
            for l in &legs {
                betting::record_result(&app.db, l.2, &["1"], false, "operator", None).await.unwrap();
            }
            assert_eq!(money(&app, p).await, (9_000 + win, 0), "the treble paid");
            // The third match's result is corrected: the away side won.
            betting::record_result(&app.db, legs[2].2, &["2"], false, "operator", None).await.unwrap();
            assert_eq!(money(&app, p).await, (9_000, 0), "the payout taken back");
            let state: String = sqlx::query_scalar("SELECT state FROM sb_bets WHERE player_id = $1").bind(p).fetch_one(&app.db.pool).await.unwrap();
            assert_eq!(state, "lost");
            // Then the third market is voided: its leg counts at 1.00.
            betting::record_result(&app.db, legs[2].2, &[], true, "operator", None).await.unwrap();
            assert_eq!(money(&app, p).await, (9_000 + payout(1_000, &[legs[0].1, legs[1].1]), 0));
            let transfers: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM transfers WHERE provider = 'sportsbook'").fetch_one(&app.db.pool).await.unwrap();
            assert!(transfers >= 4, "every settlement by new transfers: {transfers}");
            let report = kasa::wallet::report(&app.db, None, None).await.unwrap();
            assert_eq!(report.ggr.get("sportsbook").copied(), Some(1_000 - payout(1_000, &[legs[0].1, legs[1].1])));
            let bets = envelope(app.client.get(app.url("/api/sportsbook/bets")).bearer_auth(&token).send().await.unwrap()).await;
            assert_eq!(bets["data"][0]["legs"][2]["result"], "void");
            assert_eq!(bets["data"][0]["state"], "won");
            // Game History names the coupon in the reader's language, beside the spec's result.
            for (lang, game, provider, outcome) in [("en", "Sportsbook · combo of 3", "Sportsbook", "Won"), ("tr", "Spor Bahisleri · 3'li kombine", "Spor Bahisleri", "Kazandı")] {
                let history = envelope(app.client.get(app.url("/api/casino/history")).bearer_auth(&token).header("x-locale", lang).send().await.unwrap()).await;
                let round = &history["data"]["items"][0];
                assert_eq!((round["gameName"].as_str(), round["providerName"].as_str(), round["outcome"].as_str()), (Some(game), Some(provider), Some(outcome)), "{round}");
                assert_eq!(round["result"], 1, "Win 1");
            }
            assert_ledger_holds(&app).await;
        }
    }

    on_both_engines! {
        async fn a_stake_with_more_than_two_decimals_is_refused_never_rounded_and_moves_nothing(app) {
            // Arrange
            let (p, token) = make_player(&app, "kurusc").await;
            fund(&app, p, 100_000).await;
            let events = football_events(&app, 1).await;
            let home = selection(&app, events[0], "1x2", "1").await;
            let slip = |stake: &str| format!(r#"{{"legs":[{}],"kind":"single","stake":{stake},"oddsChoice":"any"}}"#, leg(home.0, home.1));

            // Act
            let mut answers = Vec::new();
            for stake in ["10.001", "100.0000001", "49.999", "10.000000000000000001", "1e-3", "\"10\""] {
                let resp = app.client.post(app.url("/api/sportsbook/bets")).bearer_auth(&token).header("x-locale", "en")
                    .header("content-type", "application/json").body(slip(stake)).send().await.unwrap();
                answers.push((stake, resp.status().as_u16(), envelope(resp).await));
            }
            let exact = place(&app, &token, json!({"legs": [leg(home.0, home.1)], "kind": "single", "stake": 10.5, "oddsChoice": "any"})).await;

            // Assert
            for (stake, status, body) in &answers {
                assert_eq!(*status, 400, "{stake}: {body}");
                assert_eq!(body["message"], "Enter an amount in lira with at most two decimal places.", "{stake}");
            }
            assert_eq!(exact.0, 200, "{}", exact.1);
            assert_eq!(money(&app, p).await, (100_000 - 1_050, 0), "only the exact stake moved money");
            assert_ledger_holds(&app).await;
        }
    }

    on_both_engines! {
        async fn two_legs_of_one_event_a_moved_price_and_a_closed_market_are_refused_and_move_nothing(app) {
            // Arrange
            let (p, token) = make_player(&app, "reddet").await;
            fund(&app, p, 10_000).await;
            let events = football_events(&app, 2).await;
            let home = selection(&app, events[0], "1x2", "1").await;
            let over = selection(&app, events[0], "total_2.5", "over").await;
            let other = selection(&app, events[1], "1x2", "2").await;

            // Act
            let same_event = place(&app, &token, json!({"legs": [leg(home.0, home.1), leg(over.0, over.1)], "kind": "combo", "stake": 10, "oddsChoice": "any"})).await;
            let moved = place(&app, &token, json!({"legs": [leg(home.0, home.1 + 10), leg(other.0, other.1)], "kind": "combo", "stake": 10, "oddsChoice": "none"})).await;
            let lower_wanted = place(&app, &token, json!({"legs": [leg(home.0, home.1 - 5)], "kind": "single", "stake": 10, "oddsChoice": "higher"})).await;
            sqlx::query("UPDATE sb_markets SET state = 'suspended' WHERE id = $1").bind(other.2).execute(&app.db.pool).await.unwrap();
            let suspended = place(&app, &token, json!({"legs": [leg(other.0, other.1)], "kind": "single", "stake": 10, "oddsChoice": "any"})).await;
            let too_much = place(&app, &token, json!({"legs": [leg(home.0, home.1)], "kind": "single", "stake": 5_001, "oddsChoice": "any"})).await;
            let too_little = place(&app, &token, json!({"legs": [leg(home.0, home.1)], "kind": "single", "stake": 0.5, "oddsChoice": "any"})).await;

            // Assert
            assert_eq!((same_event.0, same_event.1["message"].as_str()), (400, Some("Two selections of the same event cannot be combined.")));
            assert_eq!(moved.0, 409, "{}", moved.1);
            assert_eq!(moved.1["data"]["prices"][0]["price"].as_f64().unwrap(), home.1 as f64 / 100.0, "the price now");
            assert_eq!(lower_wanted.0, 200, "a higher price is taken under 'higher': {}", lower_wanted.1);
            assert_eq!(suspended.0, 409);
            assert_eq!(too_much.0, 400);
            assert_eq!(too_much.1["message"], "The stake of a bet can be at most ₺5,000.00.");
            assert_eq!(too_little.0, 400);
            assert_eq!(money(&app, p).await, (9_000, 0), "only the accepted single moved money");
            assert_ledger_holds(&app).await;
        }
    }

    on_both_engines! {
        async fn a_live_bet_waits_its_delay_and_is_refused_if_the_market_suspends_or_the_price_moves_against_it(app) {
            // Arrange: a live match.
            let (p, token) = make_player(&app, "canli").await;
            fund(&app, p, 10_000).await;
            let event = football_events(&app, 1).await[0];
            sqlx::query("UPDATE sb_events SET state = 'live' WHERE id = $1").bind(event).execute(&app.db.pool).await.unwrap();
            let home = selection(&app, event, "1x2", "1").await;
            let draw = selection(&app, event, "1x2", "X").await;
            let single = |s: (i64, i64, i64), choice: &str| json!({"legs": [leg(s.0, s.1)], "kind": "single", "stake": 10, "oddsChoice": choice});
            let now = kasa::db::now_ms();

            // Act: three live bets; then the draw's market... is the same market: one bet kept,
            // one refused by a price move, one by a suspension.
            let kept = place(&app, &token, single(home, "none")).await;
            let early = betting::resolve_pending(&app.db, now).await.unwrap();
            let kept_state: String = sqlx::query_scalar("SELECT state FROM sb_bets WHERE id = $1").bind(kept.1["data"][0]["id"].as_i64().unwrap()).fetch_one(&app.db.pool).await.unwrap();
            betting::resolve_pending(&app.db, now + 10_000).await.unwrap();
            let moved = place(&app, &token, single(draw, "higher")).await;
            sqlx::query("UPDATE sb_selections SET price = price - 20 WHERE id = $1").bind(draw.0).execute(&app.db.pool).await.unwrap();
            betting::resolve_pending(&app.db, now + 20_000).await.unwrap();
            sqlx::query("UPDATE sb_selections SET price = price + 20 WHERE id = $1").bind(draw.0).execute(&app.db.pool).await.unwrap();
            let suspended = place(&app, &token, single(home, "any")).await;
            sqlx::query("UPDATE sb_markets SET state = 'suspended' WHERE id = $1").bind(home.2).execute(&app.db.pool).await.unwrap();
            betting::resolve_pending(&app.db, now + 30_000).await.unwrap();

            // Assert
            assert_eq!((kept.0, kept.1["data"][0]["state"].as_str()), (200, Some("pending")), "{}", kept.1);
            assert_eq!((early, kept_state.as_str()), (0, "pending"), "not before its delay");
            let states: Vec<(String, Option<String>)> = sqlx::query_as("SELECT state, refusal FROM sb_bets WHERE player_id = $1 ORDER BY id").bind(p).fetch_all(&app.db.pool).await.unwrap();
            assert_eq!(states, [("open".into(), None), ("refused".into(), Some("price".into())), ("refused".into(), Some("suspended".into()))]);
            assert_eq!(moved.0, 200);
            assert_eq!(suspended.0, 200);
            assert_eq!(money(&app, p).await, (9_000, 0), "the refused stakes came back");
            assert_ledger_holds(&app).await;
        }
    }

    on_both_engines! {
        async fn a_system_pays_each_winning_combo_and_a_cash_out_pays_its_value_once(app) {
            // Arrange: a 2/3 system (three doubles of 5 ₺) and a double to cash out.
            let (p, token) = make_player(&app, "sistem").await;
            fund(&app, p, 10_000).await;
            let events = football_events(&app, 5).await;
            let mut legs = Vec::new();
            for e in &events[..3] {
                legs.push(selection(&app, *e, "btts", "yes").await);
            }
            let system = place(&app, &token, json!({"legs": legs.iter().map(|l| leg(l.0, l.1)).collect::<Vec<_>>(), "kind": "system", "size": 2, "stake": 5, "oddsChoice": "any"})).await;
            let (a, b) = (selection(&app, events[3], "total_1.5", "over").await, selection(&app, events[4], "total_1.5", "over").await);
            let double = place(&app, &token, json!({"legs": [leg(a.0, a.1), leg(b.0, b.1)], "kind": "combo", "stake": 20, "oddsChoice": "any"})).await;
            let double_id = double.1["data"][0]["id"].as_i64().unwrap();

            // Act: the system's first leg loses, the others win; the double is cashed out.
            betting::record_result(&app.db, legs[0].2, &["no"], false, "feed", None).await.unwrap();
            betting::record_result(&app.db, legs[1].2, &["yes"], false, "feed", None).await.unwrap();
            betting::record_result(&app.db, legs[2].2, &["yes"], false, "feed", None).await.unwrap();
            let listed = envelope(app.client.get(app.url("/api/sportsbook/bets")).bearer_auth(&token).send().await.unwrap()).await;
            let offer = listed["data"].as_array().unwrap().iter().find(|b| b["id"] == double_id).unwrap()["cashOut"].as_f64().unwrap();
            let too_high = app.client.post(app.url(&format!("/api/sportsbook/bets/{double_id}/cashout"))).bearer_auth(&token).json(&json!({"amount": offer + 1.0})).send().await.unwrap();
            let too_high = (too_high.status().as_u16(), envelope(too_high).await);
            let (url, bearer) = (app.url(&format!("/api/sportsbook/bets/{double_id}/cashout")), token.clone());
            let answers = burst(&app, 8, move |_, c| c.post(&url).bearer_auth(&bearer).json(&json!({"amount": offer}))).await;
            betting::record_result(&app.db, a.2, &["over"], false, "feed", None).await.unwrap();
            betting::record_result(&app.db, b.2, &["over"], false, "feed", None).await.unwrap();

            // Assert
            assert_eq!(system.0, 200, "{}", system.1);
            assert_eq!(system.1["data"][0]["stake"], 15.0, "three combos of 5 ₺");
            let system_pays = payout(500, &[legs[1].1, legs[2].1]);
            assert_eq!(too_high.0, 409);
            assert_eq!(too_high.1["data"]["value"].as_f64().unwrap(), offer);
            assert_eq!(count_status(&answers, 200), 1, "{answers:?}");
            assert!(offer > 0.0 && offer < payout(2_000, &[a.1, b.1]) as f64 / 100.0, "less than the potential: {offer}");
            let (real, _) = money(&app, p).await;
            assert_eq!(real, 10_000 - 1_500 - 2_000 + system_pays + (offer * 100.0).round() as i64, "the cash-out stands after the results");
            let states: Vec<String> = sqlx::query_scalar("SELECT state FROM sb_bets WHERE player_id = $1 ORDER BY id").bind(p).fetch_all(&app.db.pool).await.unwrap();
            assert_eq!(states, ["won", "cashed_out"]);
            assert_ledger_holds(&app).await;
        }
    }

    on_both_engines! {
        async fn twenty_bets_at_once_never_overdraw_and_a_market_settles_each_bet_once(app) {
            // Arrange: 50 ₺ and twenty 5 ₺ singles at once.
            let (p, token) = make_player(&app, "yogun").await;
            fund(&app, p, 5_000).await;
            let event = football_events(&app, 1).await[0];
            let home = selection(&app, event, "1x2", "1").await;
            let (url, bearer) = (app.url("/api/sportsbook/bets"), token.clone());
            let body = json!({"legs": [leg(home.0, home.1)], "kind": "single", "stake": 5, "oddsChoice": "any"});

            // Act
            let answers = burst(&app, 20, move |_, c| c.post(&url).bearer_auth(&bearer).json(&body)).await;
            let (x, y) = tokio::join!(
                betting::record_result(&app.db, home.2, &["1"], false, "feed", None),
                betting::settle_market(&app.db, home.2)
            );

            // Assert
            assert_eq!(count_status(&answers, 200), 10, "{answers:?}");
            assert!(x.is_ok() && y.is_ok());
            assert_eq!(money(&app, p).await, (10 * payout(500, &[home.1]), 0), "each bet paid once");
            assert_ledger_holds(&app).await;
        }
    }

    on_both_engines! {
        async fn cash_outs_racing_the_settlement_pay_each_bet_once_either_way(app) {
            // Arrange: ten 10 ₺ singles on the home win, each with its cash-out offer.
            let (p, token) = make_player(&app, "bozdur").await;
            fund(&app, p, 10_000).await;
            let event = football_events(&app, 1).await[0];
            let (home, price, market) = selection(&app, event, "1x2", "1").await;
            for _ in 0..10 {
                let (status, body) = place(&app, &token, json!({"legs": [leg(home, price)], "kind": "single", "stake": 10, "oddsChoice": "none"})).await;
                assert_eq!(status, 200, "{body}");
            }
            let listed = envelope(app.client.get(app.url("/api/sportsbook/bets")).bearer_auth(&token).send().await.unwrap()).await;
            let offers: Vec<(i64, f64)> =
                listed["data"].as_array().unwrap().iter().map(|b| (b["id"].as_i64().unwrap(), b["cashOut"].as_f64().unwrap())).collect();
            assert_eq!(offers.len(), 10);
            let base = app.url("/api/sportsbook/bets");

            // Act: the ten cash-outs and the result at once.
            let (answers, settled) = tokio::join!(
                burst(&app, 10, move |i, c| c.post(format!("{base}/{}/cashout", offers[i].0)).bearer_auth(&token).json(&json!({"amount": offers[i].1}))),
                betting::record_result(&app.db, market, &["1"], false, "operator", None)
            );

            // Assert: each bet is cashed out or won, never both, and the money says so.
            settled.unwrap();
            let bets: Vec<(String, i64)> = sqlx::query_as("SELECT state, payout FROM sb_bets WHERE player_id = $1 ORDER BY id").bind(p).fetch_all(&app.db.pool).await.unwrap();
            assert!(bets.iter().all(|(state, _)| state == "cashed_out" || state == "won"), "{bets:?}");
            let cashed = bets.iter().filter(|(state, _)| state == "cashed_out").count();
            assert_eq!(count_status(&answers, 200), cashed, "a cash-out answered 200 is a cashed-out bet: {answers:?}");
            for (state, paid) in &bets {
                if state == "won" {
                    assert_eq!(*paid, payout(1_000, &[price]));
                }
            }
            let paid: i64 = bets.iter().map(|(_, paid)| paid).sum();
            assert_eq!(money(&app, p).await, (paid, 0), "the stakes took all 100 ₺; each bet paid once, by its cash-out or its win");
            assert_ledger_holds(&app).await;
        }
    }

    on_both_engines! {
        async fn a_busy_market_settles_at_once_each_payout_split_as_its_stake_and_again_nothing_moves_twice(app) {
            // Arrange: four players on real money, one staking real then bonus money, three singles each.
            let event = football_events(&app, 1).await[0];
            let (home, price, market) = selection(&app, event, "1x2", "1").await;
            let mut players = Vec::new();
            for i in 0..4 {
                let (p, token) = make_player(&app, &format!("gercek{i}")).await;
                fund(&app, p, 10_000).await;
                players.push((p, token));
            }
            let (mixed, mixed_token) = make_player(&app, "karisik").await;
            fund(&app, mixed, 1_500).await;
            crate::rounds::grant_bonus(&app, mixed, 2_000).await;
            let single = json!({"legs": [leg(home, price)], "kind": "single", "stake": 10, "oddsChoice": "none"});
            for (_, token) in players.iter().chain([&(mixed, mixed_token.clone())]) {
                for _ in 0..3 {
                    let (status, body) = place(&app, token, single.clone()).await;
                    assert_eq!(status, 200, "{body}");
                }
            }
            let win = payout(1_000, &[price]);

            // Act
            let settled = betting::record_result(&app.db, market, &["1"], false, "operator", None).await.unwrap();
            let again = betting::record_result(&app.db, market, &["1"], false, "operator", None).await.unwrap();
            let after_again: Vec<(i64, i64)> = futures_util::future::join_all(players.iter().map(|(p, _)| money(&app, *p))).await;
            let mixed_won = money(&app, mixed).await;
            let rounds: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM rounds WHERE provider = 'sportsbook' AND status = 'settled' AND wins > 0")
                .fetch_one(&app.db.pool).await.unwrap();
            let corrected = betting::record_result(&app.db, market, &["2"], false, "operator", None).await.unwrap();

            // Assert
            assert_eq!(settled, 15, "every bet settled");
            assert_eq!(again, 0, "the same result again moves nothing");
            for m in after_again {
                assert_eq!(m, (7_000 + 3 * win, 0));
            }
            // Stakes: 1 000 real; 500 real and 500 bonus; 1 000 bonus. Each payout follows its stake.
            assert_eq!(mixed_won, (win + (win - win / 2), 500 + win / 2 + win));
            assert_eq!(rounds, 15, "each bet one round in Game History, with its win");
            assert_eq!(corrected, 15);
            for (p, _) in &players {
                assert_eq!(money(&app, *p).await, (7_000, 0), "the correction took the payouts back");
            }
            assert_eq!(money(&app, mixed).await, (0, 500));
            assert_ledger_holds(&app).await;
        }
    }

    on_both_engines! {
        async fn an_operator_holds_a_market_suspended_and_a_high_rate_price_takes_its_own_stake_limit(app) {
            // Arrange
            let (p, token) = make_player(&app, "yuksek").await;
            fund(&app, p, 100_000).await;
            let event = football_events(&app, 1).await[0];
            let (starts_at,): (i64,) = sqlx::query_as("SELECT starts_at FROM sb_events WHERE id = $1").bind(event).fetch_one(&app.db.pool).await.unwrap();
            let over = selection(&app, event, "total_2.5", "over").await;

            // Act
            kasa::sports::admin::suspend(&app.db, over.2, None).await.unwrap();
            feed::tick(&app.db, starts_at + 10 * 60_000, 1.0).await.unwrap();
            let held: String = sqlx::query_scalar("SELECT state FROM sb_markets WHERE id = $1").bind(over.2).fetch_one(&app.db.pool).await.unwrap();
            kasa::sports::admin::reopen(&app.db, over.2, None).await.unwrap();
            let reopened: String = sqlx::query_scalar("SELECT state FROM sb_markets WHERE id = $1").bind(over.2).fetch_one(&app.db.pool).await.unwrap();
            // The match's play is drawn as it goes, so its prices are read after the minute played.
            let home = selection(&app, event, "1x2", "1").await;
            let below = kasa::sports::admin::boost(&app.db, home.0, Some(1.01), None).await;
            let boosted = home.1 + 50;
            kasa::sports::admin::boost(&app.db, home.0, Some(boosted as f64 / 100.0), None).await.unwrap();
            let listed = envelope(app.get_locale("/api/sportsbook/events?live=true&highRate=true", "tr").await).await;
            let high = json!({"legs": [leg(home.0, boosted)], "kind": "single", "stake": 500, "oddsChoice": "none", "highRate": true});
            let too_much = place(&app, &token, json!({"legs": [leg(home.0, boosted)], "kind": "single", "stake": 501, "oddsChoice": "none", "highRate": true})).await;
            let taken = place(&app, &token, high).await;

            // Assert
            assert_eq!(held, "suspended", "the feed keeps an operator's suspension");
            assert_eq!(reopened, "active");
            assert!(below.is_err(), "a High Rate price beats the price");
            let events = listed["data"].as_array().unwrap();
            assert!(events.iter().all(|e| e["markets"].as_array().unwrap().iter().all(|m| m["selections"].as_array().unwrap().iter().any(|s| !s["boosted"].is_null()))), "only boosted markets: {listed}");
            let ours = events.iter().find(|e| e["id"] == event).unwrap_or_else(|| panic!("{listed}"));
            assert_eq!(ours["markets"][0]["key"], "1x2");
            assert_eq!(ours["markets"][0]["selections"][0]["boosted"].as_f64().unwrap(), boosted as f64 / 100.0);
            assert_eq!((too_much.0, too_much.1["message"].as_str()), (400, Some("The stake of a bet can be at most ₺500.00.")));
            assert_eq!(taken.0, 200, "{}", taken.1);
            assert_eq!(taken.1["data"][0]["potential"].as_f64().unwrap(), (500 * boosted) as f64 / 100.0);
            assert_eq!(taken.1["data"][0]["state"], "pending", "the match is live: the live delay");
        }
    }

    /// A player with `kurus` of real money who claimed promotion `slug`'s bonus; id and session.
    async fn bonus_player(app: &TestApp, name: &str, kurus: i64, slug: &str) -> (i64, String) {
        let (p, token) = make_player(app, name).await;
        fund(app, p, kurus).await;
        let claimed = app.client.post(app.url("/api/bonus/claim")).bearer_auth(&token).json(&json!({"slug": slug})).send().await.unwrap();
        assert_eq!(claimed.status(), 200);
        (p, token)
    }

    /// The bonus row of a player's promotion: (balance, wagered, stood, state).
    async fn bonus_of(app: &TestApp, player: i64, slug: &str) -> (i64, i64, i64, String) {
        sqlx::query_as("SELECT balance, wagered, stood, state FROM bonuses WHERE player_id = $1 AND promotion = $2")
            .bind(player)
            .bind(slug)
            .fetch_one(&app.db.pool)
            .await
            .unwrap()
    }

    on_both_engines! {
        async fn live_bets_the_player_made_the_book_refuse_give_their_wagering_back_with_their_stakes(app) {
            // Arrange: 1,000 ₺ real and a 100 ₺ bonus to wager once (100 ₺), sportsbook stakes in full.
            crate::bonus::set_promotions(&app, &[crate::bonus::promotion("spor", -1, None, Some(json!({"amount": 100, "wagering": 1, "maxBet": 50, "days": 7, "sportsWageringPercent": 100})))]).await;
            let (p, token) = bonus_player(&app, "reddettiren", 100_000, "spor").await;
            let event = football_events(&app, 1).await[0];
            sqlx::query("UPDATE sb_events SET state = 'live' WHERE id = $1").bind(event).execute(&app.db.pool).await.unwrap();
            let draw = selection(&app, event, "1x2", "X").await;
            let now = kasa::db::now_ms();

            // Act: ten live 10 ₺ bets at once taking only the price on the slip; the price moves
            // during the delay, so the book refuses every one.
            let body = json!({"legs": [leg(draw.0, draw.1)], "kind": "single", "stake": 10, "oddsChoice": "none"});
            let url = app.url("/api/sportsbook/bets");
            let answers = burst(&app, 10, move |_, c| c.post(&url).bearer_auth(&token).header("x-locale", "en").json(&body)).await;
            let while_pending = bonus_of(&app, p, "spor").await;
            sqlx::query("UPDATE sb_selections SET price = price - 10 WHERE id = $1").bind(draw.0).execute(&app.db.pool).await.unwrap();
            let decided = betting::resolve_pending(&app.db, now + 60_000).await.unwrap();

            // Assert
            assert_eq!(count_status(&answers, 200), 10, "{answers:?}");
            assert_eq!(while_pending, (10_000, 10_000, 0, "active".into()), "counted while pending, but not stood: not completed");
            assert_eq!(decided, 10);
            let refused: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM sb_bets WHERE player_id = $1 AND state = 'refused'").bind(p).fetch_one(&app.db.pool).await.unwrap();
            assert_eq!(refused, 10);
            assert_eq!(bonus_of(&app, p, "spor").await, (10_000, 0, 0, "active".into()), "the refused stakes took their wagering back");
            assert_eq!(money(&app, p).await, (100_000, 10_000), "the bonus is still a bonus");
            assert_ledger_holds(&app).await;
        }
    }

    on_both_engines! {
        async fn a_voided_market_takes_its_bets_wagering_back_and_the_promotion_states_the_sportsbooks_share(app) {
            // Arrange: 1,000 ₺ real and a 100 ₺ bonus to wager 3 times (300 ₺), sportsbook stakes at half.
            crate::bonus::set_promotions(&app, &[crate::bonus::promotion("yari", -1, None, Some(json!({"amount": 100, "wagering": 3, "maxBet": 50, "days": 7, "sportsWageringPercent": 50})))]).await;
            let (p, token) = bonus_player(&app, "iptal", 100_000, "yari").await;
            let events = football_events(&app, 2).await;
            let voided = selection(&app, events[0], "1x2", "1").await;
            let lost = selection(&app, events[1], "1x2", "1").await;

            // Act: ten 20 ₺ bets on a market that is voided; five on one that loses.
            for _ in 0..10 {
                let (status, body) = place(&app, &token, json!({"legs": [leg(voided.0, voided.1)], "kind": "single", "stake": 20, "oddsChoice": "none"})).await;
                assert_eq!(status, 200, "{body}");
            }
            for _ in 0..5 {
                let (status, body) = place(&app, &token, json!({"legs": [leg(lost.0, lost.1)], "kind": "single", "stake": 20, "oddsChoice": "none"})).await;
                assert_eq!(status, 200, "{body}");
            }
            let placed = bonus_of(&app, p, "yari").await;
            betting::record_result(&app.db, voided.2, &[], true, "operator", None).await.unwrap();
            let after_void = bonus_of(&app, p, "yari").await;
            betting::record_result(&app.db, lost.2, &["2"], false, "operator", None).await.unwrap();
            let listed = envelope(app.get_locale("/api/cms/promotions", "en").await).await;

            // Assert: half of each stake counted; the voided ones taken back, the lost ones stood.
            assert_eq!(placed, (10_000, 15_000, 0, "active".into()));
            assert_eq!(after_void, (10_000, 5_000, 0, "active".into()), "the voided stakes gave their wagering back");
            assert_eq!(bonus_of(&app, p, "yari").await, (10_000, 5_000, 5_000, "active".into()), "only the lost stakes stood");
            assert_eq!(money(&app, p).await, (100_000 - 10_000, 10_000), "the voided stakes came back, the lost ones did not");
            assert_eq!(listed["data"][0]["bonus"]["sportsWageringPercent"], 50);
            assert!(listed["data"][0]["terms"].as_str().unwrap().contains("Sports bets 50%"), "{listed}");
            assert_ledger_holds(&app).await;
        }
    }

    on_both_engines! {
        async fn two_markets_settling_at_once_with_their_winners_and_losers_crossed_both_complete(app) {
            // Arrange: twelve players with a bonus to wager; on match one the first six back the
            // home side and the others the away side, on match two the other way round; both
            // matches end in a home win. Each settlement pays one half and closes the other
            // half's wagering: without one lock order, the two would wait on each other.
            crate::bonus::set_promotions(&app, &[crate::bonus::promotion("capraz", -1, None, Some(json!({"amount": 100, "wagering": 50, "maxBet": 50, "days": 7, "sportsWageringPercent": 100})))]).await;
            let events = football_events(&app, 2).await;
            let (home1, away1) = (selection(&app, events[0], "1x2", "1").await, selection(&app, events[0], "1x2", "2").await);
            let (home2, away2) = (selection(&app, events[1], "1x2", "1").await, selection(&app, events[1], "1x2", "2").await);
            let mut players = Vec::new();
            for i in 0..12 {
                let (p, token) = bonus_player(&app, &format!("capraz{i}"), 10_000, "capraz").await;
                let (first, second) = if i < 6 { (home1, away2) } else { (away1, home2) };
                for pick in [first, second] {
                    let (status, body) = place(&app, &token, json!({"legs": [leg(pick.0, pick.1)], "kind": "single", "stake": 20, "oddsChoice": "none"})).await;
                    assert_eq!(status, 200, "{body}");
                }
                players.push((p, i < 6));
            }

            // Act: both results entered at the same moment, on two connections.
            let (one, two) = tokio::join!(
                betting::record_result(&app.db, home1.2, &["1"], false, "feed", None),
                betting::record_result(&app.db, home2.2, &["1"], false, "feed", None)
            );

            // Assert: both settled every bet; each player won one 20 ₺ bet and lost the other.
            assert_eq!((one.unwrap(), two.unwrap()), (12, 12));
            for (p, first_half) in players {
                let price = if first_half { home1.1 } else { home2.1 };
                assert_eq!(money(&app, p).await.0 + money(&app, p).await.1, 10_000 + 10_000 - 4_000 + 2_000 * price / 100, "player {p}");
                let (wagered, stood): (i64, i64) = sqlx::query_as("SELECT wagered, stood FROM bonuses WHERE player_id = $1").bind(p).fetch_one(&app.db.pool).await.unwrap();
                assert_eq!((wagered, stood), (4_000, 4_000), "both stakes stood, player {p}");
            }
            assert_ledger_holds(&app).await;
        }
    }
}

mod live {
    use std::time::Duration;

    use serde_json::Value;

    use kasa::sports::{admin, feed, live};

    use super::DAY;
    use crate::helpers::TestApp;
    use crate::on_both_engines;

    /// Reads the stream's `changes` events until `wanted` holds for one (10 s at most).
    async fn changes_until(stream: &mut reqwest::Response, mut wanted: impl FnMut(&Value) -> bool) -> Value {
        let mut text = String::new();
        let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
        loop {
            let chunk = tokio::time::timeout_at(deadline, stream.chunk())
                .await
                .expect("a change within 10 s")
                .unwrap()
                .expect("the stream stays open");
            text.push_str(&String::from_utf8_lossy(&chunk));
            while let Some(end) = text.find("\n\n") {
                let message: String = text.drain(..end + 2).collect();
                if !message.contains("event: changes") {
                    continue;
                }
                let data: String = message.lines().filter_map(|l| l.strip_prefix("data: ").or_else(|| l.strip_prefix("data:"))).collect();
                let changes: Value = serde_json::from_str(&data).unwrap();
                if wanted(&changes) {
                    return changes;
                }
            }
        }
    }

    async fn first_football(app: &TestApp) -> (i64, i64, i64) {
        feed::schedule_day(&app.db, DAY).await.unwrap();
        sqlx::query_as(
            "SELECT e.id, s.id, s.price FROM sb_events e JOIN sb_markets m ON m.event_id = e.id JOIN sb_selections s ON s.market_id = m.id \
             WHERE e.sport = 'football' AND m.key = '1x2' AND s.key = '1' ORDER BY e.starts_at, e.id LIMIT 1",
        )
        .fetch_one(&app.db.pool)
        .await
        .unwrap()
    }

    on_both_engines! {
        async fn an_open_stream_gets_a_boosted_price_and_an_operators_kick_off_as_they_happen(app) {
            // Arrange
            let (event, selection, price) = first_football(&app).await;
            let mut stream = app.client.get(app.url("/api/sportsbook/stream")).send().await.unwrap();
            assert_eq!(stream.status().as_u16(), 200);
            assert!(stream.headers()["content-type"].to_str().unwrap().starts_with("text/event-stream"));

            // Act: an operator boosts the home win; later the match kicks off.
            tokio::time::sleep(Duration::from_millis(200)).await;
            let high = price as f64 / 100.0 + 0.5;
            admin::boost(&app.db, selection, Some(high), None).await.unwrap();
            let boosted = changes_until(&mut stream, |c| {
                c["markets"].as_array().unwrap().iter().flat_map(|m| m["selections"].as_array().unwrap()).any(|s| s["id"] == selection && s["boosted"].as_f64() == Some(high))
            })
            .await;
            admin::kickoff(&app.db, event).await.unwrap();
            feed::tick(&app.db, kasa::db::now_ms() + 60_000, 1.0).await.unwrap();
            let kicked_off = changes_until(&mut stream, |c| c["events"].as_array().unwrap().iter().any(|e| e["id"] == event && e["state"] == "live")).await;

            // Assert
            let market = boosted["markets"].as_array().unwrap().iter().find(|m| m["selections"].as_array().unwrap().iter().any(|s| s["id"] == selection)).unwrap();
            assert_eq!((market["eventId"].as_i64(), market["key"].as_str(), market["state"].as_str()), (Some(event), Some("1x2"), Some("active")));
            let s = market["selections"].as_array().unwrap().iter().find(|s| s["id"] == selection).unwrap();
            assert_eq!(s["boosted"].as_f64().unwrap(), price as f64 / 100.0 + 0.5);
            assert!(admin::kickoff(&app.db, event).await.is_err(), "a live event cannot kick off again");
            let e = kicked_off["events"].as_array().unwrap().iter().find(|e| e["id"] == event).unwrap();
            assert_eq!(e["score"].as_array().unwrap().len(), 2);
        }
    }

    on_both_engines! {
        async fn the_watcher_sends_a_change_once_and_only_what_changed(app) {
            // Arrange
            let (_, selection, price) = first_football(&app).await;
            let mut sent = live::Sent::default();
            let since = kasa::db::now_ms() - 60_000;

            // Act
            let first = live::changes(&app.db, &mut sent, since).await.unwrap();
            let again = live::changes(&app.db, &mut sent, since).await.unwrap();
            admin::boost(&app.db, selection, Some(price as f64 / 100.0 + 1.0), None).await.unwrap();
            let after_boost = live::changes(&app.db, &mut sent, since).await.unwrap();

            // Assert
            assert!(!first.markets.is_empty() && !first.events.is_empty(), "the new day's book, first time round");
            assert!(again.markets.is_empty() && again.events.is_empty(), "nothing twice");
            assert_eq!(after_boost.markets.len(), 1, "only the boosted market");
            assert!(after_boost.events.is_empty());
            let boosted = after_boost.markets[0].market.selections.iter().find(|s| s.id == selection).unwrap();
            assert_eq!(boosted.boosted, Some(price as f64 / 100.0 + 1.0));
        }
    }
}

on_both_engines! {
    async fn the_feed_boosts_each_competitions_first_fixture_and_withdraws_a_boost_the_price_reaches(app) {
        // Arrange
        feed::schedule_day(&app.db, DAY).await.unwrap();

        // Act
        let boosted: Vec<(i64, String, String, i64, i64)> = sqlx::query_as(
            "SELECT e.id, e.feed_key, m.key, s.price, s.boosted FROM sb_selections s JOIN sb_markets m ON m.id = s.market_id \
             JOIN sb_events e ON e.id = m.event_id WHERE s.boosted IS NOT NULL ORDER BY s.id",
        )
        .fetch_all(&app.db.pool).await.unwrap();
        let (event, starts_at): (i64, i64) =
            sqlx::query_as("SELECT id, starts_at FROM sb_events WHERE feed_key = $1").bind(format!("{DAY}:super-lig:0")).fetch_one(&app.db.pool).await.unwrap();
        // An operator's High Rate price that the market then reaches (set below it here).
        sqlx::query("UPDATE sb_selections SET boosted = 101 WHERE market_id IN (SELECT id FROM sb_markets WHERE event_id = $1 AND key = '1x2')")
            .bind(event).execute(&app.db.pool).await.unwrap();
        feed::tick(&app.db, starts_at + 5 * 60_000, 1.0).await.unwrap();

        // Assert
        let events: std::collections::BTreeSet<i64> = boosted.iter().map(|b| b.0).collect();
        assert_eq!(events.len(), feed::COMPETITIONS.len(), "one fixture per competition");
        for (_, key, market, price, high) in &boosted {
            assert!(key.ends_with(":0"), "{key}");
            assert!(market == "1x2" || market == "winner", "{market}");
            assert!(*high >= price * 110 / 100 && *high >= price + 5, "{price} -> {high}");
        }
        let left = count(&app, &format!("SELECT COUNT(*) FROM sb_selections s JOIN sb_markets m ON m.id = s.market_id WHERE m.event_id = {event} AND s.boosted IS NOT NULL")).await;
        assert_eq!(left, 0, "a High Rate price at or below the price is withdrawn");
    }
}
