//! The studio (issue 14): launching a game (launch tokens: single use, 5 minutes, bound to the
//! player and the game), the game page and its clear pages for bad links, game sessions, spins
//! that move exactly the bet and the win, provably fair rounds verified after the seed rotates,
//! a short balance refused, and one player's concurrent spins; the table games (issue 15):
//! roulette, keno and the wheel paid by their tables, refused stakes, concurrent rounds. On both
//! engines.

use std::collections::BTreeSet;

use serde_json::{Value, json};

use crate::helpers::{TestApp, envelope};
use crate::on_both_engines;
use crate::rounds::{assert_ledger_holds, fund, make_player, money};

const SULTAN: &str = "kasa-sultans-gold";
const FRUITS: &str = "kasa-anatolian-fruits";

impl TestApp {
    /// `casino/kasalaunchurl` as the player: (status, envelope).
    pub(crate) async fn launch(&self, token: &str, code: &str, locale: &str) -> (u16, Value) {
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
    pub(crate) async fn launch_token(&self, token: &str, code: &str) -> String {
        let (status, body) = self.launch(token, code, "tr").await;
        assert_eq!(status, 200, "{body}");
        let url = body["data"].as_str().unwrap();
        url.split("token=").nth(1).unwrap().split('&').next().unwrap().to_string()
    }

    /// A call of the games' API: (status, envelope).
    pub(crate) async fn game_call(
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
    pub(crate) async fn game_session(&self, token: &str, code: &str) -> Value {
        let launch = self.launch_token(token, code).await;
        let (status, body) = self.game_call(reqwest::Method::POST, "/games/api/session", None, Some(json!({"token": launch})), "tr").await;
        assert_eq!(status, 200, "{body}");
        body["data"].clone()
    }

    pub(crate) async fn spin(&self, session: &str, bet: i64, locale: &str) -> (u16, Value) {
        self.game_call(reqwest::Method::POST, "/games/api/spin", Some(session), Some(json!({"bet": bet})), locale).await
    }

    pub(crate) async fn page(&self, code: &str, token: &str, lang: &str) -> (u16, reqwest::header::HeaderMap, String) {
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
            let Some(kasa::studio::engine::Replay::Slot(replayed)) = kasa::studio::engine::verify(SULTAN, server_seed, &client_seed, nonce) else {
                panic!("{SULTAN} replays as a slot")
            };
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
        for item in history["data"]["items"].as_array().unwrap() {
            let won = item["win"].as_f64().unwrap() > 0.0;
            assert_eq!(item["outcome"], if won { "Kazandı" } else { "Kazanç yok" }, "a round reads in words: {item}");
            assert_eq!(item["result"], if won { 1 } else { 2 });
        }
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
        assert_eq!(real + bonus, 6_000 - 500 * played.len() as i64 + won + jackpots_won(&app, pelin).await);
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

const ROULETTE: &str = "kasa-european-roulette";
const KENO: &str = "kasa-keno";
const WHEEL: &str = "kasa-lucky-wheel";

impl TestApp {
    pub(crate) async fn play(&self, session: &str, stakes: Value, locale: &str) -> (u16, Value) {
        self.game_call(reqwest::Method::POST, "/games/api/play", Some(session), Some(json!({"stakes": stakes})), locale).await
    }
}

/// What a roulette stake returns on `number`, by the table's rules (not the server's answer).
fn roulette_return(stake: &Value, number: u8) -> i64 {
    use kasa::studio::engine::roulette;
    let numbers: Vec<u8> = stake["numbers"].as_array().map(|a| a.iter().map(|n| n.as_u64().unwrap() as u8).collect()).unwrap_or_default();
    let covered = roulette::covered(stake["kind"].as_str().unwrap(), &numbers).unwrap();
    roulette::returns(&covered, stake["amount"].as_i64().unwrap(), number)
}

on_both_engines! {
    async fn roulette_rounds_take_the_stakes_pay_by_the_table_and_verify_after_the_seed_rotates(app) {
        // Arrange
        let (deniz, token) = make_player(&app, "deniz").await;
        fund(&app, deniz, 100_000).await;
        let session = app.game_session(&token, ROULETTE).await;
        let s = session["sessionToken"].as_str().unwrap().to_string();
        let layouts = [
            json!([{"kind": "straight", "numbers": [17], "amount": 100}, {"kind": "red", "amount": 500}]),
            json!([{"kind": "split", "numbers": [0, 3], "amount": 200}, {"kind": "column", "numbers": [2], "amount": 300}]),
            json!([{"kind": "corner", "numbers": [25, 26, 28, 29], "amount": 100}, {"kind": "dozen", "numbers": [1], "amount": 1000}, {"kind": "high", "amount": 200}]),
        ];

        // Act: twelve rounds, then the seed revealed.
        let mut rounds = Vec::new();
        for i in 0..12 {
            let (status, body) = app.play(&s, layouts[i % 3].clone(), "tr").await;
            assert_eq!(status, 200, "{body}");
            rounds.push((layouts[i % 3].clone(), body["data"].clone()));
        }
        let (_, rotated) = app.game_call(reqwest::Method::POST, "/games/api/seed", Some(&s), Some(json!({})), "en").await;

        // Assert: the session describes the table; each round took its stakes and paid what the
        // table's rules give for its number; the balance is the sum of it all.
        assert_eq!((session["game"]["kind"].as_str(), session["game"]["wheel"].as_array().map(Vec::len)), (Some("roulette"), Some(37)));
        assert!((session["game"]["rtp"].as_f64().unwrap() - 36.0 / 37.0).abs() < 1e-9);
        let mut expected = 100_000;
        for (stakes, round) in &rounds {
            let number = round["outcome"]["draw"]["number"].as_u64().unwrap() as u8;
            assert_eq!(round["outcome"]["draw"]["game"], "roulette");
            let bet: i64 = stakes.as_array().unwrap().iter().map(|x| x["amount"].as_i64().unwrap()).sum();
            let win: i64 = stakes.as_array().unwrap().iter().map(|x| roulette_return(x, number)).sum();
            assert_eq!((round["bet"].as_i64(), round["win"].as_i64()), (Some(bet), Some(win)), "{round}");
            expected += win - bet;
        }
        let (real, bonus) = money(&app, deniz).await;
        assert_eq!(real + bonus, expected);
        assert_eq!((rounds.last().unwrap().1["balance"].as_f64().unwrap() * 100.0).round() as i64, expected);
        let server_seed = rotated["data"]["revealed"]["serverSeed"].as_str().unwrap();
        let client_seed = rotated["data"]["revealed"]["clientSeed"].as_str().unwrap();
        for (_, round) in &rounds {
            let nonce = round["fair"]["nonce"].as_u64().unwrap() - 1;
            let (status, verified) = app
                .game_call(reqwest::Method::POST, "/games/api/verify", None, Some(json!({"code": ROULETTE, "serverSeed": server_seed, "clientSeed": client_seed, "nonce": nonce})), "en")
                .await;
            assert_eq!(status, 200, "{verified}");
            assert_eq!(verified["data"]["outcome"], round["outcome"]["draw"]);
        }
        let (_, listed) = app.game_call(reqwest::Method::GET, "/games/api/rounds?take=3", Some(&s), None, "en").await;
        assert_eq!(listed["data"][0]["outcome"], rounds.last().unwrap().1["outcome"]);
        assert_ledger_holds(&app).await;
    }
}

on_both_engines! {
    async fn keno_and_the_wheel_pay_by_their_tables_and_bad_stakes_are_refused_in_the_players_language(app) {
        // Arrange
        let (ece, token) = make_player(&app, "ecece").await;
        fund(&app, ece, 5_000).await;
        let keno = app.game_session(&token, KENO).await;
        let keno_s = keno["sessionToken"].as_str().unwrap().to_string();
        let wheel = app.game_session(&token, WHEEL).await;
        let wheel_s = wheel["sessionToken"].as_str().unwrap().to_string();
        let slot = app.game_session(&token, SULTAN).await;
        let slot_s = slot["sessionToken"].as_str().unwrap().to_string();

        // Act
        let (k_status, k) = app.play(&keno_s, json!([{"kind": "picks", "numbers": [3, 17, 42, 80], "amount": 1000}]), "en").await;
        let (w_status, w) = app.play(&wheel_s, json!([{"kind": "mark", "numbers": [2], "amount": 500}, {"kind": "mark", "numbers": [24], "amount": 100}]), "en").await;
        let after_rounds = money(&app, ece).await;
        let refusals = [
            app.play(&keno_s, json!([{"kind": "picks", "numbers": [1, 1], "amount": 100}]), "tr").await,
            app.play(&keno_s, json!([{"kind": "picks", "numbers": [1], "amount": 150}]), "en").await,
            app.play(&keno_s, json!([]), "en").await,
            app.play(&wheel_s, json!([{"kind": "mark", "numbers": [3], "amount": 100}]), "en").await,
            app.play(&wheel_s, json!([{"kind": "mark", "numbers": [2], "amount": 100_000}, {"kind": "mark", "numbers": [4], "amount": 100_000}, {"kind": "mark", "numbers": [6], "amount": 100_000}, {"kind": "mark", "numbers": [12], "amount": 100_000}, {"kind": "mark", "numbers": [24], "amount": 100_000}, {"kind": "mark", "numbers": [2], "amount": 100}]), "en").await,
            app.play(&wheel_s, json!([{"kind": "mark", "numbers": [2], "amount": 100_000}, {"kind": "mark", "numbers": [4], "amount": 100_000}, {"kind": "mark", "numbers": [6], "amount": 100_000}, {"kind": "mark", "numbers": [12], "amount": 100_000}, {"kind": "mark", "numbers": [24], "amount": 100_000}]), "tr").await,
        ];
        let (short_status, short) = app.play(&wheel_s, json!([{"kind": "mark", "numbers": [2], "amount": 100_000}]), "tr").await;
        let (slot_play, _) = app.play(&slot_s, json!([{"kind": "mark", "numbers": [2], "amount": 100}]), "en").await;
        let (table_spin, _) = app.spin(&wheel_s, 100, "en").await;

        // Assert: keno paid by its paytable for the hits, the wheel by the mark it stopped on.
        assert_eq!((k_status, w_status), (200, 200), "{k} {w}");
        let drawn: Vec<u64> = k["data"]["outcome"]["draw"]["drawn"].as_array().unwrap().iter().map(|n| n.as_u64().unwrap()).collect();
        assert_eq!(drawn.len(), 20);
        let hits = [3u64, 17, 42, 80].iter().filter(|n| drawn.contains(n)).count();
        assert_eq!(k["data"]["outcome"]["stakes"][0]["hits"].as_u64(), Some(hits as u64));
        assert_eq!(k["data"]["win"].as_i64(), Some(1000 * kasa::studio::engine::keno::PAYS[4][hits] as i64 / 100));
        let mark = w["data"]["outcome"]["draw"]["mark"].as_i64().unwrap();
        let segment = w["data"]["outcome"]["draw"]["segment"].as_u64().unwrap() as usize;
        assert_eq!(wheel["game"]["wheel"][segment].as_i64(), Some(mark));
        let expected_w = if mark == 2 { 1000 } else if mark == 24 { 2400 } else { 0 };
        assert_eq!(w["data"]["win"].as_i64(), Some(expected_w));
        let (real, bonus) = after_rounds;
        assert_eq!(real + bonus, 5_000 - 1000 - 600 + k["data"]["win"].as_i64().unwrap() + expected_w);
        // Refused stakes: 422 naming the stakes, in the request's language; nothing moved.
        let messages: Vec<(u16, &str)> = refusals.iter().map(|(s, b)| (*s, b["message"].as_str().unwrap_or(""))).collect();
        assert_eq!(
            messages,
            vec![
                (422, "Bu bahis bu masada yok."),
                (422, "Each bet must be a whole lira amount within the table's limits."),
                (422, "Place a bet first."),
                (422, "This bet is not on this table."),
                (422, "Too many bets in one round."),
                (422, "Bahisleriniz bir tur için masa limitini aşıyor."),
            ]
        );
        assert_eq!(short_status, 400, "{short}");
        assert_eq!(short["message"], "Yetersiz bakiye");
        assert_eq!((short["data"]["balance"].as_f64().unwrap() * 100.0).round() as i64, real + bonus);
        assert_eq!((slot_play, table_spin), (404, 404));
        assert_eq!(money(&app, ece).await, (real, bonus));
        assert_ledger_holds(&app).await;
    }
}

on_both_engines! {
    async fn twenty_roulette_rounds_of_one_player_at_once_never_overdraw(app) {
        // Arrange: money for eight 10 ₺ rounds on red at most (wins may allow a few more).
        let (arda, token) = make_player(&app, "ardaa").await;
        fund(&app, arda, 8_000).await;
        let session = app.game_session(&token, ROULETTE).await;
        let s = session["sessionToken"].as_str().unwrap().to_string();

        // Act
        let base = app.address.clone();
        let answers = crate::helpers::burst_at(&app.address, 20, move |_, client| {
            client
                .post(format!("{base}/games/api/play"))
                .header("x-locale", "en")
                .bearer_auth(&s)
                .json(&json!({"stakes": [{"kind": "red", "amount": 1000}]}))
        })
        .await;

        // Assert
        let played: Vec<&Value> = answers.iter().filter(|(s, _)| *s == 200).map(|(_, b)| &b["data"]).collect();
        let refused = answers.iter().filter(|(s, b)| *s == 400 && b["message"] == "Not enough balance").count();
        assert_eq!(played.len() + refused, 20, "{answers:?}");
        assert!(played.len() >= 8, "{} played", played.len());
        let nonces: BTreeSet<i64> = played.iter().map(|d| d["fair"]["nonce"].as_i64().unwrap() - 1).collect();
        assert_eq!(nonces.len(), played.len());
        let won: i64 = played.iter().map(|d| d["win"].as_i64().unwrap()).sum();
        let (real, bonus) = money(&app, arda).await;
        assert_eq!(real + bonus, 8_000 - 1000 * played.len() as i64 + won + jackpots_won(&app, arda).await);
        assert!(real >= 0 && bonus >= 0);
        assert_ledger_holds(&app).await;
    }
}

on_both_engines! {
    async fn ten_racing_uses_of_one_launch_token_open_one_session_and_expired_ones_are_purged(app) {
        // Arrange
        let (_, token) = make_player(&app, "yarisci").await;
        let launch = app.launch_token(&token, SULTAN).await;
        let old = app.launch_token(&token, FRUITS).await;
        sqlx::query("UPDATE game_launch_tokens SET expires_at = $1 WHERE game_code = $2")
            .bind(kasa::db::now_ms() - 2 * 86_400_000)
            .bind(FRUITS)
            .execute(&app.db.pool)
            .await
            .unwrap();

        // Act
        let base = app.address.clone();
        let answers = crate::helpers::burst_at(&app.address, 10, move |_, client| {
            client.post(format!("{base}/games/api/session")).header("x-locale", "en").json(&json!({"token": launch}))
        })
        .await;
        let purged = kasa::studio::store::purge_expired(&app.db).await.unwrap();
        let (old_status, old_body) = app.game_call(reqwest::Method::POST, "/games/api/session", None, Some(json!({"token": old})), "en").await;

        // Assert: one session; the others told the link was used.
        assert_eq!(answers.iter().filter(|(s, _)| *s == 200).count(), 1, "{answers:?}");
        assert!(
            answers.iter().filter(|(s, _)| *s != 200).all(|(s, b)| *s == 401 && b["message"] == "This game link was already used. Open the game again."),
            "{answers:?}"
        );
        let sessions: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM game_sessions").fetch_one(&app.db.pool).await.unwrap();
        assert_eq!(sessions, 1);
        assert_eq!(purged, 1);
        assert_eq!((old_status, old_body["message"].as_str()), (401, Some("This game link is not valid. Open the game again.")));
    }
}

const BACCARAT: &str = "kasa-baccarat";

on_both_engines! {
    async fn baccarat_rounds_fired_at_once_pay_by_the_tableau_and_never_spend_money_the_player_lacks(app) {
        use kasa::studio::engine::baccarat;
        // Arrange: 30 TL, and twenty rounds of 5 TL on player, 5 TL on banker and 1 TL on the tie at once.
        let (selin, token) = make_player(&app, "selin").await;
        fund(&app, selin, 3_000).await;
        let session = app.game_session(&token, BACCARAT).await;
        let s = session["sessionToken"].as_str().unwrap().to_string();
        let stakes = json!([{"kind": "player", "amount": 500}, {"kind": "banker", "amount": 500}, {"kind": "tie", "amount": 100}]);
        let app = std::sync::Arc::new(app);

        // Act
        let mut tasks = Vec::new();
        for _ in 0..20 {
            let (app, s, stakes) = (app.clone(), s.clone(), stakes.clone());
            tasks.push(tokio::spawn(async move { app.play(&s, stakes, "en").await }));
        }
        let mut answers = Vec::new();
        for t in tasks {
            answers.push(t.await.unwrap());
        }
        let (bad_status, bad) = app.play(&s, json!([{"kind": "dragon", "amount": 100}]), "tr").await;

        // Assert: every round either played (paid by the tableau) or was refused for money, in
        // English; the balance is 30 TL plus what the played rounds won, less what they took.
        assert_eq!((session["game"]["kind"].as_str(), session["game"]["pays"].as_array().map(Vec::len)), (Some("baccarat"), Some(3)));
        let mut expected = 3_000;
        let mut played = 0;
        for (status, body) in &answers {
            if *status == 400 {
                assert_eq!((body["success"].as_bool(), body["message"].as_str()), (Some(false), Some("Not enough balance")), "{body}");
                continue;
            }
            assert_eq!(*status, 200, "{body}");
            played += 1;
            let draw = &body["data"]["outcome"]["draw"];
            let hand = |k: &str| draw[k].as_array().unwrap().iter().map(|c| c.as_u64().unwrap() as u8).collect::<Vec<_>>();
            let won = baccarat::winner(&hand("player"), &hand("banker"));
            let win = baccarat::returns("player", 500, won) + baccarat::returns("banker", 500, won) + baccarat::returns("tie", 100, won);
            assert_eq!((body["data"]["bet"].as_i64(), body["data"]["win"].as_i64()), (Some(1_100), Some(win)), "{body}");
            expected += win - 1_100;
        }
        assert!(played >= 2, "at least the first two rounds fit the balance");
        let (real, bonus) = money(&app, selin).await;
        assert_eq!(real + bonus, expected);
        assert!(real >= 0 && bonus >= 0);
        assert_eq!(bad_status, 422, "{bad}");
        assert_eq!(money(&app, selin).await, (real, bonus));
        assert_ledger_holds(&app).await;
    }
}

const WAYS: &str = "kasa-cappadocia-ways";

on_both_engines! {
    async fn ways_spins_fired_at_once_pay_bet_times_units_over_100_and_replay_after_the_seed_rotates(app) {
        // Arrange: money for eight 5 ₺ spins at most (wins may allow a few more).
        let (zeynep, token) = make_player(&app, "zeynep").await;
        fund(&app, zeynep, 4_000).await;
        let session = app.game_session(&token, WAYS).await;
        let s = session["sessionToken"].as_str().unwrap().to_string();

        // Act: twenty spins at once, a bet that is not a level, then the seed revealed.
        let base = app.address.clone();
        let token_for_burst = s.clone();
        let answers = crate::helpers::burst_at(&app.address, 20, move |_, client| {
            client.post(format!("{base}/games/api/spin")).header("x-locale", "en").bearer_auth(&token_for_burst).json(&json!({"bet": 500}))
        })
        .await;
        let (odd_status, _) = app.game_call(reqwest::Method::POST, "/games/api/spin", Some(&s), Some(json!({"bet": 550})), "tr").await;
        let (_, rotated) = app.game_call(reqwest::Method::POST, "/games/api/seed", Some(&s), Some(json!({})), "en").await;

        // Assert: the session describes six reels of 2–7; every spin played or was refused for
        // the balance; each paid 5 ₺ × its units / 100; the balance adds up; each round replays.
        assert_eq!((session["game"]["kind"].as_str(), session["game"]["reels"].as_u64(), session["game"]["maxWays"].as_u64()), (Some("ways"), Some(6), Some(117_649)));
        let played: Vec<&Value> = answers.iter().filter(|(st, _)| *st == 200).map(|(_, b)| &b["data"]).collect();
        let refused = answers.iter().filter(|(st, b)| *st == 400 && b["message"] == "Not enough balance").count();
        assert_eq!(played.len() + refused, 20, "{answers:?}");
        assert!(played.len() >= 8, "{} played", played.len());
        for d in &played {
            let units = d["outcome"]["winUnits"].as_i64().unwrap();
            assert_eq!(d["win"].as_i64().unwrap(), 500 * units / 100, "{d}");
            for spin in d["outcome"]["spins"].as_array().unwrap() {
                let heights: Vec<u64> = spin["heights"].as_array().unwrap().iter().map(|h| h.as_u64().unwrap()).collect();
                assert!(heights.len() == 6 && heights.iter().all(|h| (2..=7).contains(h)), "{spin}");
                assert_eq!(spin["ways"].as_u64().unwrap(), heights.iter().product::<u64>());
            }
        }
        let won: i64 = played.iter().map(|d| d["win"].as_i64().unwrap()).sum();
        let (real, bonus) = money(&app, zeynep).await;
        assert_eq!(real + bonus, 4_000 - 500 * played.len() as i64 + won + jackpots_won(&app, zeynep).await);
        assert_eq!(odd_status, 422);
        let server_seed = rotated["data"]["revealed"]["serverSeed"].as_str().unwrap();
        let client_seed = rotated["data"]["revealed"]["clientSeed"].as_str().unwrap();
        for d in &played {
            let nonce = d["fair"]["nonce"].as_u64().unwrap() - 1;
            let replayed = kasa::studio::engine::verify(WAYS, server_seed, client_seed, nonce).unwrap();
            assert_eq!(serde_json::to_value(&replayed).unwrap(), d["outcome"]);
        }
        assert_ledger_holds(&app).await;
    }
}

/// What the player won from the jackpots, paid beside a spin's own win (a spin may hit one: a
/// burst of spins sometimes does), kuruş.
async fn jackpots_won(app: &TestApp, player: i64) -> i64 {
    sqlx::query_scalar("SELECT CAST(COALESCE(SUM(amount), 0) AS BIGINT) FROM jackpot_wins WHERE player_id = $1")
        .bind(player)
        .fetch_one(&app.db.pool)
        .await
        .unwrap()
}

const BLACKJACK: &str = "kasa-blackjack";

impl TestApp {
    async fn bj(&self, session: &str, path: &str, body: Value, locale: &str) -> (u16, Value) {
        self.game_call(reqwest::Method::POST, &format!("/games/api/blackjack/{path}"), Some(session), Some(body), locale).await
    }
}

/// Deals until a round stays open (a blackjack on either side settles the deal at once).
async fn open_blackjack_round(app: &TestApp, session: &str) -> Value {
    for _ in 0..20 {
        let (status, body) = app.bj(session, "deal", json!({"bet": 1_000}), "en").await;
        assert_eq!(status, 200, "{body}");
        if !body["data"]["finished"].as_bool().unwrap() {
            return body["data"].clone();
        }
    }
    panic!("twenty deals in a row settled at once");
}

on_both_engines! {
    async fn a_blackjack_round_doubled_ten_times_at_once_takes_the_double_once_and_hides_the_hole_card_until_the_end(app) {
        // Arrange: an open round of 10 ₺.
        let (mert, token) = make_player(&app, "mert").await;
        fund(&app, mert, 100_000).await;
        let session = app.game_session(&token, BLACKJACK).await;
        let s = session["sessionToken"].as_str().unwrap().to_string();
        let open = open_blackjack_round(&app, &s).await;
        let round_id = open["roundId"].as_str().unwrap().to_string();
        let before = money(&app, mert).await;

        // Act: a second deal and a seed rotation while it is open, then ten doubles at once.
        let (second_status, second) = app.bj(&s, "deal", json!({"bet": 1_000}), "tr").await;
        let (rotate_status, rotate) = app.game_call(reqwest::Method::POST, "/games/api/seed", Some(&s), Some(json!({})), "en").await;
        let (_, resumed) = app.game_call(reqwest::Method::GET, "/games/api/blackjack", Some(&s), None, "en").await;
        let app = std::sync::Arc::new(app);
        let mut tasks = Vec::new();
        for _ in 0..10 {
            let (app, s, round_id) = (app.clone(), s.clone(), round_id.clone());
            tasks.push(tokio::spawn(async move { app.bj(&s, "act", json!({"roundId": round_id, "action": "double"}), "en").await }));
        }
        let mut answers = Vec::new();
        for t in tasks {
            answers.push(t.await.unwrap());
        }
        let (_, after_round) = app.game_call(reqwest::Method::GET, "/games/api/blackjack", Some(&s), None, "en").await;
        let (late_status, _) = app.bj(&s, "act", json!({"roundId": round_id, "action": "hit"}), "en").await;
        let (_, rotated) = app.game_call(reqwest::Method::POST, "/games/api/seed", Some(&s), Some(json!({})), "en").await;

        // Assert: while open, one card of the dealer shows and the rest is refused; one double
        // went through (the round then ended: one hand, doubled), the others were refused; the
        // money moved is 20 ₺ staked and what the round returned; the shoe revealed afterwards
        // begins with the cards dealt.
        assert_eq!((session["game"]["kind"].as_str(), session["game"]["minBet"].as_i64()), (Some("blackjack"), Some(100)));
        assert_eq!(open["dealer"]["cards"].as_array().unwrap().len(), 1);
        assert_eq!(open["dealer"]["hidden"], true);
        assert_eq!((second_status, second["message"].as_str()), (409, Some("Önce oynadığınız eli bitirin.")));
        assert_eq!(rotate_status, 409, "{rotate}");
        assert_eq!(resumed["data"]["roundId"], round_id.as_str());
        let done: Vec<&Value> = answers.iter().filter(|(st, _)| *st == 200).map(|(_, b)| &b["data"]).collect();
        assert_eq!(done.len(), 1, "{answers:?}");
        assert!(answers.iter().all(|(st, _)| *st == 200 || *st == 409), "{answers:?}");
        let end = done[0];
        assert_eq!((end["finished"].as_bool(), end["bet"].as_i64()), (Some(true), Some(2_000)));
        assert_eq!(end["hands"][0]["cards"].as_array().unwrap().len(), 3);
        assert!(end["dealer"]["cards"].as_array().unwrap().len() >= 2 && end["dealer"]["hidden"] == false);
        let win = end["win"].as_i64().unwrap();
        assert_eq!(money(&app, mert).await.0 + money(&app, mert).await.1, before.0 + before.1 - 1_000 + win);
        assert!(after_round["data"].is_null());
        assert_eq!(late_status, 409);
        let server_seed = rotated["data"]["revealed"]["serverSeed"].as_str().unwrap();
        let client_seed = rotated["data"]["revealed"]["clientSeed"].as_str().unwrap();
        let nonce = open["fair"]["nonce"].as_u64().unwrap() - 1;
        let (_, verified) = app
            .game_call(reqwest::Method::POST, "/games/api/verify", None, Some(json!({"code": BLACKJACK, "serverSeed": server_seed, "clientSeed": client_seed, "nonce": nonce})), "en")
            .await;
        let shoe: Vec<u64> = verified["data"]["outcome"]["cards"].as_array().unwrap().iter().map(|c| c.as_u64().unwrap()).collect();
        let h = &end["hands"][0]["cards"];
        let d = &end["dealer"]["cards"];
        let dealt: Vec<u64> = [&h[0], &d[0], &h[1], &d[1], &h[2]].iter().map(|c| c.as_u64().unwrap()).collect();
        assert_eq!(&shoe[..5], &dealt[..]);
        let (_, listed) = app.game_call(reqwest::Method::GET, "/games/api/rounds?take=1", Some(&s), None, "en").await;
        let used: Vec<u64> = listed["data"][0]["outcome"]["cards"].as_array().unwrap().iter().map(|c| c.as_u64().unwrap()).collect();
        assert_eq!(&shoe[..used.len()], &used[..]);
        assert_ledger_holds(&app).await;
    }
}

on_both_engines! {
    async fn blackjack_deals_fired_at_once_leave_one_round_open_and_never_overdraw(app) {
        // Arrange: 25 ₺, and deals of 10 ₺ fired at once.
        let (asli, token) = make_player(&app, "asli").await;
        fund(&app, asli, 2_500).await;
        let session = app.game_session(&token, BLACKJACK).await;
        let s = session["sessionToken"].as_str().unwrap().to_string();
        let app = std::sync::Arc::new(app);

        // Act
        let mut tasks = Vec::new();
        for _ in 0..12 {
            let (app, s) = (app.clone(), s.clone());
            tasks.push(tokio::spawn(async move { app.bj(&s, "deal", json!({"bet": 1_000}), "en").await }));
        }
        let mut answers = Vec::new();
        for t in tasks {
            answers.push(t.await.unwrap());
        }
        let (bad_status, _) = app.bj(&s, "deal", json!({"bet": 150}), "en").await;

        // Assert: every deal played, or was refused (a round open, or the balance); at most one
        // round is open; the money adds up.
        assert!(answers.iter().all(|(st, _)| [200, 400, 409].contains(st)), "{answers:?}");
        let played: Vec<&Value> = answers.iter().filter(|(st, _)| *st == 200).map(|(_, b)| &b["data"]).collect();
        assert!(!played.is_empty());
        let open = played.iter().filter(|d| d["finished"] == false).count();
        assert!(open <= 1, "{open} rounds open");
        let open_rows: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM blackjack_hands WHERE player_id = $1 AND finished_at IS NULL")
            .bind(asli)
            .fetch_one(&app.db.pool)
            .await
            .unwrap();
        assert_eq!(open_rows, open as i64);
        let net: i64 = played.iter().map(|d| d["win"].as_i64().unwrap() - d["bet"].as_i64().unwrap()).sum();
        let (real, bonus) = money(&app, asli).await;
        assert_eq!(real + bonus, 2_500 + net);
        assert!(real >= 0 && bonus >= 0);
        assert_eq!(bad_status, 422);
        assert_ledger_holds(&app).await;
    }
}

on_both_engines! {
    async fn a_double_without_the_money_is_refused_with_the_balance_and_the_round_goes_on_unchanged(app) {
        // Arrange: an open round staking everything but less than a lira.
        let (ozan, token) = make_player(&app, "ozan").await;
        let session = app.game_session(&token, BLACKJACK).await;
        let s = session["sessionToken"].as_str().unwrap().to_string();
        let mut open = Value::Null;
        for _ in 0..20 {
            let (real, bonus) = money(&app, ozan).await;
            if real + bonus < 100 {
                fund(&app, ozan, 1_000).await;
            }
            let (real, bonus) = money(&app, ozan).await;
            let bet = (real + bonus) / 100 * 100;
            let (status, body) = app.bj(&s, "deal", json!({"bet": bet}), "en").await;
            assert_eq!(status, 200, "{body}");
            if body["data"]["finished"] == false {
                open = body["data"].clone();
                break;
            }
        }
        assert!(!open.is_null(), "no round stayed open");
        let round_id = open["roundId"].as_str().unwrap();
        let before = money(&app, ozan).await;

        // Act
        let (status, refused) = app.bj(&s, "act", json!({"roundId": round_id, "action": "double"}), "tr").await;
        let (_, now) = app.game_call(reqwest::Method::GET, "/games/api/blackjack", Some(&s), None, "en").await;
        let (stand_status, stood) = app.bj(&s, "act", json!({"roundId": round_id, "action": "stand"}), "en").await;

        // Assert
        assert_eq!((status, refused["message"].as_str()), (400, Some("Yetersiz bakiye")), "{refused}");
        assert_eq!((refused["data"]["balance"].as_f64().unwrap() * 100.0).round() as i64, before.0 + before.1);
        assert_eq!(money(&app, ozan).await.0 + money(&app, ozan).await.1 - stood["data"]["win"].as_i64().unwrap(), before.0 + before.1);
        assert_eq!(now["data"]["hands"], open["hands"]);
        assert_eq!(stand_status, 200);
        assert_eq!(stood["data"]["bet"], open["bet"]);
        assert_ledger_holds(&app).await;
    }
}
