//! The studio (issue 14): launching a game (launch tokens: single use, 5 minutes, bound to the
//! player and the game), the game page and its clear pages for bad links, game sessions, spins
//! that move exactly the bet and the win, provably fair rounds verified after the seed rotates,
//! a short balance refused, and one player's concurrent spins. On both engines.

use std::collections::BTreeSet;

use serde_json::{Value, json};

use crate::helpers::{TestApp, envelope};
use crate::on_both_engines;
use crate::rounds::{assert_ledger_holds, fund, make_player, money};

const SULTAN: &str = "kasa-sultans-gold";
const FRUITS: &str = "kasa-anatolian-fruits";

impl TestApp {
    /// `casino/kasalaunchurl` as the player: (status, envelope).
    async fn launch(&self, token: &str, code: &str, locale: &str) -> (u16, Value) {
        let resp = self
            .client
            .post(self.url("/api/casino/kasalaunchurl"))
            .bearer_auth(token)
            .header("x-locale", locale)
            .json(&json!({"code": code, "isMobile": false}))
            .send()
            .await
            .unwrap();
        let status = resp.status().as_u16();
        (status, envelope(resp).await)
    }

    /// A launch URL's token.
    async fn launch_token(&self, token: &str, code: &str) -> String {
        let (status, body) = self.launch(token, code, "tr").await;
        assert_eq!(status, 200, "{body}");
        let url = body["data"].as_str().unwrap();
        url.split("token=").nth(1).unwrap().split('&').next().unwrap().to_string()
    }

    /// A call of the games' API: (status, envelope).
    async fn game_call(
        &self,
        method: reqwest::Method,
        path: &str,
        session: Option<&str>,
        body: Option<Value>,
        locale: &str,
    ) -> (u16, Value) {
        let mut req = self.client.request(method, self.url(path)).header("x-locale", locale);
        if let Some(s) = session {
            req = req.bearer_auth(s);
        }
        if let Some(b) = body {
            req = req.json(&b);
        }
        let resp = req.send().await.unwrap();
        let status = resp.status().as_u16();
        (status, envelope(resp).await)
    }

    /// A game session of a fresh launch: the session's data.
    async fn game_session(&self, token: &str, code: &str) -> Value {
        let launch = self.launch_token(token, code).await;
        let (status, body) = self.game_call(reqwest::Method::POST, "/games/api/session", None, Some(json!({"token": launch})), "tr").await;
        assert_eq!(status, 200, "{body}");
        body["data"].clone()
    }

    async fn spin(&self, session: &str, bet: i64, locale: &str) -> (u16, Value) {
        self.game_call(reqwest::Method::POST, "/games/api/spin", Some(session), Some(json!({"bet": bet})), locale).await
    }

    async fn page(&self, code: &str, token: &str, lang: &str) -> (u16, reqwest::header::HeaderMap, String) {
        let resp = self.get(&format!("/games/{code}/?token={token}&lang={lang}")).await;
        let (status, headers) = (resp.status().as_u16(), resp.headers().clone());
        (status, headers, resp.text().await.unwrap())
    }
}

fn game_built() -> bool {
    std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../web/dist/games/slot/index.html")).exists()
}

on_both_engines! {
    async fn a_launch_token_opens_the_game_page_until_it_is_used_expired_or_for_another_game(app) {
        // Arrange
        let (_, token) = make_player(&app, "lale").await;

        // Act: launch, the page (the token not used), the session (used), the page again.
        let (status, body) = app.launch(&token, SULTAN, "en").await;
        let launch = app.launch_token(&token, SULTAN).await;
        let (page_status, page_headers, page) = app.page(SULTAN, &launch, "tr").await;
        let (foreign_status, _, foreign) = app.page(FRUITS, &launch, "en").await;
        let (session_status, session) = app.game_call(reqwest::Method::POST, "/games/api/session", None, Some(json!({"token": launch})), "en").await;
        let (used_status, _, used) = app.page(SULTAN, &launch, "tr").await;
        let (reused_status, reused) = app.game_call(reqwest::Method::POST, "/games/api/session", None, Some(json!({"token": launch})), "en").await;
        let expiring = app.launch_token(&token, SULTAN).await;
        sqlx::query("UPDATE game_launch_tokens SET expires_at = $1 WHERE used_at IS NULL").bind(kasa::db::now_ms() - 1).execute(&app.db.pool).await.unwrap();
        let (expired_status, _, expired) = app.page(SULTAN, &expiring, "en").await;
        let (late_status, late) = app.game_call(reqwest::Method::POST, "/games/api/session", None, Some(json!({"token": expiring})), "tr").await;
        let (unknown_status, _, unknown) = app.page(SULTAN, "not-a-token-at-all-but-long-enough", "tr").await;

        // Assert: the URL names the game, its token and the request's language.
        assert_eq!(status, 200, "{body}");
        let url = body["data"].as_str().unwrap();
        assert!(url.starts_with(&format!("/games/{SULTAN}/?token=")) && url.ends_with("&lang=en"), "{url}");
        if game_built() {
            assert_eq!(page_status, 200, "{page}");
            let csp = page_headers["content-security-policy"].to_str().unwrap();
            assert!(csp.contains("frame-ancestors 'self'") && csp.contains("script-src 'self'"), "{csp}");
            assert_eq!(page_headers["content-type"], "text/html; charset=utf-8");
        } else {
            assert_eq!(page_status, 503, "{page}");
        }
        assert_eq!(foreign_status, 404);
        assert!(foreign.contains("This game link is not valid."), "{foreign}");
        assert_eq!(session_status, 200, "{session}");
        assert_eq!(session["data"]["game"]["code"], SULTAN);
        assert_eq!((session["data"]["currency"].as_str(), session["data"]["balance"].as_f64()), (Some("TRY"), Some(0.0)));
        assert_eq!(session["data"]["fair"]["nonce"], 0);
        assert_eq!(session["data"]["fair"]["serverSeedHash"].as_str().unwrap().len(), 64);
        assert_eq!(used_status, 410);
        assert!(used.contains("Bu oyun bağlantısı zaten kullanıldı.") && used.contains("lang=\"tr\""), "{used}");
        assert_eq!((reused_status, reused["message"].as_str()), (401, Some("This game link was already used. Open the game again.")));
        assert_eq!(expired_status, 410);
        assert!(expired.contains("This game link has expired"), "{expired}");
        assert_eq!((late_status, late["message"].as_str()), (401, Some("Bu oyun bağlantısının süresi doldu. Oyunu yeniden açın.")));
        assert_eq!(unknown_status, 404);
        assert!(unknown.contains("Bu oyun bağlantısı geçersiz."), "{unknown}");
    }
}

on_both_engines! {
    async fn an_unknown_or_disabled_game_is_not_launched_and_a_visitor_must_log_in(app) {
        // Arrange
        let (_, token) = make_player(&app, "mert").await;
        let anonymous = app.post_json("/api/casino/kasalaunchurl", &json!({"code": SULTAN, "isMobile": true})).await.status().as_u16();

        // Act
        let (unknown_status, unknown) = app.launch(&token, "kasa-no-such-slot", "en").await;
        let disabled = sqlx::query("UPDATE games SET enabled = 0 WHERE code = $1").bind(FRUITS).execute(&app.db.pool).await.unwrap().rows_affected();
        let (fruits_status, fruits) = app.launch(&token, FRUITS, "en").await;

        // Assert
        assert_eq!(anonymous, 401);
        assert_eq!((unknown_status, unknown["success"].as_bool()), (400, Some(false)), "{unknown}");
        assert!(!unknown["message"].as_str().unwrap().is_empty());
        if disabled > 0 {
            assert_eq!(fruits_status, 400, "{fruits}");
        } else {
            assert_eq!(fruits_status, 200, "the catalogue does not list the game: {fruits}");
        }
        assert_eq!(sqlx::query_scalar::<_, i64>("SELECT COUNT(*) FROM game_launch_tokens").fetch_one(&app.db.pool).await.unwrap(), i64::from(disabled == 0));
    }
}

on_both_engines! {
    async fn a_spin_moves_exactly_the_bet_and_the_win_and_verifies_after_the_seed_rotates(app) {
        // Arrange
        let (nur, token) = make_player(&app, "nur").await;
        fund(&app, nur, 100_000).await;
        let session = app.game_session(&token, SULTAN).await;
        let session_token = session["sessionToken"].as_str().unwrap().to_string();
        let committed = session["fair"]["serverSeedHash"].as_str().unwrap().to_string();
        let client_seed = session["fair"]["clientSeed"].as_str().unwrap().to_string();

        // Act: ten spins, then the rotation that reveals the seed.
        let mut balance = 100_000i64;
        let mut spins = Vec::new();
        for i in 0..10 {
            let (status, body) = app.spin(&session_token, [100, 2_000][i % 2], "en").await;
            assert_eq!(status, 200, "{body}");
            let d = &body["data"];
            balance += d["win"].as_i64().unwrap() - d["bet"].as_i64().unwrap();
            assert_eq!(d["balance"].as_f64().unwrap(), balance as f64 / 100.0, "{d}");
            assert_eq!((d["fair"]["nonce"].as_i64(), d["fair"]["serverSeedHash"].as_str()), (Some(i as i64 + 1), Some(committed.as_str())));
            spins.push(d.clone());
        }
        let (before_status, before) = app.game_call(reqwest::Method::GET, "/games/api/rounds?take=5", Some(&session_token), None, "en").await;
        let (rotated_status, rotated) = app.game_call(reqwest::Method::POST, "/games/api/seed", Some(&session_token), Some(json!({"clientSeed": "benim-tohumum"})), "en").await;
        let (_, after) = app.game_call(reqwest::Method::GET, "/games/api/rounds?take=20", Some(&session_token), None, "en").await;

        // Assert: the money is exactly the bets and wins; the ledger holds.
        let (real, bonus) = money(&app, nur).await;
        assert_eq!(real + bonus, balance);
        assert_ledger_holds(&app).await;
        assert_eq!(before_status, 200, "{before}");
        assert_eq!(before["data"].as_array().unwrap().len(), 5);
        assert!(before["data"][0]["serverSeed"].is_null(), "not revealed before the rotation");
        assert_eq!(rotated_status, 200, "{rotated}");
        let revealed = &rotated["data"]["revealed"];
        let server_seed = revealed["serverSeed"].as_str().unwrap();
        assert_eq!(kasa::studio::engine::seed_hash(server_seed), committed);
        assert_eq!((revealed["clientSeed"].as_str(), revealed["lastNonce"].as_i64()), (Some(client_seed.as_str()), Some(9)));
        assert_eq!(rotated["data"]["fair"]["clientSeed"], "benim-tohumum");
        assert_eq!(rotated["data"]["fair"]["nonce"], 0);
        assert_ne!(rotated["data"]["fair"]["serverSeedHash"].as_str(), Some(committed.as_str()));
        let rounds = after["data"].as_array().unwrap();
        assert_eq!(rounds.len(), 10);
        for (round, spin) in rounds.iter().rev().zip(&spins) {
            assert_eq!(round["roundId"], spin["roundId"]);
            assert_eq!(round["serverSeed"].as_str(), Some(server_seed));
            let nonce = round["nonce"].as_u64().unwrap();
            let replayed = kasa::studio::engine::verify(SULTAN, server_seed, &client_seed, nonce).unwrap();
            assert_eq!(serde_json::to_value(&replayed).unwrap(), round["outcome"], "round {nonce}");
            assert_eq!(round["outcome"], spin["outcome"]);
            let lines = kasa::studio::engine::slot(SULTAN).unwrap().lines() as i64;
            assert_eq!(round["win"].as_i64().unwrap(), round["bet"].as_i64().unwrap() * replayed.win_units as i64 / lines);
            let (status, verified) = app
                .game_call(reqwest::Method::POST, "/games/api/verify", None, Some(json!({"code": SULTAN, "serverSeed": server_seed, "clientSeed": client_seed, "nonce": nonce})), "en")
                .await;
            assert_eq!(status, 200, "{verified}");
            assert_eq!((verified["data"]["serverSeedHash"].as_str(), &verified["data"]["outcome"]), (Some(committed.as_str()), &round["outcome"]));
        }
        let nonces: Vec<u64> = rounds.iter().rev().map(|r| r["nonce"].as_u64().unwrap()).collect();
        assert_eq!(nonces, (0..10).collect::<Vec<u64>>());
        let history = app.client.get(app.url("/api/casino/history?take=3")).bearer_auth(&token).send().await.unwrap();
        let history = envelope(history).await;
        assert_eq!(history["data"]["total"], 10);
        assert_eq!(history["data"]["items"][0]["roundId"], spins[9]["roundId"]);
    }
}

on_both_engines! {
    async fn a_bet_above_the_balance_is_refused_with_a_clear_message_and_moves_nothing(app) {
        // Arrange
        let (oya, token) = make_player(&app, "oya").await;
        fund(&app, oya, 150).await;
        let session = app.game_session(&token, SULTAN).await;
        let session_token = session["sessionToken"].as_str().unwrap();

        // Act
        let (tr_status, tr) = app.spin(session_token, 200, "tr").await;
        let (en_status, en) = app.spin(session_token, 400, "en").await;
        let (bad_level_status, bad_level) = app.spin(session_token, 150, "en").await;
        let (no_session, _) = app.game_call(reqwest::Method::POST, "/games/api/spin", Some("not-a-session-token-at-all"), Some(json!({"bet": 100})), "en").await;

        // Assert
        assert_eq!((tr_status, tr["message"].as_str(), tr["data"]["balance"].as_f64()), (400, Some("Yetersiz bakiye"), Some(1.5)), "{tr}");
        assert_eq!((en_status, en["message"].as_str()), (400, Some("Not enough balance")), "{en}");
        assert_eq!((bad_level_status, bad_level["data"]["field"].as_str()), (422, Some("bet")), "{bad_level}");
        assert_eq!(no_session, 401);
        assert_eq!(money(&app, oya).await, (150, 0));
        assert_eq!(sqlx::query_scalar::<_, i64>("SELECT COUNT(*) FROM rounds").fetch_one(&app.db.pool).await.unwrap(), 0);
        let (_, rounds) = app.game_call(reqwest::Method::GET, "/games/api/rounds", Some(session_token), None, "en").await;
        assert_eq!(rounds["data"], json!([]));
        let (status, spun) = app.spin(session_token, 100, "en").await;
        assert_eq!(status, 200, "{spun}");
        assert_eq!(spun["data"]["fair"]["nonce"], 1, "refused spins take no nonce");
        assert_ledger_holds(&app).await;
    }
}

on_both_engines! {
    async fn twenty_spins_of_one_player_at_once_never_overdraw_and_get_distinct_nonces(app) {
        // Arrange: money for twelve 5 ₺ spins at most (wins may allow a few more).
        let (pelin, token) = make_player(&app, "pelin").await;
        fund(&app, pelin, 6_000).await;
        let session = app.game_session(&token, SULTAN).await;
        let session_token = session["sessionToken"].as_str().unwrap().to_string();
        let pushes_before = balance_pushes(&app, pelin).await.len();

        // Act
        let base = app.address.clone();
        let answers = crate::helpers::burst_at(&app.address, 20, move |_, client| {
            client.post(format!("{base}/games/api/spin")).header("x-locale", "en").bearer_auth(&session_token).json(&json!({"bet": 500}))
        })
        .await;

        // Assert: every spin played or refused for the balance; played ones have distinct nonces
        // and their bets and wins add up to the balance.
        let played: Vec<&Value> = answers.iter().filter(|(s, _)| *s == 200).map(|(_, b)| &b["data"]).collect();
        let refused = answers.iter().filter(|(s, b)| *s == 400 && b["message"] == "Not enough balance").count();
        assert_eq!(played.len() + refused, 20, "{answers:?}");
        assert!(played.len() >= 12, "{} played", played.len());
        let round_ids: BTreeSet<&str> = played.iter().map(|d| d["roundId"].as_str().unwrap()).collect();
        assert_eq!(round_ids.len(), played.len());
        let nonces: BTreeSet<i64> = played.iter().map(|d| d["fair"]["nonce"].as_i64().unwrap() - 1).collect();
        assert_eq!(nonces, (0..played.len() as i64).collect::<BTreeSet<_>>());
        let won: i64 = played.iter().map(|d| d["win"].as_i64().unwrap()).sum();
        let (real, bonus) = money(&app, pelin).await;
        assert_eq!(real + bonus, 6_000 - 500 * played.len() as i64 + won);
        assert!(real >= 0 && bonus >= 0);
        // One balance push per played round (not one for the bet and one for the win), the last
        // one carrying the final balance.
        let pushes = balance_pushes(&app, pelin).await;
        assert_eq!(pushes.len() - pushes_before, played.len());
        let last: Value = serde_json::from_str(pushes.last().unwrap()).unwrap();
        assert_eq!((last["balance"].as_f64().unwrap() * 100.0).round() as i64, real + bonus);
        assert_ledger_holds(&app).await;
    }
}

/// The balance pushes journalled for a player, oldest first.
async fn balance_pushes(app: &TestApp, player_id: i64) -> Vec<String> {
    sqlx::query_scalar("SELECT message FROM events WHERE player_id = $1 AND command = $2 ORDER BY id")
        .bind(player_id)
        .bind(kasa::journal::BALANCE)
        .fetch_all(&app.db.pool)
        .await
        .unwrap()
}

#[tokio::test]
async fn the_game_page_loads_its_script_and_style_from_games_assets_kept_for_a_year() {
    // Arrange: a launched game's page.
    let app = crate::helpers::spawn_app(crate::helpers::Engine::Sqlite).await;
    let (_, token) = make_player(&app, "rana").await;
    let launch = app.launch_token(&token, SULTAN).await;

    // Act
    let (status, _, page) = app.page(SULTAN, &launch, "tr").await;
    let missing = app.get("/games/assets/no-such-file.js").await.status().as_u16();

    // Assert: every /games/assets/ file the page names is served, cached for good.
    assert_eq!(missing, 404);
    if !game_built() {
        assert_eq!(status, 503);
        return;
    }
    assert_eq!(status, 200, "{page}");
    let files: Vec<&str> = page.split("\"/games/assets/").skip(1).filter_map(|rest| rest.split('"').next()).collect();
    assert!(files.iter().any(|f| f.ends_with(".js")), "{page}");
    for file in files {
        let resp = app.get(&format!("/games/assets/{file}")).await;
        assert_eq!(resp.status(), 200, "{file}");
        assert_eq!(resp.headers()["cache-control"], "public, max-age=31536000, immutable", "{file}");
    }
}

on_both_engines! {
    async fn spins_racing_seed_rotations_all_play_and_every_round_verifies_on_its_own_seed(app) {
        // Arrange
        let (sena, token) = make_player(&app, "sena").await;
        fund(&app, sena, 100_000).await;
        let session = app.game_session(&token, FRUITS).await;
        let session_token = session["sessionToken"].as_str().unwrap().to_string();

        // Act: twelve spins and four rotations fired together, then a last rotation revealing all.
        let base = app.address.clone();
        let answers = crate::helpers::burst_at(&app.address, 16, move |i, client| {
            let (path, body) = if i % 4 == 3 { ("seed", json!({})) } else { ("spin", json!({"bet": 100})) };
            client.post(format!("{base}/games/api/{path}")).bearer_auth(&session_token).json(&body)
        })
        .await;
        let session_token = session["sessionToken"].as_str().unwrap();
        let (status, _) = app.game_call(reqwest::Method::POST, "/games/api/seed", Some(session_token), Some(json!({})), "en").await;
        let (_, rounds) = app.game_call(reqwest::Method::GET, "/games/api/rounds?take=100", Some(session_token), None, "en").await;

        // Assert
        assert!(answers.iter().all(|(s, _)| *s == 200), "{answers:?}");
        assert_eq!(status, 200);
        let rounds = rounds["data"].as_array().unwrap();
        assert_eq!(rounds.len(), 12);
        let mut seen = BTreeSet::new();
        for round in rounds {
            let seed = round["serverSeed"].as_str().expect("revealed");
            let nonce = round["nonce"].as_u64().unwrap();
            assert!(seen.insert((seed.to_string(), nonce)), "a nonce used twice on one seed: {round}");
            assert_eq!(kasa::studio::engine::seed_hash(seed), round["serverSeedHash"].as_str().unwrap());
            let replayed = kasa::studio::engine::verify(FRUITS, seed, round["clientSeed"].as_str().unwrap(), nonce).unwrap();
            assert_eq!(serde_json::to_value(&replayed).unwrap(), round["outcome"]);
        }
        assert_ledger_holds(&app).await;
    }
}
