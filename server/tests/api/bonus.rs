//! Promotions and bonuses (issue 16): promotions by their date window, their HTML sanitised; a
//! claim once only, under a burst; bonus instances through game rounds (the bet split between real
//! and bonus money, contributions, the maximum bet, completion), expiry, forfeiture, a withdrawal,
//! the operator's grant, and the bonus pocket always the sum of the live bonuses, on both engines.

use serde_json::{Value, json};

use kasa::cms::promotions::{PromotionEntry, replace_in};
use kasa::money::Kurus;
use kasa::rounds::{self, CallError, Move};

use crate::helpers::{TestApp, burst, count_status, envelope};
use crate::on_both_engines;
use crate::rounds::{assert_ledger_holds, fund, make_player, money};

const DAY_MS: i64 = 86_400_000;

/// A day as the content files write it, `days` from today (UTC).
fn day(days: i64) -> String {
    kasa::time::iso_utc(kasa::db::now_ms() + days * DAY_MS)[..10].to_string()
}

pub(crate) fn promotion(slug: &str, starts: i64, ends: Option<i64>, bonus: Option<Value>) -> Value {
    let mut p = json!({
        "slug": slug,
        "title": {"tr": format!("{slug} tr"), "en": format!("{slug} en")},
        "images": [format!("/media/{slug}-card.svg"), format!("/media/{slug}-dialog.svg")],
        "description": {"tr": "<p>Açıklama</p>", "en": "<p>Description</p>"},
        "startsAt": day(starts),
    });
    if let Some(e) = ends {
        p["endsAt"] = json!(day(e));
    }
    if let Some(mut b) = bonus {
        // The sportsbook's share is a term of every bonus, stated in its terms.
        if b.get("sportsWageringPercent").is_none() {
            b["sportsWageringPercent"] = json!(100);
        }
        let n = b["sportsWageringPercent"].as_i64().unwrap();
        p["terms"] = json!({"tr": format!("<ul><li>Spor bahisleri %{n}</li></ul>"), "en": format!("<ul><li>Sports bets {n}%</li></ul>")});
        p["bonus"] = b;
    }
    p
}

/// Replaces the site's promotions with these (content/promotions.json's format).
pub(crate) async fn set_promotions(app: &TestApp, entries: &[Value]) {
    let rows: Vec<_> = entries.iter().map(|e| serde_json::from_value::<PromotionEntry>(e.clone()).unwrap().to_row().unwrap()).collect();
    let mut tx = app.db.begin_write().await.unwrap();
    replace_in(&mut tx, &rows).await.unwrap();
    tx.commit().await.unwrap();
}

impl TestApp {
    pub(crate) async fn call(&self, method: reqwest::Method, path: &str, token: &str, body: Option<Value>, locale: &str) -> (u16, Value) {
        let mut req = self.client.request(method, self.url(path)).bearer_auth(token).header("x-locale", locale);
        if let Some(b) = body {
            req = req.json(&b);
        }
        let resp = req.send().await.unwrap();
        let status = resp.status().as_u16();
        (status, envelope(resp).await)
    }

    async fn claim(&self, token: &str, slug: &str) -> (u16, Value) {
        self.call(reqwest::Method::POST, "/api/bonus/claim", token, Some(json!({"slug": slug})), "en").await
    }

    async fn bonuses(&self, token: &str) -> Vec<Value> {
        let (status, body) = self.call(reqwest::Method::GET, "/api/bonus/list", token, None, "en").await;
        assert_eq!(status, 200, "{body}");
        body["data"].as_array().unwrap().clone()
    }
}

/// The bonus pocket is the sum of the live bonuses' balances.
async fn assert_pocket_is_the_bonuses(app: &TestApp, player: i64) {
    let (_, pocket) = money(app, player).await;
    let live: i64 = sqlx::query_scalar(
        "SELECT CAST(COALESCE(SUM(balance), 0) AS BIGINT) FROM bonuses WHERE player_id = $1 AND state IN ('active', 'spent')",
    )
    .bind(player)
    .fetch_one(&app.db.pool)
    .await
    .unwrap();
    assert_eq!(pocket, live, "the bonus pocket is the live bonuses' sum");
}

fn slot(player: i64, round: &str, tx: &str, kurus: i64) -> Move {
    game("kasa-sultans-gold", player, round, tx, kurus)
}

fn game(code: &str, player: i64, round: &str, tx: &str, kurus: i64) -> Move {
    Move {
        provider: "kasa".into(),
        player_id: player,
        game_code: code.into(),
        round_id: round.into(),
        tx_id: tx.into(),
        amount: Kurus::from_minor(kurus).unwrap(),
    }
}

async fn bonus_row(app: &TestApp, player: i64, promotion: &str) -> (i64, i64, String) {
    let row: (i64, i64, String) = sqlx::query_as("SELECT balance, wagered, state FROM bonuses WHERE player_id = $1 AND promotion = $2")
        .bind(player)
        .bind(promotion)
        .fetch_one(&app.db.pool)
        .await
        .unwrap();
    row
}

on_both_engines! {
    async fn only_the_promotions_running_today_are_listed_in_the_callers_language(app) {
        // Arrange: ended yesterday, running (open-ended and until tomorrow), starting tomorrow.
        set_promotions(&app, &[
            promotion("ended", -10, Some(-1), None),
            promotion("open-ended", -3, None, None),
            promotion("until-tomorrow", 0, Some(1), Some(json!({"amount": 25, "wagering": 5, "maxBet": 10, "days": 2}))),
            promotion("next-week", 1, Some(8), None),
        ]).await;

        // Act
        let english = envelope(app.get_locale("/api/cms/promotions", "en").await).await;
        let turkish = envelope(app.get_locale("/api/cms/promotions", "tr").await).await;

        // Assert
        let slugs: Vec<&str> = english["data"].as_array().unwrap().iter().map(|p| p["slug"].as_str().unwrap()).collect();
        assert_eq!(slugs, ["open-ended", "until-tomorrow"]);
        assert_eq!(english["data"][0]["title"], "open-ended en");
        assert_eq!(turkish["data"][0]["title"], "open-ended tr");
        assert_eq!(english["data"][0]["description"], "<p>Description</p>");
        assert_eq!(english["data"][0]["images"][1], "/media/open-ended-dialog.svg");
        assert_eq!(english["data"][0]["bonus"], Value::Null);
        assert_eq!(english["data"][1]["bonus"], json!({"amount": 25.0, "wagering": 5, "maxBet": 10.0, "days": 2, "sportsWageringPercent": 100, "deposit": null}));
        assert!(english["data"][1]["endsAt"].as_str().unwrap().starts_with(&day(2)), "the last day is included: {}", english["data"][1]["endsAt"]);
    }
}

on_both_engines! {
    async fn a_description_with_a_script_an_event_handler_and_a_javascript_link_comes_back_clean(app) {
        // Arrange: once through the content import's check, once written past it straight into the table.
        let dirty = "<p onclick=\"steal()\">Hi<script>alert(1)</script><img src=\"x.png\" onerror=\"alert(2)\"> <a href=\"javascript:alert(3)\">x</a> <a href=\"https://kasa.example/\">ok</a></p>";
        let mut entry = promotion("dirty", -1, None, None);
        entry["description"] = json!({"tr": dirty, "en": dirty});
        entry["terms"] = json!({"tr": dirty});
        set_promotions(&app, &[entry]).await;
        let stored: String = sqlx::query_scalar("SELECT descriptions FROM promotions WHERE slug = 'dirty'").fetch_one(&app.db.pool).await.unwrap();
        sqlx::query("UPDATE promotions SET descriptions = $1").bind(json!({"tr": dirty}).to_string()).execute(&app.db.pool).await.unwrap();

        // Act
        let served = envelope(app.get_locale("/api/cms/promotions", "en").await).await;

        // Assert
        for html in [stored.as_str(), served["data"][0]["description"].as_str().unwrap(), served["data"][0]["terms"].as_str().unwrap()] {
            let lower = html.to_lowercase();
            for bad in ["<script", "alert(1)", "onclick", "onerror", "javascript:"] {
                assert!(!lower.contains(bad), "{bad} got through: {html}");
            }
            assert!(html.contains("Hi") && html.contains("https://kasa.example/"), "the content stays: {html}");
        }
    }
}

on_both_engines! {
    async fn twenty_claims_of_one_reward_at_once_credit_it_once_and_the_next_claim_says_nothing_is_left(app) {
        // Arrange
        set_promotions(&app, &[promotion("welcome", -1, None, Some(json!({"amount": 100, "wagering": 20, "maxBet": 50, "days": 7})))]).await;
        let (player, token) = make_player(&app, "odul").await;
        let (_, offered) = app.call(reqwest::Method::GET, "/api/bonus/claimable", &token, None, "en").await;

        // Act
        let (url, bearer) = (app.url("/api/bonus/claim"), token.clone());
        let answers = burst(&app, 20, move |_, c| c.post(&url).bearer_auth(&bearer).header("x-locale", "en").json(&json!({"slug": "welcome"}))).await;
        let (again_status, again) = app.claim(&token, "welcome").await;
        let (_, left) = app.call(reqwest::Method::GET, "/api/bonus/claimable", &token, None, "en").await;
        let (unknown_status, unknown) = app.claim(&token, "no-such-promotion").await;

        // Assert
        assert!(offered["data"].as_array().unwrap().iter().any(|c| c["slug"] == "welcome" && c["amount"] == 100.0), "{offered}");
        assert_eq!(count_status(&answers, 200), 20, "{answers:?}");
        assert_eq!(answers.iter().filter(|(_, b)| b["data"]["claimed"] == true).count(), 1, "{answers:?}");
        assert_eq!(money(&app, player).await, (0, 10_000));
        assert_eq!((again_status, again["data"]["claimed"].as_bool()), (200, Some(false)));
        assert_eq!(again["message"], "You have already claimed this reward: there is nothing left to claim.");
        assert!(!left["data"].as_array().unwrap().iter().any(|c| c["slug"] == "welcome"), "{left}");
        assert_eq!(unknown_status, 404, "{unknown}");
        let bonus_notes: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM notifications WHERE player_id = $1 AND type = 4")
            .bind(player).fetch_one(&app.db.pool).await.unwrap();
        assert_eq!(bonus_notes, 1);
        let list = app.bonuses(&token).await;
        assert_eq!(list.len(), 1);
        assert_eq!((list[0]["state"].as_str(), list[0]["amount"].as_f64(), list[0]["wagerRequired"].as_f64(), list[0]["progress"].as_f64()),
            (Some("active"), Some(100.0), Some(2_000.0), Some(0.0)));
        assert_eq!(list[0]["title"], "welcome en");
        assert_pocket_is_the_bonuses(&app, player).await;
        assert_ledger_holds(&app).await;
    }
}

on_both_engines! {
    async fn bets_take_real_money_then_bonus_money_count_by_contribution_and_the_met_requirement_turns_the_rest_real(app) {
        // Arrange: 30 ₺ real, then a 100 ₺ bonus to wager twice (200 ₺), stakes at most 50 ₺.
        set_promotions(&app, &[promotion("twice", -1, None, Some(json!({"amount": 100, "wagering": 2, "maxBet": 50, "days": 7})))]).await;
        let (p, token) = make_player(&app, "cevrim").await;
        fund(&app, p, 3_000).await;
        app.claim(&token, "twice").await;

        // Act and assert, move by move (kuruş: real, bonus; the bonus's balance, wagered).
        rounds::bet(&app.db, &slot(p, "r1", "b1", 5_000)).await.unwrap();
        assert_eq!(money(&app, p).await, (0, 8_000), "30 ₺ real first, then 20 ₺ bonus");
        let split: Vec<(String, i64)> = sqlx::query_as("SELECT a.pocket, t.amount FROM transfers t JOIN accounts a ON a.id = t.debit_account WHERE t.batch_key = 'kasa:bet:b1' ORDER BY a.pocket DESC")
            .fetch_all(&app.db.pool).await.unwrap();
        assert_eq!(split, [("real".to_string(), 3_000), ("bonus".to_string(), 2_000)], "one batch, two linked transfers");
        assert_eq!(bonus_row(&app, p, "twice").await, (8_000, 5_000, "active".into()), "a slot counts in full");

        rounds::win(&app.db, &slot(p, "r1", "w1", 10_000)).await.unwrap();
        assert_eq!(money(&app, p).await, (6_000, 12_000), "the win in the stake's proportion, 3:2");
        assert_eq!(bonus_row(&app, p, "twice").await.0, 12_000);

        let over = rounds::bet(&app.db, &slot(p, "r9", "b9", 5_001)).await;
        assert!(matches!(over, Err(CallError::MaxBet { max }) if max.minor() == 5_000), "{over:?}");
        assert_eq!(money(&app, p).await, (6_000, 12_000), "a refused stake moves nothing");

        rounds::bet(&app.db, &game("kasa-european-roulette", p, "r2", "b2", 5_000)).await.unwrap();
        assert_eq!(bonus_row(&app, p, "twice").await, (12_000, 5_500, "active".into()), "a live game counts a tenth");
        rounds::bet(&app.db, &game("kasa-keno", p, "r3", "b3", 2_000)).await.unwrap();
        assert_eq!(money(&app, p).await, (0, 11_000));
        assert_eq!(bonus_row(&app, p, "twice").await, (11_000, 6_500, "active".into()), "an instant game counts half");
        assert_pocket_is_the_bonuses(&app, p).await;

        fund(&app, p, 15_000).await;
        for (i, tx) in ["b4", "b5"].into_iter().enumerate() {
            rounds::bet(&app.db, &slot(p, &format!("r{}", 4 + i), tx, 5_000)).await.unwrap();
        }
        assert_eq!(bonus_row(&app, p, "twice").await, (11_000, 16_500, "active".into()));
        rounds::bet(&app.db, &slot(p, "r6", "b6", 5_000)).await.unwrap();
        assert_eq!(bonus_row(&app, p, "twice").await, (11_000, 21_500, "active".into()), "counted, but open rounds' stakes have not stood");
        for r in ["r4", "r5", "r6"] {
            rounds::win(&app.db, &slot(p, r, &format!("w-{r}"), 0)).await.unwrap();
        }

        assert_eq!(bonus_row(&app, p, "twice").await, (0, 21_500, "completed".into()), "20,000 stood: the requirement is met");
        assert_eq!(money(&app, p).await, (11_000, 0), "the 110 ₺ left of the bonus is real money now");
        let list = app.bonuses(&token).await;
        assert_eq!((list[0]["state"].as_str(), list[0]["progress"].as_f64()), (Some("completed"), Some(100.0)));
        rounds::bet(&app.db, &slot(p, "r7", "b7", 10_000)).await.expect("no maximum bet once the bonus is completed");
        assert_pocket_is_the_bonuses(&app, p).await;
        assert_ledger_holds(&app).await;
    }
}

on_both_engines! {
    async fn a_win_after_the_bonus_money_was_all_staked_goes_back_to_its_bonus(app) {
        // Arrange
        set_promotions(&app, &[promotion("small", -1, None, Some(json!({"amount": 10, "wagering": 30, "maxBet": 10, "days": 7})))]).await;
        let (p, token) = make_player(&app, "kayip").await;
        app.claim(&token, "small").await;

        // Act
        rounds::bet(&app.db, &slot(p, "r1", "b1", 1_000)).await.unwrap();
        let spent = bonus_row(&app, p, "small").await;
        rounds::win(&app.db, &slot(p, "r1", "w1", 3_000)).await.unwrap();

        // Assert
        assert_eq!(spent, (0, 1_000, "spent".into()));
        assert_eq!(bonus_row(&app, p, "small").await, (3_000, 1_000, "active".into()));
        assert_eq!(money(&app, p).await, (0, 3_000));
        assert_pocket_is_the_bonuses(&app, p).await;
        assert_ledger_holds(&app).await;
    }
}

on_both_engines! {
    async fn twenty_bonus_bets_at_once_never_overdraw_and_keep_the_pocket_the_bonuses_sum(app) {
        // Arrange: 100 ₺ of bonus money, twenty 10 ₺ stakes at once.
        set_promotions(&app, &[promotion("rush", -1, None, Some(json!({"amount": 100, "wagering": 40, "maxBet": 10, "days": 7})))]).await;
        let (p, token) = make_player(&app, "kosu").await;
        app.claim(&token, "rush").await;

        // Act
        let mut tasks = Vec::new();
        for i in 0..20 {
            let db = app.db.clone();
            tasks.push(tokio::spawn(async move { rounds::bet(&db, &slot(p, &format!("r{i}"), &format!("b{i}"), 1_000)).await }));
        }
        let mut taken = 0;
        for t in tasks {
            if t.await.unwrap().is_ok() {
                taken += 1;
            }
        }

        // Assert
        assert_eq!(taken, 10, "exactly the bonus money's worth of stakes");
        assert_eq!(money(&app, p).await, (0, 0));
        assert_eq!(bonus_row(&app, p, "rush").await, (0, 10_000, "spent".into()));
        assert_pocket_is_the_bonuses(&app, p).await;
        assert_ledger_holds(&app).await;
    }
}

on_both_engines! {
    async fn an_expired_bonus_and_a_forfeited_one_give_their_money_back_to_bonus_cost(app) {
        // Arrange: two bonuses of 100 ₺ and 50 ₺.
        set_promotions(&app, &[
            promotion("first", -1, None, Some(json!({"amount": 100, "wagering": 10, "maxBet": 50, "days": 7}))),
            promotion("second", -1, None, Some(json!({"amount": 50, "wagering": 10, "maxBet": 50, "days": 7}))),
        ]).await;
        let (p, token) = make_player(&app, "sure").await;
        app.claim(&token, "first").await;
        app.claim(&token, "second").await;
        let before = kasa::wallet::report(&app.db, None, None).await.unwrap();
        sqlx::query("UPDATE bonuses SET expires_at = $1 WHERE promotion = 'first'").bind(kasa::db::now_ms() - 1).execute(&app.db.pool).await.unwrap();

        // Act: the list expires the first; ten forfeits of the second at once.
        let listed = app.bonuses(&token).await;
        let after_expiry = money(&app, p).await;
        let second = listed.iter().find(|b| b["promotion"] == "second").unwrap()["id"].as_i64().unwrap();
        let (url, bearer) = (app.url("/api/bonus/forfeit"), token.clone());
        let answers = burst(&app, 10, move |_, c| c.post(&url).bearer_auth(&bearer).header("x-locale", "tr").json(&json!({"id": second}))).await;

        // Assert
        assert_eq!(before.bonus_cost, 15_000);
        assert_eq!(listed.iter().find(|b| b["promotion"] == "first").unwrap()["state"], "expired");
        assert_eq!(after_expiry, (0, 5_000));
        assert_eq!(count_status(&answers, 200), 1, "{answers:?}");
        assert_eq!(count_status(&answers, 409), 9, "{answers:?}");
        assert!(answers.iter().any(|(s, b)| *s == 409 && b["message"] == "Bu bonus artık aktif değil."), "{answers:?}");
        assert_eq!(money(&app, p).await, (0, 0));
        assert_eq!(bonus_row(&app, p, "second").await.2, "forfeited");
        let after = kasa::wallet::report(&app.db, None, None).await.unwrap();
        assert_eq!((after.bonus_cost, after.ngr), (0, 0), "all of it came back");
        assert_pocket_is_the_bonuses(&app, p).await;
        assert_ledger_holds(&app).await;
    }
}

on_both_engines! {
    async fn bonus_cost_is_in_the_report_and_ngr_is_ggr_minus_it(app) {
        // Arrange: a 100 ₺ bonus, 20 ₺ of it lost at the slot.
        set_promotions(&app, &[promotion("report", -1, None, Some(json!({"amount": 100, "wagering": 10, "maxBet": 50, "days": 7})))]).await;
        let (p, token) = make_player(&app, "rapor").await;
        app.claim(&token, "report").await;
        rounds::bet(&app.db, &slot(p, "r1", "b1", 2_000)).await.unwrap();
        rounds::win(&app.db, &slot(p, "r1", "w1", 0)).await.unwrap();

        // Act
        let report = kasa::wallet::report(&app.db, None, None).await.unwrap();

        // Assert
        assert_eq!(report.bonus_cost, 10_000);
        assert_eq!(report.ggr.get("kasa").copied(), Some(2_000));
        assert_eq!(report.ngr, 2_000 - 10_000);
    }
}

on_both_engines! {
    async fn the_operator_grants_a_promotion_once_and_the_player_is_notified_unread(app) {
        // Arrange: a promotion over already (an operator may still grant it).
        set_promotions(&app, &[promotion("vip", -30, Some(-2), Some(json!({"amount": 250, "wagering": 5, "maxBet": 100, "days": 3})))]).await;
        let (p, _) = make_player(&app, "vipoyuncu").await;

        // Act
        let first = kasa::bonus::grant_by_operator(&app.db, "vipoyuncu", "vip").await;
        let second = kasa::bonus::grant_by_operator(&app.db, "vipoyuncu", "vip").await;
        let nobody = kasa::bonus::grant_by_operator(&app.db, "nobody-here", "vip").await;
        let no_promotion = kasa::bonus::grant_by_operator(&app.db, "vipoyuncu", "nope").await;

        // Assert
        let bonus = first.unwrap();
        assert_eq!((bonus.amount, bonus.wager_required, bonus.source.as_str()), (25_000, 125_000, "operator"));
        assert!(second.unwrap_err().to_string().contains("already"));
        assert!(nobody.is_err() && no_promotion.is_err());
        assert_eq!(money(&app, p).await, (0, 25_000));
        let unread: i64 = sqlx::query_scalar(
            "SELECT COUNT(*) FROM notifications n WHERE n.player_id = $1 AND n.type = 4 \
             AND NOT EXISTS (SELECT 1 FROM notification_reads r WHERE r.notification_id = n.id)",
        )
        .bind(p).fetch_one(&app.db.pool).await.unwrap();
        assert_eq!(unread, 1);
        assert_ledger_holds(&app).await;
    }
}
