//! The event journal: a node delivers each event once, and a restarted node catches up.

use std::sync::Arc;

use kasa::hub::tail::Tailer;
use kasa::hub::{Hub, HubTimings, Outbound};
use kasa::notify::journal;

use crate::on_both_engines;

async fn publish(app: &crate::helpers::TestApp, player: i64, text: &str) {
    let mut tx = app.db.pool.begin().await.unwrap();
    journal::publish(&mut tx, app.db.engine, Some(player), None, "Notification", text).await.unwrap();
    tx.commit().await.unwrap();
}

fn drain(rx: &mut tokio::sync::mpsc::Receiver<Outbound>) -> Vec<String> {
    let mut out = Vec::new();
    while let Ok(Outbound::Frame(f)) = rx.try_recv() {
        out.push(f.to_string());
    }
    out
}

on_both_engines! {
    async fn a_restarted_node_catches_up_without_losing_or_repeating_a_push(app) {
        // Arrange: node "n1" has a connection of player 7 and has read the journal.
        let hub = Arc::new(Hub::new(HubTimings::default()));
        let (_, mut rx, _) = hub.register(7, 1);
        let mut tailer = Tailer::start(app.db.clone(), hub.clone(), "n1".into()).await.unwrap();
        publish(&app, 7, "one").await;
        assert_eq!(tailer.step().await.unwrap(), 1);
        assert_eq!(tailer.step().await.unwrap(), 0, "an event is delivered once");

        // Act: the node goes away; two events are written meanwhile; it starts again.
        drop(tailer);
        publish(&app, 7, "two").await;
        publish(&app, 8, "someone else").await;
        publish(&app, 7, "three").await;
        let mut restarted = Tailer::start(app.db.clone(), hub.clone(), "n1".into()).await.unwrap();
        let delivered = restarted.step().await.unwrap();

        // Assert
        assert_eq!(delivered, 3);
        let frames = drain(&mut rx);
        let texts: Vec<&str> = frames.iter().map(|f| if f.contains("\"one\"") { "one" } else if f.contains("\"two\"") { "two" } else if f.contains("\"three\"") { "three" } else { "?" }).collect();
        assert_eq!(texts, vec!["one", "two", "three"]);
        // A new node starts at the journal's end: nothing old is pushed.
        let mut fresh = Tailer::start(app.db.clone(), hub.clone(), "n2".into()).await.unwrap();
        assert_eq!(fresh.step().await.unwrap(), 0);
    }
}

on_both_engines! {
    async fn a_broadcast_event_reaches_every_connection_of_the_node(app) {
        let hub = Arc::new(Hub::new(HubTimings::default()));
        let (_, mut a, _) = hub.register(1, 1);
        let (_, mut b, _) = hub.register(2, 2);
        let mut tailer = Tailer::start(app.db.clone(), hub.clone(), "n1".into()).await.unwrap();
        let mut tx = app.db.pool.begin().await.unwrap();
        journal::publish(&mut tx, app.db.engine, None, None, "Notification", "all").await.unwrap();
        tx.commit().await.unwrap();
        tailer.step().await.unwrap();
        assert_eq!(drain(&mut a).len(), 1);
        assert_eq!(drain(&mut b).len(), 1);
    }
}
