//! Provably fair that binds the operator (issue 28): the next server seed's hash is shown before
//! the player chooses the client seed that goes with it (commit first, choose second), racing seed
//! changes and spins never play a round on a seed whose hash was not shown first, a seed change
//! never answers the seed in use, a copy of the database tells no server seed not yet revealed
//! (sealed under the node's key) while revealed ones read plain, and a node without a key plays no
//! studio game. On both engines.

use std::collections::BTreeSet;

use serde_json::{Value, json};

use crate::helpers::{Engine, TestApp, spawn_app_configured};
use crate::on_both_engines;
use crate::rounds::{assert_ledger_holds, fund, make_player};

const FRUITS: &str = "kasa-anatolian-fruits";

impl TestApp {
    async fn change_seed(&self, session: &str, body: Value) -> (u16, Value) {
        self.game_call(reqwest::Method::POST, "/games/api/seed", Some(session), Some(body), "en").await
    }

    async fn studio_rounds(&self, session: &str) -> Vec<Value> {
        let (status, rounds) = self.game_call(reqwest::Method::GET, "/games/api/rounds?take=100", Some(session), None, "en").await;
        assert_eq!(status, 200, "{rounds}");
        rounds["data"].as_array().unwrap().clone()
    }
}

fn sha(seed: &str) -> String {
    kasa::studio::engine::seed_hash(seed)
}

/// Every value of every column of every table, as text: what a copy of the database holds.
pub(crate) async fn every_value(app: &TestApp) -> Vec<String> {
    let columns: Vec<(String, String)> = match app.db.engine {
        kasa::db::Engine::Sqlite => sqlx::query_as(
            "SELECT m.name, p.name FROM sqlite_master m JOIN pragma_table_info(m.name) p WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%'",
        )
        .fetch_all(&app.db.pool)
        .await
        .unwrap(),
        kasa::db::Engine::Postgres => {
            sqlx::query_as("SELECT CAST(table_name AS TEXT), CAST(column_name AS TEXT) FROM information_schema.columns WHERE table_schema = 'public'")
                .fetch_all(&app.db.pool)
                .await
                .unwrap()
        }
    };
    assert!(columns.len() > 100, "the schema's columns: {}", columns.len());
    let mut out = Vec::new();
    for (table, column) in columns {
        let sql = match app.db.engine {
            // A blob is not text (a copy's text values are what is scanned).
            kasa::db::Engine::Sqlite => {
                format!("SELECT CASE WHEN typeof(\"{column}\") = 'blob' THEN NULL ELSE CAST(\"{column}\" AS TEXT) END FROM \"{table}\"")
            }
            kasa::db::Engine::Postgres => format!("SELECT CAST(\"{column}\" AS TEXT) FROM \"{table}\""),
        };
        let values: Vec<Option<String>> = sqlx::query_scalar(sqlx::AssertSqlSafe(sql)).fetch_all(&app.db.pool).await.unwrap();
        out.extend(values.into_iter().flatten());
    }
    out
}

on_both_engines! {
    async fn the_next_seed_hash_shown_before_the_client_seed_is_chosen_hashes_the_seed_revealed_after_playing_on_it(app) {
        // Arrange: a player in a game; the session shows the seed in use and the next one's hash.
        let (ece, token) = make_player(&app, "ecefair").await;
        fund(&app, ece, 100_000).await;
        let session = app.game_session(&token, FRUITS).await;
        let s = session["sessionToken"].as_str().unwrap().to_string();
        let shown_next = session["fair"]["nextServerSeedHash"].as_str().expect("the next seed's hash is shown").to_string();
        assert_eq!(shown_next.len(), 64);
        assert_ne!(session["fair"]["serverSeedHash"].as_str(), Some(shown_next.as_str()));

        // Act: the player chooses a client seed for that next seed, plays three rounds on it, then
        // changes the seed twice more (each change reveals the seed before).
        let (changed, first) = app.change_seed(&s, json!({"clientSeed": "ece-secer", "nextServerSeedHash": shown_next})).await;
        let mut spins = Vec::new();
        for _ in 0..3 {
            let (status, spin) = app.spin(&s, 100, "en").await;
            assert_eq!(status, 200, "{spin}");
            spins.push(spin["data"].clone());
        }
        let (_, second) = app.change_seed(&s, json!({"clientSeed": "ikinci", "nextServerSeedHash": first["data"]["fair"]["nextServerSeedHash"]})).await;
        let (_, third) = app.change_seed(&s, json!({})).await;

        // Assert: the seed played on is the one whose hash was shown before the choice, with the
        // chosen client seed; once revealed, its SHA-256 is that hash and every round replays.
        assert_eq!(changed, 200, "{first}");
        assert_eq!(first["data"]["fair"]["serverSeedHash"].as_str(), Some(shown_next.as_str()));
        assert_eq!(first["data"]["fair"]["clientSeed"], "ece-secer");
        for spin in &spins {
            assert_eq!((spin["fair"]["serverSeedHash"].as_str(), spin["fair"]["clientSeed"].as_str()), (Some(shown_next.as_str()), Some("ece-secer")));
        }
        let revealed = second["data"]["revealed"]["serverSeed"].as_str().unwrap().to_string();
        assert_eq!(sha(&revealed), shown_next, "the seed revealed is the one committed before the client seed was chosen");
        assert_eq!(second["data"]["revealed"]["lastNonce"], 2);
        let rounds = app.studio_rounds(&s).await;
        assert_eq!(rounds.len(), 3);
        for round in &rounds {
            assert_eq!((round["serverSeed"].as_str(), round["clientSeed"].as_str()), (Some(revealed.as_str()), Some("ece-secer")));
            let replayed = kasa::studio::engine::verify(FRUITS, &revealed, "ece-secer", round["nonce"].as_u64().unwrap()).unwrap();
            assert_eq!(serde_json::to_value(&replayed).unwrap(), round["outcome"]);
        }
        // No seed change answered the seed it put in use: each is revealed only by the next change.
        let second_seed = third["data"]["revealed"]["serverSeed"].as_str().unwrap();
        assert_eq!(sha(second_seed), first["data"]["fair"]["nextServerSeedHash"].as_str().unwrap());
        assert!(!first.to_string().contains(&revealed), "the first change did not answer the seed it put in use");
        assert!(!second.to_string().contains(second_seed), "the second change did not answer the seed it put in use");
        assert_ledger_holds(&app).await;
    }
}

on_both_engines! {
    async fn racing_seed_changes_and_spins_never_play_a_round_on_a_seed_whose_hash_was_not_shown_first(app) {
        // Arrange: the session shows the seed in use and the next one's hash.
        let (kaan, token) = make_player(&app, "kaanfair").await;
        fund(&app, kaan, 100_000).await;
        let session = app.game_session(&token, FRUITS).await;
        let s = session["sessionToken"].as_str().unwrap().to_string();
        let current = session["fair"]["serverSeedHash"].as_str().unwrap().to_string();
        let shown_next = session["fair"]["nextServerSeedHash"].as_str().expect("the next seed's hash is shown").to_string();

        // Act: eight seed changes, each with its own client seed chosen for the next seed shown,
        // and sixteen spins, fired together; then a last change revealing everything played.
        let (base, token_s, next) = (app.address.clone(), s.clone(), shown_next.clone());
        let answers = crate::helpers::burst_at(&app.address, 24, move |i, client| {
            let (path, body) = if i % 3 == 2 {
                ("seed", json!({"clientSeed": format!("secim-{i}"), "nextServerSeedHash": next}))
            } else {
                ("spin", json!({"bet": 100}))
            };
            client.post(format!("{base}/games/api/{path}")).bearer_auth(&token_s).json(&body)
        })
        .await;
        let (last, _) = app.change_seed(&s, json!({})).await;
        let rounds = app.studio_rounds(&s).await;

        // Assert: one change took the seed shown; the others were refused (the next seed they were
        // chosen for was no longer pending) with the state now, and changed nothing.
        assert_eq!(last, 200);
        let changes: Vec<&(u16, Value)> = answers.iter().enumerate().filter(|(i, _)| i % 3 == 2).map(|(_, a)| a).collect();
        let won: Vec<&&(u16, Value)> = changes.iter().filter(|(status, _)| *status == 200).collect();
        assert_eq!(won.len(), 1, "{changes:?}");
        let chosen = won[0].1["data"]["fair"]["clientSeed"].as_str().unwrap().to_string();
        assert_eq!(won[0].1["data"]["fair"]["serverSeedHash"].as_str(), Some(shown_next.as_str()));
        for (status, body) in changes.iter().filter(|(status, _)| *status != 200) {
            assert_eq!(*status, 409, "{body}");
            assert_eq!(body["data"]["serverSeedHash"].as_str(), Some(shown_next.as_str()), "{body}");
            // No x-locale: the site's language, Turkish.
            assert!(body["message"].as_str().unwrap().starts_with("Tohum bu arada değişti"), "{body}");
        }
        assert!(answers.iter().enumerate().filter(|(i, _)| i % 3 != 2).all(|(_, (status, _))| *status == 200), "{answers:?}");
        // Every round played on the seed in use at the start or on the one shown as next, with the
        // client seed chosen for it; each revealed seed hashes to what was shown.
        assert_eq!(rounds.len(), 16);
        let mut seen = BTreeSet::new();
        for round in &rounds {
            let hash = round["serverSeedHash"].as_str().unwrap();
            let seed = round["serverSeed"].as_str().expect("revealed");
            assert_eq!(sha(seed), hash);
            assert!(hash == current || hash == shown_next, "a round on a seed whose hash was never shown: {round}");
            if hash == shown_next {
                assert_eq!(round["clientSeed"].as_str(), Some(chosen.as_str()), "{round}");
            } else {
                assert_eq!(round["clientSeed"], session["fair"]["clientSeed"]);
            }
            assert!(seen.insert((hash.to_string(), round["nonce"].as_i64().unwrap())), "a nonce used twice: {round}");
            let replayed = kasa::studio::engine::verify(FRUITS, seed, round["clientSeed"].as_str().unwrap(), round["nonce"].as_u64().unwrap()).unwrap();
            assert_eq!(serde_json::to_value(&replayed).unwrap(), round["outcome"]);
        }
        assert_ledger_holds(&app).await;
    }
}

on_both_engines! {
    async fn a_copy_of_the_database_holds_no_server_seed_not_yet_revealed_and_revealed_ones_read_plain(app) {
        // Arrange: two players who played, one of whom changed the seed twice.
        let (ada, ada_token) = make_player(&app, "adafair").await;
        let (bora, bora_token) = make_player(&app, "borafair").await;
        fund(&app, ada, 10_000).await;
        fund(&app, bora, 10_000).await;
        let ada_s = app.game_session(&ada_token, FRUITS).await["sessionToken"].as_str().unwrap().to_string();
        let bora_s = app.game_session(&bora_token, FRUITS).await["sessionToken"].as_str().unwrap().to_string();

        // Act
        for s in [&ada_s, &bora_s, &ada_s] {
            let (status, body) = app.spin(s, 100, "en").await;
            assert_eq!(status, 200, "{body}");
        }
        let (_, first) = app.change_seed(&ada_s, json!({"clientSeed": "ada-1"})).await;
        app.spin(&ada_s, 100, "en").await;
        let (_, second) = app.change_seed(&ada_s, json!({"clientSeed": "ada-2"})).await;
        let values = every_value(&app).await;

        // Assert: the commitments of every seed not yet revealed (in use or next) are in the
        // database, but no value there hashes to any of them.
        let unrevealed: BTreeSet<String> = sqlx::query_as::<_, (String, String)>(
            "SELECT server_seed_hash, next_server_seed_hash FROM fair_seeds WHERE revealed_at IS NULL",
        )
        .fetch_all(&app.db.pool)
        .await
        .unwrap()
        .into_iter()
        .flat_map(|(a, b)| [a, b])
        .collect();
        assert_eq!(unrevealed.len(), 4, "two players, a seed in use and a next seed each");
        let leaked: Vec<&String> = values.iter().filter(|v| unrevealed.contains(&sha(v))).collect();
        assert!(leaked.is_empty(), "unrevealed server seeds readable in the database: {leaked:?}");
        // The revealed seeds are there in plain text, each the one its hash committed to.
        for answer in [&first, &second] {
            let seed = answer["data"]["revealed"]["serverSeed"].as_str().unwrap();
            let stored: String = sqlx::query_scalar("SELECT server_seed FROM fair_seeds WHERE server_seed_hash = $1 AND revealed_at IS NOT NULL")
                .bind(answer["data"]["revealed"]["serverSeedHash"].as_str().unwrap())
                .fetch_one(&app.db.pool)
                .await
                .unwrap();
            assert_eq!(stored, seed);
        }
        assert_ledger_holds(&app).await;
    }
}

/// A node whose operator gave no `KASA_SEED_KEY` (and no `--demo`).
async fn spawn_without_key(engine: Engine) -> TestApp {
    spawn_app_configured(engine, |s| s.db = s.db.clone().with_seed_key(kasa::studio::seal::SeedKey::missing())).await
}

on_both_engines! {
    @with spawn_without_key;
    async fn a_node_without_a_seed_key_refuses_the_studio_games_in_the_players_language_and_moves_nothing(app) {
        // Arrange
        let (cem, token) = make_player(&app, "cemnokey").await;
        fund(&app, cem, 10_000).await;
        let launch = app.launch_token(&token, FRUITS).await;

        // Act
        let (en, en_body) = app.game_call(reqwest::Method::POST, "/games/api/session", None, Some(json!({"token": launch})), "en").await;
        let (tr, tr_body) = app.game_call(reqwest::Method::POST, "/games/api/session", None, Some(json!({"token": launch})), "tr").await;

        // Assert
        assert_eq!((en, en_body["message"].as_str()), (503, Some("The studio's games are not available on this server right now.")));
        assert_eq!((tr, tr_body["message"].as_str()), (503, Some("Stüdyo oyunları şu anda bu sunucuda kullanılamıyor.")));
        let seeds: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM fair_seeds").fetch_one(&app.db.pool).await.unwrap();
        assert_eq!(seeds, 0);
        assert_eq!(crate::rounds::money(&app, cem).await, (10_000, 0));
        assert_ledger_holds(&app).await;
    }
}
