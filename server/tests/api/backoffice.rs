//! The operator's back office (issue 32), on both engines: every permission checked (a role
//! without it gets 403 and nothing changes), staff and player tokens kept apart, TOTP (a wrong or
//! replayed code refused, repeated failures lock), four-eyes approval of large withdrawals and of
//! balance adjustments (never the same member twice, never the asker; parallel approvals count
//! once each), the hash-chained audit log (a tampered row is named), and a disabled member's
//! session ending on another node.

use reqwest::Method;
use serde_json::{Value, json};
use totp_rs::{Builder, Secret};

use kasa::auth::password::Hashing;
use kasa::backoffice::Role;

use crate::helpers::{TestApp, burst, count_status, envelope};
use crate::on_both_engines;
use crate::rounds::{fund, make_player};

const PASSWORD: &str = "correct horse battery";

/// A 6-digit code of `secret` (base32) at `unix` seconds.
fn code_at(secret: &str, unix: u64) -> String {
    let bytes = Secret::try_from_base32(secret).unwrap().as_ref().to_vec();
    Builder::new().with_secret(bytes).build().unwrap().generate(unix).to_string()
}

fn now_s() -> u64 {
    (kasa::db::now_ms() / 1000) as u64
}

async fn call(app: &TestApp, method: Method, path: &str, token: &str, body: Option<Value>) -> (u16, Value) {
    let mut req = app.client.request(method, app.url(path)).bearer_auth(token);
    if let Some(b) = body {
        req = req.json(&b);
    }
    let resp = req.send().await.unwrap();
    let status = resp.status().as_u16();
    (status, resp.json().await.unwrap_or(Value::Null))
}

/// Creates a staff member with `roles` and signs them in (enrolling their authenticator); their
/// id, token and TOTP secret.
async fn staff(app: &TestApp, username: &str, roles: &[Role]) -> (i64, String, String) {
    let by = kasa::audit::Entry::new("staff.create", "").by(None, "test", "");
    let id = kasa::backoffice::staff::create(&app.db, &Hashing::new(1, 4), username, PASSWORD, roles, by).await.unwrap();
    let (status, first) = login(app, username, PASSWORD, None).await;
    assert_eq!(status, 200, "{first}");
    assert_eq!(first["data"]["status"], "enrol", "{first}");
    let secret = first["data"]["secret"].as_str().unwrap().to_string();
    assert!(first["data"]["uri"].as_str().unwrap().starts_with("otpauth://totp/Kasa:"), "{first}");
    let enrolled = envelope(
        app.post_json("/admin/api/auth/enrol", &json!({"username": username, "password": PASSWORD, "code": code_at(&secret, now_s())}))
            .await,
    )
    .await;
    assert_eq!(enrolled["data"]["status"], "ok", "{enrolled}");
    (id, enrolled["data"]["token"].as_str().unwrap().to_string(), secret)
}

async fn login(app: &TestApp, username: &str, password: &str, code: Option<String>) -> (u16, Value) {
    let resp = app.post_json("/admin/api/auth/login", &json!({"username": username, "password": password, "code": code})).await;
    let status = resp.status().as_u16();
    (status, envelope(resp).await)
}

async fn audit_actions(app: &TestApp) -> Vec<String> {
    sqlx::query_scalar("SELECT action FROM audit_log ORDER BY seq").fetch_all(&app.db.pool).await.unwrap()
}

/// A player with approved identity and `lira` of real money; their id and token.
async fn funded_player(app: &TestApp, username: &str, lira: i64) -> (i64, String) {
    let (player, token) = make_player(app, username).await;
    fund(app, player, lira * 100).await;
    sqlx::query(
        "INSERT INTO kyc_documents (player_id, kind, doc_type, side, state, mime, size, sha256, uploaded_at, decided_at, decided_by) \
         VALUES ($1, 'identity', 'passport', 'front', 'approved', 'image/png', 1, 'x', $2, $2, 'test')",
    )
    .bind(player)
    .bind(kasa::db::now_ms())
    .execute(&app.db.pool)
    .await
    .unwrap();
    (player, token)
}

/// A pending bank withdrawal of `lira` by the player; its id.
async fn withdrawal(app: &TestApp, token: &str, lira: i64) -> i64 {
    let body = json!({"id": 4, "target": "pay", "detail": {"Iban": "TR36 0001 0001 2345 6789 0123 45", "AccountName": "Test Player", "Amount": lira}});
    let resp =
        app.client.post(app.url("/api/payment/withdraw")).bearer_auth(token).header("x-locale", "en").json(&body).send().await.unwrap();
    let body = envelope(resp).await;
    body["data"]["id"].as_i64().unwrap_or_else(|| panic!("no withdrawal: {body}"))
}

async fn status_of(app: &TestApp, id: i64) -> String {
    sqlx::query_scalar("SELECT status FROM payment_requests WHERE id = $1").bind(id).fetch_one(&app.db.pool).await.unwrap()
}

on_both_engines! {
    async fn a_role_without_a_permission_gets_403_and_nothing_changes(app) {
        // Arrange
        let (_, support, _) = staff(&app, "sam", &[Role::Support]).await;
        let (_, finance, _) = staff(&app, "fiona", &[Role::Finance]).await;
        let (_, admin, _) = staff(&app, "ada", &[Role::Admin]).await;
        let (_, content, _) = staff(&app, "carl", &[Role::Content]).await;
        let (_, compliance, _) = staff(&app, "cora", &[Role::Compliance]).await;
        let (player, token) = funded_player(&app, "refused", 1_000).await;
        let request = withdrawal(&app, &token, 200).await;
        let before = audit_actions(&app).await.len();
        let p = format!("/admin/api/players/{player}");
        let document: i64 = sqlx::query_scalar("SELECT id FROM kyc_documents WHERE player_id = $1").bind(player).fetch_one(&app.db.pool).await.unwrap();
        let refusals: Vec<(&str, Method, String, Option<Value>)> = vec![
            (&support, Method::POST, format!("/admin/api/payments/{request}/approve"), None),
            (&admin, Method::POST, format!("/admin/api/payments/{request}/approve"), None),
            (&compliance, Method::POST, format!("/admin/api/payments/{request}/reject"), Some(json!({"reason": "no"}))),
            (&support, Method::GET, "/admin/api/withdrawals".into(), None),
            (&content, Method::GET, "/admin/api/players?q=refused".into(), None),
            (&content, Method::GET, p.clone(), None),
            (&finance, Method::POST, "/admin/api/staff".into(), Some(json!({"username": "eve", "password": PASSWORD, "roles": ["admin"]}))),
            (&finance, Method::GET, "/admin/api/staff".into(), None),
            (&compliance, Method::POST, "/admin/api/staff/1/confirm".into(), None),
            (&compliance, Method::POST, format!("{p}/adjust"), Some(json!({"amount": 100, "reason": "gift"}))),
            (&admin, Method::POST, format!("{p}/adjust"), Some(json!({"amount": 100, "reason": "gift"}))),
            (&support, Method::POST, format!("{p}/exclude"), Some(json!({"period": "24h"}))),
            (&finance, Method::POST, format!("{p}/notes"), Some(json!({"text": "hi"}))),
            (&content, Method::POST, format!("{p}/notify"), Some(json!({"title": "t", "body": "b"}))),
            (&finance, Method::POST, format!("{p}/sessions/end"), None),
            (&admin, Method::GET, "/admin/api/documents".into(), None),
            // An identity document's file is served to a member with kyc.read only.
            (&admin, Method::GET, format!("/admin/api/documents/{document}/file"), None),
            (&finance, Method::GET, format!("/admin/api/documents/{document}/file"), None),
            (&content, Method::GET, format!("/admin/api/documents/{document}/file"), None),
            (&support, Method::GET, "/admin/api/audit".into(), None),
            (&finance, Method::GET, "/admin/api/audit/verify".into(), None),
            (&finance, Method::GET, "/admin/api/banners".into(), None),
            (&support, Method::PUT, "/admin/api/banners/1".into(), Some(json!({"id": 1, "slug": "home", "url": "/x", "images": {"tr": ["/a.webp"], "en": ["/a.webp"]}, "sort": 0}))),
        ];

        // Act
        let mut answers = Vec::new();
        for (token, method, path, body) in &refusals {
            answers.push((path.clone(), call(&app, method.clone(), path, token, body.clone()).await));
        }

        // Assert
        for (path, (status, body)) in &answers {
            assert_eq!(*status, 403, "{path}: {body}");
            assert!(body["message"].as_str().unwrap().contains("do not allow"), "{path}: {body}");
        }
        assert_eq!(status_of(&app, request).await, "pending");
        let approvals: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM payment_approvals").fetch_one(&app.db.pool).await.unwrap();
        let staff_count: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM staff").fetch_one(&app.db.pool).await.unwrap();
        let closures: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM exclusions").fetch_one(&app.db.pool).await.unwrap();
        assert_eq!((approvals, staff_count, closures), (0, 5, 0));
        assert_eq!(audit_actions(&app).await.len(), before, "a refused call writes nothing");
        // And the same calls with the right role pass.
        assert_eq!(call(&app, Method::GET, "/admin/api/withdrawals", &finance, None).await.0, 200);
        assert_eq!(call(&app, Method::GET, &p, &support, None).await.0, 200);
        assert_eq!(call(&app, Method::GET, "/admin/api/staff", &admin, None).await.0, 200);
    }
}

on_both_engines! {
    async fn staff_and_player_tokens_are_kept_apart(app) {
        // Arrange
        let (_, staff_token, _) = staff(&app, "tina", &[Role::Support, Role::Compliance]).await;
        let (_, player_token) = make_player(&app, "plain").await;

        // Act
        let player_on_admin = call(&app, Method::GET, "/admin/api/me", &player_token, None).await;
        let staff_on_api = call(&app, Method::GET, "/api/kyc", &staff_token, None).await;
        let staff_on_admin = call(&app, Method::GET, "/admin/api/me", &staff_token, None).await;
        let none = app.get("/admin/api/queues").await.status().as_u16();

        // Assert
        assert_eq!(player_on_admin.0, 401, "{}", player_on_admin.1);
        assert_eq!(staff_on_api.0, 401, "{}", staff_on_api.1);
        assert_eq!(none, 401);
        assert_eq!(staff_on_admin.0, 200);
        let permissions = staff_on_admin.1["data"]["permissions"].as_array().unwrap();
        assert!(permissions.contains(&json!("kyc.decide")) && permissions.contains(&json!("players.notify")), "{}", staff_on_admin.1);
        assert!(!permissions.contains(&json!("payments.decide")));
    }
}

on_both_engines! {
    async fn a_wrong_or_replayed_code_is_refused_and_repeated_failures_lock(app) {
        // Arrange: enrolment used this step's code.
        let (_, _, secret) = staff(&app, "otto", &[Role::Support]).await;
        let now = now_s();

        // Act
        let no_code = login(&app, "otto", PASSWORD, None).await;
        let replayed = login(&app, "otto", PASSWORD, Some(code_at(&secret, now))).await;
        let wrong_password = login(&app, "otto", "wrong password!!", Some(code_at(&secret, now + 30))).await;
        let next = login(&app, "otto", PASSWORD, Some(code_at(&secret, now + 30))).await;
        let next_again = login(&app, "otto", PASSWORD, Some(code_at(&secret, now + 30))).await;
        // With the replay just before: five failures in a row.
        let mut wrongs = Vec::new();
        for _ in 0..4 {
            wrongs.push(login(&app, "otto", PASSWORD, Some("000000".into())).await.0);
        }
        let locked = login(&app, "otto", PASSWORD, Some(code_at(&secret, now + 60))).await;
        let locked_wrong_password = login(&app, "otto", "wrong password!!", None).await;

        // Assert
        assert_eq!(no_code.1["data"]["status"], "code");
        assert_eq!(replayed.0, 401, "a code is accepted once: {}", replayed.1);
        assert_eq!(wrong_password.0, 401);
        assert_eq!(next.0, 200, "{}", next.1);
        assert_eq!(next.1["data"]["status"], "ok");
        assert_eq!(next_again.0, 401, "the same code twice: {}", next_again.1);
        assert!(wrongs.iter().all(|s| *s == 401), "{wrongs:?}");
        assert_eq!(locked.0, 429, "locked after five failures even with a right code: {}", locked.1);
        assert_eq!(locked_wrong_password.0, 401, "a stranger cannot tell a locked account: {}", locked_wrong_password.1);
        let actions = audit_actions(&app).await;
        assert_eq!(actions.iter().filter(|a| *a == "staff.signin_failed").count(), 8, "{actions:?}");
        assert_eq!(actions.iter().filter(|a| *a == "staff.signin_locked").count(), 1, "{actions:?}");
        assert_eq!(actions.iter().filter(|a| *a == "staff.signin").count(), 1);
    }
}

on_both_engines! {
    async fn wrong_passwords_never_lock_a_member_out_and_an_earlier_enrolment_offer_stops_counting(app) {
        // Arrange: a member nobody has signed in as yet.
        let by = kasa::audit::Entry::new("staff.create", "").by(None, "test", "");
        kasa::backoffice::staff::create(&app.db, &Hashing::new(1, 4), "nina", PASSWORD, &[Role::Support], by).await.unwrap();

        // Act: someone who knows the first password looks at the enrolment offer; then strangers
        // guess passwords; then the member signs in and enrols.
        let peeked = login(&app, "nina", PASSWORD, None).await.1["data"]["secret"].as_str().unwrap().to_string();
        let mut guesses = Vec::new();
        for _ in 0..8 {
            guesses.push(login(&app, "nina", "not the password", None).await.0);
        }
        let own = login(&app, "nina", PASSWORD, None).await;
        let own_secret = own.1["data"]["secret"].as_str().unwrap().to_string();
        let enrol = |secret: &str| json!({"username": "nina", "password": PASSWORD, "code": code_at(secret, now_s())});
        let with_peeked = envelope(app.post_json("/admin/api/auth/enrol", &enrol(&peeked)).await).await;
        let with_own = envelope(app.post_json("/admin/api/auth/enrol", &enrol(&own_secret)).await).await;

        // Assert
        assert!(guesses.iter().all(|s| *s == 401), "{guesses:?}");
        assert_eq!(own.0, 200, "eight wrong passwords did not lock the member out: {}", own.1);
        assert_ne!(peeked, own_secret, "each offer is a new secret");
        assert_eq!(with_peeked["success"], false, "the earlier offer no longer counts: {with_peeked}");
        assert_eq!(with_own["data"]["status"], "ok", "{with_own}");
    }
}

on_both_engines! {
    async fn a_bonus_given_while_the_player_is_being_excluded_never_lands_after_the_exclusion(app) {
        // Arrange: eight players, each excluded by a compliance member at the moment a finance
        // member gives them a bonus.
        crate::bonus::set_promotions(&app, &[crate::bonus::promotion("vip", -30, Some(30), Some(json!({"amount": 250, "wagering": 5, "maxBet": 100, "days": 3})))]).await;
        let (_, finance, _) = staff(&app, "fin", &[Role::Finance]).await;
        let (_, compliance, _) = staff(&app, "com", &[Role::Compliance]).await;
        let mut players = Vec::new();
        for i in 0..8 {
            players.push(make_player(&app, &format!("racer{i}")).await.0);
        }

        // Act
        let races = players.iter().map(|p| {
            let (bonus, exclude) = (format!("/admin/api/players/{p}/bonus"), format!("/admin/api/players/{p}/exclude"));
            let (app, finance, compliance) = (&app, &finance, &compliance);
            async move {
                tokio::join!(
                    call(app, Method::POST, &bonus, finance, Some(json!({"promotion": "vip"}))),
                    call(app, Method::POST, &exclude, compliance, Some(json!({"period": "24h"}))),
                )
            }
        });
        let answers = futures_util::future::join_all(races).await;

        // Assert: every exclusion went through; a bonus exists only if it was committed first (the
        // audit chain's order is the order of the commits).
        let seq_of = |action: &'static str, p: i64| {
            sqlx::query_scalar::<_, i64>("SELECT seq FROM audit_log WHERE action = $1 AND target = $2")
                .bind(action)
                .bind(format!("player:{p}"))
                .fetch_optional(&app.db.pool)
        };
        for (p, (bonus, excluded)) in players.iter().zip(&answers) {
            assert_eq!(excluded.0, 200, "{}", excluded.1);
            let granted: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM bonuses WHERE player_id = $1").bind(p).fetch_one(&app.db.pool).await.unwrap();
            assert_eq!(granted == 1, bonus.0 == 200, "{}", bonus.1);
            let closed = seq_of("player.exclude", *p).await.unwrap().expect("the exclusion is recorded");
            if let Some(given) = seq_of("player.bonus", *p).await.unwrap() {
                assert!(given < closed, "player {p}: a bonus landed after the exclusion");
            }
        }
        let check = kasa::wallet::check(&app.db).await.unwrap();
        assert!(check.is_ok(), "{check}");
    }
}

on_both_engines! {
    async fn a_large_withdrawal_needs_two_different_members_and_parallel_approvals_count_once_each(app) {
        // Arrange: the four-eyes amount is 10.000 ₺.
        let (a, anna, _) = staff(&app, "anna", &[Role::Finance]).await;
        let (_, bert, _) = staff(&app, "bert", &[Role::Finance]).await;
        let (_, (player, token)) = ((), funded_player(&app, "whale", 50_000).await);
        let first = withdrawal(&app, &token, 15_000).await;
        let second = withdrawal(&app, &token, 12_000).await;
        let small = withdrawal(&app, &token, 500).await;

        // Act: one member twice, then another.
        let once = call(&app, Method::POST, &format!("/admin/api/payments/{first}/approve"), &anna, None).await;
        let twice = call(&app, Method::POST, &format!("/admin/api/payments/{first}/approve"), &anna, None).await;
        let after_one = status_of(&app, first).await;
        let other = call(&app, Method::POST, &format!("/admin/api/payments/{first}/approve"), &bert, None).await;
        // Two different members at once on the second request.
        let (t1, t2) = (anna.clone(), bert.clone());
        let url = format!("/admin/api/payments/{second}/approve");
        let base = app.address.clone();
        let together = burst(&app, 2, move |i, c| c.post(format!("{base}{url}")).bearer_auth(if i == 0 { &t1 } else { &t2 })).await;
        // One member twice at once on the small one (one approval is enough there).
        let t = anna.clone();
        let url = format!("/admin/api/payments/{small}/approve");
        let base = app.address.clone();
        let same = burst(&app, 2, move |_, c| c.post(format!("{base}{url}")).bearer_auth(&t)).await;

        // Assert
        assert_eq!(once.0, 200, "{}", once.1);
        assert_eq!((once.1["data"]["status"].as_str(), once.1["data"]["approvalsNeeded"].as_i64()), (Some("pending"), Some(2)));
        assert_eq!(twice.0, 409, "{}", twice.1);
        assert_eq!(after_one, "pending");
        assert_eq!(other.1["data"]["status"], "confirmed", "{}", other.1);
        assert_eq!(status_of(&app, first).await, "confirmed");
        assert_eq!(count_status(&together, 200), 2, "{together:?}");
        let statuses: Vec<&str> = together.iter().map(|(_, b)| b["data"]["status"].as_str().unwrap()).collect();
        assert!(statuses.contains(&"pending") && statuses.contains(&"confirmed"), "{statuses:?}");
        assert_eq!(status_of(&app, second).await, "confirmed");
        assert_eq!(count_status(&same, 200), 1, "{same:?}");
        assert_eq!(count_status(&same, 409), 1, "{same:?}");
        let approvals: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM payment_approvals WHERE request_id = $1").bind(small).fetch_one(&app.db.pool).await.unwrap();
        assert_eq!(approvals, 1);
        let b = kasa::wallet::balances(&app.db, player).await.unwrap();
        assert_eq!((b.real.minor(), b.held.minor()), ((50_000 - 15_000 - 12_000 - 500) * 100, 0), "each hold posted once");
        let check = kasa::wallet::check(&app.db).await.unwrap();
        assert!(check.is_ok(), "{check}");
        let by: Vec<Option<i64>> = sqlx::query_scalar("SELECT staff_id FROM audit_log WHERE action = 'payment.approve_withdrawal' ORDER BY seq").fetch_all(&app.db.pool).await.unwrap();
        assert_eq!(by.len(), 5, "every approval recorded: {by:?}");
        assert_eq!(by[0], Some(a));
        // The day's report counts each withdrawal once.
        let today = &kasa::time::turkey_minute(kasa::db::now_ms())[0..10];
        let report = call(&app, Method::GET, &format!("/admin/api/reports?from={today}&to={today}"), &anna, None).await;
        assert_eq!(report.1["data"]["totals"]["withdrawals"], 27_500.0, "{}", report.1);
        assert_eq!(report.1["data"]["days"].as_array().unwrap().len(), 1);
    }
}

/// A pending deposit of `lira` by the player with the method `method` (1 bank, 2 card); its id.
async fn deposit(app: &TestApp, token: &str, method: i64, lira: i64) -> i64 {
    let body = json!({"id": method, "target": "pay", "detail": {"Amount": lira}});
    let resp =
        app.client.post(app.url("/api/payment/deposit")).bearer_auth(token).header("x-locale", "en").json(&body).send().await.unwrap();
    let body = envelope(resp).await;
    assert_eq!(body["success"], true, "{body}");
    // A card deposit answers its payment page's address: its id is the newest request.
    sqlx::query_scalar("SELECT MAX(id) FROM payment_requests").fetch_one(&app.db.pool).await.unwrap()
}

on_both_engines! {
    async fn a_large_deposit_needs_two_members_and_a_card_deposit_is_never_decided_by_staff(app) {
        // Arrange: the four-eyes amount is 10.000 ₺; a player who never paid the card page.
        let (_, anna, _) = staff(&app, "anna", &[Role::Finance]).await;
        let (_, bert, _) = staff(&app, "bert", &[Role::Finance]).await;
        let (player, token) = make_player(&app, "depositor").await;
        let large = deposit(&app, &token, 1, 15_000).await;
        let card = deposit(&app, &token, 2, 5_000).await;

        // Act
        let first = call(&app, Method::POST, &format!("/admin/api/payments/{large}/approve"), &anna, None).await;
        let balance_after_one = kasa::wallet::balances(&app.db, player).await.unwrap().real.minor();
        let second = call(&app, Method::POST, &format!("/admin/api/payments/{large}/approve"), &bert, None).await;
        let card_approve = call(&app, Method::POST, &format!("/admin/api/payments/{card}/approve"), &anna, None).await;
        let card_reject = call(&app, Method::POST, &format!("/admin/api/payments/{card}/reject"), &anna, Some(json!({"reason": "no"}))).await;

        // Assert
        assert_eq!(first.0, 200, "{}", first.1);
        assert_eq!((first.1["data"]["status"].as_str(), first.1["data"]["approvalsNeeded"].as_i64()), (Some("pending"), Some(2)));
        assert_eq!(balance_after_one, 0, "one approval credits nothing");
        assert_eq!(second.1["data"]["status"], "confirmed", "{}", second.1);
        assert_eq!(kasa::wallet::balances(&app.db, player).await.unwrap().real.minor(), 1_500_000);
        assert_eq!(card_approve.0, 409, "{}", card_approve.1);
        assert_eq!(card_reject.0, 409, "{}", card_reject.1);
        assert_eq!(status_of(&app, card).await, "pending", "the card page's gateway still decides it");
    }
}

on_both_engines! {
    async fn an_adjustment_is_applied_by_another_finance_member_once_never_by_its_asker(app) {
        // Arrange
        let (_, asker, _) = staff(&app, "ali", &[Role::Finance]).await;
        let (_, b, _) = staff(&app, "burak", &[Role::Finance]).await;
        let (_, c, _) = staff(&app, "cem", &[Role::Finance]).await;
        let (player, _) = make_player(&app, "lucky").await;
        let asked = call(&app, Method::POST, &format!("/admin/api/players/{player}/adjust"), &asker, Some(json!({"amount": 250.5, "reason": "goodwill"}))).await;
        let id = asked.1["data"]["id"].as_i64().unwrap();

        // Act
        let own = call(&app, Method::POST, &format!("/admin/api/adjustments/{id}/approve"), &asker, None).await;
        let (t1, t2) = (b.clone(), c.clone());
        let base = app.address.clone();
        let together = burst(&app, 2, move |i, cl| cl.post(format!("{base}/admin/api/adjustments/{id}/approve")).bearer_auth(if i == 0 { &t1 } else { &t2 })).await;

        // Assert
        assert_eq!(own.0, 409, "{}", own.1);
        assert_eq!(count_status(&together, 200), 1, "{together:?}");
        assert_eq!(count_status(&together, 409), 1, "{together:?}");
        assert_eq!(kasa::wallet::balances(&app.db, player).await.unwrap().real.minor(), 25_050, "applied once");
        let check = kasa::wallet::check(&app.db).await.unwrap();
        assert!(check.is_ok(), "{check}");
    }
}

on_both_engines! {
    async fn the_audit_log_refuses_changes_and_verify_names_a_tampered_row(app) {
        // Arrange: a few recorded actions.
        let (_, token, _) = staff(&app, "cansu", &[Role::Compliance, Role::Support]).await;
        let (player, _) = make_player(&app, "noted").await;
        for text in ["first", "second", "third"] {
            let (status, body) = call(&app, Method::POST, &format!("/admin/api/players/{player}/notes"), &token, Some(json!({"text": text}))).await;
            assert_eq!(status, 200, "{body}");
        }
        let intact = kasa::audit::verify(&app.db).await.unwrap();
        let seq: i64 = sqlx::query_scalar("SELECT seq FROM audit_log WHERE after LIKE '%second%'").fetch_one(&app.db.pool).await.unwrap();

        // Act: the table refuses changes; someone with the database's owner rights gets past that.
        let update = sqlx::query("UPDATE audit_log SET actor = 'nobody' WHERE seq = $1").bind(seq).execute(&app.db.pool).await;
        let delete = sqlx::query("DELETE FROM audit_log WHERE seq = $1").bind(seq).execute(&app.db.pool).await;
        if app.db.engine == kasa::db::Engine::Postgres {
            sqlx::query("ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_change").execute(&app.db.pool).await.unwrap();
        } else {
            sqlx::query("DROP TRIGGER audit_log_no_update").execute(&app.db.pool).await.unwrap();
        }
        sqlx::query("UPDATE audit_log SET after = REPLACE(after, 'second', 'altered') WHERE seq = $1").bind(seq).execute(&app.db.pool).await.unwrap();
        let broken = kasa::audit::verify(&app.db).await.unwrap();
        let over_api = call(&app, Method::GET, "/admin/api/audit/verify", &token, None).await;

        // Assert
        assert_eq!(intact.broken_at, None);
        assert!(intact.rows >= 5, "{intact:?}");
        assert!(update.is_err() && delete.is_err(), "append-only: {update:?} {delete:?}");
        assert_eq!(broken.broken_at, Some(seq));
        assert_eq!(over_api.1["data"]["brokenAt"], seq, "{}", over_api.1);
    }
}

on_both_engines! {
    async fn disabling_a_member_ends_their_session_on_another_node_at_once(app) {
        // Arrange: a second node on the same database.
        let other = crate::helpers::spawn_node(&app.db.url, true, None, kasa::hub::HubTimings::default()).await;
        let (_, admin, _) = staff(&app, "root", &[Role::Admin]).await;
        let (victim, token, _) = staff(&app, "vic", &[Role::Support]).await;
        let before = call(&other, Method::GET, "/admin/api/me", &token, None).await.0;

        // Act
        let disabled = call(&app, Method::POST, &format!("/admin/api/staff/{victim}/disable"), &admin, None).await;
        let after = call(&other, Method::GET, "/admin/api/me", &token, None).await;
        let again = login(&other, "vic", PASSWORD, Some("123456".into())).await;

        // Assert
        assert_eq!(before, 200);
        assert_eq!(disabled.0, 200, "{}", disabled.1);
        assert_eq!(after.0, 401, "{}", after.1);
        assert_eq!(again.0, 401, "a disabled member cannot sign in");
        let ended: Option<i64> = sqlx::query_scalar("SELECT ended_at FROM staff_sessions WHERE staff_id = $1").bind(victim).fetch_one(&app.db.pool).await.unwrap();
        assert!(ended.is_some());
    }
}

on_both_engines! {
    async fn approvals_at_once_giving_one_tc_number_to_many_fast_accounts_leave_it_on_one(app) {
        // Arrange: eight accounts registered fast, each with a pending passport.
        let (_, compliance, _) = staff(&app, "kyc", &[Role::Compliance]).await;
        let mut docs = Vec::new();
        for i in 0..8 {
            let (player, _) = make_player(&app, &format!("fast{i}")).await;
            let id: i64 = crate::kyc::pending_identity(&app, player, "passport").await;
            docs.push(id);
        }

        // Act: all eight approved at once with the same number.
        let urls: Vec<String> = docs.iter().map(|id| app.url(&format!("/admin/api/documents/{id}/approve"))).collect();
        let answers = burst(&app, 8, move |i, c| c.post(&urls[i]).bearer_auth(&compliance).json(&json!({"number": "20000000114"}))).await;

        // Assert: one account holds the number; every other approval either went through (the
        // reviewer told of the first account) or asked to try again; none failed.
        let holders: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM players WHERE personal_no = '20000000114'").fetch_one(&app.db.pool).await.unwrap();
        assert_eq!(holders, 1);
        assert!(answers.iter().all(|(s, _)| *s == 200 || *s == 422), "{answers:?}");
        let approved = count_status(&answers, 200) as i64;
        let states: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM kyc_documents WHERE state = 'approved'").fetch_one(&app.db.pool).await.unwrap();
        assert_eq!(states, approved, "a refused approval left its document pending");
        assert!(approved >= 1);
    }
}

on_both_engines! {
    async fn two_administrators_disabling_each_other_at_once_leave_one_of_them(app) {
        // Arrange
        let (ana_id, ana, _) = staff(&app, "ana", &[Role::Admin]).await;
        let (ben_id, ben, _) = staff(&app, "ben", &[Role::Admin]).await;

        // Act
        let ana_path = format!("/admin/api/staff/{ben_id}/disable");
        let ben_path = format!("/admin/api/staff/{ana_id}/disable");
        let (by_ana, by_ben) = tokio::join!(call(&app, Method::POST, &ana_path, &ana, None), call(&app, Method::POST, &ben_path, &ben, None));
        let active: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM staff WHERE disabled_at IS NULL").fetch_one(&app.db.pool).await.unwrap();

        // Assert: one disabling went through; the other found its target the last administrator
        // (or its own session already ended).
        let mut statuses = [by_ana.0, by_ben.0];
        statuses.sort();
        assert_eq!(statuses[0], 200, "{} {}", by_ana.1, by_ben.1);
        assert_ne!(statuses[1], 200, "{} {}", by_ana.1, by_ben.1);
        assert_eq!(active, 1, "one administrator is left");
    }
}

on_both_engines! {
    async fn a_member_an_admin_creates_signs_in_only_once_a_second_admin_confirms_them(app) {
        // Arrange: an admin makes a finance member (one person alone must not be able to make the
        // two finance members a large withdrawal needs).
        let (ada_id, ada, _) = staff(&app, "ada", &[Role::Admin]).await;
        let (_, bob, _) = staff(&app, "bob", &[Role::Admin]).await;
        let (_, cem, _) = staff(&app, "cem", &[Role::Admin]).await;
        let made = call(&app, Method::POST, "/admin/api/staff", &ada, Some(json!({"username": "puppet", "password": PASSWORD, "roles": ["finance"]}))).await;
        assert_eq!(made.0, 200, "{}", made.1);
        let id = made.1["data"]["id"].as_i64().unwrap();

        // Act
        let before = login(&app, "puppet", PASSWORD, None).await;
        let confirm = format!("/admin/api/staff/{id}/confirm");
        let by_creator = call(&app, Method::POST, &confirm, &ada, None).await;
        let still = login(&app, "puppet", PASSWORD, None).await;
        let (first, second) = tokio::join!(call(&app, Method::POST, &confirm, &bob, None), call(&app, Method::POST, &confirm, &cem, None));
        let after = login(&app, "puppet", PASSWORD, None).await;
        let listed = call(&app, Method::GET, "/admin/api/staff", &bob, None).await;

        // Assert
        assert_eq!(before.0, 403, "{}", before.1);
        assert!(before.1["message"].as_str().unwrap().contains("second administrator"), "{}", before.1);
        assert_eq!(by_creator.0, 409, "{}", by_creator.1);
        assert_eq!(still.0, 403, "the creator's try changed nothing");
        let mut codes = [first.0, second.0];
        codes.sort();
        assert_eq!(codes, [200, 409], "two confirmations at once: one succeeds");
        assert_eq!(after.0, 200, "{}", after.1);
        assert_eq!(after.1["data"]["status"], "enrol", "{}", after.1);
        let row = listed.1["data"].as_array().unwrap().iter().find(|r| r["id"] == id).unwrap().clone();
        assert_eq!((row["confirmed"].clone(), row["createdBy"].clone()), (json!(true), json!(ada_id)));
        let actions = audit_actions(&app).await;
        assert_eq!(actions.iter().filter(|a| *a == "staff.confirm").count(), 1);
        assert_eq!(actions.iter().filter(|a| *a == "staff.signin_unconfirmed").count(), 2);
    }
}

on_both_engines! {
    async fn a_compliance_member_reviews_a_document_and_a_content_member_changes_a_banner(app) {
        // Arrange
        let (_, compliance, _) = staff(&app, "kim", &[Role::Compliance]).await;
        let (_, content, _) = staff(&app, "ceyda", &[Role::Content]).await;
        let (player, _) = make_player(&app, "docs").await;
        crate::kyc::pending_identity(&app, player, "kimlik").await;
        let queue = call(&app, Method::GET, "/admin/api/queues", &compliance, None).await;
        let docs = call(&app, Method::GET, "/admin/api/documents", &compliance, None).await;
        let id = docs.1["data"][0]["id"].as_i64().unwrap();
        let banners = call(&app, Method::GET, "/admin/api/banners", &content, None).await;
        let banner = banners.1["data"][0].clone();

        // Act
        let bad_reason = call(&app, Method::POST, &format!("/admin/api/documents/{id}/reject"), &compliance, Some(json!({"reason": "ugly"}))).await;
        let bad_number = call(&app, Method::POST, &format!("/admin/api/documents/{id}/approve"), &compliance, Some(json!({"number": "20000000115"}))).await;
        let approved =
            call(&app, Method::POST, &format!("/admin/api/documents/{id}/approve"), &compliance, Some(json!({"expires": "2099-12-31", "number": "20000000114"})))
                .await;
        let again = call(&app, Method::POST, &format!("/admin/api/documents/{id}/reject"), &compliance, Some(json!({"reason": "unreadable"}))).await;
        let mut changed = banner.clone();
        changed["url"] = json!("/promotions");
        changed["images"]["en"] = json!(["/media/banners/changed-en.webp"]);
        let saved = call(&app, Method::PUT, &format!("/admin/api/banners/{}", banner["id"]), &content, Some(changed)).await;
        let mut evil = banner.clone();
        evil["url"] = json!("javascript:alert(1)");
        let refused = call(&app, Method::PUT, &format!("/admin/api/banners/{}", banner["id"]), &content, Some(evil)).await;

        // Assert
        assert_eq!(queue.1["data"]["documents"]["count"], 1, "{}", queue.1);
        assert_eq!(bad_reason.0, 422);
        assert_eq!(bad_number.0, 422, "a TC number failing its check digits: {}", bad_number.1);
        assert_eq!(approved.0, 200, "{}", approved.1);
        assert_eq!(again.0, 409, "states only move forward");
        let number: Option<String> = sqlx::query_scalar("SELECT personal_no FROM players WHERE id = $1").bind(player).fetch_one(&app.db.pool).await.unwrap();
        assert_eq!(number.as_deref(), Some("20000000114"), "the account registered without one keeps the document's number");
        let state: String = sqlx::query_scalar("SELECT state FROM kyc_documents WHERE id = $1").bind(id).fetch_one(&app.db.pool).await.unwrap();
        assert_eq!(state, "approved");
        assert_eq!(saved.0, 200, "{}", saved.1);
        assert_eq!(refused.0, 422);
        let mut shown = String::new();
        for _ in 0..50 {
            shown = app.get_locale("/api/cms/grouped", "en").await.text().await.unwrap();
            if shown.contains("changed-en.webp") {
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        }
        assert!(shown.contains("changed-en.webp"), "the site shows the banner without a restart");
        let actions = audit_actions(&app).await;
        assert!(actions.contains(&"kyc.approve".to_string()) && actions.contains(&"content.banner".to_string()), "{actions:?}");
    }
}

on_both_engines! {
    async fn a_content_member_edits_a_translation_file_and_a_bad_file_changes_nothing(app) {
        // Arrange
        let (_, content, _) = staff(&app, "deniz", &[Role::Content]).await;
        let files = call(&app, Method::GET, "/admin/api/content/files", &content, None).await;
        let files = files.1["data"].as_array().unwrap().clone();
        let en = files.iter().find(|f| f["name"] == "translations/en.json").expect("the English texts").clone();
        let mut texts: serde_json::Map<String, Value> = serde_json::from_str(en["text"].as_str().unwrap()).unwrap();
        let key = texts.keys().next().unwrap().clone();
        texts.insert(key.clone(), json!("Edited in the back office"));
        let changed = json!({"files": [{"name": "translations/en.json", "text": serde_json::to_string_pretty(&texts).unwrap()}]});
        let broken = json!({"files": [{"name": "site.json", "text": "{ not json"}, {"name": "translations/en.json", "text": "{}"}]});
        let escape = json!({"files": [{"name": "../games.json", "text": "[]"}]});

        // Act
        let refused = call(&app, Method::PUT, "/admin/api/content/files", &content, Some(broken)).await;
        let outside = call(&app, Method::PUT, "/admin/api/content/files", &content, Some(escape)).await;
        let saved = call(&app, Method::PUT, "/admin/api/content/files", &content, Some(changed)).await;

        // Assert
        assert_eq!(refused.0, 422, "{}", refused.1);
        assert_eq!(outside.0, 422, "{}", outside.1);
        assert_eq!(saved.0, 200, "{}", saved.1);
        assert_eq!(saved.1["data"]["changed"], json!(["translations/en.json"]));
        let stored: String = sqlx::query_scalar("SELECT value FROM translations WHERE locale = 'en' AND key = $1").bind(&key).fetch_one(&app.db.pool).await.unwrap();
        assert_eq!(stored, "Edited in the back office");
        let actions = audit_actions(&app).await;
        assert_eq!(actions.iter().filter(|a| *a == "content.files").count(), 1, "only the saved edit is recorded: {actions:?}");
    }
}

on_both_engines! {
    async fn content_saves_and_a_banner_edit_at_once_each_keep_their_change_and_a_stale_file_is_refused(app) {
        // Arrange: six editors open the content at the same moment, each to change a different
        // file, and a seventh edits a banner (a save writes the whole content back).
        let (_, content, _) = staff(&app, "editor", &[Role::Content]).await;
        let files = call(&app, Method::GET, "/admin/api/content/files", &content, None).await.1["data"].as_array().unwrap().clone();
        let pages: Vec<Value> = files.iter().filter(|f| f["name"].as_str().unwrap().starts_with("pages/")).take(6).cloned().collect();
        assert_eq!(pages.len(), 6, "the demo content has pages in both languages");
        let banner = call(&app, Method::GET, "/admin/api/banners", &content, None).await.1["data"][0].clone();
        let mut edited_banner = banner.clone();
        edited_banner["url"] = json!("/promotions?from=burst");
        let edit = |f: &Value, n: usize| {
            let mut f = f.clone();
            f["text"] = json!(format!("{}<p>Burst edit {n}</p>", f["text"].as_str().unwrap()));
            json!({"files": [f]})
        };

        // Act
        let saves = futures_util::future::join_all(
            pages.iter().enumerate().map(|(n, f)| call(&app, Method::PUT, "/admin/api/content/files", &content, Some(edit(f, n)))),
        );
        let banner_path = format!("/admin/api/banners/{}", banner["id"]);
        let (answers, banner_saved) =
            tokio::join!(saves, call(&app, Method::PUT, &banner_path, &content, Some(edited_banner)));
        // One more editor still holds the first page as it was before the burst.
        let stale = call(&app, Method::PUT, "/admin/api/content/files", &content, Some(edit(&pages[0], 99))).await;

        // Assert
        for (status, body) in &answers {
            assert_eq!(*status, 200, "{body}");
        }
        assert_eq!(banner_saved.0, 200, "{}", banner_saved.1);
        assert_eq!(stale.0, 409, "{}", stale.1);
        assert!(stale.1["message"].as_str().unwrap().contains("changed by someone else"), "{}", stale.1);
        let now = call(&app, Method::GET, "/admin/api/content/files", &content, None).await.1["data"].as_array().unwrap().clone();
        for (n, page) in pages.iter().enumerate() {
            let text = now.iter().find(|f| f["name"] == page["name"]).unwrap()["text"].as_str().unwrap().to_string();
            assert!(text.contains(&format!("Burst edit {n}")), "{} lost its change", page["name"]);
            assert!(!text.contains("Burst edit 99"), "the stale save changed nothing");
        }
        let banners = call(&app, Method::GET, "/admin/api/banners", &content, None).await.1["data"].as_array().unwrap().clone();
        assert!(banners.iter().any(|b| b["url"] == "/promotions?from=burst"), "the banner kept its change: {banners:?}");
        let actions = audit_actions(&app).await;
        assert_eq!(actions.iter().filter(|a| *a == "content.files").count(), 6, "{actions:?}");
        assert_eq!(actions.iter().filter(|a| *a == "content.banner").count(), 1, "{actions:?}");
    }
}

on_both_engines! {
    async fn a_promotions_bonus_terms_are_changed_by_finance_only_and_logged_in_full(app) {
        // Arrange: a content editor, and a member who is both editor and finance.
        let (_, content, _) = staff(&app, "writer", &[Role::Content]).await;
        let (_, both, _) = staff(&app, "money", &[Role::Content, Role::Finance]).await;
        let files = call(&app, Method::GET, "/admin/api/content/files", &content, None).await.1["data"].as_array().unwrap().clone();
        let file = files.iter().find(|f| f["name"] == "promotions.json").unwrap().clone();
        let list: Value = serde_json::from_str(file["text"].as_str().unwrap()).unwrap();
        let at = list.as_array().unwrap().iter().position(|p| !p["bonus"].is_null()).expect("a promotion with a bonus");
        let save = |edit: &dyn Fn(&mut Value)| {
            let mut list = list.clone();
            edit(&mut list[at]);
            json!({"files": [{"name": "promotions.json", "text": serde_json::to_string_pretty(&list).unwrap()}]})
        };
        let richer = save(&|p| p["bonus"]["amount"] = json!(1_000_000));
        let retitled = save(&|p| p["title"]["en"] = json!("A new title"));

        // Act
        let by_editor = call(&app, Method::PUT, "/admin/api/content/files", &content, Some(richer.clone())).await;
        let title_by_editor = call(&app, Method::PUT, "/admin/api/content/files", &content, Some(retitled)).await;
        let by_finance = call(&app, Method::PUT, "/admin/api/content/files", &both, Some(richer)).await;

        // Assert
        assert_eq!(by_editor.0, 403, "{}", by_editor.1);
        assert_eq!(title_by_editor.0, 200, "{}", title_by_editor.1);
        assert_eq!(by_finance.0, 200, "{}", by_finance.1);
        let after: Vec<String> = sqlx::query_scalar("SELECT after FROM audit_log WHERE action = 'content.files' ORDER BY seq").fetch_all(&app.db.pool).await.unwrap();
        assert_eq!(after.len(), 2, "the refused save wrote nothing");
        assert!(!after[0].contains("bonusTerms"), "a title is not money: {}", after[0]);
        assert!(after[1].contains("bonusTerms") && after[1].contains("1000000"), "the new amount is in the log: {}", after[1]);
    }
}

on_both_engines! {
    async fn reading_a_players_personal_data_is_recorded_who_looked_for_whom(app) {
        // Arrange
        let (support_id, support, _) = staff(&app, "sue", &[Role::Support]).await;
        let (player, _) = make_player(&app, "looked").await;

        // Act
        let found = call(&app, Method::GET, "/admin/api/players?q=looked", &support, None).await;
        let page = call(&app, Method::GET, &format!("/admin/api/players/{player}"), &support, None).await;
        let missing = call(&app, Method::GET, "/admin/api/players/999999", &support, None).await;

        // Assert
        assert_eq!((found.0, page.0, missing.0), (200, 200, 404));
        let rows: Vec<(Option<i64>, String, String)> =
            sqlx::query_as("SELECT staff_id, action, target FROM audit_log WHERE action LIKE 'player.%' ORDER BY seq").fetch_all(&app.db.pool).await.unwrap();
        assert_eq!(
            rows,
            vec![
                (Some(support_id), "player.search".to_string(), "query:looked".to_string()),
                (Some(support_id), "player.view".to_string(), format!("player:{player}")),
            ],
            "no row for a player that does not exist"
        );
    }
}

on_both_engines! {
    async fn a_finance_member_sees_a_selections_exposure_then_suspends_and_results_its_market(app) {
        // Arrange: a player's single on the home win.
        use crate::sportsbook::betting::{football_events, leg, place, selection};
        let (_, finance, _) = staff(&app, "trader", &[Role::Finance]).await;
        let (_, support, _) = staff(&app, "helper", &[Role::Support]).await;
        let (player, token) = make_player(&app, "punter").await;
        fund(&app, player, 10_000).await;
        let event = football_events(&app, 1).await[0];
        let (home, price, market) = selection(&app, event, "1x2", "1").await;
        let (status, body) = place(&app, &token, json!({"legs": [leg(home, price)], "kind": "single", "stake": 10, "oddsChoice": "any"})).await;
        assert_eq!(status, 200, "{body}");

        // Act
        let page = call(&app, Method::GET, &format!("/admin/api/sports/events/{event}"), &support, None).await;
        let not_allowed = call(&app, Method::POST, &format!("/admin/api/sports/markets/{market}/suspend"), &support, None).await;
        let suspended = call(&app, Method::POST, &format!("/admin/api/sports/markets/{market}/suspend"), &finance, None).await;
        let state: String = sqlx::query_scalar("SELECT state FROM sb_markets WHERE id = $1").bind(market).fetch_one(&app.db.pool).await.unwrap();
        let resulted = call(&app, Method::POST, &format!("/admin/api/sports/markets/{market}/result"), &finance, Some(json!({"winners": ["1"]}))).await;

        // Assert
        assert_eq!(page.0, 200, "{}", page.1);
        let markets = page.1["data"]["markets"].as_array().unwrap();
        let sel = markets.iter().flat_map(|m| m["selections"].as_array().unwrap()).find(|s| s["id"] == home).unwrap();
        assert_eq!(sel["openBets"], 1);
        assert_eq!(page.1["data"]["event"]["openStakes"], 10.0, "{}", page.1);
        assert_eq!(sel["openStakes"], 10.0);
        assert_eq!(sel["exposure"], (10 * price) as f64 / 100.0, "{sel}");
        assert_eq!(page.1["data"]["bets"][0]["username"], "punter");
        assert_eq!(not_allowed.0, 403);
        assert_eq!(suspended.0, 200, "{}", suspended.1);
        assert_eq!(state, "suspended");
        assert_eq!(resulted.0, 200, "{}", resulted.1);
        let bet: String = sqlx::query_scalar("SELECT state FROM sb_bets WHERE player_id = $1").bind(player).fetch_one(&app.db.pool).await.unwrap();
        assert_eq!(bet, "won");
        let actions = audit_actions(&app).await;
        assert!(actions.contains(&"sports.suspend".to_string()) && actions.contains(&"sports.result".to_string()), "{actions:?}");
    }
}

on_both_engines! {
    async fn a_burst_of_sign_ins_from_one_address_is_cut_at_the_address_limit(app) {
        // Arrange: the players' login limit per address, 20 in 15 minutes.
        let base = app.address.clone();

        // Act: 30 guesses at once for a username nobody has.
        let answers = burst(&app, 30, move |i, c| {
            c.post(format!("{base}/admin/api/auth/login")).json(&json!({"username": format!("guess{i}"), "password": "wrong password!!"}))
        })
        .await;

        // Assert
        assert_eq!(count_status(&answers, 401), 20, "{answers:?}");
        assert_eq!(count_status(&answers, 429), 10, "{answers:?}");
    }
}

on_both_engines! {
    async fn a_documents_file_is_served_to_compliance_as_the_player_sent_it_inert_and_recorded(app) {
        // Arrange: a player's passport page (a PNG) uploaded through the site.
        let (_, compliance, _) = staff(&app, "kira", &[Role::Compliance]).await;
        let (_, token) = make_player(&app, "filed").await;
        let png = b"\x89PNG\r\n\x1a\n-the-page".to_vec();
        let (uploaded, _) = crate::kyc::upload(&app, &token, "identity", "passport", Some("front"), png.clone(), "p.png").await;
        assert_eq!(uploaded, 200);
        let id: i64 = sqlx::query_scalar("SELECT MAX(id) FROM kyc_documents").fetch_one(&app.db.pool).await.unwrap();

        // Act
        let resp = app.client.get(app.url(&format!("/admin/api/documents/{id}/file"))).bearer_auth(&compliance).send().await.unwrap();
        let (status, headers) = (resp.status().as_u16(), resp.headers().clone());
        let body = resp.bytes().await.unwrap().to_vec();

        // Assert
        assert_eq!(status, 200);
        assert_eq!(body, png);
        assert_eq!(headers["content-type"], "image/png");
        assert!(headers["content-security-policy"].to_str().unwrap().starts_with("sandbox"), "{headers:?}");
        assert_eq!(headers["cache-control"], "no-store");
        assert!(audit_actions(&app).await.contains(&"kyc.view".to_string()), "each view is recorded");
    }
}

on_both_engines! {
    async fn approving_the_document_of_an_excluded_account_tells_the_reviewer_which_of_the_persons_accounts_it_closed(app) {
        // Arrange: the person's first account, tied to its TC number by review, plays on; a second
        // account uploads its passport and then excludes itself before the review.
        const TC: &str = "20000000114";
        let (_, compliance, _) = staff(&app, "kyc", &[Role::Compliance]).await;
        let (first, first_token) = make_player(&app, "playson").await;
        let first_doc = crate::kyc::pending_identity(&app, first, "passport").await;
        let (tied, _) = call(&app, Method::POST, &format!("/admin/api/documents/{first_doc}/approve"), &compliance, Some(json!({"number": TC}))).await;
        let (second, second_token) = make_player(&app, "excludedtoo").await;
        let second_doc = crate::kyc::pending_identity(&app, second, "passport").await;
        let (excluded, _) = app.call(Method::POST, "/api/protection/close", &second_token, Some(json!({"term": "1y", "confirm": true})), "en").await;

        // Act: approved without, then with, the reviewer's word that it is the same person.
        let approve = format!("/admin/api/documents/{second_doc}/approve");
        let (unconfirmed, asked) = call(&app, Method::POST, &approve, &compliance, Some(json!({"number": TC}))).await;
        let (status, body) = call(&app, Method::POST, &approve, &compliance, Some(json!({"number": TC, "samePerson": true}))).await;
        let (session, _) = app.call(Method::GET, "/api/protection", &first_token, None, "en").await;

        // Assert
        assert_eq!(unconfirmed, 422, "{asked}");
        assert!(asked["message"].as_str().unwrap_or_default().contains(&format!("on account #{first} too")), "{asked}");
        assert_eq!((tied, excluded, status), (200, 200, 200), "{body}");
        let message = body["message"].as_str().unwrap_or_default();
        assert!(message.contains(&format!("their account #{first} is closed with it")), "{message}");
        assert!(message.contains(&format!("account #{first} too: one person, two accounts")), "{message}");
        assert_eq!(session, 401, "the first account's session ended");
    }
}
