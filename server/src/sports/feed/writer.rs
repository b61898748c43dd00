//! The feed's writer: each tick moves the events on and writes their scores, their markets and
//! prices, and their results, then has the bets follow; `run` drives it on a node.

use sqlx::{AnyConnection, Row};

use super::competitions::schedule_day;
use super::script::{FeedSecret, decide_due, decided, feed_secret, next_due, play_at};
use super::{DAY_MS, MARGIN, Model, Play, SUSPEND_AFTER_GOAL_MS};
use crate::db::{Db, now_ms};
use crate::sports::betting;
use crate::sports::book::{MarketState, Sport};
use crate::sports::pricing::{self, BasketballState, FootballState, PricedMarket};

/// The markets of an event at a state of play.
pub fn markets(model: &Model, play: &Play) -> Vec<PricedMarket> {
    match *model {
        Model::Football { home, away } => pricing::football(
            (home, away),
            FootballState {
                minute: if play.phase == "finished" { 90.0 } else { play.clock },
                home: play.home,
                away: play.away,
                half_time: play.half_time,
            },
            MARGIN,
        ),
        Model::Basketball { home, away, handicap, total } => {
            let left = if play.phase == "finished" { 0.0 } else { (1.0 - play.clock / 48.0).clamp(0.02, 1.0) };
            pricing::basketball((home, away), BasketballState { left, home: play.home, away: play.away }, Some((-handicap, total)), MARGIN)
        }
        Model::Sets { p, best } => pricing::sets(p, best, play.home, play.away, MARGIN),
    }
}

fn day_of(ms: i64) -> i64 {
    ms.div_euclid(DAY_MS)
}

/// Writes an event's markets and prices: new ones inserted in `state`, known ones repriced (a
/// settled or cancelled market keeps its prices; a High Rate price the new price reaches is
/// withdrawn).
pub(super) async fn write_markets(
    conn: &mut AnyConnection,
    event_id: i64,
    markets: &[PricedMarket],
    state: MarketState,
    now: i64,
) -> anyhow::Result<()> {
    for m in markets {
        let market_id: i64 =
            match sqlx::query_scalar::<_, i64>("SELECT id FROM sb_markets WHERE event_id = $1 AND key = $2")
                .bind(event_id)
                .bind(&m.key)
                .fetch_optional(&mut *conn)
                .await?
            {
                Some(id) => {
                    sqlx::query(
                        "UPDATE sb_markets SET state = CASE WHEN held = 1 THEN 'suspended' ELSE $1 END, updated_at = $2 \
                     WHERE id = $3 AND state IN ('active', 'suspended')",
                    )
                    .bind(state.as_str())
                    .bind(now)
                    .bind(id)
                    .execute(&mut *conn)
                    .await?;
                    id
                }
                None => sqlx::query_scalar(
                    "INSERT INTO sb_markets (event_id, key, line, state, margin, updated_at) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id",
                )
                .bind(event_id)
                .bind(&m.key)
                .bind(m.line.map(|l| (l * 10.0).round() as i64))
                .bind(state.as_str())
                .bind((MARGIN * 10_000.0).round() as i64)
                .bind(now)
                .fetch_one(&mut *conn)
                .await?,
            };
        for s in &m.selections {
            let price = (s.price * 100.0).round() as i64;
            sqlx::query(
                "INSERT INTO sb_selections (market_id, key, price, probability, offered) VALUES ($1, $2, $3, $4, $5) \
                 ON CONFLICT (market_id, key) DO UPDATE SET price = excluded.price, probability = excluded.probability, offered = excluded.offered, \
                 boosted = CASE WHEN sb_selections.boosted > excluded.price THEN sb_selections.boosted ELSE NULL END \
                 WHERE sb_selections.result IS NULL",
            )
            .bind(market_id)
            .bind(&s.key)
            .bind(price)
            .bind((s.probability * 1e9).round() as i64)
            .bind(i64::from(s.offered))
            .execute(&mut *conn)
            .await?;
        }
    }
    Ok(())
}

/// The state of play with its goal's time on the real clock (the feed may run faster).
fn scaled(mut play: Play, starts_at: i64, speed: f64) -> Play {
    play.last_goal_at = play.last_goal_at.map(|at| starts_at + ((at - starts_at) as f64 / speed) as i64);
    play
}

/// One step of the feed at `now`: events due start, the stretches of play the clock reached are
/// decided, live events move on and are repriced, finished ones get their results. `speed` is
/// simulated seconds per real second.
pub async fn tick(db: &Db, now: i64, speed: f64) -> anyhow::Result<()> {
    let secret = feed_secret(db).await?;
    tick_with(db, &secret, now, speed).await
}

async fn tick_with(db: &Db, secret: &FeedSecret, now: i64, speed: f64) -> anyhow::Result<()> {
    let rows = sqlx::query(
        "SELECT id, sport, starts_at, state, model, feed_key, play FROM sb_events \
         WHERE state IN ('scheduled', 'live') AND starts_at <= $1 ORDER BY starts_at, id LIMIT 200",
    )
    .bind(now)
    .fetch_all(&db.pool)
    .await?;
    let mut finished_events = Vec::new();
    for r in rows {
        let (id, sport, starts_at, state): (i64, String, i64, String) = (r.try_get(0)?, r.try_get(1)?, r.try_get(2)?, r.try_get(3)?);
        let sport = Sport::parse(&sport).ok_or_else(|| anyhow::anyhow!("event {id}: unknown sport"))?;
        let model: Model = serde_json::from_str(&r.try_get::<String, _>(4)?)?;
        let feed_key: String = r.try_get(5)?;
        let before: Play = serde_json::from_str(&r.try_get::<String, _>(6)?)?;
        let elapsed = ((now - starts_at) as f64 * speed) as i64;
        let mut script = decided(&mut *db.pool.acquire().await?, id, sport).await?;
        let due = next_due(&model, &script, elapsed);
        if !due && state == "live" && scaled(play_at(&model, &script, starts_at, elapsed), starts_at, speed) == before {
            continue;
        }
        let mut tx = db.begin_write().await?;
        if due {
            decide_due(&mut tx, secret, (id, &feed_key), &model, &mut script, elapsed, now).await?;
        }
        let play = scaled(play_at(&model, &script, starts_at, elapsed), starts_at, speed);
        if play.phase == "finished" {
            let finished = sqlx::query("UPDATE sb_events SET state = 'finished', play = $1, score_home = $2, score_away = $3, updated_at = $4 WHERE id = $5 AND state <> 'finished'")
                .bind(serde_json::to_string(&play)?)
                .bind(i64::from(play.home))
                .bind(i64::from(play.away))
                .bind(now)
                .bind(id)
                .execute(&mut *tx)
                .await?;
            if finished.rows_affected() == 1 {
                record_results(&mut tx, id, &markets(&model, &play), now).await?;
                finished_events.push(id);
            }
        } else {
            sqlx::query("UPDATE sb_events SET state = 'live', play = $1, score_home = $2, score_away = $3, updated_at = $4 WHERE id = $5 AND state <> 'finished'")
                .bind(serde_json::to_string(&play)?)
                .bind(i64::from(play.home))
                .bind(i64::from(play.away))
                .bind(now)
                .bind(id)
                .execute(&mut *tx)
                .await?;
            let suspended = play.last_goal_at.is_some_and(|at| now >= at && now < at + SUSPEND_AFTER_GOAL_MS);
            let state = if suspended { MarketState::Suspended } else { MarketState::Active };
            write_markets(&mut tx, id, &markets(&model, &play), state, now).await?;
        }
        tx.commit().await?;
    }
    // Bets follow: the finished events' markets settle them, and live bets past their delay are decided.
    for id in finished_events {
        let markets: Vec<i64> = sqlx::query_scalar("SELECT id FROM sb_markets WHERE event_id = $1").bind(id).fetch_all(&db.pool).await?;
        for market_id in markets {
            betting::settle_market(db, market_id).await?;
        }
    }
    betting::resolve_pending(db, now).await?;
    Ok(())
}

/// The results of a finished event's markets, from the final state: the selections the model
/// gives as certain won, the others lost.
async fn record_results(conn: &mut AnyConnection, event_id: i64, markets: &[PricedMarket], now: i64) -> anyhow::Result<()> {
    for m in markets {
        let Some(market_id) = sqlx::query_scalar::<_, i64>("SELECT id FROM sb_markets WHERE event_id = $1 AND key = $2")
            .bind(event_id)
            .bind(&m.key)
            .fetch_optional(&mut *conn)
            .await?
        else {
            continue;
        };
        let winners: Vec<&str> = m.selections.iter().filter(|s| s.probability > 0.999_999).map(|s| s.key.as_str()).collect();
        sqlx::query("INSERT INTO sb_results (market_id, winners, void, source, created_at) VALUES ($1, $2, 0, 'feed', $3)")
            .bind(market_id)
            .bind(serde_json::to_string(&winners)?)
            .bind(now)
            .execute(&mut *conn)
            .await?;
        for s in &m.selections {
            let result = if winners.contains(&s.key.as_str()) { "won" } else { "lost" };
            sqlx::query("UPDATE sb_selections SET result = $1 WHERE market_id = $2 AND key = $3")
                .bind(result)
                .bind(market_id)
                .bind(&s.key)
                .execute(&mut *conn)
                .await?;
        }
        sqlx::query("UPDATE sb_markets SET state = 'settled', updated_at = $1 WHERE id = $2 AND state <> 'cancelled'")
            .bind(now)
            .bind(market_id)
            .execute(&mut *conn)
            .await?;
    }
    Ok(())
}

/// Runs the feed on this node: schedules today and tomorrow (again every hour) and ticks every
/// `every`.
pub async fn run(db: Db, every: std::time::Duration, speed: f64) {
    let mut tick_every = tokio::time::interval(every);
    tick_every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let mut scheduled_for: Option<i64> = None;
    let mut secret: Option<FeedSecret> = None;
    loop {
        tick_every.tick().await;
        if secret.is_none() {
            match feed_secret(&db).await {
                Ok(s) => secret = Some(s),
                Err(e) => {
                    tracing::warn!(error = %e, "the sports feed's secret could not be read");
                    continue;
                }
            }
        }
        let Some(secret) = secret.as_ref() else { continue };
        let now = now_ms();
        let hour = now.div_euclid(3_600_000);
        if scheduled_for != Some(hour) {
            for day in [day_of(now), day_of(now) + 1] {
                if let Err(e) = schedule_day(&db, day).await {
                    tracing::warn!(error = %e, day, "scheduling the sports feed failed");
                }
            }
            scheduled_for = Some(hour);
        }
        if let Err(e) = tick_with(&db, secret, now, speed).await {
            tracing::warn!(error = %e, "the sports feed's tick failed");
        }
    }
}
