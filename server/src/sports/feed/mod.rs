//! The simulated feed (issues 17 and 28): with no outside data the book is still alive. Every day
//! it schedules fixtures in each competition (the same ones on every node: the day and the
//! competition seed them) with the pricing model's means, and plays them on the clock. No result
//! is known in advance: each stretch of play (a minute of football or basketball, a set) is drawn
//! when the clock reaches it, under the installation's feed secret and fresh randomness, and
//! written once as a fact (`sb_play`: the first node to decide it wins, the others read it), so
//! every node computes the same score and nothing of a stretch to come exists anywhere. Each tick
//! moves the live events on, reprices their markets from the means and the state of play (never
//! from play to come), suspends them for a while after a goal, and at the end records every
//! market's result from the final state (once: the event's conditional finish decides which node
//! writes them).
//!
//! Here the feed's constants, an event's model and its state of play; `competitions` holds the
//! competitions and schedules their fixtures, `script` decides the play stretch by stretch, and
//! `writer` ticks, writing the scores, the markets and the results.

mod competitions;
mod script;
mod writer;

use serde::{Deserialize, Serialize};

pub use competitions::{COMPETITIONS, Competition, HIGH_RATE_BOOST_PERCENT, competition, model, schedule_day};
pub use script::{FeedSecret, Script, Stretch, decided, draw_next, duration_minutes, feed_secret, next_due, play_at};
pub use writer::{markets, run, tick};

/// The book's margin on every market (6 %).
pub const MARGIN: f64 = 0.06;
/// How long markets stay suspended after a goal (real time).
pub const SUSPEND_AFTER_GOAL_MS: i64 = 20_000;
const MINUTE_MS: i64 = 60_000;
const DAY_MS: i64 = 86_400_000;

/// The pricing model's inputs of an event.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(tag = "sport", rename_all = "lowercase")]
pub enum Model {
    /// Expected goals of each side over 90 minutes.
    Football { home: f64, away: f64 },
    /// Expected points of each side over a game, and the pre-match lines (home handicap, total).
    Basketball { home: f64, away: f64, handicap: f64, total: f64 },
    /// The chance the home side wins a set, and the sets a match is the best of.
    Sets { p: f64, best: u32 },
}

/// The state of play.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Play {
    /// scheduled, live or finished.
    pub phase: String,
    /// Football: the minute (0..90); basketball: minutes played; sets: the set being played.
    pub clock: f64,
    pub home: u32,
    pub away: u32,
    /// Football's half-time score once the first half is over.
    pub half_time: Option<(u32, u32)>,
    /// When the last goal was scored (epoch ms; markets suspend after it).
    pub last_goal_at: Option<i64>,
}
