//! The studio's progressive jackpots (issue 15): slot spins grow High Cash and Clover Chance, the
//! bootstrap and `casino/jackpots` carry them live, a level the draw wins is paid through the
//! wallet, reset to its seed and notified (type 3); `casino/eqyptquest` from a configured Amusnet
//! source, or success false without one. On both engines where the database matters.

use serde_json::{Value, json};

use crate::helpers::{Engine, TestApp, envelope, spawn_app_configured};
use crate::on_both_engines;
use crate::rounds::{assert_ledger_holds, fund, make_player, money};
use kasa::studio::engine::{self, FairRng, jackpot};

const SULTAN: &str = "kasa-sultans-gold";

impl TestApp {
    async fn jackpot_cards(&self) -> Vec<Value> {
        let resp = self.get("/api/casino/jackpots").await;
        assert_eq!(resp.status().as_u16(), 200);
        envelope(resp).await["data"].as_array().unwrap().clone()
    }
}

impl TestApp {
    /// Makes the player's next rounds known: the client seed through the game's own call, the
    /// server seed (hidden from players until revealed) in the database.
    async fn fix_seeds(&self, session: &str, player: i64, server_seed: &str, client_seed: &str) {
        let (status, _) =
            self.game_call(reqwest::Method::POST, "/games/api/seed", Some(session), Some(json!({"clientSeed": client_seed})), "en").await;
        assert_eq!(status, 200);
        // Stored sealed, as the studio keeps every seed not yet revealed.
        let hash = engine::seed_hash(server_seed);
        sqlx::query("UPDATE fair_seeds SET server_seed = $1, server_seed_hash = $2 WHERE player_id = $3 AND revealed_at IS NULL")
            .bind(self.db.seed_key.seal(server_seed, &hash).unwrap())
            .bind(&hash)
            .bind(player)
            .execute(&self.db.pool)
            .await
            .unwrap();
    }
}

/// A card's level amounts in kuruş, I to IV.
fn kurus(card: &Value) -> Vec<i64> {
    card["levelStats"].as_array().unwrap().iter().map(|l| (l["amount"].as_f64().unwrap() * 100.0).round() as i64).collect()
}

/// What the ledger's transfers of `kind` moved into (credit) and out of (debit) the account `code`.
async fn moved(app: &TestApp, code: &str, kind: &str) -> (i64, i64) {
    let sum = |side: &'static str| {
        format!(
            "SELECT CAST(COALESCE(SUM(t.amount), 0) AS BIGINT) FROM transfers t JOIN accounts a ON a.id = t.{side}_account \
             WHERE a.code = $1 AND t.kind = $2 AND t.phase IN ('single', 'post')"
        )
    };
    let credit: i64 = sqlx::query_scalar(sqlx::AssertSqlSafe(sum("credit"))).bind(code).bind(kind).fetch_one(&app.db.pool).await.unwrap();
    let debit: i64 = sqlx::query_scalar(sqlx::AssertSqlSafe(sum("debit"))).bind(code).bind(kind).fetch_one(&app.db.pool).await.unwrap();
    (credit, debit)
}

/// A ledger account's balance: every transfer into it minus every transfer out of it.
async fn balance_of(app: &TestApp, code: &str) -> i64 {
    sqlx::query_scalar(
        "SELECT CAST(COALESCE(SUM(CASE WHEN c.code = $1 THEN t.amount ELSE 0 END), 0) - COALESCE(SUM(CASE WHEN d.code = $1 THEN t.amount ELSE 0 END), 0) AS BIGINT) \
         FROM transfers t JOIN accounts d ON d.id = t.debit_account JOIN accounts c ON c.id = t.credit_account \
         WHERE (c.code = $1 OR d.code = $1) AND t.phase IN ('single', 'post')",
    )
    .bind(code)
    .fetch_one(&app.db.pool)
    .await
    .unwrap()
}

/// The ledger code of a jackpot's level (0 for I).
fn level_code(jp: &jackpot::Jackpot, level: usize) -> String {
    format!("house:jackpot:{}:{}", jp.key, level + 1)
}

/// Each level's card amount is its account's balance, which is its seeds plus its contributions
/// minus its wins, to the kuruş.
async fn assert_levels_are_their_accounts(app: &TestApp) {
    let cards = app.jackpot_cards().await;
    for (i, jp) in jackpot::JACKPOTS.iter().enumerate() {
        for (l, shown) in kurus(&cards[i]).into_iter().enumerate() {
            let code = level_code(jp, l);
            let balance = balance_of(app, &code).await;
            let (seeds, _) = moved(app, &code, "jackpot_seed").await;
            let (contributions, _) = moved(app, &code, "jackpot").await;
            let (_, wins) = moved(app, &code, "win").await;
            assert_eq!(shown, balance, "{code} shows its balance");
            assert_eq!(balance, seeds + contributions - wins, "{code}");
        }
    }
}

/// The thousandths of a kuruş each level's shard `shard` holds now, I to IV.
async fn shard_milli(app: &TestApp, jp: &jackpot::Jackpot, shard: i64) -> [i64; 4] {
    let row: (i64, i64, i64, i64) = sqlx::query_as("SELECT l0, l1, l2, l3 FROM jackpot_shards WHERE jackpot = $1 AND shard = $2")
        .bind(jp.key)
        .bind(shard)
        .fetch_one(&app.db.pool)
        .await
        .unwrap();
    [row.0, row.1, row.2, row.3]
}

on_both_engines! {
    async fn slot_spins_grow_both_jackpots_and_the_bootstrap_and_casino_jackpots_carry_them_live(app) {
        // Arrange
        let (oya, token) = make_player(&app, "oyaoya").await;
        fund(&app, oya, 100_000).await;
        let session = app.game_session(&token, SULTAN).await;
        let s = session["sessionToken"].as_str().unwrap().to_string();
        // A known server seed and a client seed whose ten rounds win no level (a random seed wins
        // one about once in 200 runs, and this test is about growth).
        let server_seed = "5b2f7c1e9a8d4036b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f708192a3b4c5d6e";
        let client_seed = quiet_client_seed(server_seed, 2_000, 10);
        app.fix_seeds(&s, oya, server_seed, &client_seed).await;
        let before = app.jackpot_cards().await;

        // Act: ten spins of 20 ₺.
        for _ in 0..10 {
            let (status, body) = app.spin(&s, 2_000, "tr").await;
            assert_eq!(status, 200, "{body}");
        }
        let after = app.jackpot_cards().await;
        let bootstrap = envelope(app.get("/api/cms/grouped").await).await;

        // Assert: the seeds first, then each level grew by ten bets' contributions (no level was
        // won, as the seeds were chosen).
        let won: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM jackpot_wins").fetch_one(&app.db.pool).await.unwrap();
        assert_eq!(won, 0);
        for (i, jp) in jackpot::JACKPOTS.iter().enumerate() {
            assert_eq!(before[i]["instanceName"], jp.name);
            assert_eq!(kurus(&before[i]), jp.levels.iter().map(|l| l.seed).collect::<Vec<_>>());
            let grown: Vec<i64> = jp.levels.iter().map(|l| l.seed + 10 * jackpot::contribution_milli(l, 2_000) / 1_000).collect();
            assert_eq!(kurus(&after[i]), grown, "{}", jp.name);
            for (l, level) in jp.levels.iter().enumerate() {
                assert_eq!((after[i]["levelStats"][l]["level"].as_str(), after[i]["levelStats"][l]["name"].as_str()), (Some(level.level), Some(level.name)));
            }
        }
        let cards = bootstrap["data"]["egtJackpotCards"].as_array().unwrap();
        assert_eq!((&cards[0]["instanceName"], &cards[1]["instanceName"]), (&json!("High Cash"), &json!("Clover Chance")));
        assert_eq!((kurus(&cards[0]), kurus(&cards[1])), (kurus(&after[0]), kurus(&after[1])));
        assert!(cards.len() > 2, "the content's other cards follow");
    }
}

/// A client seed whose rounds 0 to `rounds - 1` on `server_seed` win no jackpot level at `bet`.
fn quiet_client_seed(server_seed: &str, bet: i64, rounds: u64) -> String {
    let slot = engine::slot(SULTAN).unwrap();
    (0..100)
        .map(|i| format!("sakin-{i}"))
        .find(|client| {
            (0..rounds).all(|nonce| {
                let mut rng = FairRng::new(server_seed, client, nonce);
                slot.play(&mut rng);
                jackpot::draw(&mut rng, bet).iter().all(Option::is_none)
            })
        })
        .expect("a quiet client seed in 100")
}

/// A client seed whose round 0 on `server_seed` wins a jackpot level at `bet`: (client seed, wins).
fn winning_client_seed(server_seed: &str, bet: i64) -> (String, [Option<usize>; 2]) {
    let slot = engine::slot(SULTAN).unwrap();
    for i in 0..20_000 {
        let client = format!("sans-{i}");
        let mut rng = FairRng::new(server_seed, &client, 0);
        slot.play(&mut rng);
        let won = jackpot::draw(&mut rng, bet);
        if won.iter().any(Option::is_some) {
            return (client, won);
        }
    }
    panic!("no winning client seed in 20,000");
}

on_both_engines! {
    async fn a_jackpot_level_the_draw_wins_is_paid_through_the_wallet_reset_to_its_seed_and_notified(app) {
        // Arrange: a known server seed and a client seed whose first round wins a level at 500 ₺;
        // the levels grown by another player's spins first.
        let (other, other_token) = make_player(&app, "baskasi").await;
        fund(&app, other, 50_000).await;
        let other_session = app.game_session(&other_token, SULTAN).await;
        for _ in 0..3 {
            app.spin(other_session["sessionToken"].as_str().unwrap(), 10_000, "tr").await;
        }
        let (nur, token) = make_player(&app, "nurnur").await;
        fund(&app, nur, 100_000).await;
        let server_seed = "9d1e2c3b4a5f60718293a4b5c6d7e8f90123456789abcdef0123456789abcdef";
        let (client_seed, won) = winning_client_seed(server_seed, 50_000);
        let session = app.game_session(&token, SULTAN).await;
        let s = session["sessionToken"].as_str().unwrap().to_string();
        app.fix_seeds(&s, nur, server_seed, &client_seed).await;
        let before = kasa::studio::jackpots::current(&app.db).await.unwrap();
        let mut shards_before = Vec::new();
        // What each level's account had paid and been seeded before (the other player's spins
        // may have won a level already).
        let mut ledger_before = std::collections::HashMap::new();
        for jp in &jackpot::JACKPOTS {
            shards_before.push(shard_milli(&app, jp, nur % kasa::studio::jackpots::SHARDS).await);
            for l in 0..jp.levels.len() {
                let code = level_code(jp, l);
                let was = (moved(&app, &code, "win").await, moved(&app, &code, "jackpot_seed").await);
                ledger_before.insert(code, was);
            }
        }
        let studio_before = moved(&app, "house:provider:kasa", "win").await;

        // Act
        let (status, spun) = app.spin(&s, 50_000, "en").await;
        let after = kasa::studio::jackpots::current(&app.db).await.unwrap();

        // Assert: the spin's contributions reached the levels first (the whole kuruş they complete
        // in the player's shard); each level won then paid its account's whole balance besides the
        // round's win, from that account, and started again from its seed, funded by a transfer
        // from the seed account; the others kept the contribution.
        assert_eq!(status, 200, "{spun}");
        let paid: Vec<&Value> = spun["data"]["jackpots"].as_array().unwrap().iter().collect();
        let mut total_paid = 0;
        for (i, jp) in jackpot::JACKPOTS.iter().enumerate() {
            let (was, now) = (before[i].kurus, after[i].kurus);
            for (l, level) in jp.levels.iter().enumerate() {
                let old = shards_before[i][l];
                let whole = (old + jackpot::contribution_milli(level, 50_000)) / 1_000 - old / 1_000;
                let code = level_code(jp, l);
                if won[i] == Some(l) {
                    let win = paid.iter().find(|w| w["jackpot"] == jp.name).unwrap();
                    assert_eq!((win["level"].as_str(), win["amount"].as_i64()), (Some(level.level), Some(was[l] + whole)));
                    assert_eq!(now[l], level.seed, "{} {} reset", jp.name, level.level);
                    let (wins, seeds) = ledger_before[&code];
                    assert_eq!(moved(&app, &code, "win").await, (wins.0, wins.1 + was[l] + whole), "{code} paid the win");
                    assert_eq!(moved(&app, &code, "jackpot_seed").await, (seeds.0 + level.seed, seeds.1), "{code}: a new seed");
                    total_paid += was[l] + whole;
                } else {
                    assert_eq!(now[l], was[l] + whole, "{} {} grew", jp.name, level.level);
                }
                assert_eq!(balance_of(&app, &code).await, now[l], "{code}");
            }
        }
        assert_eq!(paid.len(), won.iter().flatten().count());
        assert_eq!(moved(&app, "house:provider:kasa", "win").await, (studio_before.0, studio_before.1 + spun["data"]["win"].as_i64().unwrap()), "the studio's account paid the round's win only");
        assert_levels_are_their_accounts(&app).await;
        let (real, bonus) = money(&app, nur).await;
        assert_eq!(real + bonus, 100_000 - 50_000 + spun["data"]["win"].as_i64().unwrap() + total_paid);
        assert_eq!((spun["data"]["balance"].as_f64().unwrap() * 100.0).round() as i64, real + bonus);
        let rows: Vec<(String, i64)> = sqlx::query_as("SELECT title, type FROM notifications WHERE player_id = $1").bind(nur).fetch_all(&app.db.pool).await.unwrap();
        assert_eq!(rows.len(), paid.len());
        assert!(rows.iter().all(|(title, kind)| title.starts_with("Jackpot: ") && *kind == 3), "{rows:?}");
        let recorded: i64 = sqlx::query_scalar("SELECT CAST(COALESCE(SUM(amount), 0) AS BIGINT) FROM jackpot_wins WHERE player_id = $1").bind(nur).fetch_one(&app.db.pool).await.unwrap();
        assert_eq!(recorded, total_paid);
        // The revealed seed verifies the jackpots' draw too: the level each won, from its numbers.
        let (_, verified) = app
            .game_call(reqwest::Method::POST, "/games/api/verify", None, Some(json!({"code": SULTAN, "serverSeed": server_seed, "clientSeed": client_seed, "nonce": 0, "bet": 50_000})), "en")
            .await;
        let draws = verified["data"]["jackpots"].as_array().unwrap();
        for (i, jp) in jackpot::JACKPOTS.iter().enumerate() {
            assert_eq!(draws[i]["name"], jp.name);
            assert_eq!(draws[i]["won"].as_str(), won[i].map(|l| jp.levels[l].level), "{verified}");
            let hit: Vec<bool> = draws[i]["levels"]
                .as_array()
                .unwrap()
                .iter()
                .map(|l| {
                    let n: u128 = l["number"].as_str().unwrap().parse().unwrap();
                    (n * u128::from(l["odds"].as_u64().unwrap())) >> 64 < 50_000
                })
                .collect();
            assert_eq!(hit.iter().rposition(|&h| h), won[i]);
        }
        assert_ledger_holds(&app).await;
    }
}

on_both_engines! {
    async fn concurrent_spins_of_many_players_lose_no_contribution(app) {
        // Arrange: eight players, five 10 ₺ spins each, all at once; each player's seeds win no
        // level in those five rounds (random ones would, about once in a hundred runs).
        let server_seed = "3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e7f8091a2b";
        let client_seed = quiet_client_seed(server_seed, 1_000, 5);
        let mut sessions = Vec::new();
        let mut players = Vec::new();
        for i in 0..8 {
            let (id, token) = make_player(&app, &format!("kalabalik{i}")).await;
            players.push(id);
            fund(&app, id, 10_000).await;
            let session = app.game_session(&token, SULTAN).await["sessionToken"].as_str().unwrap().to_string();
            app.fix_seeds(&session, id, server_seed, &client_seed).await;
            sessions.push(session);
        }
        let before = app.jackpot_cards().await;

        // Act
        let base = app.address.clone();
        let answers = crate::helpers::burst_at(&app.address, 40, move |i, client| {
            client.post(format!("{base}/games/api/spin")).header("x-locale", "en").bearer_auth(&sessions[i % 8]).json(&json!({"bet": 1_000}))
        })
        .await;
        let after = app.jackpot_cards().await;

        // Assert: every spin played, and every level grew by exactly forty contributions (no win,
        // as the seeds were chosen).
        assert!(answers.iter().all(|(s, _)| *s == 200), "{answers:?}");
        let won: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM jackpot_wins").fetch_one(&app.db.pool).await.unwrap();
        assert_eq!(won, 0);
        // Each player's five spins added to their own shard (the eight players' ids fall in eight
        // shards), and each shard's whole kuruş reached the level's account.
        let shards: std::collections::BTreeSet<i64> = players.iter().map(|p| p % kasa::studio::jackpots::SHARDS).collect();
        assert_eq!(shards.len(), 8);
        for (i, jp) in jackpot::JACKPOTS.iter().enumerate() {
            let grown: Vec<i64> =
                kurus(&before[i]).iter().zip(jp.levels).map(|(was, l)| was + 8 * (5 * jackpot::contribution_milli(&l, 1_000) / 1_000)).collect();
            assert_eq!(kurus(&after[i]), grown, "{}", jp.name);
        }
        assert_levels_are_their_accounts(&app).await;
        // Every contribution moved at its bet: in the stake's own batch, from the studio's account.
        let (contributions, astray): (i64, i64) = sqlx::query_as(
            "SELECT CAST(COUNT(*) AS BIGINT), CAST(COALESCE(SUM(CASE WHEN t.batch_key LIKE 'kasa:bet:%' AND d.code = 'house:provider:kasa' THEN 0 ELSE 1 END), 0) AS BIGINT) \
             FROM transfers t JOIN accounts d ON d.id = t.debit_account WHERE t.kind = 'jackpot'",
        )
        .fetch_one(&app.db.pool)
        .await
        .unwrap();
        assert!(contributions > 0);
        assert_eq!(astray, 0);
        assert_ledger_holds(&app).await;
    }
}

on_both_engines! {
    async fn the_report_keeps_jackpot_wins_out_of_the_studios_ggr_and_shows_the_jackpots_liability(app) {
        // Arrange: a player whose known seeds win a level with a 500 ₺ spin, after another
        // player's spins grew the levels.
        let (other, other_token) = make_player(&app, "digeri").await;
        fund(&app, other, 50_000).await;
        let other_session = app.game_session(&other_token, SULTAN).await;
        let mut bets = 0;
        let mut wins = 0;
        for _ in 0..3 {
            let (status, body) = app.spin(other_session["sessionToken"].as_str().unwrap(), 10_000, "tr").await;
            assert_eq!(status, 200, "{body}");
            bets += 10_000;
            wins += body["data"]["win"].as_i64().unwrap();
        }
        let (nur, token) = make_player(&app, "kazanan").await;
        fund(&app, nur, 100_000).await;
        let server_seed = "9d1e2c3b4a5f60718293a4b5c6d7e8f90123456789abcdef0123456789abcdef";
        let (client_seed, _) = winning_client_seed(server_seed, 50_000);
        let session = app.game_session(&token, SULTAN).await;
        let s = session["sessionToken"].as_str().unwrap().to_string();
        app.fix_seeds(&s, nur, server_seed, &client_seed).await;
        let (status, spun) = app.spin(&s, 50_000, "en").await;
        assert_eq!(status, 200, "{spun}");
        bets += 50_000;
        wins += spun["data"]["win"].as_i64().unwrap();

        // Act
        let report = kasa::wallet::report(&app.db, None, None).await.unwrap();
        let shown = report.to_string();

        // Assert: the studio's wins are its rounds' own; its GGR is its bets less those wins and
        // the contributions it passed to the levels; the jackpot block has the wins, the seeds
        // (every level's first and each new one) and what the levels hold now.
        let jackpot_wins: i64 = sqlx::query_scalar("SELECT CAST(COALESCE(SUM(amount), 0) AS BIGINT) FROM jackpot_wins").fetch_one(&app.db.pool).await.unwrap();
        assert!(jackpot_wins > 0);
        let (returned, contributed) = moved(&app, "house:provider:kasa", "jackpot").await;
        assert_eq!(returned, 0, "nothing comes back to the studio");
        assert!(contributed > 0);
        assert_eq!((report.bets["kasa"], report.wins.get("kasa").copied().unwrap_or(0)), (bets, wins), "no win at all leaves no line");
        assert_eq!(report.ggr["kasa"], bets - wins - contributed);
        assert_eq!(report.jackpots.contributions["kasa"], contributed);
        assert_eq!(report.jackpots.wins, jackpot_wins);
        let first_seeds: i64 = jackpot::JACKPOTS.iter().flat_map(|j| j.levels.iter()).map(|l| l.seed).sum();
        let won: Vec<(String, i64)> = sqlx::query_as("SELECT jackpot, CAST(level AS BIGINT) FROM jackpot_wins").fetch_all(&app.db.pool).await.unwrap();
        let new_seeds: i64 = won.iter().map(|(j, l)| jackpot::jackpot(j).unwrap().levels[*l as usize].seed).sum();
        assert_eq!(report.jackpots.seeds, first_seeds + new_seeds);
        let cards = app.jackpot_cards().await;
        let held: i64 = cards.iter().take(2).flat_map(kurus).sum();
        assert_eq!(report.jackpots.liability, held);
        assert_eq!(report.jackpots.liability, report.jackpots.seeds + contributed - jackpot_wins);
        assert!(shown.contains("liability") && shown.contains("contributions"), "{shown}");
        assert_levels_are_their_accounts(&app).await;
        assert_ledger_holds(&app).await;
    }
}

/// Levels grown before the upgrade: a database at the schema before 0023 whose levels hold a
/// base with thousandths below a kuruş and grown shards.
async fn levels_move_onto_the_ledger_at_the_upgrade(engine: Engine) {
    // Arrange
    let (url, _dir) = crate::helpers::fresh_database(engine).await;
    let db = kasa::Db::connect(&url).await.unwrap();
    db.migrate_to(22).await.unwrap();
    sqlx::query("UPDATE jackpot_levels SET base_milli = base_milli + 700 WHERE jackpot = 'high-cash' AND level = 0")
        .execute(&db.pool)
        .await
        .unwrap();
    sqlx::query("UPDATE jackpot_shards SET l0 = 2600, l1 = 1999, l3 = 5 WHERE jackpot = 'high-cash' AND shard IN (0, 3)")
        .execute(&db.pool)
        .await
        .unwrap();
    let shown_before: i64 = sqlx::query_scalar(
        "SELECT (l.base_milli + (SELECT CAST(SUM(s.l0) AS BIGINT) FROM jackpot_shards s WHERE s.jackpot = l.jackpot)) / 1000 FROM jackpot_levels l WHERE l.jackpot = 'high-cash' AND l.level = 0",
    )
    .fetch_one(&db.pool)
    .await
    .unwrap();

    // Act
    db.migrate().await.unwrap();

    // Assert: each level's account holds what it shows; the first level kept its base's 0.7
    // kuruş in shard 0 (2600 + 700 and 2600: 3 + 2 kuruş), its contributions so far came from the
    // studio's account, and the ledger holds.
    let levels = kasa::studio::jackpots::current(&db).await.unwrap();
    let high_cash = &jackpot::JACKPOTS[0];
    assert_eq!(
        levels[0].kurus,
        [high_cash.levels[0].seed + 5, high_cash.levels[1].seed + 2, high_cash.levels[2].seed, high_cash.levels[3].seed]
    );
    assert_eq!(levels[0].kurus[0], shown_before, "what was shown, to the kuruş");
    let report = kasa::wallet::report(&db, None, None).await.unwrap();
    assert_eq!(report.jackpots.contributions.get("kasa").copied(), Some(7));
    let first_seeds: i64 = jackpot::JACKPOTS.iter().flat_map(|j| j.levels.iter()).map(|l| l.seed).sum();
    assert_eq!((report.jackpots.seeds, report.jackpots.liability), (first_seeds, first_seeds + 7));
    let check = kasa::wallet::check(&db).await.unwrap();
    assert!(check.is_ok(), "{check}");
}

#[tokio::test]
async fn levels_grown_before_the_upgrade_move_onto_the_ledger_on_sqlite() {
    levels_move_onto_the_ledger_at_the_upgrade(Engine::Sqlite).await;
}

#[tokio::test]
async fn levels_grown_before_the_upgrade_move_onto_the_ledger_on_postgres() {
    if crate::helpers::postgres_available("the PostgreSQL jackpot migration test") {
        levels_move_onto_the_ledger_at_the_upgrade(Engine::Postgres).await;
    }
}

/// A simulated Amusnet jackpot source answering `body` (or a 500 when `None`).
async fn amusnet_source(body: Option<Value>) -> String {
    use axum::routing::get;
    let app = axum::Router::new().route(
        "/jackpots/egypt-quest",
        get(move || {
            let body = body.clone();
            async move {
                match body {
                    Some(b) => (axum::http::StatusCode::OK, axum::Json(b)),
                    None => (axum::http::StatusCode::INTERNAL_SERVER_ERROR, axum::Json(json!({}))),
                }
            }
        }),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move {
        let _ = axum::serve(listener, app).await;
    });
    format!("http://{addr}/jackpots/egypt-quest")
}

#[tokio::test]
async fn eqyptquest_reads_the_configured_amusnet_source_and_says_so_when_there_is_none() {
    // Arrange
    let levels = json!({"currentLevelI": 14250.5, "currentLevelII": 2310.25, "currentLevelIII": 480.0, "currentLevelIV": 51.75});
    let configured = spawn_app_configured(Engine::Sqlite, {
        let url = amusnet_source(Some(json!({"success": true, "data": levels}))).await;
        move |s| s.amusnet_jackpot_url = Some(url.into())
    })
    .await;
    let failing = spawn_app_configured(Engine::Sqlite, {
        let url = amusnet_source(None).await;
        move |s| s.amusnet_jackpot_url = Some(url.into())
    })
    .await;
    let bare = spawn_app_configured(Engine::Sqlite, |_| {}).await;

    // Act
    let ok = configured.get("/api/casino/eqyptquest").await;
    let ok_status = ok.status().as_u16();
    let ok_body = envelope(ok).await;
    let bad = failing.get("/api/casino/eqyptquest").await;
    let bad_status = bad.status().as_u16();
    let bad_body = envelope(bad).await;
    let none = bare.client.get(bare.url("/api/casino/eqyptquest")).header("x-locale", "en").send().await.unwrap();
    let none_status = none.status().as_u16();
    let none_body = envelope(none).await;

    // Assert
    assert_eq!(ok_status, 200, "{ok_body}");
    assert_eq!(ok_body["data"], levels);
    assert_eq!((bad_status, &bad_body["success"]), (502, &json!(false)));
    assert_eq!((none_status, &none_body["success"]), (503, &json!(false)));
    assert_eq!(none_body["message"], "The jackpot is not available right now.");
}
