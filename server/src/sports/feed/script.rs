//! The play of the feed's events: the feed secret, drawing each stretch of play when the clock
//! reaches it, writing it once (`sb_play`), and the state of play from what was decided.

use rand::{Rng, SeedableRng};
use serde::{Deserialize, Serialize};
use sqlx::AnyConnection;

use super::{MINUTE_MS, Model, Play};
use crate::db::Db;
use crate::sports::book::Sport;

/// The play decided so far: the facts of each stretch of play, in order (nothing of a stretch
/// the clock has not reached).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "sport", rename_all = "lowercase")]
pub enum Script {
    /// Goals as (minute of play, home side?), of the first `minutes` minutes of play.
    Football { goals: Vec<(f64, bool)>, minutes: u32 },
    /// Points scored in each minute of play (48, then 5 a period of overtime).
    Basketball { home: Vec<u32>, away: Vec<u32> },
    /// The winner of each set (true: home).
    Sets { sets: Vec<bool>, minutes_per_set: u32 },
}

/// One stretch of play as it is written (`sb_play.fact`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Stretch {
    /// A minute of football: its goals as (minute of play, home side?).
    Minute(Vec<(f64, bool)>),
    /// A minute of basketball: the points of each side.
    Points(u32, u32),
    /// A set: whether the home side won it.
    Set(bool),
}

/// The installation's feed secret: made once (32 random bytes) and kept in `settings`, shared by
/// every node; never logged, never served.
#[derive(Clone)]
pub struct FeedSecret(Vec<u8>);

impl std::fmt::Debug for FeedSecret {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("FeedSecret([redacted])")
    }
}

/// The installation's feed secret, made by the first node that asks (the others read it).
pub async fn feed_secret(db: &Db) -> sqlx::Result<FeedSecret> {
    Ok(FeedSecret(crate::settings::installation_secret(db, "sportsbook.feed_secret").await?.into_bytes()))
}

/// The generator a stretch is drawn from: HMAC-SHA256 under the feed secret of the fixture, the
/// stretch and 32 fresh random bytes (kept nowhere), so neither the public text nor the database
/// tells a stretch before it is decided.
fn stretch_rng(secret: &FeedSecret, feed_key: &str, stretch: usize) -> rand::rngs::StdRng {
    let mut message = format!("{feed_key}:{stretch}:").into_bytes();
    message.extend_from_slice(&rand::random::<[u8; 32]>());
    rand::rngs::StdRng::from_seed(crate::crypto::hmac_sha256(&secret.0, &message))
}

fn poisson_draw(rng: &mut impl Rng, mean: f64) -> u32 {
    // Knuth's method: fine for the small means of a minute or a match.
    let limit = (-mean).exp();
    let (mut k, mut p) = (0u32, 1.0f64);
    loop {
        p *= rng.random::<f64>();
        if p <= limit {
            return k;
        }
        k += 1;
    }
}

/// The sets a side needs to win a match that is the best of `best`.
fn sets_needed(best: u32) -> u32 {
    best / 2 + 1
}

impl Script {
    /// Nothing decided yet.
    pub fn empty(sport: Sport) -> Script {
        match sport {
            Sport::Football => Script::Football { goals: Vec::new(), minutes: 0 },
            Sport::Basketball => Script::Basketball { home: Vec::new(), away: Vec::new() },
            Sport::Tennis => Script::Sets { sets: Vec::new(), minutes_per_set: 40 },
            Sport::Volleyball => Script::Sets { sets: Vec::new(), minutes_per_set: 25 },
        }
    }

    /// How many stretches are decided.
    pub fn len(&self) -> usize {
        match self {
            Script::Football { minutes, .. } => *minutes as usize,
            Script::Basketball { home, .. } => home.len(),
            Script::Sets { sets, .. } => sets.len(),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Adds the next stretch (one of another sport is refused).
    pub fn push(&mut self, stretch: Stretch) -> anyhow::Result<()> {
        match (self, stretch) {
            (Script::Football { goals, minutes }, Stretch::Minute(g)) => {
                goals.extend(g);
                *minutes += 1;
            }
            (Script::Basketball { home, away }, Stretch::Points(h, a)) => {
                home.push(h);
                away.push(a);
            }
            (Script::Sets { sets, .. }, Stretch::Set(h)) => sets.push(h),
            (_, s) => anyhow::bail!("a stretch of another sport: {s:?}"),
        }
        Ok(())
    }

    /// Whether the play is complete: every stretch the match has is decided.
    pub fn complete(&self, model: &Model) -> bool {
        match (self, model) {
            (Script::Football { minutes, .. }, _) => *minutes >= 90,
            (Script::Basketball { home, away }, _) => {
                let n = home.len();
                n >= 48 && (n - 48) % 5 == 0 && home.iter().sum::<u32>() != away.iter().sum::<u32>()
            }
            (Script::Sets { sets, .. }, Model::Sets { best, .. }) => {
                let won = sets.iter().filter(|h| **h).count() as u32;
                won.max(sets.len() as u32 - won) >= sets_needed(*best)
            }
            (Script::Sets { .. }, _) => true,
        }
    }
}

/// The length of a complete match in real minutes at speed 1 (football's half-time break
/// included).
pub fn duration_minutes(sport: Sport, script: &Script) -> i64 {
    match (sport, script) {
        (Sport::Football, _) => 105,
        (_, Script::Basketball { home, .. }) => home.len() as i64 * 2,
        (_, Script::Sets { sets, minutes_per_set }) => sets.len() as i64 * i64::from(*minutes_per_set),
        _ => 100,
    }
}

/// The minute of football play `minutes` of the clock after kick-off: 45 minutes, a 15-minute
/// break, 45 minutes.
fn football_minute(minutes: f64) -> f64 {
    if minutes <= 45.0 {
        minutes
    } else if minutes <= 60.0 {
        45.0
    } else {
        (minutes - 15.0).min(90.0)
    }
}

/// Whether the next stretch of `script` is due `elapsed_ms` of simulated time after kick-off:
/// a minute of football when the clock reaches it (its goals then fall within it as it is
/// played), a minute of basketball or a set when it has been played (it is shown then).
pub fn next_due(model: &Model, script: &Script, elapsed_ms: i64) -> bool {
    if elapsed_ms < 0 || script.complete(model) {
        return false;
    }
    let minutes = elapsed_ms as f64 / MINUTE_MS as f64;
    let n = script.len();
    match script {
        Script::Football { .. } => football_minute(minutes) >= n as f64,
        Script::Basketball { .. } => (minutes / 2.0).floor() as usize > n,
        Script::Sets { minutes_per_set, .. } => (minutes / f64::from(*minutes_per_set)).floor() as usize > n,
    }
}

/// Draws the next stretch of `script` from `rng` with the model's means.
pub fn draw_next(model: &Model, script: &Script, rng: &mut impl Rng) -> Stretch {
    match (*model, script) {
        (Model::Football { home, away }, Script::Football { minutes, .. }) => {
            let mut goals = Vec::new();
            for (mean, is_home) in [(home, true), (away, false)] {
                for _ in 0..poisson_draw(rng, mean / 90.0) {
                    goals.push((f64::from(*minutes) + rng.random::<f64>(), is_home));
                }
            }
            goals.sort_by(|x, y| x.0.total_cmp(&y.0));
            Stretch::Minute(goals)
        }
        (Model::Basketball { home, away, .. }, _) => Stretch::Points(poisson_draw(rng, home / 48.0), poisson_draw(rng, away / 48.0)),
        (Model::Sets { p, .. }, _) => Stretch::Set(rng.random::<f64>() < p),
        (Model::Football { .. }, _) => Stretch::Minute(Vec::new()),
    }
}

/// The state of play `elapsed_ms` of simulated time after kick-off (negative: not started), from
/// the play decided so far.
pub fn play_at(model: &Model, script: &Script, starts_at: i64, elapsed_ms: i64) -> Play {
    let mut play = Play { phase: "scheduled".into(), clock: 0.0, home: 0, away: 0, half_time: None, last_goal_at: None };
    if elapsed_ms < 0 {
        return play;
    }
    let minutes = elapsed_ms as f64 / MINUTE_MS as f64;
    play.phase = "live".into();
    match script {
        Script::Football { goals, minutes: decided } => {
            let minute = football_minute(minutes);
            play.clock = minute;
            for &(at, is_home) in goals.iter().filter(|(at, _)| *at <= minute) {
                if is_home {
                    play.home += 1
                } else {
                    play.away += 1
                }
                let real_minute = if at <= 45.0 { at } else { at + 15.0 };
                play.last_goal_at = Some(starts_at + (real_minute * MINUTE_MS as f64) as i64);
            }
            if minute >= 45.0 {
                let first = |home: bool| goals.iter().filter(|(at, h)| *at <= 45.0 && *h == home).count() as u32;
                play.half_time = Some((first(true), first(false)));
            }
            if *decided >= 90 && minutes >= 105.0 {
                play.phase = "finished".into();
            }
        }
        Script::Basketball { home, away } => {
            // Each minute of play takes two minutes of the clock (stoppages).
            let played = ((minutes / 2.0).floor() as usize).min(home.len());
            play.clock = played as f64;
            play.home = home[..played].iter().sum();
            play.away = away[..played].iter().sum();
            if script.complete(model) && played == home.len() {
                play.phase = "finished".into();
            }
        }
        Script::Sets { sets, minutes_per_set } => {
            let done = ((minutes / f64::from(*minutes_per_set)).floor() as usize).min(sets.len());
            play.clock = done as f64;
            play.home = sets[..done].iter().filter(|h| **h).count() as u32;
            play.away = done as u32 - play.home;
            if script.complete(model) && done == sets.len() {
                play.phase = "finished".into();
            }
        }
    }
    play
}

/// The play of an event decided so far (`sb_play`, in the order of play).
pub async fn decided(conn: &mut AnyConnection, event_id: i64, sport: Sport) -> anyhow::Result<Script> {
    let mut script = Script::empty(sport);
    let rows: Vec<(i64, String)> = sqlx::query_as("SELECT stretch, fact FROM sb_play WHERE event_id = $1 ORDER BY stretch")
        .bind(event_id)
        .fetch_all(&mut *conn)
        .await?;
    for (n, (stretch, fact)) in rows.into_iter().enumerate() {
        anyhow::ensure!(stretch == n as i64, "event {event_id}: stretch {n} of its play is missing");
        script.push(serde_json::from_str(&fact)?)?;
    }
    Ok(script)
}

/// Decides the stretches of an event's play that are due `elapsed_ms` after kick-off: each drawn
/// under the feed secret and written once (a node that finds a stretch already written, by
/// another node that decided it first, takes that one), so every node plays the same match.
pub(super) async fn decide_due(
    conn: &mut AnyConnection,
    secret: &FeedSecret,
    (event_id, feed_key): (i64, &str),
    model: &Model,
    script: &mut Script,
    elapsed_ms: i64,
    now: i64,
) -> anyhow::Result<()> {
    while next_due(model, script, elapsed_ms) {
        let n = script.len();
        let drawn = draw_next(model, script, &mut stretch_rng(secret, feed_key, n));
        sqlx::query(
            "INSERT INTO sb_play (event_id, stretch, fact, decided_at) VALUES ($1, $2, $3, $4) ON CONFLICT (event_id, stretch) DO NOTHING",
        )
        .bind(event_id)
        .bind(n as i64)
        .bind(serde_json::to_string(&drawn)?)
        .bind(now)
        .execute(&mut *conn)
        .await?;
        let fact: String = sqlx::query_scalar("SELECT fact FROM sb_play WHERE event_id = $1 AND stretch = $2")
            .bind(event_id)
            .bind(n as i64)
            .fetch_one(&mut *conn)
            .await?;
        script.push(serde_json::from_str(&fact)?)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sports::feed::{COMPETITIONS, competition, markets, model};

    const FAR: i64 = 1_000 * MINUTE_MS;

    /// Decides every stretch due at `elapsed` with `rng`, as the feed does with its secret.
    fn decide(model: &Model, script: &mut Script, elapsed: i64, rng: &mut impl Rng) {
        while next_due(model, script, elapsed) {
            let next = draw_next(model, script, rng);
            script.push(next).unwrap();
        }
    }

    fn rng(n: u64) -> rand::rngs::StdRng {
        rand::rngs::StdRng::seed_from_u64(n)
    }

    #[test]
    fn a_minute_is_decided_when_the_clock_reaches_it_and_the_play_follows_what_was_decided() {
        let comp = competition("super-lig").unwrap();
        let model = model(comp, 0, 1);
        let mut script = Script::empty(Sport::Football);
        assert!(!next_due(&model, &script, -1), "nothing before kick-off");
        assert_eq!(play_at(&model, &script, 0, -1).phase, "scheduled");

        decide(&model, &mut script, 30 * MINUTE_MS, &mut rng(1));
        let Script::Football { goals, minutes } = &script else { panic!("football") };
        assert_eq!(*minutes, 31, "minutes 0 to 30, the one being played included");
        assert!(goals.iter().all(|(at, _)| *at < 31.0), "{goals:?}");
        decide(&model, &mut script, 50 * MINUTE_MS, &mut rng(2));
        assert_eq!(script.len(), 46, "the break decides nothing");
        assert_eq!(play_at(&model, &script, 0, 50 * MINUTE_MS).clock, 45.0, "the break stops the clock");

        decide(&model, &mut script, 105 * MINUTE_MS, &mut rng(3));
        let Script::Football { goals, .. } = &script else { panic!("football") };
        let at_end = play_at(&model, &script, 0, 105 * MINUTE_MS);
        assert_eq!(at_end.phase, "finished");
        assert_eq!((at_end.home + at_end.away) as usize, goals.len());
        assert!(!next_due(&model, &script, FAR), "a complete match decides nothing more");
    }

    #[test]
    fn a_match_is_live_until_its_last_stretch_is_decided_and_played() {
        let volley = competition("sultanlar-ligi").unwrap();
        let model = model(volley, 0, 1);
        let mut script = Script::empty(Sport::Volleyball);
        decide(&model, &mut script, 24 * MINUTE_MS, &mut rng(4));
        assert!(script.is_empty(), "a set is decided when it has been played");
        decide(&model, &mut script, 25 * MINUTE_MS, &mut rng(4));
        assert_eq!(script.len(), 1);
        assert_eq!(play_at(&model, &script, 0, 25 * MINUTE_MS).phase, "live");
        assert_eq!(play_at(&model, &Script::empty(Sport::Volleyball), 0, FAR).phase, "live", "not over before it is decided");
    }

    #[test]
    fn at_the_end_every_market_is_decided() {
        for (n, comp) in COMPETITIONS.iter().enumerate() {
            let model = model(comp, 0, 1);
            let mut script = Script::empty(comp.sport);
            decide(&model, &mut script, FAR, &mut rng(n as u64));
            let end = play_at(&model, &script, 0, duration_minutes(comp.sport, &script) * MINUTE_MS);
            assert_eq!(end.phase, "finished", "{}", comp.key);
            for m in markets(&model, &end) {
                let winners = m.selections.iter().filter(|s| s.probability > 0.999_999).count();
                let losers = m.selections.iter().filter(|s| s.probability < 1e-6).count();
                let expected_winners = if m.key == "double_chance" { 2 } else { 1 };
                assert_eq!(
                    (winners, winners + losers),
                    (expected_winners, m.selections.len()),
                    "{} {}: {:?}",
                    comp.key,
                    m.key,
                    m.selections
                );
            }
        }
    }

    #[test]
    fn a_basketball_game_never_ends_level_and_sets_end_at_the_needed_wins() {
        for n in 0..30 {
            let comp = competition("nba").unwrap();
            let model_nba = model(comp, n % 6, (n + 1) % 6);
            let mut script = Script::empty(Sport::Basketball);
            decide(&model_nba, &mut script, FAR, &mut rng(n as u64));
            let end = play_at(&model_nba, &script, 0, duration_minutes(Sport::Basketball, &script) * MINUTE_MS);
            assert_ne!(end.home, end.away);
            assert_eq!(end.phase, "finished");
            let volley = competition("sultanlar-ligi").unwrap();
            let model_volley = model(volley, n % 6, (n + 1) % 6);
            let mut sets = Script::empty(Sport::Volleyball);
            decide(&model_volley, &mut sets, FAR, &mut rng(100 + n as u64));
            let end = play_at(&model_volley, &sets, 0, duration_minutes(Sport::Volleyball, &sets) * MINUTE_MS);
            assert_eq!(end.home.max(end.away), 3);
        }
    }

    #[test]
    fn a_stretch_drawn_twice_under_one_secret_is_not_the_same_draw() {
        // Fresh randomness besides the secret: not even the secret tells a stretch to come.
        let secret = FeedSecret(b"0123456789abcdef0123456789abcdef".to_vec());
        let draws: std::collections::HashSet<u64> = (0..8).map(|_| stretch_rng(&secret, "20000:super-lig:0", 0).random::<u64>()).collect();
        assert_eq!(draws.len(), 8);
        assert_eq!(format!("{secret:?}"), "FeedSecret([redacted])");
    }
}
