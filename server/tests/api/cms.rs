//! The bootstrap call, content pages and the fingerprint calls.

use serde_json::{Value, json};

use crate::helpers::envelope;
use crate::on_both_engines;

fn keys(v: &Value) -> Vec<&str> {
    let mut k: Vec<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
    k.sort();
    k
}

on_both_engines! {
    async fn bootstrap_has_every_part_of_the_spec(app) {
        // Act
        let resp = app.get("/api/cms/grouped").await;

        // Assert
        assert_eq!(resp.status(), 200);
        let body = envelope(resp).await;
        assert_eq!(body["success"], true);
        let data = &body["data"];
        assert_eq!(keys(data), vec![
            "casinoCategoryList", "categoryList", "domainStatus", "egtJackpotCards", "jackpotCards",
            "language", "popup", "siteOption", "sliderList", "translationList", "trialBonusAmount",
        ]);
        let locales: Vec<&str> = data["language"].as_array().unwrap().iter().map(|l| l["locale"].as_str().unwrap()).collect();
        assert!(locales.contains(&"tr") && locales.contains(&"en"), "{locales:?}");
        assert!(data["translationList"].as_array().unwrap().len() > 20);
        assert!(data["domainStatus"]["current"].as_str().is_some_and(|s| !s.is_empty()));
        assert!(data["domainStatus"]["next"].as_str().is_some_and(|s| !s.is_empty()));
        assert!(data["trialBonusAmount"].as_f64().unwrap() > 0.0);
        assert_eq!(data["popup"]["images"].as_array().unwrap().len(), 3);
        for banner in data["sliderList"].as_array().unwrap() {
            assert!(banner["slug"].as_str().is_some_and(|s| !s.is_empty()), "{banner}");
            assert_eq!(banner["images"].as_array().unwrap().len(), 3, "{banner}");
        }
        assert!(data["sliderList"].as_array().unwrap().iter().any(|b| b["slug"] == "home"));
        for cat in data["casinoCategoryList"].as_array().unwrap() {
            assert_eq!(keys(cat), vec!["games", "id", "imageUrl", "name", "slugList"]);
            assert!(cat["imageUrl"].as_str().is_some_and(|s| !s.is_empty()));
        }
        let egt: Vec<&str> = data["egtJackpotCards"].as_array().unwrap().iter().map(|c| c["instanceName"].as_str().unwrap()).collect();
        assert!(egt.contains(&"High Cash") && egt.contains(&"Clover Chance"), "{egt:?}");
        for card in data["egtJackpotCards"].as_array().unwrap() {
            assert_eq!(card["levelStats"].as_array().unwrap().len(), 4);
        }
        assert!(data["jackpotCards"].as_array().unwrap().iter().any(|c| c.get("currentLevelI").is_some()));
    }
}

on_both_engines! {
    async fn site_options_are_enabled_only_with_lower_case_keys(app) {
        // Arrange: one disabled option and one with upper-case letters.
        sqlx::query("INSERT INTO site_options (key, value, enabled) VALUES ('Hidden-Option', 'x', 0), ('Shout-Key', 'y', 1)")
            .execute(&app.db.pool).await.unwrap();

        // Act
        let body = envelope(app.get("/api/cms/grouped").await).await;

        // Assert
        let options = body["data"]["siteOption"].as_array().unwrap();
        assert!(options.iter().all(|o| o["status"] == true));
        assert!(options.iter().all(|o| { let k = o["key"].as_str().unwrap(); k == k.to_lowercase() }));
        assert!(options.iter().any(|o| o["key"] == "shout-key"));
        assert!(!options.iter().any(|o| o["key"] == "hidden-option"));
        for key in ["site-name", "twitter", "instagram", "telegram", "default-domain", "license-text", "operator-company"] {
            assert!(options.iter().any(|o| o["key"] == key), "missing site option {key}");
        }
    }
}

on_both_engines! {
    async fn footer_category_two_lists_about_us_as_content_three(app) {
        let body = envelope(app.get_locale("/api/cms/grouped", "en").await).await;
        let cats = body["data"]["categoryList"].as_array().unwrap();
        let footer = cats.iter().find(|c| c["id"] == 2).expect("content category 2");
        let about = footer["content"].as_array().unwrap().iter().find(|e| e["id"] == 3).expect("content 3 in category 2");
        assert_eq!(about["title"], "About Us");
    }
}

on_both_engines! {
    async fn bootstrap_texts_follow_x_locale(app) {
        let tr = envelope(app.get_locale("/api/cms/grouped", "tr").await).await;
        let en = envelope(app.get_locale("/api/cms/grouped", "en").await).await;
        let text = |b: &Value, key: &str| {
            b["data"]["translationList"].as_array().unwrap().iter().find(|t| t["key"] == key).map(|t| t["value"].as_str().unwrap().to_string())
        };
        let (tr_login, en_login) = (text(&tr, "header.login"), text(&en, "header.login"));
        assert!(tr_login.is_some() && en_login.is_some(), "header.login missing");
        assert_ne!(tr_login, en_login);
        assert_eq!(tr["data"]["translationList"].as_array().unwrap().len(), en["data"]["translationList"].as_array().unwrap().len());
        // An unknown locale falls back to Turkish.
        let de = envelope(app.get_locale("/api/cms/grouped", "de").await).await;
        assert_eq!(text(&de, "header.login"), tr_login);
    }
}

on_both_engines! {
    async fn about_us_page_is_served_sanitised_in_both_languages(app) {
        let en = envelope(app.get_locale("/api/cms/content/3", "en").await).await;
        assert_eq!(en["data"]["title"], "About Us");
        assert_eq!(en["data"]["categoryId"], 2);
        assert!(en["data"]["body"].as_str().unwrap().len() > 200);
        let tr = envelope(app.get_locale("/api/cms/content/3", "tr").await).await;
        assert_eq!(tr["data"]["title"], "Hakkımızda");
    }
}

on_both_engines! {
    async fn a_content_page_with_a_script_is_served_without_it(app) {
        // Arrange: an operator stored unsafe HTML.
        sqlx::query("UPDATE content_texts SET body = $1 WHERE content_id = 3")
            .bind(r#"<p onclick="steal()">Hi</p><script>alert(1)</script><a href="javascript:alert(2)">x</a>"#)
            .execute(&app.db.pool).await.unwrap();

        // Act
        let body = envelope(app.get("/api/cms/content/3").await).await;

        // Assert
        let html = body["data"]["body"].as_str().unwrap();
        assert!(!html.contains("<script") && !html.contains("onclick") && !html.contains("javascript:"), "{html}");
        assert!(html.contains("Hi"));
    }
}

on_both_engines! {
    async fn an_unknown_content_page_is_a_404_envelope_in_the_players_language(app) {
        let resp = app.get_locale("/api/cms/content/99999", "en").await;
        assert_eq!(resp.status(), 404);
        let body = envelope(resp).await;
        assert_eq!(body["success"], false);
        assert_eq!(body["message"], "This content page was not found.");
        let resp = app.get("/api/cms/content/abc").await;
        assert_eq!(resp.status(), 404);
        assert_eq!(envelope(resp).await["message"], "Bu içerik sayfası bulunamadı.");
    }
}

on_both_engines! {
    async fn the_fingerprint_script_sets_the_global(app) {
        let body = envelope(app.get("/api/cms/coveryjs").await).await;
        let script = body["data"].as_str().unwrap();
        assert!(script.contains("window.kasaFingerprint") || script.contains("w.kasaFingerprint"));
        assert!(script.contains("visitorId"));
    }
}

on_both_engines! {
    async fn a_fingerprint_log_is_stored_and_a_bad_one_changes_nothing(app) {
        // Act
        let ok = app.post_json("/api/cms/fingerprintlog", &json!({"visitorId": "abc123", "components": {"screen": "390x844x24"}})).await;
        let bad = app.post_json("/api/cms/fingerprintlog", &json!({"visitorId": "<script>", "components": {}})).await;
        let garbage = app.client.post(app.url("/api/cms/fingerprintlog")).header("content-type", "application/json").body("{nope").send().await.unwrap();

        // Assert
        assert_eq!(ok.status(), 200);
        assert_eq!(envelope(ok).await["success"], true);
        assert_eq!(bad.status(), 422);
        assert_eq!(envelope(bad).await["success"], false);
        assert_eq!(garbage.status(), 400);
        assert_eq!(envelope(garbage).await["success"], false);
        let rows: Vec<(String, String)> = sqlx::query_as("SELECT visitor_id, components FROM fingerprint_logs").fetch_all(&app.db.pool).await.unwrap();
        assert_eq!(rows.len(), 1);
        assert_eq!(rows[0].0, "abc123");
        assert!(rows[0].1.contains("390x844x24"));
    }
}

#[tokio::test]
async fn demo_content_loads_only_into_an_empty_database() {
    // Arrange: a database with the demo content, then a change by the operator.
    let app = crate::helpers::spawn_app(crate::helpers::Engine::Sqlite).await;
    sqlx::query("UPDATE site_options SET value = 'Operator Name' WHERE key = 'Site-Name' OR key = 'site-name'")
        .execute(&app.db.pool)
        .await
        .unwrap();
    let count_before: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM sliders").fetch_one(&app.db.pool).await.unwrap();

    // Act: loading the demo again does nothing.
    let loaded = kasa::cms::demo::load_if_empty(&app.db).await.unwrap();

    // Assert
    assert!(!loaded);
    let count_after: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM sliders").fetch_one(&app.db.pool).await.unwrap();
    assert_eq!(count_before, count_after);
    let body = envelope(app.get("/api/cms/grouped").await).await;
    let name = body["data"]["siteOption"].as_array().unwrap().iter().find(|o| o["key"] == "site-name").unwrap()["value"].clone();
    assert_eq!(name, "Operator Name");
}
