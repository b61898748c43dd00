//! The event journal: a node delivers each event once, and a restarted node catches up.

use std::sync::Arc;

use kasa::hub::tail::Tailer;
use kasa::hub::{Frame, Hub, HubTimings};
use kasa::journal;

use crate::on_both_engines;

async fn publish(app: &crate::helpers::TestApp, player: i64, text: &str) {
    let mut tx = app.db.pool.begin().await.unwrap();
    journal::publish(&mut tx, Some(player), None, "Notification", text).await.unwrap();
    tx.commit().await.unwrap();
}

fn drain(rx: &mut tokio::sync::mpsc::Receiver<Frame>) -> Vec<String> {
    let mut out = Vec::new();
    while let Ok(f) = rx.try_recv() {
        out.push(f.to_string());
    }
    out
}

on_both_engines! {
    async fn a_restarted_node_catches_up_without_losing_or_repeating_a_push(app) {
        // Arrange: node "n1" has a connection of player 7 and has read the journal.
        let hub = Arc::new(Hub::new(HubTimings::default()));
        let mut rx = hub.register(7, 1).frames;
        let mut tailer = Tailer::start(app.db.clone(), hub.clone(), Vec::new(), "n1".into()).await.unwrap();
        publish(&app, 7, "one").await;
        assert_eq!(tailer.step().await.unwrap(), 1);
        assert_eq!(tailer.step().await.unwrap(), 0, "an event is delivered once");

        // Act: the node goes away; two events are written meanwhile; it starts again.
        drop(tailer);
        publish(&app, 7, "two").await;
        publish(&app, 8, "someone else").await;
        publish(&app, 7, "three").await;
        let mut restarted = Tailer::start(app.db.clone(), hub.clone(), Vec::new(), "n1".into()).await.unwrap();
        let delivered = restarted.step().await.unwrap();

        // Assert
        assert_eq!(delivered, 3);
        let frames = drain(&mut rx);
        let texts: Vec<&str> = frames.iter().map(|f| if f.contains("\"one\"") { "one" } else if f.contains("\"two\"") { "two" } else if f.contains("\"three\"") { "three" } else { "?" }).collect();
        assert_eq!(texts, vec!["one", "two", "three"]);
        // A new node starts at the journal's end: nothing old is pushed.
        let mut fresh = Tailer::start(app.db.clone(), hub.clone(), Vec::new(), "n2".into()).await.unwrap();
        assert_eq!(fresh.step().await.unwrap(), 0);
    }
}

on_both_engines! {
    async fn a_broadcast_event_reaches_every_connection_of_the_node(app) {
        let hub = Arc::new(Hub::new(HubTimings::default()));
        let mut a = hub.register(1, 1).frames;
        let mut b = hub.register(2, 2).frames;
        let mut tailer = Tailer::start(app.db.clone(), hub.clone(), Vec::new(), "n1".into()).await.unwrap();
        let mut tx = app.db.pool.begin().await.unwrap();
        journal::publish(&mut tx, None, None, "Notification", "all").await.unwrap();
        tx.commit().await.unwrap();
        tailer.step().await.unwrap();
        assert_eq!(drain(&mut a).len(), 1);
        assert_eq!(drain(&mut b).len(), 1);
    }
}

/// The text of each push in `frames`.
fn texts(frames: &[String]) -> Vec<String> {
    frames
        .iter()
        .map(|f| {
            serde_json::from_str::<serde_json::Value>(f.trim_end_matches('\u{1e}')).unwrap()["arguments"][1].as_str().unwrap().to_string()
        })
        .collect()
}

/// On PostgreSQL (None without one): a fresh database, a hub with a connection of player 7, and a
/// tailer of node "n1" on it.
async fn postgres_node_with_player_seven() -> Option<(crate::helpers::TestApp, tokio::sync::mpsc::Receiver<Frame>, Tailer)> {
    if !crate::helpers::postgres_available("PostgreSQL run") {
        return None;
    }
    let app = crate::helpers::spawn_app(crate::helpers::Engine::Postgres).await;
    let hub = Arc::new(Hub::new(HubTimings::default()));
    let rx = hub.register(7, 1).frames;
    let tailer = Tailer::start(app.db.clone(), hub.clone(), Vec::new(), "n1".into()).await.unwrap();
    Some((app, rx, tailer))
}

#[tokio::test]
async fn an_event_whose_transaction_stays_open_ten_seconds_is_still_pushed_on_postgres() {
    // Arrange: a connection of player 7; a transaction writes "late" and stays open.
    let Some((app, mut rx, mut tailer)) = postgres_node_with_player_seven().await else { return };
    let mut open = app.db.pool.begin().await.unwrap();
    journal::publish(&mut open, Some(7), None, "Notification", "late").await.unwrap();

    // Act: a later event commits; the tailer runs for ten seconds; then the first commits.
    publish(&app, 7, "early").await;
    let mut seen = Vec::new();
    let until = std::time::Instant::now() + std::time::Duration::from_secs(10);
    while std::time::Instant::now() < until {
        tailer.step().await.unwrap();
        seen.extend(drain(&mut rx));
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    }
    let before_commit = texts(&seen);
    open.commit().await.unwrap();
    tailer.step().await.unwrap();
    seen.extend(drain(&mut rx));

    // Assert
    assert_eq!(before_commit, vec!["early"]);
    assert_eq!(texts(&seen), vec!["early", "late"]);
}

#[tokio::test]
async fn a_rolled_back_event_does_not_hold_the_cursor_for_ever_on_postgres() {
    // Arrange
    let Some((app, mut rx, mut tailer)) = postgres_node_with_player_seven().await else { return };

    // Act: one event is rolled back, a later one commits.
    let mut doomed = app.db.pool.begin().await.unwrap();
    journal::publish(&mut doomed, Some(7), None, "Notification", "never").await.unwrap();
    doomed.rollback().await.unwrap();
    publish(&app, 7, "kept").await;
    let last = journal::max_id(&app.db).await.unwrap();
    let mut cursor = 0;
    // (Transactions of other tests on the same server may hold the horizon back for a while.)
    let until = std::time::Instant::now() + std::time::Duration::from_secs(30);
    while std::time::Instant::now() < until && cursor < last {
        tailer.step().await.unwrap();
        cursor = journal::cursor(&app.db, "n1").await.unwrap().unwrap_or(0);
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    }

    // Assert
    assert_eq!(texts(&drain(&mut rx)), vec!["kept"]);
    assert_eq!(cursor, last, "the cursor moved past the rolled-back id");
}
