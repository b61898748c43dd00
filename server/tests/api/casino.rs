//! The casino catalogue (issue 14): games by category, the search with Turkish case and accents,
//! the lobby's filters, order, pages and providers facet, favourites (also under concurrency) and
//! `kasa admin games import`, on both engines.

use std::collections::BTreeSet;
use std::process::Command;

use serde_json::{Value, json};

use crate::accounts::registered;
use crate::helpers::{TestApp, burst, count_status, envelope};
use crate::on_both_engines;

const STUDIO: [&str; 3] = ["kasa-sultans-gold", "kasa-bosphorus-nights", "kasa-anatolian-fruits"];
const SLOTS: i64 = 3;
const LIVE_ROULETTE: i64 = 8;

impl TestApp {
    async fn casino(&self, method: reqwest::Method, path: &str, body: Option<&Value>, token: Option<&str>) -> (u16, Value) {
        let mut req = self.client.request(method, self.url(path)).header("x-locale", "en");
        if let Some(t) = token {
            req = req.bearer_auth(t);
        }
        if let Some(b) = body {
            req = req.json(b);
        }
        let resp = req.send().await.unwrap();
        let status = resp.status().as_u16();
        (status, envelope(resp).await)
    }

    async fn lobby(&self, query: &str, token: Option<&str>) -> Value {
        let (status, body) = self.casino(reqwest::Method::GET, &format!("/api/casino/lobby?{query}"), None, token).await;
        assert_eq!(status, 200, "{query}: {body}");
        body["data"].clone()
    }

    /// `casino/games`: the codes found, per provider list.
    async fn search(&self, body: Value) -> Vec<Vec<String>> {
        let (status, answer) = self.casino(reqwest::Method::POST, "/api/casino/games", Some(&body), None).await;
        assert_eq!(status, 200, "{answer}");
        assert_eq!(answer["success"], true);
        answer["data"]
            .as_array()
            .unwrap()
            .iter()
            .map(|list| list.as_array().unwrap().iter().map(|g| g["gameCode"].as_str().unwrap().to_string()).collect())
            .collect()
    }

    async fn found(&self, body: Value) -> BTreeSet<String> {
        self.search(body).await.into_iter().flatten().collect()
    }

    async fn toggle(&self, token: &str, code: &str, provider: i64) -> (u16, Value) {
        self.casino(reqwest::Method::POST, "/api/casino/togglefavorite", Some(&json!({"code": code, "providerId": provider})), Some(token))
            .await
    }

    async fn provider(&self, code: &str) -> i64 {
        sqlx::query_scalar("SELECT id FROM providers WHERE code = $1").bind(code).fetch_one(&self.db.pool).await.unwrap()
    }

    async fn scalar(&self, sql: &str) -> i64 {
        sqlx::query_scalar(sqlx::AssertSqlSafe(sql.to_string())).fetch_one(&self.db.pool).await.unwrap()
    }
}

fn codes(items: &Value) -> Vec<String> {
    items.as_array().unwrap().iter().map(|g| g["gameCode"].as_str().unwrap().to_string()).collect()
}

on_both_engines! {
    async fn category_games_lists_the_studio_slots_in_the_slot_category_in_the_contract_shape(app) {
        // Act
        let (status, body) =
            app.casino(reqwest::Method::POST, "/api/casino/categorygames", Some(&json!({"systemCategory": [SLOTS]})), None).await;

        // Assert: the three studio slots are there, most popular first, each game in the contract's shape.
        assert_eq!(status, 200, "{body}");
        let games = body["data"].as_array().unwrap();
        let found = codes(&body["data"]);
        for code in STUDIO {
            assert!(found.contains(&code.to_string()), "{code} missing: {found:?}");
        }
        let popularity: Vec<i64> = games.iter().map(|g| g["popularity"].as_i64().unwrap()).collect();
        assert!(popularity.windows(2).all(|w| w[0] >= w[1]), "{popularity:?}");
        let sultan = games.iter().find(|g| g["gameCode"] == "kasa-sultans-gold").unwrap();
        let keys: BTreeSet<&str> = sultan.as_object().unwrap().keys().map(String::as_str).collect();
        assert_eq!(
            keys,
            BTreeSet::from([
                "id", "gameCode", "name", "providerName", "mainProviderId", "systemCategory", "imageUrl", "isLive", "isNew",
                "isFavorite", "platforms", "popularity"
            ])
        );
        assert_eq!(sultan["name"], "Sultan's Gold", "the English name for x-locale en");
        assert_eq!(sultan["providerName"], "Kasa Studio");
        assert_eq!(sultan["mainProviderId"], app.provider("kasa").await);
        assert!(sultan["systemCategory"].as_array().unwrap().contains(&json!(SLOTS)));
        assert_eq!(sultan["isLive"], false);
        assert_eq!(sultan["isNew"], true, "added at the demo's load");
        assert_eq!(sultan["isFavorite"], false);
        assert_eq!(sultan["platforms"], json!(["desktop", "mobile"]));
        assert!(sultan["imageUrl"].as_str().unwrap().starts_with("/media/games/"));
        let image = app.get(sultan["imageUrl"].as_str().unwrap()).await;
        assert_eq!(image.status(), 200, "the tile is served");

        // In Turkish, the Turkish name.
        let resp = app.client.post(app.url("/api/casino/categorygames")).json(&json!({"systemCategory": [SLOTS]})).send().await.unwrap();
        let tr = envelope(resp).await;
        assert!(tr["data"].as_array().unwrap().iter().any(|g| g["name"] == "Sultan'ın Altını"), "{tr}");
    }
}

on_both_engines! {
    async fn category_games_that_fail_give_an_empty_list(app) {
        for body in [json!({"systemCategory": [999]}), json!({"systemCategory": "slots"}), json!({"other": 1}), json!([1, 2]), json!({"systemCategory": []})] {
            let (status, answer) = app.casino(reqwest::Method::POST, "/api/casino/categorygames", Some(&body), None).await;
            assert_eq!(status, 200, "{body}: {answer}");
            assert_eq!(answer["success"], true, "{body}: {answer}");
            assert_eq!(answer["data"], json!([]), "{body}");
        }
    }
}

on_both_engines! {
    async fn game_search_follows_turkish_case_and_ignores_accents(app) {
        // "IŞIK Çarkı" and "İSTANBUL Rulet" are demo games; a Turkish player types either way.
        for typed in ["ışık", "IŞIK", "isik", "ISIK", "Işık çarkı", "isik CARKI"] {
            assert!(app.found(json!({"search": typed})).await.contains("amn-isik-carki"), "{typed}");
        }
        for typed in ["istanbul", "İSTANBUL", "ISTANBUL", "İstanbul rulet"] {
            assert!(app.found(json!({"search": typed})).await.contains("sg-istanbul-rulet"), "{typed}");
        }
        for (typed, code) in [("cilgin", "egt-cilgin-kiraz"), ("ÇILGIN KİRAZ", "egt-cilgin-kiraz"), ("seker", "amn-seker-patlamasi"), ("SULTANIN", "kasa-sultans-gold"), ("ucak", "dg-ucak")] {
            assert!(app.found(json!({"search": typed})).await.contains(code), "{typed} should find {code}");
        }
        // Wildcards are letters, not patterns; every word must match.
        assert!(app.found(json!({"search": "_"})).await.len() > 40, "no word: every game");
        assert_eq!(app.found(json!({"search": "100%"})).await, BTreeSet::from(["amn-super-hot-100".to_string()]));
        assert!(app.found(json!({"search": "isik rulet"})).await.is_empty());
        assert!(app.found(json!({"search": "zzzz"})).await.is_empty());
    }
}

on_both_engines! {
    async fn game_search_answers_one_list_per_provider_and_filters_live_games_by_live_or_is_live(app) {
        // A search over several providers: one list each, no provider twice.
        let lists = app.search(json!({"search": "roulette"})).await;
        assert!(lists.len() >= 2, "{lists:?}");
        let (status, answer) = app.casino(reqwest::Method::POST, "/api/casino/games", Some(&json!({"search": "roulette"})), None).await;
        assert_eq!(status, 200);
        let providers: Vec<i64> = answer["data"].as_array().unwrap().iter().map(|l| l[0]["mainProviderId"].as_i64().unwrap()).collect();
        assert_eq!(providers.len(), providers.iter().collect::<BTreeSet<_>>().len(), "{providers:?}");
        for list in answer["data"].as_array().unwrap() {
            assert!(list.as_array().unwrap().iter().all(|g| g["mainProviderId"] == list[0]["mainProviderId"]));
        }

        // live and isLive both filter.
        let live = app.found(json!({"search": "roulette", "live": true})).await;
        assert!(live.contains("em-lightning-roulette") && !live.contains("sg-european-roulette"), "{live:?}");
        assert_eq!(app.found(json!({"search": "roulette", "isLive": true})).await, live);
        let not_live = app.found(json!({"search": "roulette", "isLive": false})).await;
        assert!(not_live.contains("sg-european-roulette") && !not_live.contains("em-lightning-roulette"), "{not_live:?}");
        assert!(app.found(json!({"search": "istanbul", "live": false})).await.is_empty());
        // The side menu's Aviator: not live, first result: the studio's crash game.
        assert_eq!(app.search(json!({"search": "Aviator", "isLive": false})).await[0][0], "kasa-aviator");

        // A body of another shape: an empty result, not an error.
        let (status, answer) = app.casino(reqwest::Method::POST, "/api/casino/games", Some(&json!({"search": 42})), None).await;
        assert_eq!((status, answer["success"].clone(), answer["data"].clone()), (200, json!(true), json!([])));
    }
}

on_both_engines! {
    async fn the_lobby_pages_sorts_and_filters_by_category_provider_and_live(app) {
        // Pages: disjoint, in popularity order, with the same total.
        let first = app.lobby("category=slot&take=5", None).await;
        let second = app.lobby("category=slot&take=5&skip=5", None).await;
        let total = first["total"].as_i64().unwrap();
        assert!(total >= 20, "{first}");
        assert_eq!(second["total"], total);
        let (a, b) = (codes(&first["items"]), codes(&second["items"]));
        assert_eq!((a.len(), b.len()), (5, 5));
        assert!(a.iter().all(|c| !b.contains(c)));
        let all = app.lobby("category=slot&take=100", None).await;
        let popularity: Vec<i64> = all["items"].as_array().unwrap().iter().map(|g| g["popularity"].as_i64().unwrap()).collect();
        assert!(popularity.windows(2).all(|w| w[0] >= w[1]));
        assert_eq!(all["items"].as_array().unwrap().len() as i64, total);
        assert!(all["items"].as_array().unwrap().iter().all(|g| g["isLive"] == false), "the slot page has no live games");
        // Its "All" lists slots only (the categories marked slot:all), not its crash or table tabs.
        let slot_kinds = [json!(3), json!(4), json!(5)];
        assert!(all["items"].as_array().unwrap().iter().all(|g| g["systemCategory"].as_array().unwrap().iter().any(|c| slot_kinds.contains(c))), "{all}");
        assert!(!codes(&all["items"]).iter().any(|c| c == "kasa-aviator" || c == "sg-european-roulette"));

        // The providers facet counts every provider's matches, and sums to the total.
        let facet = all["providers"].as_array().unwrap();
        assert_eq!(facet.iter().map(|p| p["count"].as_i64().unwrap()).sum::<i64>(), total);
        assert!(facet.iter().all(|p| p["name"].is_string() && p["logo"].is_string() && p["id"].is_i64()));

        // Sort new: newest first (the studio's slots were added at the load).
        let new = app.lobby("category=slot&sort=new&take=3", None).await;
        assert!(codes(&new["items"]).iter().all(|c| c.starts_with("kasa-")), "{new}");

        // A provider by id or code: the facet's count is the total; the facet keeps every provider.
        let egt = app.provider("egt-digital").await;
        let by_id = app.lobby(&format!("category=slot&provider={egt}&take=100"), None).await;
        let by_code = app.lobby("category=slot&provider=egt-digital&take=100", None).await;
        assert_eq!(codes(&by_id["items"]), codes(&by_code["items"]));
        assert!(by_id["items"].as_array().unwrap().iter().all(|g| g["mainProviderId"] == egt));
        let egt_count = facet.iter().find(|p| p["id"] == egt).unwrap()["count"].clone();
        assert_eq!(by_id["total"], egt_count);
        assert_eq!(by_id["providers"].as_array().unwrap().len(), facet.len());

        // A category by id (a tab), the live page, bingo under its route's name too.
        let roulette = app.lobby(&format!("category={LIVE_ROULETTE}"), None).await;
        assert!(roulette["items"].as_array().unwrap().iter().all(|g| g["systemCategory"].as_array().unwrap().contains(&json!(LIVE_ROULETTE))));
        assert!(roulette["total"].as_i64().unwrap() >= 3);
        let live = app.lobby("category=live&take=100", None).await;
        assert!(live["items"].as_array().unwrap().iter().all(|g| g["isLive"] == true), "{live}");
        assert!(codes(&live["items"]).contains(&"sg-istanbul-rulet".to_string()));
        let bingo = app.lobby("category=bingo", None).await;
        assert_eq!(codes(&app.lobby("category=popular-games", None).await["items"]), codes(&bingo["items"]));
        assert!(codes(&bingo["items"]).contains(&"dg-tombala-90".to_string()));
        for page in ["games", "tvbets"] {
            assert!(app.lobby(&format!("category={page}"), None).await["total"].as_i64().unwrap() >= 5, "{page}");
        }
        assert_eq!(app.lobby("category=nowhere", None).await["total"], 0);

        // Search within the lobby, live filter, the page size's cap.
        let search = app.lobby("search=%C4%B1%C5%9F%C4%B1k", None).await; // ışık
        assert_eq!(codes(&search["items"]), vec!["amn-isik-carki"]);
        assert_eq!(app.lobby("search=istanbul&live=false", None).await["total"], 0);
        assert!(app.lobby("take=1000", None).await["items"].as_array().unwrap().len() <= 100);

        // Bad parameters: a 422 naming the parameter.
        for (query, field) in [("sort=cheap", "sort"), ("take=lots", "take"), ("live=maybe", "live")] {
            let (status, body) = app.casino(reqwest::Method::GET, &format!("/api/casino/lobby?{query}"), None, None).await;
            assert_eq!(status, 422, "{query}: {body}");
            assert_eq!(body["data"]["field"], field);
        }
    }
}

on_both_engines! {
    async fn a_favourite_is_added_then_removed_with_a_warning_and_needs_a_login(app) {
        let kasa = app.provider("kasa").await;

        // Without a session: 401; the favourites list too.
        let (status, _) = app.casino(reqwest::Method::POST, "/api/casino/togglefavorite", Some(&json!({"code": "kasa-sultans-gold", "providerId": kasa})), None).await;
        assert_eq!(status, 401);
        assert_eq!(app.casino(reqwest::Method::GET, "/api/casino/favorites", None, None).await.0, 401);

        // Arrange
        let token = registered(&app).await;

        // An unknown game: a clear 400.
        let (status, body) = app.toggle(&token, "no-such-game", kasa).await;
        assert_eq!(status, 400, "{body}");
        assert_eq!(body["message"], "There is no such game.");
        let (status, _) = app.toggle(&token, "kasa-sultans-gold", kasa + 1000).await;
        assert_eq!(status, 400);

        // Added: a success message; listed; marked for the player only.
        let (status, body) = app.toggle(&token, "kasa-sultans-gold", kasa).await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["data"]["favorite"], true);
        assert_eq!(body["message"], "Sultan's Gold was added to your favourites.");
        let (_, list) = app.casino(reqwest::Method::GET, "/api/casino/favorites", None, Some(&token)).await;
        assert_eq!(codes(&list["data"]), vec!["kasa-sultans-gold"]);
        assert_eq!(list["data"][0]["isFavorite"], true);
        let mine = app.lobby("search=sultan", Some(&token)).await;
        assert_eq!(mine["items"][0]["isFavorite"], true);
        assert_eq!(app.lobby("search=sultan", None).await["items"][0]["isFavorite"], false);
        assert_eq!(app.lobby("search=sultan", Some("an-ended-token")).await["items"][0]["isFavorite"], false, "a stale token is no session");
        let (_, found) = app.casino(reqwest::Method::POST, "/api/casino/games", Some(&json!({"search": "sultan"})), Some(&token)).await;
        assert_eq!(found["data"][0][0]["isFavorite"], true);

        // Toggled again: removed, with the warning's text; the list is empty.
        let resp = app.client.post(app.url("/api/casino/togglefavorite")).bearer_auth(&token)
            .json(&json!({"code": "kasa-sultans-gold", "providerId": kasa})).send().await.unwrap();
        let body = envelope(resp).await;
        assert_eq!(body["success"], true);
        assert_eq!(body["data"]["favorite"], false);
        assert_eq!(body["message"], "Sultan'ın Altını favorilerinizden çıkarıldı.", "Turkish by default");
        let (_, list) = app.casino(reqwest::Method::GET, "/api/casino/favorites", None, Some(&token)).await;
        assert_eq!(list["data"], json!([]));
    }
}

on_both_engines! {
    async fn twenty_toggles_at_once_from_one_player_alternate_and_leave_no_duplicate(app) {
        // Arrange
        let token = registered(&app).await;
        let kasa = app.provider("kasa").await;
        let url = app.url("/api/casino/togglefavorite");

        // Act: 20 toggles of one game released together.
        let answers = burst(&app, 20, move |_, client| {
            client.post(&url).bearer_auth(&token).json(&json!({"code": "kasa-bosphorus-nights", "providerId": kasa}))
        })
        .await;

        // Assert: every toggle answered; one at a time, so half added and half removed; nothing left.
        assert_eq!(count_status(&answers, 200), 20, "{answers:?}");
        let added = answers.iter().filter(|(_, b)| b["data"]["favorite"] == true).count();
        assert_eq!(added, 10, "{answers:?}");
        assert_eq!(app.scalar("SELECT COUNT(*) FROM favorites").await, 0);
    }
}

/// Runs `kasa admin games import FILE` on the app's database.
fn import(app: &TestApp, file: &std::path::Path) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_kasa"))
        .args(["admin", "games", "import"])
        .arg(file)
        .args(["--database-url", &app.db.url])
        .env("KASA_LOG", "error")
        .output()
        .expect("run kasa")
}

fn catalogue(games: usize, suffix: &str) -> Value {
    let list: Vec<Value> = (0..games)
        .map(|i| {
            json!({
                "provider": if i % 2 == 0 { "bulk-games" } else { "hub88" },
                "code": format!("bulk-{i:05}"),
                "name": format!("Toplu Oyun {i} {suffix}"),
                "categories": if i % 10 == 0 { json!([SLOTS, 1]) } else { json!([SLOTS]) },
                "imageUrl": "/media/games/slot-gems.svg",
                "popularity": (i * 7919) % 1000,
                "addedAt": "2025-01-01",
                "live": i % 50 == 0
            })
        })
        .collect();
    json!({
        "categories": [{"id": 21, "name": {"tr": "Toplu", "en": "Bulk"}, "slugList": ["slot"], "sort": 21}],
        "providers": [{"code": "bulk-games", "name": "Bulk Games", "logo": "/media/default-provider.svg", "sort": 9}],
        "games": list
    })
}

on_both_engines! {
    async fn kasa_admin_games_import_adds_ten_thousand_games_then_updates_them_and_is_idempotent(app) {
        // Arrange
        let dir = crate::helpers::tempdir::Dir(std::env::temp_dir().join(format!("kasa-games-{}", uuid::Uuid::new_v4().simple())));
        std::fs::create_dir_all(&dir.0).unwrap();
        let (first, second) = (dir.0.join("first.json"), dir.0.join("second.json"));
        std::fs::write(&first, catalogue(10_000, "").to_string()).unwrap();
        std::fs::write(&second, catalogue(10_000, "Yeni").to_string()).unwrap();
        let before = app.scalar("SELECT COUNT(*) FROM games").await;
        assert_eq!(app.lobby("provider=bulk-games", None).await["total"], 0, "the node holds the catalogue before the import");

        // Act: 10,000 new games, imported by another process (as another node would).
        let out = import(&app, &first);

        // Assert: counted, stored with their categories, listed by the lobby at once.
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let said = String::from_utf8_lossy(&out.stdout).to_string();
        assert!(said.contains("categories: 1 added, 0 updated; providers: 1 added, 0 updated; games: 10000 added, 0 updated"), "{said}");
        assert_eq!(app.scalar("SELECT COUNT(*) FROM games").await, before + 10_000);
        let links = app.scalar("SELECT COUNT(*) FROM game_categories").await;
        let bulk = app.lobby("provider=bulk-games&take=1", None).await;
        assert_eq!(bulk["total"], 5_000);
        let found = app.lobby("search=toplu%20oyun%209999", None).await;
        assert_eq!(codes(&found["items"]), vec!["bulk-09999"]);
        assert_eq!(found["items"][0]["isNew"], false, "addedAt 2025-01-01");

        // Act: the same games renamed.
        let out = import(&app, &second);

        // Assert: updated in place, the search follows the new name.
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let said = String::from_utf8_lossy(&out.stdout).to_string();
        assert!(said.contains("categories: 0 added, 1 updated; providers: 0 added, 1 updated; games: 0 added, 10000 updated"), "{said}");
        assert_eq!(app.scalar("SELECT COUNT(*) FROM games").await, before + 10_000);
        assert_eq!(app.scalar("SELECT COUNT(*) FROM game_categories").await, links);
        let renamed = app.lobby("search=OYUN%209999%20YEN%C4%B0", None).await; // OYUN 9999 YENİ
        assert_eq!(codes(&renamed["items"]), vec!["bulk-09999"]);
        assert_eq!(renamed["items"][0]["name"], "Toplu Oyun 9999 Yeni");

        // Again: nothing more, nothing less.
        let out = import(&app, &second);
        assert!(out.status.success());
        assert_eq!(app.scalar("SELECT COUNT(*) FROM games").await, before + 10_000);
        assert_eq!(app.scalar("SELECT COUNT(*) FROM game_categories").await, links);
        assert_eq!(app.scalar("SELECT COUNT(*) FROM providers").await, 8);
    }
}

on_both_engines! {
    async fn a_bad_catalogue_file_is_refused_with_one_line_and_writes_nothing(app) {
        let dir = crate::helpers::tempdir::Dir(std::env::temp_dir().join(format!("kasa-games-{}", uuid::Uuid::new_v4().simple())));
        std::fs::create_dir_all(&dir.0).unwrap();
        let before = (app.scalar("SELECT COUNT(*) FROM games").await, app.scalar("SELECT COUNT(*) FROM providers").await);
        let cases = [
            ("not-json.json", "{games: [".to_string(), "not valid JSON"),
            (
                "unknown-category.json",
                json!({"providers": [{"code": "newco", "name": "NewCo"}],
                       "games": [{"provider": "newco", "code": "a", "name": "A"}, {"provider": "newco", "code": "b", "name": "B", "categories": [77]}]}).to_string(),
                "game 2 ('b' of 'newco'): there is no casino category 77",
            ),
            ("unknown-provider.json", json!({"games": [{"provider": "nobody", "code": "a", "name": "A"}]}).to_string(), "no provider 'nobody'"),
        ];
        for (name, text, says) in cases {
            let file = dir.0.join(name);
            std::fs::write(&file, text).unwrap();
            let out = import(&app, &file);
            assert!(!out.status.success(), "{name}");
            let err = String::from_utf8_lossy(&out.stderr).trim().to_string();
            assert_eq!(err.lines().count(), 1, "{err}");
            assert!(err.starts_with("kasa: error: ") && err.contains(name) && err.contains(says), "{err}");
        }
        let out = import(&app, &dir.0.join("missing.json"));
        assert!(String::from_utf8_lossy(&out.stderr).contains("cannot read"), "{}", String::from_utf8_lossy(&out.stderr));
        assert_eq!((app.scalar("SELECT COUNT(*) FROM games").await, app.scalar("SELECT COUNT(*) FROM providers").await), before);
    }
}
