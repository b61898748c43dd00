//! The real-time hub: the SignalR JSON protocol byte for byte, pushes, read marks, fan-out across nodes.

use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;

use crate::helpers::{Engine, TestApp, envelope, prepared_database, spawn_node};
use crate::on_both_engines;
use kasa::hub::HubTimings;

type Ws = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

const HANDSHAKE: &str = "{\"protocol\":\"json\",\"version\":1}\u{1e}";

fn fast_timings() -> HubTimings {
    HubTimings {
        ping_interval: Duration::from_millis(300),
        client_timeout: Duration::from_millis(900),
        handshake_timeout: Duration::from_secs(5),
    }
}

/// A node whose hub pings every 300 ms and keeps a silent client for 10 s: the tests on it read
/// pushes and closes, and a loaded machine can take longer than 900 ms between a client's
/// handshake and its first read (the time-out has its own test on `fast_timings`).
async fn fast_node(engine: Engine) -> TestApp {
    node(engine, HubTimings { client_timeout: Duration::from_secs(10), ..fast_timings() }).await
}

async fn node(engine: Engine, timings: HubTimings) -> TestApp {
    let (url, dir) = prepared_database(engine, true).await;
    spawn_node(&url, true, dir, timings).await
}

/// Registers a player (phone 90532xxxxxxx from `n`) and returns (username, token).
async fn player(app: &TestApp, n: u32) -> (String, String) {
    let username = format!("oyuncu{n:04}");
    let body = json!({"name": "Deniz", "surname": "Kaya", "username": username, "email": format!("{username}@example.com"),
        "phone": format!("90532{n:07}"), "password": "gizli123", "password2": "gizli123", "isFast": true, "acceptTerms": true});
    let resp = envelope(app.post_json("/api/auth/register", &body).await).await;
    assert_eq!(resp["success"], true, "{resp}");
    (username, resp["data"]["token"].as_str().unwrap().to_string())
}

async fn connect(app: &TestApp, token: &str) -> Result<Ws, tokio_tungstenite::tungstenite::Error> {
    let url = format!("{}/hub/frnotify?fingerprint=fp1&access_token={token}", app.address.replace("http://", "ws://"));
    tokio_tungstenite::connect_async(url).await.map(|(ws, _)| ws)
}

/// Connects and completes the handshake.
async fn connected(app: &TestApp, token: &str) -> Ws {
    let mut ws = connect(app, token).await.expect("connect");
    ws.send(Message::text(HANDSHAKE)).await.unwrap();
    assert_eq!(next_text(&mut ws).await.as_deref(), Some("{}\u{1e}"));
    ws
}

/// The next text frame (None when the socket closed), within 5 s.
async fn next_text(ws: &mut Ws) -> Option<String> {
    loop {
        match tokio::time::timeout(Duration::from_secs(5), ws.next()).await.expect("a frame within 5 s") {
            Some(Ok(Message::Text(t))) => return Some(t.to_string()),
            Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return None,
            Some(Ok(_)) => continue,
        }
    }
}

/// The next NotifyMessage (skipping pings) as (command, message).
async fn next_push(ws: &mut Ws) -> (String, String) {
    loop {
        let text = next_text(ws).await.expect("a push before the socket closed");
        for record in text.split('\u{1e}').filter(|r| !r.is_empty()) {
            let v: Value = serde_json::from_str(record).unwrap();
            if v["type"] == 1 {
                assert_eq!(v["target"], "NotifyMessage");
                assert!(v.get("invocationId").is_none());
                return (v["arguments"][0].as_str().unwrap().to_string(), v["arguments"][1].as_str().unwrap().to_string());
            }
        }
    }
}

#[tokio::test]
async fn the_handshake_is_answered_byte_for_byte_and_pings_follow_on_time() {
    // Arrange
    let app = node(Engine::Sqlite, fast_timings()).await;
    let (_, token) = player(&app, 1).await;
    let mut ws = connect(&app, &token).await.unwrap();

    // Act
    ws.send(Message::text(HANDSHAKE)).await.unwrap();
    let answer = next_text(&mut ws).await;
    let start = Instant::now();
    let first_ping = next_text(&mut ws).await;
    let first_at = start.elapsed();
    ws.send(Message::text("{\"type\":6}\u{1e}")).await.unwrap();
    let second_ping = next_text(&mut ws).await;
    let gap = start.elapsed() - first_at;

    // Assert
    assert_eq!(answer.unwrap().as_bytes(), b"{}\x1e");
    assert_eq!(first_ping.unwrap().as_bytes(), b"{\"type\":6}\x1e");
    assert_eq!(second_ping.unwrap().as_bytes(), b"{\"type\":6}\x1e");
    assert!(first_at <= Duration::from_millis(600), "first ping after {first_at:?}");
    assert!(gap >= Duration::from_millis(200) && gap <= Duration::from_millis(600), "pings {gap:?} apart");
}

#[tokio::test]
async fn the_default_timings_are_the_specs() {
    let t = HubTimings::default();
    assert_eq!((t.ping_interval, t.client_timeout), (Duration::from_secs(15), Duration::from_secs(30)));
}

#[tokio::test]
async fn a_silent_client_is_dropped_and_a_pinging_one_stays() {
    let app = node(Engine::Sqlite, fast_timings()).await;
    let (_, token) = player(&app, 2).await;
    let mut silent = connected(&app, &token).await;
    // The silent client's 900 ms run from its handshake, not from the second client's.
    let start = Instant::now();
    let mut chatty = connected(&app, &token).await;

    let mut silent_closed_at = None;
    while start.elapsed() < Duration::from_millis(1800) {
        chatty.send(Message::text("{\"type\":6}\u{1e}")).await.unwrap();
        if silent_closed_at.is_none() {
            if let Ok(msg) = tokio::time::timeout(Duration::from_millis(150), silent.next()).await
                && matches!(msg, None | Some(Err(_)) | Some(Ok(Message::Close(_))))
            {
                silent_closed_at = Some(start.elapsed());
            }
        } else {
            tokio::time::sleep(Duration::from_millis(150)).await;
        }
    }
    let closed = silent_closed_at.expect("the silent client was dropped");
    assert!(closed >= Duration::from_millis(800) && closed <= Duration::from_millis(1500), "dropped after {closed:?}");
    assert_eq!(app.hub.connection_count(), 1);
}

#[tokio::test]
async fn a_bad_token_gets_no_connection_and_a_bad_protocol_an_error() {
    let app = node(Engine::Sqlite, fast_timings()).await;
    assert!(connect(&app, "not-a-token").await.is_err());
    let url = format!("{}/hub/frnotify", app.address.replace("http://", "ws://"));
    assert!(tokio_tungstenite::connect_async(url).await.is_err());

    let (_, token) = player(&app, 3).await;
    let mut ws = connect(&app, &token).await.unwrap();
    ws.send(Message::text("{\"protocol\":\"messagepack\",\"version\":1}\u{1e}")).await.unwrap();
    let answer = next_text(&mut ws).await.unwrap();
    assert!(answer.starts_with("{\"error\":") && answer.ends_with('\u{1e}'), "{answer}");
    assert_eq!(next_text(&mut ws).await, None);
}

on_both_engines! {
    @with fast_node;
    async fn a_notification_from_the_operator_reaches_every_connection_of_the_player(app) {
        let (username, token) = player(&app, 4).await;
        let (_, other) = player(&app, 5).await;
        let mut a1 = connected(&app, &token).await;
        let mut a2 = connected(&app, &token).await;
        let mut b = connected(&app, &other).await;

        kasa::accounts::operator::notify(&app.db, Some(&username), "Bakım", "Yarın 03:00'te kısa bir bakım var.", kasa::notify::NotificationType::System).await.unwrap();

        for ws in [&mut a1, &mut a2] {
            let (command, message) = next_push(ws).await;
            assert_eq!(command, "Notification");
            let n: Value = serde_json::from_str(&message).unwrap();
            assert_eq!(n["title"], "Bakım");
            assert_eq!(n["type"], 5);
            assert_eq!(n["isRead"], false);
            assert!(n["timeStamp"].as_str().unwrap().ends_with('Z'));
        }
        // The other player hears nothing but pings.
        let quiet = tokio::time::timeout(Duration::from_millis(700), next_push(&mut b)).await;
        assert!(quiet.is_err(), "the other player got a push");
    }
}

on_both_engines! {
    @with fast_node;
    async fn a_broadcast_reaches_everyone_and_read_marks_stay_per_player(app) {
        let (_, alice) = player(&app, 6).await;
        let (bob_name, bob) = player(&app, 7).await;
        let mut a = connected(&app, &alice).await;
        let mut b = connected(&app, &bob).await;

        let all = kasa::accounts::operator::notify(&app.db, None, "Hoş geldiniz", "Yeni oyunlar eklendi.", kasa::notify::NotificationType::System).await.unwrap();
        let own = kasa::accounts::operator::notify(&app.db, Some(&bob_name), "Sadece Bob", "Kişisel.", kasa::notify::NotificationType::Bonus).await.unwrap();
        assert_eq!(next_push(&mut a).await.0, "Notification");
        assert_eq!(next_push(&mut b).await.0, "Notification");

        // A list with one foreign id changes nothing at all, not even Alice's own.
        let mixed = app.post_auth("/api/customer/readnotification", &alice, &json!({"id": [all.id, own.id]})).await;
        assert_eq!(mixed.status(), 404);
        let unread = envelope(app.post_auth("/api/customer/notification", &alice, &json!({"skip": 0, "take": 100})).await).await;
        assert_eq!(unread["data"][0]["isRead"], false, "{unread}");

        // Alice reads the broadcast; Bob's copy stays unread.
        let read = app.post_auth("/api/customer/readnotification", &alice, &json!({"id": [all.id]})).await;
        assert_eq!(read.status(), 200);
        // Alice cannot touch Bob's own notification.
        let foreign = app.post_auth("/api/customer/readnotification", &alice, &json!({"id": [own.id]})).await;
        assert_eq!(foreign.status(), 404);
        assert_eq!(envelope(foreign).await["success"], false);

        let list = |token: String| { let app = &app; async move { envelope(app.post_auth("/api/customer/notification", &token, &json!({"skip": 0, "take": 100})).await).await } };
        let alice_list = list(alice.clone()).await;
        let bob_list = list(bob.clone()).await;
        let alice_items = alice_list["data"].as_array().unwrap();
        assert_eq!(alice_items.len(), 1);
        assert_eq!(alice_items[0]["isRead"], true);
        let bob_items = bob_list["data"].as_array().unwrap();
        assert_eq!(bob_items.len(), 2);
        assert_eq!(bob_items[0]["id"], own.id);
        assert!(bob_items.iter().all(|n| n["isRead"] == false));
    }
}

on_both_engines! {
    @with fast_node;
    async fn an_ended_session_gets_exit_then_a_plain_close(app) {
        let (username, token) = player(&app, 8).await;
        let mut ws = connected(&app, &token).await;

        kasa::accounts::operator::logout(&app.db, &username).await.unwrap();

        assert_eq!(next_push(&mut ws).await, ("exit".to_string(), "operator".to_string()));
        let mut rest = String::new();
        while let Some(t) = next_text(&mut ws).await {
            rest.push_str(&t);
        }
        assert!(rest.ends_with("{\"type\":7}\u{1e}"), "{rest:?}");
        assert_eq!(app.get_auth("/api/user/balance", &token).await.status(), 401);
    }
}

#[tokio::test]
async fn a_stopping_node_tells_its_clients_to_reconnect() {
    let mut app = node(Engine::Sqlite, HubTimings::default()).await;
    let (_, token) = player(&app, 9).await;
    let mut ws = connected(&app, &token).await;

    app.stop();

    let close = next_text(&mut ws).await.unwrap();
    assert_eq!(close.as_bytes(), b"{\"allowReconnect\":true,\"type\":7}\x1e");
    assert_eq!(next_text(&mut ws).await, None);
}

#[tokio::test]
async fn two_nodes_on_one_postgres_push_each_others_events() {
    if !crate::helpers::postgres_available("two-node run") {
        return;
    }
    // Arrange: nodes A and B on one database; the player's hub connection is on B.
    let (url, _) = prepared_database(Engine::Postgres, true).await;
    let a = spawn_node(&url, true, None, HubTimings::default()).await;
    let b = spawn_node(&url, true, None, HubTimings::default()).await;
    let (username, token) = player(&a, 10).await;
    let mut ws = connected(&b, &token).await;

    // Act: verify the phone and take the trial bonus through A.
    a.post_auth("/api/customer/updatephone", &token, &json!({"step": 1, "phone": "905320000010"})).await;
    let code = a.last_code_to("905320000010").await;
    a.post_auth("/api/customer/updatephone", &token, &json!({"step": 2, "phone": "905320000010", "code": code})).await;
    let granted = a.get_auth("/api/bonus/definetrialbonus", &token).await;
    assert_eq!(granted.status(), 200);

    // Assert: B pushes the notification and the balance change.
    let mut got = Vec::new();
    for _ in 0..2 {
        got.push(next_push(&mut ws).await);
    }
    got.sort();
    assert_eq!(got[0].0, "Balance");
    let balance: Value = serde_json::from_str(&got[0].1).unwrap();
    assert_eq!(balance["balance"], 50.0);
    assert_eq!(got[1].0, "Notification");

    // And one sent by `kasa admin notify`, a separate process.
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_kasa"))
        .args(["admin", "notify", "--player", &username, "--title", "Operatör", "--note", "Merhaba"])
        .env("DATABASE_URL", &url)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let (command, message) = next_push(&mut ws).await;
    assert_eq!(command, "Notification");
    assert!(message.contains("Operatör"));
}

/// Everything the server sends until it closes the socket (within `limit`), as one string.
async fn rest_until_closed(ws: &mut Ws, limit: Duration) -> String {
    let mut rest = String::new();
    let deadline = Instant::now() + limit;
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        match tokio::time::timeout(left, ws.next()).await.expect("the socket closed in time") {
            Some(Ok(Message::Text(t))) => rest.push_str(t.as_str()),
            Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return rest,
            Some(Ok(_)) => {}
        }
    }
}

on_both_engines! {
    @with fast_node;
    async fn a_message_that_never_ends_with_its_separator_is_cut_off(app) {
        // Arrange
        let (_, token) = player(&app, 11).await;
        let mut ws = connected(&app, &token).await;

        // Act: 60 KB pieces of one record that never ends.
        let piece = "x".repeat(60 * 1024);
        for _ in 0..4 {
            if ws.send(Message::text(piece.clone())).await.is_err() {
                break;
            }
        }
        let rest = rest_until_closed(&mut ws, Duration::from_secs(5)).await;

        // Assert
        assert!(rest.ends_with("{\"error\":\"Message too large.\",\"type\":7}\u{1e}"), "{rest:?}");
        assert_eq!(app.hub.connection_count(), 0);
    }
}

async fn capped(engine: Engine) -> TestApp {
    crate::helpers::spawn_app_configured(engine, |s| {
        let mut edge = s.edge;
        edge.hub_max_per_session = 2;
        edge.hub_max_per_ip = 3;
        s.set_edge(edge);
    })
    .await
}

on_both_engines! {
    @with capped;
    async fn hub_connections_are_capped_per_session_and_per_ip(app) {
        // Arrange
        let (username, token) = player(&app, 12).await;
        let second_session = envelope(app.post_json("/api/auth/login", &json!({"username": username, "password": "gizli123"})).await).await
            ["data"]["token"].as_str().unwrap().to_string();

        // Act
        let first = connected(&app, &token).await;
        let _second = connected(&app, &token).await;
        let third_of_session = connect(&app, &token).await;
        let _other_session = connected(&app, &second_session).await;
        let fourth_of_ip = connect(&app, &second_session).await;

        // Assert
        let refused = |r: Result<Ws, tokio_tungstenite::tungstenite::Error>| match r {
            Err(tokio_tungstenite::tungstenite::Error::Http(resp)) => resp.status().as_u16(),
            Err(e) => panic!("unexpected error {e}"),
            Ok(_) => 101,
        };
        assert_eq!(refused(third_of_session), 429);
        assert_eq!(refused(fourth_of_ip), 429);
        // A closed connection gives its place back.
        drop(first);
        let deadline = Instant::now() + Duration::from_secs(5);
        loop {
            match connect(&app, &token).await {
                Ok(_) => break,
                Err(_) if Instant::now() < deadline => tokio::time::sleep(Duration::from_millis(100)).await,
                Err(e) => panic!("no place came back: {e}"),
            }
        }
    }
}

on_both_engines! {
    @with fast_node;
    async fn a_session_ended_during_the_handshake_receives_nothing_afterwards(app) {
        // Arrange: the socket is open, its handshake not sent yet.
        let (username, token) = player(&app, 13).await;
        let mut ws = connect(&app, &token).await.unwrap();

        // Act: the session ends; a notification follows; then the client finishes its handshake.
        app.get_auth("/api/auth/logout", &token).await;
        kasa::accounts::operator::notify(&app.db, Some(&username), "Gizli", "Bunu görmemeli", kasa::notify::NotificationType::System).await.unwrap();
        tokio::time::sleep(Duration::from_millis(600)).await;
        let _ = ws.send(Message::text(HANDSHAKE)).await;
        let rest = rest_until_closed(&mut ws, Duration::from_secs(5)).await;

        // Assert
        assert!(!rest.contains("Gizli") && !rest.contains("Notification"), "{rest:?}");
        assert_eq!(app.hub.connection_count(), 0);
    }
}

on_both_engines! {
    @with fast_node;
    async fn a_session_end_reaches_a_client_whose_queue_is_full(app) {
        // Arrange: a client that reads nothing while thousands of large pushes are queued for it.
        let (_, token) = player(&app, 14).await;
        let me = kasa::auth::session::lookup(&app.db, &token).await.unwrap().unwrap();
        let mut ws = connected(&app, &token).await;
        let big: kasa::hub::Frame = kasa::hub::protocol::notify_message("Notification", &"y".repeat(8 * 1024)).into();
        for _ in 0..3000 {
            app.hub.send_to_player(me.player_id, big.clone());
        }

        // Act
        let exit: kasa::hub::Frame = kasa::hub::protocol::notify_message("exit", "logout").into();
        app.hub.end_session(me.player_id, me.session_id, exit);
        let mut frames = Vec::new();
        loop {
            match tokio::time::timeout(Duration::from_secs(10), ws.next()).await.expect("the socket closed in time") {
                Some(Ok(Message::Text(t))) => frames.push(t.to_string()),
                Some(Ok(Message::Close(_))) | None | Some(Err(_)) => break,
                Some(Ok(_)) => {}
            }
        }

        // Assert: the exit push and a plain Close came, after fewer than the 3000 queued pushes.
        let n = frames.len();
        assert!((2..3000).contains(&n), "{n} frames");
        assert!(frames[n - 2].contains("[\"exit\",\"logout\"]"), "{}", &frames[n - 2][..80.min(frames[n - 2].len())]);
        assert_eq!(frames[n - 1], "{\"type\":7}\u{1e}");
    }
}

#[tokio::test]
async fn a_node_killed_mid_bet_loses_no_acknowledged_bet_and_the_wallet_check_holds() {
    if !crate::helpers::postgres_available("two-node kill run") {
        return;
    }
    // Arrange: node A in this process and node B a real `kasa` process, on one PostgreSQL; a
    // player with money and a football single to bet on.
    let (url, _) = prepared_database(Engine::Postgres, true).await;
    let a = spawn_node(&url, true, None, HubTimings::default()).await;
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let mut b = tokio::process::Command::new(env!("CARGO_BIN_EXE_kasa"))
        .args(["serve", "--demo", "--addr", &format!("127.0.0.1:{port}")])
        .env("DATABASE_URL", &url)
        .env("KASA_LOG", "error")
        .env("KASA_SPORTS_SPEED", "off")
        .kill_on_drop(true)
        .spawn()
        .unwrap();
    let b_url = format!("http://127.0.0.1:{port}");
    let client = reqwest::Client::new();
    for _ in 0..300 {
        if client.get(format!("{b_url}/health/ready")).send().await.is_ok_and(|r| r.status() == 200) {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let (player, token) = crate::rounds::make_player(&a, "survivor").await;
    crate::rounds::fund(&a, player, 100_000).await;
    let event = crate::sportsbook::betting::football_events(&a, 1).await[0];
    let (home, price, _) = crate::sportsbook::betting::selection(&a, event, "1x2", "1").await;
    let body = json!({"legs": [crate::sportsbook::betting::leg(home, price)], "kind": "single", "stake": 1, "oddsChoice": "any"});

    // Act: bets through B as fast as it answers; B is killed (SIGKILL) while they run.
    let bets = {
        let (client, b_url, token, body) = (client.clone(), b_url.clone(), token.clone(), body.clone());
        tokio::spawn(async move {
            let mut acknowledged = Vec::new();
            for _ in 0..400 {
                let Ok(resp) = client.post(format!("{b_url}/api/sportsbook/bets")).bearer_auth(&token).json(&body).send().await else {
                    break;
                };
                let Ok(v) = resp.json::<Value>().await else { break };
                if let Some(id) = v["data"][0]["id"].as_i64().or(v["data"]["id"].as_i64()) {
                    acknowledged.push(id);
                }
            }
            acknowledged
        })
    };
    tokio::time::sleep(Duration::from_millis(400)).await;
    b.start_kill().unwrap();
    let _ = b.wait().await;
    let acknowledged = bets.await.unwrap();
    // A carries on.
    let (status, placed) = crate::sportsbook::betting::place(&a, &token, body).await;

    // Assert
    assert!(!acknowledged.is_empty(), "B took bets before it was killed");
    let mut found = 0;
    for id in &acknowledged {
        let n: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM sb_bets WHERE id = $1").bind(id).fetch_one(&a.db.pool).await.unwrap();
        found += n;
    }
    assert_eq!(found as usize, acknowledged.len(), "every acknowledged bet is there once");
    assert_eq!(status, 200, "{placed}");
    let check = kasa::wallet::check(&a.db).await.unwrap();
    assert!(check.is_ok(), "{check}");
    let (real, _) = crate::rounds::money(&a, player).await;
    let staked: i64 = sqlx::query_scalar(
        "SELECT CAST(COALESCE(SUM(stake), 0) AS BIGINT) FROM sb_bets WHERE player_id = $1 AND state IN ('pending', 'open')",
    )
    .bind(player)
    .fetch_one(&a.db.pool)
    .await
    .unwrap();
    assert_eq!(real + staked, 100_000, "each stake taken once: real {real} + staked {staked}");
}
