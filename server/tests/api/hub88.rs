//! Hub88 (issue 15) against a simulated Hub88 that signs with its own key (the key pairs are
//! fixtures under `tests/fixtures/hub88/`): every wallet endpoint under `/callbacks/hub88/` with its
//! signed answers, a bad signature, a duplicate with other content, a rollback before its bet, not
//! enough money (with the balance), an unknown token, many bets and wins at once under the wallet
//! check; the launch against a simulated `game/url` and the sync against its `game/list`; the
//! unconfigured adapter. On both engines.

use std::sync::{Arc, Mutex};

use axum::Router;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::IntoResponse;
use axum::routing::post;
use base64::Engine as _;
use kasa::casino::hub88::{self, Hub88, SIGNATURE_HEADER};
use kasa::casino::provider::{Launch, LaunchError, LaunchRequest, Platform, ProviderSettings};
use kasa::config::Hub88Settings;
use kasa::i18n::Locale;
use rsa::pkcs1v15::{Signature, SigningKey, VerifyingKey};
use rsa::pkcs8::{DecodePrivateKey, DecodePublicKey};
use rsa::signature::{SignatureEncoding, Signer, Verifier};
use rsa::{RsaPrivateKey, RsaPublicKey};
use serde_json::{Value, json};
use sha2::Sha256;

use kasa::hub::HubTimings;

use crate::helpers::{Engine, TestApp, spawn_app_configured, spawn_node};
use crate::on_both_engines;
use crate::rounds::{assert_ledger_holds, fund, make_player, money};

const OPERATOR_KEY: &str = include_str!("../fixtures/hub88/operator.key.pem");
const OPERATOR_PUB: &str = include_str!("../fixtures/hub88/operator.pub.pem");
const HUB88_KEY: &str = include_str!("../fixtures/hub88/hub88.key.pem");
const HUB88_PUB: &str = include_str!("../fixtures/hub88/hub88.pub.pem");
const GAME: &str = "hub-mines";

/// A Hub88 (ours: the operator's key; Hub88's public key) at `base_url`.
fn hub88_at(base_url: &str) -> Arc<Hub88> {
    let settings =
        Hub88Settings { base_url: base_url.into(), operator_id: 77, private_key: OPERATOR_KEY.into(), public_key: HUB88_PUB.into() };
    Arc::new(Hub88::new(&settings, Some("https://kasa.example.com".into())).unwrap())
}

/// A server whose node has Hub88 configured (its wallet calls need only the keys: nothing listens
/// at its address).
async fn spawn_with_hub88(engine: Engine) -> TestApp {
    spawn_app_configured(engine, |state| state.providers.hub88 = Some(hub88_at("http://127.0.0.1:9"))).await
}

fn sign_with(key_pem: &str, body: &[u8]) -> String {
    let key = SigningKey::<Sha256>::new(RsaPrivateKey::from_pkcs8_pem(key_pem).unwrap());
    base64::engine::general_purpose::STANDARD.encode(key.sign(body).to_bytes())
}

fn verified_by(pub_pem: &str, body: &[u8], signature: &str) -> bool {
    let key = VerifyingKey::<Sha256>::new(RsaPublicKey::from_public_key_pem(pub_pem).unwrap());
    let Ok(raw) = base64::engine::general_purpose::STANDARD.decode(signature) else { return false };
    let Ok(sig) = Signature::try_from(raw.as_slice()) else { return false };
    key.verify(body, &sig).is_ok()
}

/// The simulated Hub88 calls a wallet endpoint, signing with `key` (Hub88's unless a test forges);
/// the answer, after checking it is signed with our key.
async fn call_signed(app: &TestApp, path: &str, body: &Value, key: &str) -> Value {
    let bytes = serde_json::to_vec(body).unwrap();
    let resp = app
        .client
        .post(app.url(&format!("/callbacks/hub88/{path}")))
        .header("content-type", "application/json")
        .header(SIGNATURE_HEADER, sign_with(key, &bytes))
        .body(bytes)
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), 200, "{path}");
    let signature = resp.headers().get(SIGNATURE_HEADER).expect("a signed answer").to_str().unwrap().to_string();
    let raw = resp.bytes().await.unwrap();
    assert!(verified_by(OPERATOR_PUB, &raw, &signature), "the answer to {path} is signed with our key");
    let answer: Value = serde_json::from_slice(&raw).unwrap();
    assert_eq!(answer["request_uuid"], body["request_uuid"], "request_uuid echoed by {path}");
    answer
}

async fn call(app: &TestApp, path: &str, body: &Value) -> Value {
    call_signed(app, path, body, HUB88_KEY).await
}

fn uuid() -> String {
    uuid::Uuid::new_v4().to_string()
}

/// A bet, win or rollback body (amount in Hub88's 1/100000 units).
fn money_call(player: i64, token: &str, tx: &str, reference: Option<&str>, round: &str, amount: i64) -> Value {
    json!({
        "user": player.to_string(), "transaction_uuid": tx, "supplier_transaction_id": format!("sup-{tx}"), "token": token,
        "supplier_user": format!("cg_{player}"), "round_closed": false, "round": round, "reward_uuid": null,
        "request_uuid": uuid(), "reference_transaction_uuid": reference, "is_free": false, "is_aggregated": false,
        "game_code": GAME, "currency": "TRY", "bet": "zero", "amount": amount, "meta": {"selection": "home_team", "odds": 2.5},
    })
}

fn user_call(player: i64, token: &str) -> Value {
    json!({"user": player.to_string(), "token": token, "request_uuid": uuid(), "game_code": GAME})
}

/// A player with `kurus` of real money and a Hub88 token.
async fn player_with_token(app: &TestApp, name: &str, kurus: i64) -> (i64, String) {
    let (id, _) = make_player(app, name).await;
    if kurus > 0 {
        fund(app, id, kurus).await;
    }
    let token = hub88::issue_token(&app.db, id, GAME, Platform::Desktop).await.unwrap();
    (id, token)
}

on_both_engines! {
    @with spawn_with_hub88;
    async fn every_wallet_endpoint_answers_signed_with_the_balance_in_hub88_units(app) {
        // Arrange
        let (p, token) = player_with_token(&app, "hubplayer", 10_000).await; // 100 TL

        // Act
        let info = call(&app, "user/info", &user_call(p, &token)).await;
        let balance = call(&app, "user/balance", &user_call(p, &token)).await;
        let bet = call(&app, "transaction/bet", &money_call(p, &token, "b1", None, "r1", 2_500_000)).await; // 25 TL
        let win = call(&app, "transaction/win", &money_call(p, &token, "w1", Some("b1"), "r1", 6_000_000)).await; // 60 TL
        let bet2 = call(&app, "transaction/bet", &money_call(p, &token, "b2", None, "r2", 1_000_000)).await;
        let rollback = call(&app, "transaction/rollback", &money_call(p, &token, "rb2", Some("b2"), "r2", 1_000_000)).await;

        // Assert
        assert_eq!((info["status"].as_str(), info["user"].as_str()), (Some("RS_OK"), Some(p.to_string().as_str())), "{info}");
        assert_eq!((balance["status"].as_str(), balance["balance"].as_i64(), balance["currency"].as_str()), (Some("RS_OK"), Some(10_000_000), Some("TRY")));
        assert_eq!((bet["status"].as_str(), bet["balance"].as_i64()), (Some("RS_OK"), Some(7_500_000)), "{bet}");
        assert_eq!((win["status"].as_str(), win["balance"].as_i64()), (Some("RS_OK"), Some(13_500_000)), "{win}");
        assert_eq!(bet2["balance"].as_i64(), Some(12_500_000));
        assert_eq!((rollback["status"].as_str(), rollback["balance"].as_i64()), (Some("RS_OK"), Some(13_500_000)), "{rollback}");
        assert_eq!(money(&app, p).await, (13_500, 0));
        let status: String = sqlx::query_scalar("SELECT status FROM rounds WHERE provider = 'hub88' AND round_id = 'r2'").fetch_one(&app.db.pool).await.unwrap();
        assert_eq!(status, "rolled_back");
        assert_ledger_holds(&app).await;
    }
}

on_both_engines! {
    @with spawn_with_hub88;
    async fn refusals_bad_signature_unknown_token_duplicates_money_currency_and_units(app) {
        // Arrange
        let (p, token) = player_with_token(&app, "hubrefused", 1_000).await; // 10 TL
        let first = money_call(p, &token, "d1", None, "rd", 300_000); // 3 TL

        // Act
        let forged = call_signed(&app, "transaction/bet", &money_call(p, &token, "f1", None, "rf", 100_000), OPERATOR_KEY).await;
        let unknown = call(&app, "user/balance", &user_call(p, "not-a-token")).await;
        let once = call(&app, "transaction/bet", &first).await;
        let mut again = first.clone();
        again["request_uuid"] = json!(uuid());
        let replay = call(&app, "transaction/bet", &again).await;
        let mut other = again.clone();
        other["amount"] = json!(400_000);
        other["request_uuid"] = json!(uuid());
        let duplicate = call(&app, "transaction/bet", &other).await;
        let short = call(&app, "transaction/bet", &money_call(p, &token, "s1", None, "rs", 5_000_000)).await;
        let mut euro = money_call(p, &token, "e1", None, "re", 100_000);
        euro["currency"] = json!("EUR");
        let currency = call(&app, "transaction/bet", &euro).await;
        let fraction = call(&app, "transaction/bet", &money_call(p, &token, "u1", None, "ru", 100_500)).await;
        let orphan_win = call(&app, "transaction/win", &money_call(p, &token, "ow1", Some("never"), "ro", 100_000)).await;

        // Assert
        assert_eq!(forged["status"], "RS_ERROR_INVALID_SIGNATURE", "{forged}");
        assert_eq!(unknown["status"], "RS_ERROR_INVALID_TOKEN", "{unknown}");
        assert_eq!((once["status"].as_str(), once["balance"].as_i64()), (Some("RS_OK"), Some(700_000)));
        assert_eq!((replay["status"].as_str(), replay["balance"].as_i64()), (Some("RS_OK"), Some(700_000)), "the first answer again");
        assert_eq!(duplicate["status"], "RS_ERROR_DUPLICATE_TRANSACTION", "{duplicate}");
        assert_eq!((short["status"].as_str(), short["balance"].as_i64()), (Some("RS_ERROR_NOT_ENOUGH_MONEY"), Some(700_000)), "{short}");
        assert_eq!(currency["status"], "RS_ERROR_WRONG_CURRENCY");
        assert_eq!(fraction["status"], "RS_ERROR_WRONG_TYPES");
        assert_eq!(orphan_win["status"], "RS_ERROR_TRANSACTION_DOES_NOT_EXIST");
        assert_eq!(money(&app, p).await, (700, 0), "only the one bet moved money");
        assert_ledger_holds(&app).await;
    }
}

on_both_engines! {
    @with spawn_with_hub88;
    async fn a_rollback_before_its_bet_is_ok_and_the_late_bet_is_refused_and_expiry_spares_wins(app) {
        // Arrange
        let (p, token) = player_with_token(&app, "hubearly", 5_000).await;

        // Act
        let rollback = call(&app, "transaction/rollback", &money_call(p, &token, "rbx", Some("bx"), "rx", 100_000)).await;
        let late = call(&app, "transaction/bet", &money_call(p, &token, "bx", None, "rx", 100_000)).await;
        let bet = call(&app, "transaction/bet", &money_call(p, &token, "by", None, "ry", 100_000)).await;
        sqlx::query("UPDATE game_launch_tokens SET expires_at = 1 WHERE player_id = $1").bind(p).execute(&app.db.pool).await.unwrap();
        let expired_bet = call(&app, "transaction/bet", &money_call(p, &token, "bz", None, "rz", 100_000)).await;
        let win = call(&app, "transaction/win", &money_call(p, &token, "wy", Some("by"), "ry", 300_000)).await;

        // Assert
        assert_eq!((rollback["status"].as_str(), rollback["balance"].as_i64()), (Some("RS_OK"), Some(5_000_000)), "{rollback}");
        assert_eq!(late["status"], "RS_ERROR_DUPLICATE_TRANSACTION", "{late}");
        assert_eq!(bet["balance"].as_i64(), Some(4_900_000));
        assert_eq!(expired_bet["status"], "RS_ERROR_TOKEN_EXPIRED");
        assert_eq!((win["status"].as_str(), win["balance"].as_i64()), (Some("RS_OK"), Some(5_200_000)), "{win}");
        assert_eq!(money(&app, p).await, (5_200, 0));
        assert_ledger_holds(&app).await;
    }
}

on_both_engines! {
    @with spawn_with_hub88;
    async fn many_bets_and_wins_at_once_keep_the_wallet_check(app) {
        // Arrange
        let mut players = Vec::new();
        for i in 0..3 {
            players.push(player_with_token(&app, &format!("hubmany{i}"), 10_000).await);
        }
        let app = Arc::new(app);

        // Act: each player bets 1 TL in 8 rounds and wins 2 TL in every other one, all at once.
        let mut tasks = Vec::new();
        for (p, token) in players.clone() {
            for r in 0..8 {
                let (app, token) = (app.clone(), token.clone());
                tasks.push(tokio::spawn(async move {
                    let bet = call(&app, "transaction/bet", &money_call(p, &token, &format!("pb{p}-{r}"), None, &format!("pr{p}-{r}"), 100_000)).await;
                    assert_eq!(bet["status"], "RS_OK", "{bet}");
                    if r % 2 == 0 {
                        let tx = format!("pw{p}-{r}");
                        let win = call(&app, "transaction/win", &money_call(p, &token, &tx, Some(&format!("pb{p}-{r}")), &format!("pr{p}-{r}"), 200_000)).await;
                        assert_eq!(win["status"], "RS_OK", "{win}");
                    }
                }));
            }
        }
        for t in tasks {
            t.await.unwrap();
        }

        // Assert: 100 TL - 8 TL + 8 TL each.
        for (p, _) in &players {
            assert_eq!(money(&app, *p).await, (10_000, 0));
        }
        assert_ledger_holds(&app).await;
    }
}

on_both_engines! {
    @with spawn_with_hub88;
    async fn a_bet_over_a_wager_limit_is_limit_reached_and_a_closed_accounts_bet_user_disabled_even_in_a_burst(app) {
        // Arrange: 1.000 TL each; a wager limit of 100 TL for the day; another player on a break.
        let (p, session) = make_player(&app, "hublimit").await;
        fund(&app, p, 100_000).await;
        let token = hub88::issue_token(&app.db, p, GAME, Platform::Desktop).await.unwrap();
        let limit = json!({"kind": "wager", "period": "day", "value": 100});
        assert_eq!(app.call(reqwest::Method::POST, "/api/protection/limits", &session, Some(limit), "en").await.0, 200);
        let (q, q_session) = make_player(&app, "hubbreak").await;
        fund(&app, q, 100_000).await;
        let q_token = hub88::issue_token(&app.db, q, GAME, Platform::Desktop).await.unwrap();
        let close = json!({"term": "24h", "confirm": true});
        assert_eq!(app.call(reqwest::Method::POST, "/api/protection/close", &q_session, Some(close), "en").await.0, 200);
        let app = Arc::new(app);

        // Act: twenty bets of 10 TL at once against the 100 TL limit; the closed player's bet.
        let mut tasks = Vec::new();
        for i in 0..20 {
            let (app, token) = (app.clone(), token.clone());
            tasks.push(tokio::spawn(async move {
                call(&app, "transaction/bet", &money_call(p, &token, &format!("lim{i}"), None, &format!("limr{i}"), 1_000_000)).await
            }));
        }
        let mut answers = Vec::new();
        for t in tasks {
            answers.push(t.await.unwrap());
        }
        let closed = call(&app, "transaction/bet", &money_call(q, &q_token, "brk1", None, "brkr1", 1_000_000)).await;

        // Assert
        let count = |status: &str| answers.iter().filter(|a| a["status"] == status).count();
        assert_eq!((count("RS_OK"), count("RS_ERROR_LIMIT_REACHED")), (10, 10), "{answers:?}");
        // A refusal carries the balance as it stands, and moved nothing.
        assert!(answers.iter().all(|a| a["balance"].as_i64().is_some()), "{answers:?}");
        assert_eq!(money(&app, p).await, (90_000, 0), "ten bets of 10 TL taken");
        assert_eq!(closed["status"], "RS_ERROR_USER_DISABLED", "{closed}");
        assert_eq!(money(&app, q).await, (100_000, 0));
        assert_ledger_holds(&app).await;
    }
}

on_both_engines! {
    @with spawn_with_hub88;
    async fn a_token_launched_from_a_site_session_opens_no_bet_once_that_session_ended_but_its_rounds_still_settle(app) {
        // Arrange: a token launched from the player's site session, one 10 TL bet placed with it.
        let (p, session) = make_player(&app, "hubsession").await;
        fund(&app, p, 100_000).await;
        let session_id: i64 = sqlx::query_scalar("SELECT id FROM sessions WHERE player_id = $1").bind(p).fetch_one(&app.db.pool).await.unwrap();
        let token = hub88::issue_token_in(&app.db, p, Some(session_id), GAME, Platform::Desktop).await.unwrap();
        let bet = call(&app, "transaction/bet", &money_call(p, &token, "sb1", None, "sr1", 1_000_000)).await;

        // Act: the player logs out of the site; the game is still open.
        let out = app.client.get(app.url("/api/auth/logout")).bearer_auth(&session).send().await.unwrap().status().as_u16();
        let late_bet = call(&app, "transaction/bet", &money_call(p, &token, "sb2", None, "sr2", 1_000_000)).await;
        let balance = call(&app, "user/balance", &user_call(p, &token)).await;
        let win = call(&app, "transaction/win", &money_call(p, &token, "sw1", Some("sb1"), "sr1", 3_000_000)).await;

        // Assert
        assert_eq!(bet["status"], "RS_OK", "{bet}");
        assert_eq!(out, 200);
        assert_eq!(late_bet["status"], "RS_ERROR_TOKEN_EXPIRED", "{late_bet}");
        assert_eq!(balance["status"], "RS_ERROR_TOKEN_EXPIRED", "{balance}");
        assert_eq!(win["status"], "RS_OK", "a round's win lands whatever the token: {win}");
        assert_eq!(money(&app, p).await, (102_000, 0), "1.000 TL - 10 + 30");
        assert_ledger_holds(&app).await;
    }
}

/// What the simulated Hub88 server saw.
#[derive(Default)]
struct Seen {
    bodies: Vec<Value>,
}

/// A simulated Hub88 API on port 0: `game/url` and `game/list`, each refusing (401) a body not
/// signed with our key; its base URL.
async fn simulated_hub88(seen: Arc<Mutex<Seen>>) -> String {
    async fn checked(seen: &Mutex<Seen>, headers: &HeaderMap, body: &Bytes) -> Option<Value> {
        let signature = headers.get(SIGNATURE_HEADER)?.to_str().ok()?;
        if !verified_by(OPERATOR_PUB, body, signature) {
            return None;
        }
        let v: Value = serde_json::from_slice(body).ok()?;
        seen.lock().unwrap().bodies.push(v.clone());
        Some(v)
    }
    let app = Router::new()
        .route(
            "/operator/generic/v2/game/url",
            post(|State(seen): State<Arc<Mutex<Seen>>>, headers: HeaderMap, body: Bytes| async move {
                match checked(&seen, &headers, &body).await {
                    Some(v) => axum::Json(json!({"url": format!("https://games.hub88.test/play?game={}&token={}", v["game_code"].as_str().unwrap(), v["token"].as_str().unwrap())})).into_response(),
                    None => (StatusCode::UNAUTHORIZED, "{\"error\":\"bad signature\"}").into_response(),
                }
            }),
        )
        .route(
            "/operator/generic/v2/game/list",
            post(|State(seen): State<Arc<Mutex<Seen>>>, headers: HeaderMap, body: Bytes| async move {
                match checked(&seen, &headers, &body).await {
                    Some(_) => axum::Json(json!([
                        {"url_thumb": "https://cdn.hub88.test/a.png", "url_background": "", "product": "Clawbuster", "platforms": ["GPL_DESKTOP", "GPL_MOBILE"],
                         "name": "Dragon Rising", "game_code": "clt_DragonRising", "freebet_support": true, "enabled": true, "category": "Video Slots",
                         "blocked_countries": [], "release_date": "2024-03-01"},
                        {"url_thumb": "https://cdn.hub88.test/b.png", "product": "Evolution", "platforms": ["GPL_MOBILE"],
                         "name": "Live Blackjack", "game_code": "evo_blackjack", "enabled": true, "category": "Live Blackjack"},
                    ])).into_response(),
                    None => (StatusCode::UNAUTHORIZED, "{\"error\":\"bad signature\"}").into_response(),
                }
            }),
        )
        .with_state(seen);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move {
        let _ = axum::serve(listener, app).await;
    });
    format!("http://{addr}")
}

on_both_engines! {
    @with spawn_with_hub88;
    async fn the_launch_calls_game_url_signed_and_the_sync_upserts_game_list(app) {
        // Arrange
        let seen = Arc::new(Mutex::new(Seen::default()));
        let base = simulated_hub88(seen.clone()).await;
        let (p, _) = make_player(&app, "hublaunch").await;
        let adapter = kasa::casino::provider::provider("hub88").unwrap();
        let request = LaunchRequest { player_id: p, game_code: GAME, platform: Platform::Mobile, locale: Locale::En, site_session: None };
        let unconfigured = adapter.launch(&app.db, &ProviderSettings::default(), &request).await;
        let settings = ProviderSettings { hub88: Some(hub88_at(&base)) };
        let hub88 = settings.hub88.clone().unwrap();

        // Act
        let launch = adapter.launch(&app.db, &settings, &request).await.unwrap();
        let unknown = adapter.launch(&app.db, &settings, &LaunchRequest { game_code: "no-such-game", ..request.clone() }).await;
        let report = hub88::sync_games(&app.db, &hub88).await.unwrap();
        let again = hub88::sync_games(&app.db, &hub88).await.unwrap();

        // Assert
        assert!(matches!(unconfigured, Err(LaunchError::NotConfigured("hub88"))), "{unconfigured:?}");
        assert!(matches!(unknown, Err(LaunchError::UnknownGame)), "{unknown:?}");
        let Launch::Url(url) = launch else { panic!("a URL") };
        assert!(url.starts_with(&format!("https://games.hub88.test/play?game={GAME}&token=")), "{url}");
        let sent = seen.lock().unwrap().bodies[0].clone();
        assert_eq!((sent["platform"].as_str(), sent["operator_id"].as_i64(), sent["currency"].as_str()), (Some("GPL_MOBILE"), Some(77), Some("TRY")));
        assert_eq!((sent["user"].as_str(), sent["lang"].as_str()), (Some(p.to_string().as_str()), Some("en")));
        // The token in the URL opens the player's wallet calls.
        let token = url.split("token=").nth(1).unwrap();
        let balance = call(&app, "user/balance", &user_call(p, token)).await;
        assert_eq!(balance["status"], "RS_OK", "{balance}");
        assert_eq!((report.games_added, report.games_updated), (2, 0), "{report}");
        assert_eq!((again.games_added, again.games_updated), (0, 2), "{again}");
        let row: (String, String, i64) = sqlx::query_as(
            "SELECT g.name, g.extra, g.is_live FROM games g JOIN providers p ON p.id = g.provider_id WHERE p.code = 'hub88' AND g.code = 'clt_dragonrising'",
        )
        .fetch_one(&app.db.pool)
        .await
        .unwrap();
        assert_eq!(row.0, "Dragon Rising");
        assert!(row.1.contains("\"gameCode\":\"clt_DragonRising\""), "{}", row.1);
        assert_eq!(row.2, 0);
        let live: i64 = sqlx::query_scalar("SELECT g.is_live FROM games g JOIN providers p ON p.id = g.provider_id WHERE p.code = 'hub88' AND g.code = 'evo_blackjack'")
            .fetch_one(&app.db.pool)
            .await
            .unwrap();
        assert_eq!(live, 1);
        // A synced game launches under Hub88's own code.
        let launched = adapter.launch(&app.db, &settings, &LaunchRequest { game_code: "clt_dragonrising", ..request.clone() }).await.unwrap();
        assert!(matches!(launched, Launch::Url(u) if u.contains("game=clt_DragonRising")));
    }
}

/// Posts raw bytes to a wallet endpoint signed with Hub88's key; the status and the JSON answer.
async fn call_raw(app: &TestApp, path: &str, bytes: &[u8]) -> (u16, Value) {
    let resp = app
        .client
        .post(app.url(&format!("/callbacks/hub88/{path}")))
        .header("content-type", "application/json")
        .header(SIGNATURE_HEADER, sign_with(HUB88_KEY, bytes))
        .body(bytes.to_vec())
        .send()
        .await
        .unwrap();
    let status = resp.status().as_u16();
    (status, resp.json().await.unwrap_or(Value::Null))
}

on_both_engines! {
    @with spawn_with_hub88;
    async fn malformed_calls_another_users_token_repeated_rollbacks_and_an_unconfigured_node(app) {
        // Arrange
        let (p, token) = player_with_token(&app, "hubodd", 2_000).await;
        let (other, _) = player_with_token(&app, "hubother", 0).await;
        call(&app, "transaction/bet", &money_call(p, &token, "ob1", None, "or1", 500_000)).await;
        let rollback = money_call(p, &token, "orb1", Some("ob1"), "or1", 500_000);

        // Act
        let (_, syntax) = call_raw(&app, "transaction/bet", b"{not json").await;
        let mut typed = money_call(p, &token, "ot1", None, "ot", 100_000);
        typed["amount"] = json!("1000");
        let (_, types) = call_raw(&app, "transaction/bet", &serde_json::to_vec(&typed).unwrap()).await;
        let stolen = call(&app, "user/balance", &user_call(other, &token)).await;
        let first = call(&app, "transaction/rollback", &rollback).await;
        let mut again = rollback.clone();
        again["request_uuid"] = json!(uuid());
        let repeated = call(&app, "transaction/rollback", &again).await;
        let (no_call, _) = call_raw(&app, "transaction/refund", b"{}").await;
        let unconfigured_node = spawn_node(&app.db.url, false, None, HubTimings::default()).await;
        let (unconfigured, _) = call_raw(&unconfigured_node, "user/balance", &serde_json::to_vec(&user_call(p, &token)).unwrap()).await;

        // Assert
        assert_eq!(syntax["status"], "RS_ERROR_WRONG_SYNTAX", "{syntax}");
        assert_eq!(types["status"], "RS_ERROR_WRONG_TYPES", "{types}");
        assert_eq!(stolen["status"], "RS_ERROR_INVALID_TOKEN", "{stolen}");
        assert_eq!((first["status"].as_str(), first["balance"].as_i64()), (Some("RS_OK"), Some(2_000_000)), "{first}");
        assert_eq!((repeated["status"].as_str(), repeated["balance"].as_i64()), (Some("RS_OK"), Some(2_000_000)), "{repeated}");
        assert_eq!(no_call, 404);
        assert_eq!(unconfigured, 404);
        assert_eq!(money(&app, p).await, (2_000, 0));
        assert_ledger_holds(&app).await;
    }
}

on_both_engines! {
    async fn kasa_admin_providers_sync_hub88_fetches_the_game_list(app) {
        // Arrange
        let seen = Arc::new(Mutex::new(Seen::default()));
        let base = simulated_hub88(seen.clone()).await;
        let fixtures = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/hub88");
        let run = |args: &[&str], configured: bool| {
            let mut cmd = tokio::process::Command::new(env!("CARGO_BIN_EXE_kasa"));
            cmd.args(args).arg("--database-url").arg(&app.db.url).env("KASA_LOG", "error");
            if configured {
                cmd.env("KASA_HUB88_BASE_URL", &base)
                    .env("KASA_HUB88_OPERATOR_ID", "77")
                    .env("KASA_HUB88_PRIVATE_KEY", format!("{fixtures}/operator.key.pem"))
                    .env("KASA_HUB88_PUBLIC_KEY", format!("{fixtures}/hub88.pub.pem"));
            }
            cmd.output()
        };

        // Act
        let unconfigured = run(&["admin", "providers", "sync", "hub88"], false).await.unwrap();
        let other = run(&["admin", "providers", "sync", "egt-digital"], true).await.unwrap();
        let synced = run(&["admin", "providers", "sync", "hub88"], true).await.unwrap();

        // Assert
        let err = String::from_utf8_lossy(&unconfigured.stderr);
        assert!(!unconfigured.status.success() && err.contains("Hub88 is not configured"), "{err}");
        assert!(!other.status.success());
        let out = String::from_utf8_lossy(&synced.stdout);
        assert!(synced.status.success(), "{}", String::from_utf8_lossy(&synced.stderr));
        assert!(out.contains("games: 2 added, 0 updated"), "{out}");
        assert_eq!(seen.lock().unwrap().bodies[0], json!({"operator_id": 77}));
        let n: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM games g JOIN providers p ON p.id = g.provider_id WHERE p.code = 'hub88' AND g.code IN ('clt_dragonrising', 'evo_blackjack')")
            .fetch_one(&app.db.pool)
            .await
            .unwrap();
        assert_eq!(n, 2);
    }
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

/// The player's stakes counted towards wagering and still pending: how many, and their sum.
async fn pending_wagers(app: &TestApp, player: i64) -> (i64, i64) {
    sqlx::query_as(
        "SELECT COUNT(*), CAST(COALESCE(SUM(counted), 0) AS BIGINT) FROM bonus_wagers WHERE player_id = $1 AND state = 'pending'",
    )
    .bind(player)
    .fetch_one(&app.db.pool)
    .await
    .unwrap()
}

/// A player with `kurus` of real money who claimed promotion `slug`'s bonus, and a Hub88 token.
async fn bonus_player_with_token(app: &TestApp, name: &str, kurus: i64, slug: &str) -> (i64, String) {
    let (id, session) = make_player(app, name).await;
    if kurus > 0 {
        fund(app, id, kurus).await;
    }
    let claimed = app.client.post(app.url("/api/bonus/claim")).bearer_auth(&session).json(&json!({"slug": slug})).send().await.unwrap();
    assert_eq!(claimed.status(), 200);
    let token = hub88::issue_token(&app.db, id, GAME, Platform::Desktop).await.unwrap();
    (id, token)
}

on_both_engines! {
    @with spawn_with_hub88;
    async fn a_win_naming_no_bet_or_another_players_bet_is_refused_and_moves_nothing_even_in_a_burst(app) {
        // Arrange: A has 10 ₺; B bet 20 ₺ in round rb.
        let (a, a_token) = player_with_token(&app, "hubattacker", 1_000).await;
        let (b, b_token) = player_with_token(&app, "hubvictim", 5_000).await;
        let b_bet = call(&app, "transaction/bet", &money_call(b, &b_token, "vb1", None, "rb", 2_000_000)).await;
        assert_eq!(b_bet["status"], "RS_OK");
        let own = call(&app, "transaction/bet", &money_call(a, &a_token, "ab1", None, "ra1", 100_000)).await;
        assert_eq!(own["status"], "RS_OK");
        let app = Arc::new(app);

        // Act: validly signed wins on A's token: with no reference on a round that never had a
        // bet, naming B's bet in a new round and in B's round, naming A's own bet in another
        // round; each five times, all at once.
        let mut tasks = Vec::new();
        for i in 0..5 {
            let attacks = [
                money_call(a, &a_token, &format!("nr{i}"), None, &format!("ghost{i}"), 5_000_000),
                money_call(a, &a_token, &format!("nb{i}"), Some("vb1"), &format!("new{i}"), 5_000_000),
                money_call(a, &a_token, &format!("nc{i}"), Some("vb1"), "rb", 5_000_000),
                money_call(a, &a_token, &format!("nd{i}"), Some("ab1"), &format!("other{i}"), 5_000_000),
            ];
            for body in attacks {
                let app = app.clone();
                tasks.push(tokio::spawn(async move { call(&app, "transaction/win", &body).await }));
            }
        }
        let answers: Vec<Value> = futures_util::future::join_all(tasks).await.into_iter().map(|r| r.unwrap()).collect();

        // Assert
        for answer in &answers {
            assert_eq!(answer["status"], "RS_ERROR_TRANSACTION_DOES_NOT_EXIST", "{answer}");
        }
        assert_eq!(money(&app, a).await, (900, 0), "nothing paid to A");
        assert_eq!(money(&app, b).await, (3_000, 0), "B's bet untouched");
        let wins: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM provider_txs WHERE provider = 'hub88' AND kind = 'win'").fetch_one(&app.db.pool).await.unwrap();
        let rounds: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM rounds WHERE provider = 'hub88'").fetch_one(&app.db.pool).await.unwrap();
        assert_eq!((wins, rounds), (0, 2), "no win recorded, no round made");
        // B's own win on B's bet is still paid.
        let paid = call(&app, "transaction/win", &money_call(b, &b_token, "vw1", Some("vb1"), "rb", 4_000_000)).await;
        assert_eq!((paid["status"].as_str(), paid["balance"].as_i64()), (Some("RS_OK"), Some(7_000_000)), "{paid}");
        assert_ledger_holds(&app).await;
    }
}

on_both_engines! {
    @with spawn_with_hub88;
    async fn a_rounds_stake_and_its_win_are_never_both_kept_whatever_the_order_or_the_race(app) {
        // Arrange: 100 ₺.
        let (p, token) = player_with_token(&app, "hubboth", 10_000).await;

        // Act: a paid round's bet rolled back; a rolled-back bet's win.
        call(&app, "transaction/bet", &money_call(p, &token, "pb1", None, "pr1", 1_000_000)).await;
        let paid = call(&app, "transaction/win", &money_call(p, &token, "pw1", Some("pb1"), "pr1", 3_000_000)).await;
        let late_rollback = call(&app, "transaction/rollback", &money_call(p, &token, "prb1", Some("pb1"), "pr1", 1_000_000)).await;
        call(&app, "transaction/bet", &money_call(p, &token, "pb2", None, "pr2", 1_000_000)).await;
        let rollback = call(&app, "transaction/rollback", &money_call(p, &token, "prb2", Some("pb2"), "pr2", 1_000_000)).await;
        let late_win = call(&app, "transaction/win", &money_call(p, &token, "pw2", Some("pb2"), "pr2", 3_000_000)).await;

        // Assert
        assert_eq!((paid["status"].as_str(), paid["balance"].as_i64()), (Some("RS_OK"), Some(12_000_000)));
        assert_eq!((late_rollback["status"].as_str(), late_rollback["balance"].as_i64()), (Some("RS_ERROR_UNKNOWN"), Some(12_000_000)), "{late_rollback}");
        assert_eq!(rollback["status"], "RS_OK");
        assert_eq!((late_win["status"].as_str(), late_win["balance"].as_i64()), (Some("RS_ERROR_TRANSACTION_DOES_NOT_EXIST"), Some(12_000_000)), "{late_win}");
        assert_eq!(money(&app, p).await, (12_000, 0));

        // Act: eight rounds of a 1 ₺ bet, then each round's rollback and its 3 ₺ win, all at once.
        let app = Arc::new(app);
        for r in 0..8 {
            let bet = call(&app, "transaction/bet", &money_call(p, &token, &format!("xb{r}"), None, &format!("xr{r}"), 100_000)).await;
            assert_eq!(bet["status"], "RS_OK");
        }
        let mut tasks = Vec::new();
        for r in 0..8 {
            let rollback = money_call(p, &token, &format!("xrb{r}"), Some(&format!("xb{r}")), &format!("xr{r}"), 100_000);
            let win = money_call(p, &token, &format!("xw{r}"), Some(&format!("xb{r}")), &format!("xr{r}"), 300_000);
            for (path, body) in [("transaction/rollback", rollback), ("transaction/win", win)] {
                let app = app.clone();
                tasks.push(tokio::spawn(async move { (path, call(&app, path, &body).await) }));
            }
        }
        let answers: Vec<(&str, Value)> = futures_util::future::join_all(tasks).await.into_iter().map(|r| r.unwrap()).collect();

        // Assert: each round either refunded or paid, never both.
        let ok = |path: &str| answers.iter().filter(|(p, a)| *p == path && a["status"] == "RS_OK").count() as i64;
        let (refunded, won) = (ok("transaction/rollback"), ok("transaction/win"));
        assert_eq!(refunded + won, 8, "one outcome a round: {answers:?}");
        for r in 0..8 {
            let kept: i64 = sqlx::query_scalar(
                "SELECT COUNT(*) FROM provider_txs WHERE provider = 'hub88' AND round_id = $1 AND kind IN ('bet', 'win') AND rolled_back_by IS NULL",
            )
            .bind(format!("xr{r}"))
            .fetch_one(&app.db.pool)
            .await
            .unwrap();
            assert!(kept == 0 || kept == 2, "round xr{r}: the bet and its win stand together or neither does");
        }
        assert_eq!(money(&app, p).await, (12_000 + 200 * won, 0));
        assert_ledger_holds(&app).await;
    }
}

on_both_engines! {
    @with spawn_with_hub88;
    async fn eighty_hub88_bets_each_rolled_back_never_turn_a_bonus_into_money(app) {
        // Arrange: a 100 ₺ bonus to wager 20 times (2,000 ₺), stakes at most 50 ₺; no real money.
        crate::bonus::set_promotions(&app, &[crate::bonus::promotion("hub-gift", -1, None, Some(json!({"amount": 100, "wagering": 20, "maxBet": 50, "days": 7})))]).await;
        let (p, token) = bonus_player_with_token(&app, "hubbonus", 0, "hub-gift").await;

        // Act: 80 bets of 25 ₺, each rolled back (2,000 ₺ of stakes that never stood).
        for i in 0..80 {
            let bet = call(&app, "transaction/bet", &money_call(p, &token, &format!("gb{i}"), None, &format!("gr{i}"), 2_500_000)).await;
            assert_eq!(bet["status"], "RS_OK", "{bet}");
            let rollback = call(&app, "transaction/rollback", &money_call(p, &token, &format!("grb{i}"), Some(&format!("gb{i}")), &format!("gr{i}"), 2_500_000)).await;
            assert_eq!(rollback["status"], "RS_OK", "{rollback}");
        }

        // Assert: the bonus is still a bonus, nothing counted.
        assert_eq!(bonus_of(&app, p, "hub-gift").await, (10_000, 0, 0, "active".into()));
        assert_eq!(money(&app, p).await, (0, 10_000), "no withdrawable money made");
        assert_ledger_holds(&app).await;
    }
}

on_both_engines! {
    @with spawn_with_hub88;
    async fn eighty_open_hub88_bets_at_once_then_rolled_back_at_once_never_complete_a_bonus(app) {
        // Arrange: 2,000 ₺ real and a 100 ₺ bonus to wager 10 times (1,000 ₺). Mines is an
        // instant game (the catalogue's categories 12 and 7): a stake counts half, so the 80
        // stakes of 25 ₺ below count 1,000 ₺, the whole requirement, while none has stood.
        crate::bonus::set_promotions(&app, &[crate::bonus::promotion("hub-rush", -1, None, Some(json!({"amount": 100, "wagering": 10, "maxBet": 50, "days": 7})))]).await;
        let (p, token) = bonus_player_with_token(&app, "hubrush", 200_000, "hub-rush").await;
        let app = Arc::new(app);

        // Act: 80 bets of 25 ₺, sixteen at a time (their rounds open), then their 80 rollbacks,
        // sixteen at a time.
        let run = |path: &'static str, prefix: &'static str| {
            let (app, token) = (app.clone(), token.clone());
            async move {
                let mut answers = Vec::new();
                for wave in 0..5 {
                    let tasks: Vec<_> = (wave * 16..wave * 16 + 16)
                        .map(|i| {
                            let (app, token) = (app.clone(), token.clone());
                            tokio::spawn(async move {
                                let reference = (prefix == "hrb").then(|| format!("hb{i}"));
                                call(&app, path, &money_call(p, &token, &format!("{prefix}{i}"), reference.as_deref(), &format!("hr{i}"), 2_500_000)).await
                            })
                        })
                        .collect();
                    answers.extend(futures_util::future::join_all(tasks).await.into_iter().map(|r| r.unwrap()));
                }
                answers
            }
        };
        let bets: Vec<Value> = run("transaction/bet", "hb").await;
        let while_open = bonus_of(&app, p, "hub-rush").await;
        let pending_open = pending_wagers(&app, p).await;
        let rollbacks: Vec<Value> = run("transaction/rollback", "hrb").await;

        // Assert
        assert!(bets.iter().chain(&rollbacks).all(|a| a["status"] == "RS_OK"), "{bets:?} {rollbacks:?}");
        assert_eq!(pending_open, (80, 100_000), "each stake counted once, pending");
        assert_eq!(while_open, (10_000, 100_000, 0, "active".into()), "the requirement counted, but nothing stood: not completed");
        assert_eq!(bonus_of(&app, p, "hub-rush").await, (10_000, 0, 0, "active".into()), "every contribution taken back");
        assert_eq!(money(&app, p).await, (200_000, 10_000));
        assert_ledger_holds(&app).await;
    }
}
