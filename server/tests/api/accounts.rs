//! Registration, login and sessions, phone verification, recovery, password change, trial bonus.

use serde_json::{Value, json};

use crate::helpers::{TestApp, envelope};
use crate::on_both_engines;

/// A full-form registration that passes every rule (TC no 10000000146 is valid).
pub(crate) fn full_form() -> Value {
    json!({
        "name": "Ayşe Gül", "surname": "Yılmaz", "username": "aysegul1", "email": "ayse@example.com",
        "phone": "905321234567", "PersonalNo": "10000000146", "country": 1, "currencyId": 1,
        "birthDate": "1990-05-17", "birthDateDay": "17", "birthDateMonth": "05", "birthDateYear": "1990",
        "trialBonus": 1, "password": "gizli123", "password2": "gizli123", "partner": "p42", "source": "google",
        "acceptTerms": true
    })
}

pub(crate) fn with(mut base: Value, changes: Value) -> Value {
    for (k, v) in changes.as_object().unwrap() {
        if v.is_null() {
            base.as_object_mut().unwrap().remove(k);
        } else {
            base[k] = v.clone();
        }
    }
    base
}

pub(crate) async fn register(app: &TestApp, body: &Value) -> (u16, Value) {
    let resp = app.post_json("/api/auth/register", body).await;
    let status = resp.status().as_u16();
    (status, envelope(resp).await)
}

impl TestApp {
    pub async fn get_auth(&self, path: &str, token: &str) -> reqwest::Response {
        self.client.get(self.url(path)).bearer_auth(token).send().await.unwrap()
    }

    pub async fn post_auth(&self, path: &str, token: &str, body: &Value) -> reqwest::Response {
        self.client.post(self.url(path)).bearer_auth(token).json(body).send().await.unwrap()
    }

    /// The newest 6-digit code sent to `recipient`, as an operator reads it from the outbox.
    pub async fn last_code_to(&self, recipient: &str) -> String {
        let body: String = sqlx::query_scalar("SELECT body FROM outbox_messages WHERE recipient = $1 ORDER BY id DESC LIMIT 1")
            .bind(recipient)
            .fetch_one(&self.db.pool)
            .await
            .expect("a message to the recipient");
        body.split(|c: char| !c.is_ascii_digit()).find(|w| w.len() == 6).expect("a 6-digit code").to_string()
    }
}

/// Logs the registered player in again; returns the new token.
async fn login(app: &TestApp) -> String {
    let resp = app.post_json("/api/auth/login", &json!({"username": "aysegul1", "password": "gizli123"})).await;
    envelope(resp).await["data"]["token"].as_str().unwrap().to_string()
}

/// Registers another valid player (its own username, e-mail, phone and ID number); the token.
pub(crate) async fn registered_as(app: &TestApp, username: &str, phone: &str) -> String {
    let body = with(
        full_form(),
        json!({"username": username, "email": format!("{username}@example.com"), "phone": phone, "PersonalNo": "10000000078"}),
    );
    let (status, body) = register(app, &body).await;
    assert_eq!(status, 200, "{body}");
    body["data"]["token"].as_str().unwrap().to_string()
}

/// Registers a valid player and returns the login token.
pub(crate) async fn registered(app: &TestApp) -> String {
    let (status, body) = register(app, &full_form()).await;
    assert_eq!(status, 200, "{body}");
    body["data"]["token"].as_str().unwrap().to_string()
}

async fn verify_phone(app: &TestApp, token: &str, phone: &str) -> Value {
    let sent = envelope(app.post_auth("/api/customer/updatephone", token, &json!({"step": 1, "phone": phone})).await).await;
    assert_eq!(sent["success"], true, "{sent}");
    let code = app.last_code_to(phone).await;
    let ok = envelope(
        app.post_auth(
            "/api/customer/updatephone",
            token,
            &json!({"step": 2, "phone": phone, "code": format!("{}-{}-{}", &code[..2], &code[2..4], &code[4..])}),
        )
        .await,
    )
    .await;
    assert_eq!(ok["success"], true, "{ok}");
    ok
}

on_both_engines! {
    async fn a_full_registration_logs_the_player_in_with_the_spec_login_data(app) {
        // Act
        let (status, body) = register(&app, &full_form()).await;

        // Assert
        assert_eq!(status, 200, "{body}");
        let data = &body["data"];
        for key in ["token", "fingerprint", "balance", "username", "usercode", "betsyCid", "betsyUrl", "betsyToken", "betcoToken", "betcoUrl", "smsVerified", "phone"] {
            assert!(data.get(key).is_some(), "login data lacks {key}: {data}");
        }
        assert!(data["token"].as_str().unwrap().len() >= 40);
        assert_eq!(data["username"], "aysegul1");
        assert_eq!(data["smsVerified"], false);
        assert_eq!(data["balance"], 0.0);
        assert_eq!(data["betcoUrl"], "");
        // The token is stored only as a hash.
        let stored: Vec<String> = sqlx::query_scalar("SELECT token_hash FROM sessions").fetch_all(&app.db.pool).await.unwrap();
        assert_eq!(stored.len(), 1);
        assert_ne!(stored[0], data["token"].as_str().unwrap());
        // Affiliate attribution is kept.
        let (partner, source): (Option<String>, Option<String>) = sqlx::query_as("SELECT partner, source FROM players").fetch_one(&app.db.pool).await.unwrap();
        assert_eq!((partner.as_deref(), source.as_deref()), (Some("p42"), Some("google")));
        // The password is an argon2id hash.
        let hash: String = sqlx::query_scalar("SELECT password_hash FROM players").fetch_one(&app.db.pool).await.unwrap();
        assert!(hash.starts_with("$argon2id$"), "{hash}");
    }
}

on_both_engines! {
    async fn the_fast_and_the_short_forms_need_only_their_own_fields(app) {
        let fast = json!({"name": "Mehmet", "surname": "Öztürk", "username": "mehmet77", "email": "m@example.com",
            "phone": "905551112233", "password": "abcde", "password2": "abcde", "trialBonus": true, "isFast": true, "acceptTerms": true});
        let (status, body) = register(&app, &fast).await;
        assert_eq!(status, 200, "{body}");

        // The site offers the full form by default: a form without isFast needs all of its fields.
        let form = envelope(app.get("/api/auth/form").await).await;
        assert_eq!(form["data"]["shortForm"], false, "{form}");
        let short = with(full_form(), json!({"PersonalNo": null, "birthDate": null, "birthDateDay": null, "birthDateMonth": null,
            "birthDateYear": null, "country": null, "username": "kisaform1", "email": "k@example.com", "phone": "905551112244", "trialBonus": null}));
        let (status, body) = register(&app, &short).await;
        assert_eq!((status, body["data"]["field"].as_str()), (422, Some("PersonalNo")), "{body}");
        let no_country = with(full_form(), json!({"country": null, "username": "ulkesiz1", "email": "u@example.com", "phone": "905551112255", "PersonalNo": "10000000078"}));
        let (status, body) = register(&app, &no_country).await;
        assert_eq!((status, body["data"]["field"].as_str()), (422, Some("country")), "{body}");

        // The site option register-form = short offers the short form: no ID number, birth date or country asked.
        sqlx::query("INSERT INTO site_options (key, value, enabled) VALUES ('Register-Form', 'short', 1)").execute(&app.db.pool).await.unwrap();
        let form = envelope(app.get("/api/auth/form").await).await;
        assert_eq!(form["data"]["shortForm"], true, "{form}");
        let (status, body) = register(&app, &short).await;
        assert_eq!(status, 200, "{body}");
        let (personal_no, country): (Option<String>, Option<i64>) =
            sqlx::query_as("SELECT personal_no, country_id FROM players WHERE username = 'kisaform1'").fetch_one(&app.db.pool).await.unwrap();
        assert_eq!((personal_no, country), (None, None));
        // What the short form does send still follows its rules.
        let bad_id = with(short.clone(), json!({"username": "kisaform2", "email": "k2@example.com", "phone": "905551112266", "PersonalNo": "10000000147"}));
        let (status, body) = register(&app, &bad_id).await;
        assert_eq!((status, body["data"]["field"].as_str()), (422, Some("PersonalNo")), "{body}");
        let bad_name = with(short, json!({"username": "kisaform3", "email": "k3@example.com", "phone": "905551112277", "name": "R2D2"}));
        let (status, body) = register(&app, &bad_name).await;
        assert_eq!((status, body["data"]["field"].as_str()), (422, Some("name")), "{body}");
    }
}

on_both_engines! {
    async fn registration_without_consent_is_refused_in_the_players_language_and_writes_nothing(app) {
        for (changes, locale) in [(json!({"acceptTerms": null}), "tr"), (json!({"acceptTerms": false}), "en"), (json!({"acceptTerms": "no"}), "tr")] {
            // Act
            let body = with(full_form(), changes.clone());
            let resp = app.client.post(app.url("/api/auth/register")).header("x-locale", locale).json(&body).send().await.unwrap();

            // Assert
            assert_eq!(resp.status().as_u16(), 422, "{changes}");
            let body = envelope(resp).await;
            assert_eq!(body["data"]["field"], "acceptTerms", "{body}");
            let expected = if locale == "en" {
                "Please confirm that you are 18 or older and accept the terms and conditions."
            } else {
                "Lütfen 18 yaşından büyük olduğunuzu onaylayın ve kullanım şartlarını kabul edin."
            };
            assert_eq!(body["message"], expected);
        }
        for sql in ["SELECT COUNT(*) FROM players", "SELECT COUNT(*) FROM terms_acceptances", "SELECT COUNT(*) FROM sessions", "SELECT COUNT(*) FROM rate_events"] {
            let n: i64 = sqlx::query_scalar(sql).fetch_one(&app.db.pool).await.unwrap();
            assert_eq!(n, 0, "{sql}");
        }
    }
}

on_both_engines! {
    async fn the_acceptance_is_recorded_with_its_time_and_the_terms_version(app) {
        // Arrange: the form names the terms page and their version.
        let form = envelope(app.get("/api/auth/form").await).await;
        let terms = &form["data"]["terms"];
        assert_eq!(terms["contentId"], 4, "{form}");
        let version = terms["version"].as_str().unwrap().to_string();
        assert!(version.starts_with("sha256:") && version.len() == 19, "{version}");
        let before = kasa::db::now_ms();

        // Act
        let (status, body) = register(&app, &full_form()).await;

        // Assert
        assert_eq!(status, 200, "{body}");
        let (recorded, at): (String, i64) =
            sqlx::query_as("SELECT terms_version, accepted_at FROM terms_acceptances").fetch_one(&app.db.pool).await.unwrap();
        assert_eq!(recorded, version);
        assert!(at >= before && at <= kasa::db::now_ms(), "{at}");

        // A new text of the terms is a new version; an operator may also name the version.
        sqlx::query("UPDATE content_texts SET body = body || ' ' WHERE content_id = 4 AND locale = 'tr'").execute(&app.db.pool).await.unwrap();
        let changed = envelope(app.get("/api/auth/form").await).await["data"]["terms"]["version"].as_str().unwrap().to_string();
        assert_ne!(changed, version);
        sqlx::query("INSERT INTO settings (key, value) VALUES ('terms.version', '2025-06')").execute(&app.db.pool).await.unwrap();
        let second = with(full_form(), json!({"username": "ikinci22", "email": "iki@example.com", "phone": "905321234599", "PersonalNo": "10000000078"}));
        let (status, body) = register(&app, &second).await;
        assert_eq!(status, 200, "{body}");
        let versions: Vec<String> =
            sqlx::query_scalar("SELECT terms_version FROM terms_acceptances ORDER BY accepted_at, player_id").fetch_all(&app.db.pool).await.unwrap();
        assert_eq!(versions, vec![version, "2025-06".to_string()]);
    }
}

on_both_engines! {
    async fn each_registration_rule_refuses_a_bad_value_naming_its_field_and_changes_nothing(app) {
        let cases: Vec<(Value, &str)> = vec![
            (json!({"name": "A"}), "name"),
            (json!({"name": "Ali  Veli"}), "name"),
            (json!({"name": "Ali3"}), "name"),
            (json!({"surname": ""}), "surname"),
            (json!({"username": "abcd"}), "username"),
            (json!({"username": "ab_cd_ef"}), "username"),
            (json!({"username": "a".repeat(31)}), "username"),
            (json!({"email": "not-an-email"}), "email"),
            (json!({"email": "a@b"}), "email"),
            (json!({"phone": "90532abc4567"}), "phone"),
            (json!({"phone": "902121234567"}), "phone"),
            (json!({"PersonalNo": "1234567890"}), "PersonalNo"),
            (json!({"PersonalNo": "10000000147"}), "PersonalNo"),
            (json!({"country": 999}), "country"),
            (json!({"birthDate": "2015-01-01", "birthDateDay": "01", "birthDateMonth": "01", "birthDateYear": "2015"}), "birthDate"),
            (json!({"birthDateDay": "18"}), "birthDate"),
            (json!({"birthDate": null, "birthDateDay": "7"}), "birthDateDay"),
            (json!({"password": "abcd", "password2": "abcd"}), "password"),
            (json!({"password2": "different1"}), "password2"),
        ];
        for (changes, field) in cases {
            let (status, body) = register(&app, &with(full_form(), changes.clone())).await;
            assert_eq!(status, 422, "{changes} -> {body}");
            assert_eq!(body["success"], false);
            assert_eq!(body["data"]["field"], field, "{changes} -> {body}");
            assert!(body["message"].as_str().is_some_and(|m| !m.is_empty()));
        }
        let players: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM players").fetch_one(&app.db.pool).await.unwrap();
        assert_eq!(players, 0);
    }
}

on_both_engines! {
    async fn validation_messages_speak_the_players_language(app) {
        let bad = with(full_form(), json!({"PersonalNo": "10000000147"}));
        let en = app.client.post(app.url("/api/auth/register")).header("x-locale", "en").json(&bad).send().await.unwrap();
        assert_eq!(envelope(en).await["message"], "The TC ID number is not valid.");
        let tr = app.client.post(app.url("/api/auth/register")).json(&bad).send().await.unwrap();
        assert_eq!(envelope(tr).await["message"], "TC Kimlik No geçersiz.");
    }
}

on_both_engines! {
    async fn a_taken_username_or_email_is_named_but_a_taken_phone_or_id_gets_a_neutral_answer(app) {
        // Arrange
        registered(&app).await;
        let fresh = json!({"username": "baskabiri", "email": "baska@example.com", "phone": "905551234567", "PersonalNo": "10000000078"});

        for (field, value) in [("username", json!("AYSEGUL1")), ("email", json!("AYSE@example.com")), ("phone", json!("905321234567")), ("PersonalNo", json!("10000000146"))] {
            // Act
            let body = with(full_form(), with(fresh.clone(), json!({ field: value })));
            let (status, resp) = register(&app, &body).await;

            // Assert
            assert_eq!(status, 409, "{field}: {resp}");
            if field == "username" || field == "email" {
                assert_eq!(resp["data"]["field"], field, "{resp}");
            } else {
                // Nothing tells a stranger that this phone or ID number has an account.
                assert!(resp["data"].is_null(), "{resp}");
                let message = resp["message"].as_str().unwrap();
                assert!(message.contains("kayıt tamamlanamadı") && !message.contains("kayıtlı") && !message.contains("TC"), "{message}");
            }
        }
        let players: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM players").fetch_one(&app.db.pool).await.unwrap();
        assert_eq!(players, 1);
    }
}

on_both_engines! {
    async fn login_works_with_the_right_password_and_locks_after_repeated_failures(app) {
        registered(&app).await;
        let ok = app.post_json("/api/auth/login", &json!({"username": "AyseGul1", "password": "gizli123"})).await;
        assert_eq!(ok.status(), 200);
        assert!(envelope(ok).await["data"]["token"].is_string());

        for _ in 0..5 {
            let wrong = app.post_json("/api/auth/login", &json!({"username": "aysegul1", "password": "yanlis99"})).await;
            assert_eq!(wrong.status(), 400);
        }
        // Locked now, even with the right password.
        let locked = app.post_json("/api/auth/login", &json!({"username": "aysegul1", "password": "gizli123"})).await;
        assert_eq!(locked.status(), 429);
        assert_eq!(envelope(locked).await["success"], false);
        // Login's own rules.
        let short = app.post_json("/api/auth/login", &json!({"username": "ab", "password": "gizli123"})).await;
        assert_eq!(short.status(), 422);
    }
}

on_both_engines! {
    async fn an_unknown_user_and_a_wrong_password_get_the_same_answer(app) {
        registered(&app).await;
        let unknown = envelope(app.post_json("/api/auth/login", &json!({"username": "kimseyok", "password": "gizli123"})).await).await;
        let wrong = envelope(app.post_json("/api/auth/login", &json!({"username": "aysegul1", "password": "yanlis99"})).await).await;
        assert_eq!(unknown["message"], wrong["message"]);
    }
}

on_both_engines! {
    async fn logout_revokes_its_token_and_a_password_change_keeps_only_the_current_session(app) {
        // Arrange: three sessions of one player.
        let first = registered(&app).await;
        let second = login(&app).await;
        let third = login(&app).await;

        // Act: log out the first, change the password from the second.
        assert_eq!(app.get_auth("/api/auth/logout", &first).await.status(), 200);
        let changed = app.post_auth("/api/customer/changepassword", &second, &json!({"oldPassword": "gizli123", "password": "yeni12345", "confirmPassword": "yeni12345"})).await;
        assert_eq!(changed.status(), 200);

        // Assert
        assert_eq!(app.get_auth("/api/user/balance", &first).await.status(), 401);
        assert_eq!(app.get_auth("/api/user/balance", &third).await.status(), 401);
        assert_eq!(app.get_auth("/api/user/balance", &second).await.status(), 200);
        assert_eq!(app.get("/api/user/balance").await.status(), 401);
        let old = app.post_json("/api/auth/login", &json!({"username": "aysegul1", "password": "gizli123"})).await;
        assert_eq!(old.status(), 400);
        let wrong_old = app.post_auth("/api/customer/changepassword", &second, &json!({"oldPassword": "yanlis99", "password": "abcdef", "confirmPassword": "abcdef"})).await;
        assert_eq!(wrong_old.status(), 422);
        assert_eq!(envelope(wrong_old).await["data"]["field"], "oldPassword");
    }
}

on_both_engines! {
    async fn the_phone_is_verified_with_the_sms_code_and_a_new_code_waits_a_minute(app) {
        let token = registered(&app).await;
        let sent = app.post_auth("/api/customer/updatephone", &token, &json!({"step": 1, "phone": "905321234567"})).await;
        assert_eq!(sent.status(), 200);
        // The log-free outbox holds the SMS; a second one right away is refused.
        let again = app.post_auth("/api/customer/updatephone", &token, &json!({"step": 1, "phone": "905321234567"})).await;
        assert_eq!(again.status(), 429);
        let code = app.last_code_to("905321234567").await;

        let ok = envelope(app.post_auth("/api/customer/updatephone", &token, &json!({"step": 2, "phone": "905321234567", "code": code})).await).await;
        assert_eq!(ok["success"], true, "{ok}");
        assert_eq!(ok["data"]["smsVerified"], true);
        // The code works once only.
        let reuse = app.post_auth("/api/customer/updatephone", &token, &json!({"step": 2, "phone": "905321234567", "code": code})).await;
        assert_eq!(reuse.status(), 400);
        let profile = envelope(app.get_auth("/api/customer/profile", &token).await).await;
        assert_eq!(profile["data"]["smsVerified"], true);
        assert_eq!(profile["data"]["personalNo"], "100******46");
    }
}

on_both_engines! {
    async fn wrong_codes_count_toward_a_limit_and_old_codes_expire(app) {
        let token = registered(&app).await;
        app.post_auth("/api/customer/updatephone", &token, &json!({"step": 1, "phone": "905321234567"})).await;
        let code = app.last_code_to("905321234567").await;
        let wrong = if code == "000000" { "111111" } else { "000000" };
        for _ in 0..4 {
            let r = app.post_auth("/api/customer/updatephone", &token, &json!({"step": 2, "phone": "905321234567", "code": wrong})).await;
            assert_eq!(r.status(), 400);
        }
        let fifth = envelope(app.post_auth("/api/customer/updatephone", &token, &json!({"step": 2, "phone": "905321234567", "code": wrong})).await).await;
        assert_eq!(fifth["success"], false);
        // Spent: even the right code no longer works.
        let right = app.post_auth("/api/customer/updatephone", &token, &json!({"step": 2, "phone": "905321234567", "code": code})).await;
        assert_eq!(right.status(), 400);

        // A fresh code (the resend wait moved into the past), then expired.
        sqlx::query("UPDATE rate_events SET at = at - 120000 WHERE bucket LIKE 'sms:resend:%'").execute(&app.db.pool).await.unwrap();
        app.post_auth("/api/customer/updatephone", &token, &json!({"step": 2, "phone": "905321234567", "code": code})).await;
        let resent = app.post_auth("/api/customer/updatephone", &token, &json!({"step": 1, "phone": "905321234567"})).await;
        assert_eq!(resent.status(), 200);
        let code = app.last_code_to("905321234567").await;
        sqlx::query("UPDATE one_time_codes SET expires_at = 1 WHERE used_at IS NULL").execute(&app.db.pool).await.unwrap();
        let expired = envelope(app.post_auth("/api/customer/updatephone", &token, &json!({"step": 2, "phone": "905321234567", "code": code})).await).await;
        assert_eq!(expired["success"], false);
        let verified: i64 = sqlx::query_scalar("SELECT phone_verified FROM players").fetch_one(&app.db.pool).await.unwrap();
        assert_eq!(verified, 0);
    }
}

on_both_engines! {
    async fn the_trial_bonus_the_form_promised_is_credited_when_the_phone_is_verified_and_only_once(app) {
        // Arrange: registered with the trial bonus ticked; nothing is credited before verification.
        let token = registered(&app).await;
        let early = app.get_auth("/api/bonus/definetrialbonus", &token).await;
        assert_eq!(early.status(), 400);
        assert_eq!(envelope(app.get_auth("/api/user/balance", &token).await).await["data"]["balance"], 0.0);

        // Act
        let verified = verify_phone(&app, &token, "905321234567").await;

        // Assert: the verification's answer says so, with the amount, and the money is there.
        assert_eq!(verified["data"]["trialBonus"], 50.0, "{verified}");
        assert_eq!(verified["message"], "Telefon numaranız doğrulandı ve 50,00 ₺ deneme bonusunuz hesabınıza eklendi.");
        let again = app.get_auth("/api/bonus/definetrialbonus", &token).await;
        assert_eq!(again.status(), 409, "credited once");
        let balance = envelope(app.get_auth("/api/user/balance", &token).await).await;
        assert_eq!(balance["data"]["balance"], 50.0);
        assert_eq!(balance["data"]["bonusBalance"], 50.0);
        assert_eq!(balance["data"]["realBalance"], 0.0);
        let report = kasa::wallet::check(&app.db).await.unwrap();
        assert!(report.is_ok(), "{report}");
        // The grant's answer is its feedback (the app celebrates it): its notification is listed for
        // later, already read, and pushed as read (which the app lists without a second toast).
        let list = envelope(app.post_auth("/api/customer/notification", &token, &json!({"skip": 0, "take": 100})).await).await;
        let items = list["data"].as_array().expect("a list");
        let trial: Vec<&Value> = items.iter().filter(|n| n["type"] == 4).collect();
        assert_eq!(trial.len(), 1, "{list}");
        assert_eq!(trial[0]["isRead"], true, "{list}");
        let pushed: String = sqlx::query_scalar("SELECT message FROM events WHERE command = 'Notification'").fetch_one(&app.db.pool).await.unwrap();
        let pushed: Value = serde_json::from_str(&pushed).unwrap();
        assert_eq!((pushed["id"].clone(), pushed["isRead"].clone()), (trial[0]["id"].clone(), json!(true)));
    }
}

on_both_engines! {
    async fn a_player_who_did_not_ask_for_the_trial_bonus_claims_it_after_verifying_and_claim_reward_says_when(app) {
        // Arrange: registered without the trial bonus.
        let (status, body) = register(&app, &with(full_form(), json!({"trialBonus": null}))).await;
        assert_eq!(status, 200, "{body}");
        let token = body["data"]["token"].as_str().unwrap().to_string();
        let trial_offer = |list: Value| list["data"].as_array().unwrap().iter().find(|c| c["slug"] == "trial").cloned();
        let before = trial_offer(envelope(app.get_auth("/api/bonus/claimable", &token).await).await).expect("the offer is listed");

        // Act
        let verified = verify_phone(&app, &token, "905321234567").await;
        let after = trial_offer(envelope(app.get_auth("/api/bonus/claimable", &token).await).await).expect("still offered");
        let claimed = envelope(app.get_auth("/api/bonus/definetrialbonus", &token).await).await;

        // Assert: before verification the offer says to verify; verifying credits nothing unasked.
        assert_eq!((before["needsPhone"].as_bool(), after["needsPhone"].as_bool()), (Some(true), Some(false)));
        assert!(verified["data"].get("trialBonus").is_none(), "{verified}");
        assert_eq!(verified["message"], "Telefon numaranız başarıyla doğrulandı!");
        assert_eq!(claimed["data"]["amount"], 50.0, "{claimed}");
        assert_eq!(envelope(app.get_auth("/api/user/balance", &token).await).await["data"]["bonusBalance"], 50.0);
    }
}

on_both_engines! {
    async fn a_resent_sms_code_replaces_the_first_once_the_minute_has_passed(app) {
        // Arrange: a first code, and a resend within the minute is refused (the app counts 60 s down).
        let token = registered(&app).await;
        let phone = json!({"step": 1, "phone": "905321234567"});
        assert_eq!(app.post_auth("/api/customer/updatephone", &token, &phone).await.status(), 200);
        let first = app.last_code_to("905321234567").await;
        let early = envelope(app.post_auth("/api/customer/updatephone", &token, &phone).await).await;
        assert_eq!(early["success"], false, "{early}");
        assert!(early["message"].as_str().is_some_and(|m| !m.is_empty()));

        // Act: the same call once the minute has passed.
        sqlx::query("UPDATE rate_events SET at = at - 61000 WHERE bucket LIKE 'sms:resend:%'").execute(&app.db.pool).await.unwrap();
        let resent = envelope(app.post_auth("/api/customer/updatephone", &token, &phone).await).await;
        assert_eq!(resent["success"], true, "{resent}");
        let second = app.last_code_to("905321234567").await;
        let sent: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM outbox_messages WHERE recipient = '905321234567'").fetch_one(&app.db.pool).await.unwrap();
        assert_eq!(sent, 2);

        // Assert: the newest code verifies (and a first one that differs does not).
        if first != second {
            let old = app.post_auth("/api/customer/updatephone", &token, &json!({"step": 2, "phone": "905321234567", "code": first})).await;
            assert_eq!(old.status(), 400);
        }
        let ok = envelope(app.post_auth("/api/customer/updatephone", &token, &json!({"step": 2, "phone": "905321234567", "code": second})).await).await;
        assert_eq!(ok["success"], true, "{ok}");
    }
}

on_both_engines! {
    async fn a_resent_reset_code_waits_a_minute_and_replaces_the_first(app) {
        // Arrange
        registered(&app).await;
        let ask = json!({"username": "aysegul1"});
        assert_eq!(app.post_json("/api/auth/sendresetpassword", &ask).await.status(), 200);
        let first = app.last_code_to("ayse@example.com").await;

        // Act: a resend within the minute answers alike but sends nothing; after it, a new code.
        assert_eq!(app.post_json("/api/auth/sendresetpassword", &ask).await.status(), 200);
        let mails = |app: &crate::helpers::TestApp| {
            let pool = app.db.pool.clone();
            async move {
                sqlx::query_scalar::<_, i64>("SELECT COUNT(*) FROM outbox_messages WHERE recipient = 'ayse@example.com'").fetch_one(&pool).await.unwrap()
            }
        };
        assert_eq!(mails(&app).await, 1);
        sqlx::query("UPDATE rate_events SET at = at - 61000 WHERE bucket LIKE 'reset:player:%'").execute(&app.db.pool).await.unwrap();
        assert_eq!(app.post_json("/api/auth/sendresetpassword", &ask).await.status(), 200);
        assert_eq!(mails(&app).await, 2);
        let second = app.last_code_to("ayse@example.com").await;

        // Assert
        if first != second {
            let old = app.post_json("/api/auth/checkresetcode", &json!({"username": "aysegul1", "code": first})).await;
            assert_eq!(old.status(), 400);
        }
        let ok = app.post_json("/api/auth/checkresetcode", &json!({"username": "aysegul1", "code": second})).await;
        assert_eq!(ok.status(), 200);
    }
}

on_both_engines! {
    async fn the_trial_bonus_is_once_per_phone_number_too(app) {
        // Arrange: a first player got the bonus on a phone, then moved to another number.
        let first = registered(&app).await;
        assert_eq!(verify_phone(&app, &first, "905321234567").await["data"]["trialBonus"], 50.0);
        verify_phone(&app, &first, "905329999999").await;

        // A second player verifies the phone the bonus was granted to.
        let second = with(full_form(), json!({"username": "ikinci22", "email": "iki@example.com", "phone": "905321234567", "PersonalNo": "10000000078"}));
        let (status, body) = register(&app, &second).await;
        assert_eq!(status, 200, "{body}");
        let token = body["data"]["token"].as_str().unwrap().to_string();
        sqlx::query("UPDATE rate_events SET at = at - 120000 WHERE bucket LIKE 'sms:resend:%'").execute(&app.db.pool).await.unwrap();
        let verified = verify_phone(&app, &token, "905321234567").await;

        // Act / Assert: the second player asked for it too, but this phone had it already.
        assert!(verified["data"].get("trialBonus").is_none(), "{verified}");
        assert_eq!(app.get_auth("/api/bonus/definetrialbonus", &token).await.status(), 409);
    }
}

on_both_engines! {
    async fn password_recovery_sends_a_code_and_ends_every_session(app) {
        let token = registered(&app).await;
        let unknown = envelope(app.post_json("/api/auth/sendresetpassword", &json!({"username": "kimseyok1"})).await).await;
        let known = envelope(app.post_json("/api/auth/sendresetpassword", &json!({"username": "aysegul1"})).await).await;
        // Never reveals whether a username exists.
        assert_eq!(unknown, known);
        let code = app.last_code_to("ayse@example.com").await;

        let wrong = app.post_json("/api/auth/checkresetcode", &json!({"username": "aysegul1", "code": "999999x"})).await;
        assert_eq!(wrong.status(), 400);
        let checked = app.post_json("/api/auth/checkresetcode", &json!({"username": "aysegul1", "code": code})).await;
        assert_eq!(checked.status(), 200);
        let mismatch = app.post_json("/api/auth/changepasswordwithcode", &json!({"username": "aysegul1", "code": code, "password": "yeni12345", "password2": "yeni99999"})).await;
        assert_eq!(mismatch.status(), 422);
        let changed = app.post_json("/api/auth/changepasswordwithcode", &json!({"username": "aysegul1", "code": code, "password": "yeni12345", "password2": "yeni12345"})).await;
        assert_eq!(changed.status(), 200);

        assert_eq!(app.get_auth("/api/user/balance", &token).await.status(), 401);
        let reuse = app.post_json("/api/auth/changepasswordwithcode", &json!({"username": "aysegul1", "code": code, "password": "baska1234", "password2": "baska1234"})).await;
        assert_eq!(reuse.status(), 400);
        let login = app.post_json("/api/auth/login", &json!({"username": "aysegul1", "password": "yeni12345"})).await;
        assert_eq!(login.status(), 200);
    }
}

on_both_engines! {
    async fn session_history_lists_each_login_newest_first(app) {
        let first = registered(&app).await;
        let second = envelope(app.client.post(app.url("/api/auth/login")).header("x-fingerprint", "fp-abc").header("user-agent", "TestPhone/1.0")
            .json(&json!({"username": "aysegul1", "password": "gizli123"})).send().await.unwrap()).await["data"]["token"].as_str().unwrap().to_string();
        app.get_auth("/api/auth/logout", &first).await;

        let page = envelope(app.post_auth("/api/customer/sessions", &second, &json!({"skip": 0, "take": 10})).await).await;
        assert_eq!(page["data"]["total"], 2);
        let items = page["data"]["items"].as_array().unwrap();
        assert_eq!(items[0]["current"], true);
        assert_eq!(items[0]["fingerprint"], "fp-abc");
        assert_eq!(items[0]["device"], "TestPhone/1.0");
        assert_eq!(items[0]["ip"], "127.0.0.1");
        assert!(items[0]["endedAt"].is_null());
        assert!(items[1]["endedAt"].is_i64());
        assert_eq!(items[1]["endReason"], "logout");
    }
}

/// A server behind a load balancer whose `X-Forwarded-For` it trusts (`KASA_TRUST_PROXY`).
async fn spawn_behind_a_proxy(engine: crate::helpers::Engine) -> TestApp {
    crate::helpers::spawn_app_configured(engine, |state| state.trust_proxy = kasa::http::client::TrustProxy(true)).await
}

/// The addresses session history shows for a login from `forwarded` (newest first).
async fn login_ips_forwarded_from(app: &TestApp, forwarded: &str) -> Vec<Value> {
    let token = envelope(
        app.client
            .post(app.url("/api/auth/login"))
            .header("x-forwarded-for", forwarded)
            .json(&json!({"username": "aysegul1", "password": "gizli123"}))
            .send()
            .await
            .unwrap(),
    )
    .await["data"]["token"]
        .as_str()
        .unwrap()
        .to_string();
    let page = envelope(app.post_auth("/api/customer/sessions", &token, &json!({"skip": 0, "take": 10})).await).await;
    page["data"]["items"].as_array().unwrap().iter().map(|i| i["ip"].clone()).collect()
}

on_both_engines! {
    @with spawn_behind_a_proxy;
    async fn behind_a_trusted_proxy_the_callers_address_is_the_first_forwarded_one(app) {
        registered(&app).await;
        assert_eq!(login_ips_forwarded_from(&app, "203.0.113.7, 10.0.0.1").await[0], "203.0.113.7");
    }
}

on_both_engines! {
    async fn without_a_trusted_proxy_a_forwarded_address_is_ignored(app) {
        registered(&app).await;
        assert_eq!(login_ips_forwarded_from(&app, "203.0.113.7").await[0], "127.0.0.1");
    }
}

on_both_engines! {
    async fn the_registration_form_offers_countries_with_turkiye_first(app) {
        let body = envelope(app.get("/api/auth/form?refId=12").await).await;
        let countries = body["data"]["countries"].as_array().unwrap();
        assert_eq!(countries[0]["name"], "Türkiye");
        assert_eq!(countries[0]["id"], 1);
        assert!(countries.len() > 10);
    }
}

on_both_engines! {
    async fn a_household_may_register_ten_players_from_one_ip_but_a_script_is_stopped(app) {
        for i in 0..10 {
            let body = with(full_form(), json!({"username": format!("hane{i:02}ab"), "email": format!("hane{i}@example.com"),
                "phone": format!("9053100000{i:02}"), "PersonalNo": null, "birthDate": null, "birthDateDay": null, "birthDateMonth": null,
                "birthDateYear": null, "country": null, "isFast": true}));
            let (status, resp) = register(&app, &body).await;
            assert_eq!(status, 200, "registration {i}: {resp}");
        }
        let eleventh = with(full_form(), json!({"username": "hane11ab", "email": "hane11@example.com", "phone": "905310000011"}));
        let (status, body) = register(&app, &eleventh).await;
        assert_eq!(status, 429, "{body}");
        assert_eq!(body["success"], false);
    }
}

on_both_engines! {
    async fn ten_verifications_of_one_code_at_once_verify_the_phone_once_and_credit_the_trial_bonus_once(app) {
        // Arrange: registered with the trial bonus ticked, a code sent.
        let token = registered(&app).await;
        let phone = "905321234567";
        let sent = envelope(app.post_auth("/api/customer/updatephone", &token, &json!({"step": 1, "phone": phone})).await).await;
        assert_eq!(sent["success"], true, "{sent}");
        let code = app.last_code_to(phone).await;
        let url = app.url("/api/customer/updatephone");

        // Act: the same code ten times at once.
        let answers = crate::helpers::burst(&app, 10, move |_, c| {
            c.post(&url).bearer_auth(&token).json(&json!({"step": 2, "phone": phone, "code": code}))
        })
        .await;

        // Assert: one verification; the trial bonus once; the ledger holds.
        assert_eq!(crate::helpers::count_status(&answers, 200), 1, "{answers:?}");
        let bonuses: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM bonuses").fetch_one(&app.db.pool).await.unwrap();
        assert_eq!(bonuses, 1);
        let report = kasa::wallet::check(&app.db).await.unwrap();
        assert!(report.is_ok(), "{report}");
    }
}
