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

/// The value of a site option in a bootstrap answer.
fn option<'a>(body: &'a Value, key: &str) -> Option<&'a str> {
    body["data"]["siteOption"].as_array().unwrap().iter().find(|o| o["key"] == key).and_then(|o| o["value"].as_str())
}

/// Every image url of the banners and the popup of a bootstrap answer.
fn image_urls(body: &Value) -> Vec<String> {
    let data = &body["data"];
    let banners = data["sliderList"].as_array().unwrap().iter().flat_map(|b| b["images"].as_array().unwrap().iter());
    banners.chain(data["popup"]["images"].as_array().unwrap().iter()).map(|i| i["url"].as_str().unwrap().to_string()).collect()
}

on_both_engines! {
    async fn server_content_follows_x_locale_banners_popup_names_and_the_licence_text(app) {
        // Act
        let tr = envelope(app.get_locale("/api/cms/grouped", "tr").await).await;
        let en = envelope(app.get_locale("/api/cms/grouped", "en").await).await;
        let de = envelope(app.get_locale("/api/cms/grouped", "de").await).await;

        // Assert: English art for every banner and the popup, Turkish art in Turkish.
        let (tr_images, en_images) = (image_urls(&tr), image_urls(&en));
        assert_eq!(tr_images.len(), en_images.len());
        assert!(en_images.len() > 10);
        assert!(en_images.iter().all(|u| u.starts_with("/media/banners/en/") || u.starts_with("/media/popup/en/")), "{en_images:?}");
        assert!(tr_images.iter().all(|u| !u.contains("/en/")), "{tr_images:?}");
        // Every English image is served, as WebP.
        for url in &en_images {
            let resp = app.get(url).await;
            assert_eq!(resp.status(), 200, "{url}");
            assert_eq!(resp.headers()["content-type"], "image/webp", "{url}");
            let bytes = resp.bytes().await.unwrap();
            assert!(bytes.len() > 1_000 && &bytes[..4] == b"RIFF" && &bytes[8..12] == b"WEBP", "{url}");
        }

        // The footer's licence text in each language; an option without a translation is the same.
        let (tr_licence, en_licence) = (option(&tr, "license-text").unwrap(), option(&en, "license-text").unwrap());
        assert!(tr_licence.contains("lisans") && tr_licence.contains("sorumlu oynayın"), "{tr_licence}");
        assert!(en_licence.contains("licensed") && en_licence.contains("play responsibly"), "{en_licence}");
        assert_eq!(option(&tr, "site-name"), option(&en, "site-name"));
        // No per-language key leaks as an option of its own, and both languages list the same keys.
        let option_keys = |b: &Value| b["data"]["siteOption"].as_array().unwrap().iter().map(|o| o["key"].as_str().unwrap().to_string()).collect::<Vec<_>>();
        assert!(option_keys(&en).iter().all(|k| !k.contains('@')), "{:?}", option_keys(&en));
        assert_eq!(option_keys(&tr), option_keys(&en));

        // Names: casino categories and content categories.
        let names = |b: &Value, list: &str| b["data"][list].as_array().unwrap().iter().map(|c| c["name"].as_str().unwrap().to_string()).collect::<Vec<_>>();
        assert!(names(&en, "casinoCategoryList").contains(&"New Games".to_string()));
        assert!(names(&tr, "casinoCategoryList").contains(&"Yeni Oyunlar".to_string()));
        assert_eq!(names(&en, "categoryList"), vec!["Help", "Corporate"]);

        // A language the site does not have is served Turkish.
        assert_eq!(image_urls(&de), tr_images);
        assert_eq!(option(&de, "license-text"), Some(tr_licence));
    }
}

on_both_engines! {
    async fn an_option_or_images_without_a_version_in_the_language_fall_back_to_their_own(app) {
        // Arrange: an option with a German value only, an English one for another, and a banner
        // whose images are one list for every language.
        sqlx::query("INSERT INTO site_options (key, value, enabled) VALUES ('Greeting', 'Merhaba', 1), ('Greeting@de', 'Hallo', 1), \
                     ('Motto', 'Kazan', 1), ('Motto@en', 'Win', 1), ('Motto@fr', 'Gagne', 0)")
            .execute(&app.db.pool).await.unwrap();
        sqlx::query("INSERT INTO sliders (slug, url, images, sort) VALUES ('plain', '', '[\"/media/a.svg\",\"/media/b.svg\"]', 99)")
            .execute(&app.db.pool).await.unwrap();

        // Act (the node's first cms/grouped: built from the database as it is now)
        let tr = envelope(app.get_locale("/api/cms/grouped", "tr").await).await;
        let en = envelope(app.get_locale("/api/cms/grouped", "en").await).await;

        // Assert
        assert_eq!(option(&en, "greeting"), Some("Merhaba"));
        assert_eq!(option(&tr, "greeting"), Some("Merhaba"));
        assert_eq!(option(&en, "motto"), Some("Win"));
        assert_eq!(option(&tr, "motto"), Some("Kazan"));
        let plain = |b: &Value| {
            let banner = b["data"]["sliderList"].as_array().unwrap().iter().find(|s| s["slug"] == "plain").cloned().unwrap();
            banner["images"].as_array().unwrap().iter().map(|i| i["url"].as_str().unwrap().to_string()).collect::<Vec<_>>()
        };
        assert_eq!(plain(&en), vec!["/media/a.svg", "/media/b.svg"]);
        assert_eq!(plain(&tr), plain(&en));
    }
}

on_both_engines! {
    async fn country_names_follow_x_locale_in_the_form_and_the_profile(app) {
        // Act
        let names = |b: &Value| {
            b["data"]["countries"].as_array().unwrap().iter().map(|c| (c["id"].as_i64().unwrap(), c["name"].as_str().unwrap().to_string())).collect::<Vec<_>>()
        };
        let tr = names(&envelope(app.get_locale("/api/auth/form", "tr").await).await);
        let en = names(&envelope(app.get_locale("/api/auth/form", "en").await).await);

        // Assert: the same countries in the same order, named in each language; Türkiye (the
        // default, found by its name) is Türkiye in both.
        assert_eq!(tr.iter().map(|c| c.0).collect::<Vec<_>>(), en.iter().map(|c| c.0).collect::<Vec<_>>());
        assert!(tr.contains(&(4, "Almanya".to_string())) && en.contains(&(4, "Germany".to_string())), "{tr:?} {en:?}");
        assert!(en.contains(&(20, "Other".to_string())), "{en:?}");
        assert_eq!((tr[0].clone(), en[0].clone()), ((1, "Türkiye".to_string()), (1, "Türkiye".to_string())));
        assert!(en.iter().all(|(_, n)| !n.chars().any(|c| "ğışİ".contains(c))), "{en:?}");

        // A player from Germany reads the country on the personal information page in English.
        let reg = app
            .client
            .post(app.url("/api/auth/register"))
            .header("x-locale", "en")
            .json(&json!({"name": "Ayla", "surname": "Kaya", "username": "ulkeli44", "email": "ulkeli44@example.com",
                "phone": "905321230044", "password": "gizli123", "password2": "gizli123", "PersonalNo": "10000000146",
                "country": 4, "birthDateDay": "01", "birthDateMonth": "01", "birthDateYear": "1990", "acceptTerms": true}))
            .send()
            .await
            .unwrap();
        let reg = envelope(reg).await;
        assert_eq!(reg["success"], true, "{reg}");
        let token = reg["data"]["token"].as_str().unwrap();
        let profile = |locale: &'static str| {
            app.client.get(app.url("/api/customer/profile")).header("x-locale", locale).bearer_auth(token).send()
        };
        let en_profile = envelope(profile("en").await.unwrap()).await;
        let tr_profile = envelope(profile("tr").await.unwrap()).await;
        assert_eq!(en_profile["data"]["country"]["name"], "Germany", "{en_profile}");
        assert_eq!(tr_profile["data"]["country"]["name"], "Almanya", "{tr_profile}");
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

/// The value of site option `site-name` and of the text `header.login` in `locale`'s `cms/grouped`.
async fn name_and_login(app: &crate::helpers::TestApp, locale: &str) -> (String, String) {
    let body = envelope(app.get_locale("/api/cms/grouped", locale).await).await;
    let data = &body["data"];
    let name = data["siteOption"].as_array().unwrap().iter().find(|o| o["key"] == "site-name").unwrap()["value"].as_str().unwrap();
    let login = data["translationList"].as_array().unwrap().iter().find(|t| t["key"] == "header.login").unwrap()["value"].as_str().unwrap();
    (name.to_string(), login.to_string())
}

on_both_engines! {
    async fn cms_grouped_is_kept_in_memory_and_rebuilt_on_every_node_when_the_content_changes(app) {
        // Arrange: a second node on the same database; a hub connection on each node; both nodes
        // have answered cms/grouped in both languages once.
        let other = crate::helpers::spawn_node(&app.db.url, false, None, kasa::hub::HubTimings::default()).await;
        let mut pushes_here = app.hub.register(1, 1).frames;
        let mut pushes_there = other.hub.register(1, 1).frames;
        let (name, tr_login) = name_and_login(&app, "tr").await;
        let (_, en_login) = name_and_login(&app, "en").await;
        assert_eq!(name_and_login(&other, "tr").await, (name.clone(), tr_login.clone()));
        assert_eq!(name_and_login(&other, "en").await, (name.clone(), en_login.clone()));

        // Act 1: a change written without announcing it.
        sqlx::query("UPDATE site_options SET value = 'Quiet Name' WHERE lower(key) = 'site-name'").execute(&app.db.pool).await.unwrap();
        tokio::time::sleep(std::time::Duration::from_millis(1000)).await;

        // Assert 1: neither node read the database again.
        for node in [&app, &other] {
            assert_eq!(name_and_login(node, "tr").await, (name.clone(), tr_login.clone()));
            assert_eq!(name_and_login(node, "en").await, (name.clone(), en_login.clone()));
        }

        // Act 2: a site option and a Turkish text change, announced in the same transaction.
        let mut tx = app.db.begin_write().await.unwrap();
        sqlx::query("UPDATE site_options SET value = 'Announced Name' WHERE lower(key) = 'site-name'").execute(&mut *tx).await.unwrap();
        sqlx::query("UPDATE translations SET value = 'Hemen Giriş' WHERE locale = 'tr' AND key = 'header.login'").execute(&mut *tx).await.unwrap();
        kasa::cms::content_changed(&mut tx).await.unwrap();
        tx.commit().await.unwrap();
        let committed = std::time::Instant::now();

        // Assert 2: both nodes answer with the change within 2 s, in both languages.
        let wanted_tr = ("Announced Name".to_string(), "Hemen Giriş".to_string());
        let wanted_en = ("Announced Name".to_string(), en_login.clone());
        for node in [&app, &other] {
            loop {
                let (tr, en) = (name_and_login(node, "tr").await, name_and_login(node, "en").await);
                if tr == wanted_tr && en == wanted_en {
                    break;
                }
                assert!(committed.elapsed() < std::time::Duration::from_secs(2), "node {} still answers {tr:?} {en:?}", node.address);
                tokio::time::sleep(std::time::Duration::from_millis(50)).await;
            }
        }

        // Assert 3: the internal event reached no hub connection; a real broadcast still does.
        assert!(pushes_here.try_recv().is_err(), "the content event was pushed to a player");
        assert!(pushes_there.try_recv().is_err(), "the content event was pushed to a player");
        let mut tx = app.db.pool.begin().await.unwrap();
        kasa::journal::publish(&mut tx, None, None, "Notification", "to everyone").await.unwrap();
        tx.commit().await.unwrap();
        for pushes in [&mut pushes_here, &mut pushes_there] {
            let frame = tokio::time::timeout(std::time::Duration::from_secs(5), pushes.recv()).await.expect("a push within 5 s").unwrap();
            assert!(frame.contains("to everyone") && !frame.contains("internal."), "{frame}");
        }
    }
}

on_both_engines! {
    async fn cms_grouped_is_served_compressed_to_whoever_accepts_gzip(app) {
        // Act
        let plain = app.get_locale("/api/cms/grouped", "en").await;
        let gzip = app.client.get(app.url("/api/cms/grouped")).header("x-locale", "en").header("accept-encoding", "gzip, deflate, br").send().await.unwrap();

        // Assert
        assert!(plain.headers().get("content-encoding").is_none());
        assert_eq!(gzip.status(), 200);
        assert_eq!(gzip.headers()["content-encoding"], "gzip");
        assert_eq!(gzip.headers()["content-type"], "application/json");
        assert!(gzip.headers().get_all("vary").iter().any(|v| v.to_str().unwrap().eq_ignore_ascii_case("accept-encoding")));
        let plain_len = plain.bytes().await.unwrap().len();
        let compressed = gzip.bytes().await.unwrap();
        assert_eq!(&compressed[..2], &[0x1f, 0x8b], "not gzip");
        assert!(compressed.len() * 3 < plain_len, "{} compressed bytes for {plain_len}", compressed.len());
    }
}

/// Runs `kasa admin content ARGS DIR` on the app's database.
fn content_cli(app: &crate::helpers::TestApp, command: &str, dir: &std::path::Path) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_kasa"))
        .args(["admin", "content", command])
        .arg(dir)
        .args(["--database-url", &app.db.url])
        .env("KASA_LOG", "error")
        .output()
        .expect("run kasa")
}

/// Every file below `dir`, by its relative path, with its text.
fn files(dir: &std::path::Path) -> std::collections::BTreeMap<String, String> {
    let mut out = std::collections::BTreeMap::new();
    for sub in ["", "pages", "translations"] {
        for e in std::fs::read_dir(dir.join(sub)).unwrap().flatten() {
            if e.path().is_file() {
                let rel = if sub.is_empty() {
                    e.file_name().to_string_lossy().to_string()
                } else {
                    format!("{sub}/{}", e.file_name().to_string_lossy())
                };
                out.insert(rel, std::fs::read_to_string(e.path()).unwrap());
            }
        }
    }
    out
}

on_both_engines! {
    async fn content_exported_imports_back_unchanged_an_edited_banner_reaches_the_bootstrap_and_a_bad_file_changes_nothing(app) {
        // Arrange: the demo content exported, then a banner's link and a page edited (the page
        // with a script, an event handler and a javascript: link).
        let root = crate::helpers::tempdir::Dir(std::env::temp_dir().join(format!("kasa-content-{}", uuid::Uuid::new_v4().simple())));
        let (a, b, c) = (root.0.join("a"), root.0.join("b"), root.0.join("c"));
        let exported = content_cli(&app, "export", &a);
        assert!(exported.status.success(), "{}", String::from_utf8_lossy(&exported.stderr));
        let mut sliders: Value = serde_json::from_str(&std::fs::read_to_string(a.join("sliders.json")).unwrap()).unwrap();
        sliders[0]["url"] = json!("/casino/live");
        std::fs::write(a.join("sliders.json"), serde_json::to_string_pretty(&sliders).unwrap()).unwrap();
        let mut promotions: Value = serde_json::from_str(&std::fs::read_to_string(a.join("promotions.json")).unwrap()).unwrap();
        let slugs: Vec<&str> = promotions.as_array().unwrap().iter().map(|p| p["slug"].as_str().unwrap()).collect();
        assert_eq!(slugs, ["welcome", "friday-reload", "slot-bonus", "weekend-bonus", "jackpot-hunt"], "the demo promotions are exported");
        promotions[3]["title"]["en"] = json!("Weekend Special");
        std::fs::write(a.join("promotions.json"), serde_json::to_string_pretty(&promotions).unwrap()).unwrap();
        let page = files(&a).into_keys().find(|p| p.starts_with("pages/") && p.ends_with(".tr.html")).unwrap();
        let dirty = format!("{}<script>alert(1)</script><img src=\"x.png\" onerror=\"alert(2)\"><a href=\"javascript:alert(3)\">tık</a>", std::fs::read_to_string(a.join(&page)).unwrap());
        std::fs::write(a.join(&page), dirty).unwrap();

        // Act: import it, export again; then a folder with a broken file.
        let imported = content_cli(&app, "import", &a);
        let again = content_cli(&app, "export", &b);
        std::fs::create_dir_all(&c).unwrap();
        for (rel, text) in files(&b) {
            std::fs::create_dir_all(c.join(&rel).parent().unwrap()).unwrap();
            std::fs::write(c.join(&rel), if rel == "sliders.json" { "[{\"slug\": ".to_string() } else { text }).unwrap();
        }
        let refused = content_cli(&app, "import", &c);

        // Assert: the import said what it wrote; the second export is the first but for the
        // page, which was sanitised; the bootstrap carries the new link (every node is told);
        // the broken folder was refused in one line naming the file, and nothing changed.
        assert!(imported.status.success(), "{}", String::from_utf8_lossy(&imported.stderr));
        assert!(String::from_utf8_lossy(&imported.stdout).contains("2 languages"), "{}", String::from_utf8_lossy(&imported.stdout));
        assert!(again.status.success());
        let (first, second) = (files(&a), files(&b));
        assert_eq!(first.keys().collect::<Vec<_>>(), second.keys().collect::<Vec<_>>());
        for (rel, text) in &first {
            if *rel == page {
                let clean = &second[rel];
                assert!(!clean.contains("<script") && !clean.contains("onerror") && !clean.contains("javascript:"), "{clean}");
                assert!(clean.contains("tık"));
            } else {
                assert_eq!(serde_json::from_str::<Value>(text).ok(), serde_json::from_str::<Value>(&second[rel]).ok(), "{rel}");
                if !rel.ends_with(".json") {
                    assert_eq!(text, &second[rel], "{rel}");
                }
            }
        }
        let started = std::time::Instant::now();
        loop {
            let body: Value = app.get("/api/cms/grouped").await.json().await.unwrap();
            if body["data"]["sliderList"][0]["url"] == "/casino/live" {
                break;
            }
            assert!(started.elapsed() < std::time::Duration::from_secs(3), "the bootstrap still has {}", body["data"]["sliderList"][0]);
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
        let listed: Value = app.get_locale("/api/cms/promotions", "en").await.json().await.unwrap();
        assert_eq!(listed["data"][3]["title"], "Weekend Special", "an edited promotion is served");
        assert!(!refused.status.success());
        let err = String::from_utf8_lossy(&refused.stderr).trim().to_string();
        assert!(err.lines().count() == 1 && err.contains("sliders.json"), "{err}");
        let d = root.0.join("d");
        assert!(content_cli(&app, "export", &d).status.success());
        assert_eq!(files(&d), second);
    }
}
