//! The built-in sportsbook's prices (issue 17): probabilities from a model of each sport, turned
//! into decimal odds that carry the configured margin.
//!
//! - Football: each side's goals are Poisson with a mean from the teams' strengths (attack of one
//!   times defence of the other, times a home advantage), the first half holding 45 % of a
//!   match's goals. In play the goals still to come are Poisson with the mean left for the time
//!   left, added to the score. Markets: Maç Sonucu (1X2), Çifte Şans, Alt/Üst 1.5, 2.5 and 3.5,
//!   Karşılıklı Gol, Handikap (-1, three-way), İlk Yarı / Maç Sonucu, Toplam Gol and Skor.
//! - Basketball: the points margin and the total are normal around the teams' expected points,
//!   their spread shrinking with the time left. Markets: winner (overtime included), handicap and
//!   total at the model's lines.
//! - Tennis (best of three sets) and volleyball (best of five): each set is won with the same
//!   chance, from the players' or teams' strengths; in play from the sets won. Markets: winner,
//!   set handicap and total sets.
//!
//! A market's selections exclude one another and one of them happens (Çifte Şans, whose three
//! selections each cover two outcomes, is priced selection by selection against its complement).
//! The margin is applied in proportion: a selection of probability `p` is priced `1 / (p (1 + m))`,
//! so the implied probabilities of a market sum to exactly `1 + m`; prices are then rounded down
//! to two decimals (never above the fair-plus-margin price); a selection whose price would fall
//! below 1.01 (it has as good as happened) or that cannot happen any more is not offered.

use serde::Serialize;

/// The goals model's cap: scores beyond it have a negligible chance and are folded into it.
const MAX_GOALS: usize = 12;
/// The share of a football match's goals expected in the first half.
pub const FIRST_HALF_SHARE: f64 = 0.45;
/// The lowest price offered.
pub const MIN_PRICE: f64 = 1.01;

/// A selection's price before rounding, and after.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Priced {
    /// The selection's key within its market (`1`, `X`, `2`, `over`, `2-1`, ...).
    pub key: String,
    /// The model's probability.
    pub probability: f64,
    /// `1 / (p (1 + margin))`.
    pub fair_with_margin: f64,
    /// Rounded down to two decimals, at least [`MIN_PRICE`].
    pub price: f64,
    /// False when the selection is (nearly) certain, its fair price with the margin below
    /// [`MIN_PRICE`], or impossible: the book takes no bets on it.
    pub offered: bool,
}

/// A market's priced selections.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PricedMarket {
    /// `1x2`, `double_chance`, `total_2.5`, `btts`, `handicap_-1`, `ht_ft`, `goals_band`,
    /// `correct_score`, `winner`, `handicap`, `total`, `set_handicap`, `total_sets`.
    pub key: String,
    /// The line of a handicap or total market.
    pub line: Option<f64>,
    pub selections: Vec<Priced>,
}

/// Prices mutually exclusive, exhaustive outcomes with the margin `margin` (0.05 is 5 %).
pub fn price(outcomes: &[(String, f64)], margin: f64) -> Vec<Priced> {
    let total: f64 = outcomes.iter().map(|(_, p)| p).sum();
    outcomes
        .iter()
        .map(|(key, p)| {
            let p = if total > 0.0 { p / total } else { 0.0 };
            price_one(key, p, margin)
        })
        .collect()
}

fn price_one(key: &str, p: f64, margin: f64) -> Priced {
    let fair_with_margin = if p > 0.0 { 1.0 / (p * (1.0 + margin)) } else { f64::INFINITY };
    // Rounded down, with a hair of slack so 2.0 stays 2.00 despite binary fractions.
    let rounded = ((fair_with_margin * 100.0) + 1e-9).floor() / 100.0;
    let offered = (MIN_PRICE..=1000.0).contains(&fair_with_margin);
    Priced { key: key.to_string(), probability: p, fair_with_margin, price: rounded.clamp(MIN_PRICE, 1000.0), offered }
}

/// The sum of a market's implied probabilities at the unrounded prices (`1 + margin`).
pub fn overround(selections: &[Priced]) -> f64 {
    selections.iter().map(|s| 1.0 / s.fair_with_margin).sum()
}

fn poisson(mean: f64) -> Vec<f64> {
    let mut out = vec![0.0; MAX_GOALS + 1];
    let mut p = (-mean).exp();
    for (k, slot) in out.iter_mut().enumerate() {
        *slot = p;
        p *= mean / (k as f64 + 1.0);
    }
    // Fold the tail into the cap so the distribution sums to one.
    let sum: f64 = out.iter().sum();
    out[MAX_GOALS] += 1.0 - sum;
    out
}

/// A football side's strengths: goals scored and conceded relative to an average side.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Strength {
    pub attack: f64,
    pub defence: f64,
}

/// The league's average goals per side and match, and the home side's advantage.
pub const AVERAGE_GOALS: f64 = 1.35;
pub const HOME_ADVANTAGE: f64 = 1.15;

/// The expected goals of each side over a whole match.
pub fn expected_goals(home: Strength, away: Strength) -> (f64, f64) {
    (AVERAGE_GOALS * home.attack * away.defence * HOME_ADVANTAGE, AVERAGE_GOALS * away.attack * home.defence / HOME_ADVANTAGE)
}

/// Where a football match is: the minute (0 to 90) and the score, and the half-time score once
/// the first half is over.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct FootballState {
    pub minute: f64,
    pub home: u32,
    pub away: u32,
    pub half_time: Option<(u32, u32)>,
}

impl FootballState {
    pub const KICK_OFF: FootballState = FootballState { minute: 0.0, home: 0, away: 0, half_time: None };
}

/// A joint distribution of (home, away) goals.
type Grid = Vec<Vec<f64>>;

fn grid(home_mean: f64, away_mean: f64, offset: (u32, u32)) -> Grid {
    let (h, a) = (poisson(home_mean), poisson(away_mean));
    let size = MAX_GOALS + 1 + offset.0.max(offset.1) as usize;
    let mut g = vec![vec![0.0; size]; size];
    for (i, ph) in h.iter().enumerate() {
        for (j, pa) in a.iter().enumerate() {
            g[i + offset.0 as usize][j + offset.1 as usize] += ph * pa;
        }
    }
    g
}

fn sum_where(g: &Grid, pick: impl Fn(usize, usize) -> bool) -> f64 {
    let mut s = 0.0;
    for (i, row) in g.iter().enumerate() {
        for (j, p) in row.iter().enumerate() {
            if pick(i, j) {
                s += p;
            }
        }
    }
    s
}

fn result_key(h: usize, a: usize) -> &'static str {
    match h.cmp(&a) {
        std::cmp::Ordering::Greater => "1",
        std::cmp::Ordering::Equal => "X",
        std::cmp::Ordering::Less => "2",
    }
}

/// The football markets for a match between two sides' expected goals (over 90 minutes) at a
/// state of play, with the margin.
pub fn football(means: (f64, f64), state: FootballState, margin: f64) -> Vec<PricedMarket> {
    let left = ((90.0 - state.minute) / 90.0).clamp(0.0, 1.0);
    let full = grid(means.0 * left, means.1 * left, (state.home, state.away));
    let outcome = |pick: &dyn Fn(usize, usize) -> bool| sum_where(&full, pick);
    let market = |key: &str, line: Option<f64>, outcomes: Vec<(String, f64)>| PricedMarket {
        key: key.to_string(),
        line,
        selections: price(&outcomes, margin),
    };
    let (home, draw, away) = (outcome(&|h, a| h > a), outcome(&|h, a| h == a), outcome(&|h, a| h < a));
    let mut markets = vec![market("1x2", None, vec![("1".into(), home), ("X".into(), draw), ("2".into(), away)])];
    markets.push(PricedMarket {
        key: "double_chance".into(),
        line: None,
        selections: vec![price_one("1X", home + draw, margin), price_one("12", home + away, margin), price_one("X2", draw + away, margin)],
    });
    for line in [1.5, 2.5, 3.5] {
        let over = outcome(&|h, a| (h + a) as f64 > line);
        markets.push(market(&format!("total_{line}"), Some(line), vec![("over".into(), over), ("under".into(), 1.0 - over)]));
    }
    let both = outcome(&|h, a| h > 0 && a > 0);
    markets.push(market("btts", None, vec![("yes".into(), both), ("no".into(), 1.0 - both)]));
    let hc = |pick: &dyn Fn(i64) -> bool| outcome(&|h, a| pick(h as i64 - 1 - a as i64));
    markets.push(market(
        "handicap_-1",
        Some(-1.0),
        vec![("1".into(), hc(&|d| d > 0)), ("X".into(), hc(&|d| d == 0)), ("2".into(), hc(&|d| d < 0))],
    ));
    markets.push(market("ht_ft", None, half_time_full_time(means, state)));
    let band = |lo: usize, hi: usize| outcome(&|h, a| (lo..=hi).contains(&(h + a)));
    markets.push(market(
        "goals_band",
        None,
        vec![("0-1".into(), band(0, 1)), ("2-3".into(), band(2, 3)), ("4-5".into(), band(4, 5)), ("6+".into(), band(6, usize::MAX))],
    ));
    let mut scores: Vec<(String, f64)> = Vec::new();
    let mut listed = 0.0;
    for h in 0..=4usize {
        for a in 0..=4usize {
            if h >= state.home as usize && a >= state.away as usize {
                let p = full.get(h).and_then(|r| r.get(a)).copied().unwrap_or(0.0);
                scores.push((format!("{h}-{a}"), p));
                listed += p;
            }
        }
    }
    scores.push(("other".into(), (1.0 - listed).max(0.0)));
    markets.push(market("correct_score", None, scores.into_iter().filter(|(_, p)| *p > 0.0).collect()));
    markets
}

/// İlk Yarı / Maç Sonucu: the nine (half-time, full-time) results.
fn half_time_full_time(means: (f64, f64), state: FootballState) -> Vec<(String, f64)> {
    let mut out: Vec<(String, f64)> = Vec::new();
    let mut add = |key: String, p: f64| match out.iter_mut().find(|(k, _)| *k == key) {
        Some((_, q)) => *q += p,
        None => out.push((key, p)),
    };
    let second_left = ((90.0 - state.minute.max(45.0)) / 45.0).clamp(0.0, 1.0);
    let second = |h: f64, a: f64| grid(h * (1.0 - FIRST_HALF_SHARE) * second_left, a * (1.0 - FIRST_HALF_SHARE) * second_left, (0, 0));
    let half_times: Grid = match state.half_time {
        Some((h, a)) => {
            let size = h.max(a) as usize + 1;
            let mut g = vec![vec![0.0; size]; size];
            g[h as usize][a as usize] = 1.0;
            g
        }
        None => {
            let first_left = ((45.0 - state.minute) / 45.0).clamp(0.0, 1.0);
            grid(means.0 * FIRST_HALF_SHARE * first_left, means.1 * FIRST_HALF_SHARE * first_left, (state.home, state.away))
        }
    };
    let rest = second(means.0, means.1);
    for (i, row) in half_times.iter().enumerate() {
        for (j, p_half) in row.iter().enumerate() {
            if *p_half == 0.0 {
                continue;
            }
            let ht = result_key(i, j);
            for (k, row2) in rest.iter().enumerate() {
                for (l, p_rest) in row2.iter().enumerate() {
                    add(format!("{ht}/{}", result_key(i + k, j + l)), p_half * p_rest);
                }
            }
        }
    }
    let order = ["1/1", "1/X", "1/2", "X/1", "X/X", "X/2", "2/1", "2/X", "2/2"];
    order.iter().map(|k| (k.to_string(), out.iter().find(|(key, _)| key == k).map_or(0.0, |(_, p)| *p))).filter(|(_, p)| *p > 0.0).collect()
}

/// The standard normal distribution function (Abramowitz and Stegun 7.1.26 for erf, error below
/// 1.5e-7).
pub fn normal_cdf(x: f64) -> f64 {
    let z = x / std::f64::consts::SQRT_2;
    let t = 1.0 / (1.0 + 0.327_591_1 * z.abs());
    let poly = t * (0.254_829_592 + t * (-0.284_496_736 + t * (1.421_413_741 + t * (-1.453_152_027 + t * 1.061_405_429))));
    let erf = 1.0 - poly * (-z * z).exp();
    0.5 * (1.0 + if z >= 0.0 { erf } else { -erf })
}

/// Where a basketball game is: the fraction of playing time left and the score.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct BasketballState {
    pub left: f64,
    pub home: u32,
    pub away: u32,
}

/// The spread of a whole game's points margin and total (points).
pub const BASKETBALL_MARGIN_SD: f64 = 12.0;
pub const BASKETBALL_TOTAL_SD: f64 = 18.0;

/// The basketball markets from each side's expected points over a whole game.
/// The lines stay those of the pre-match market (`lines`: handicap for the home side, total) once
/// set, so a bet keeps its meaning in play; `None` takes the model's own. At the end (`left` 0)
/// every market is decided.
pub fn basketball(points: (f64, f64), state: BasketballState, lines: Option<(f64, f64)>, margin: f64) -> Vec<PricedMarket> {
    let left = state.left.clamp(0.0, 1.0);
    let diff_mean = state.home as f64 - state.away as f64 + (points.0 - points.1) * left;
    let total_mean = (state.home + state.away) as f64 + (points.0 + points.1) * left;
    let spread = if left > 0.0 { left.sqrt().max(0.05) } else { 1e-9 };
    let (diff_sd, total_sd) = (BASKETBALL_MARGIN_SD * spread, BASKETBALL_TOTAL_SD * spread);
    let home_wins = 1.0 - normal_cdf(-diff_mean / diff_sd);
    // The home side's handicap line: the half point nearest the expected margin.
    let (line, total_line) = lines.unwrap_or(((diff_mean - 0.5).round() + 0.5, total_mean.round() + 0.5));
    let covers = 1.0 - normal_cdf((line - diff_mean) / diff_sd);
    let over = 1.0 - normal_cdf((total_line - total_mean) / total_sd);
    vec![
        PricedMarket {
            key: "winner".into(),
            line: None,
            selections: price(&[("1".into(), home_wins), ("2".into(), 1.0 - home_wins)], margin),
        },
        PricedMarket {
            key: "handicap".into(),
            line: Some(-line),
            selections: price(&[("1".into(), covers), ("2".into(), 1.0 - covers)], margin),
        },
        PricedMarket {
            key: "total".into(),
            line: Some(total_line),
            selections: price(&[("over".into(), over), ("under".into(), 1.0 - over)], margin),
        },
    ]
}

/// The chance of winning a best-of-`best` sets match from `won`-`lost` sets, each set won with
/// chance `p`.
pub fn match_from_sets(p: f64, best: u32, won: u32, lost: u32) -> f64 {
    let need = best / 2 + 1;
    if won >= need {
        return 1.0;
    }
    if lost >= need {
        return 0.0;
    }
    p * match_from_sets(p, best, won + 1, lost) + (1.0 - p) * match_from_sets(p, best, won, lost + 1)
}

/// The chance the match ends with the first side winning `a` sets and the other `b`.
fn final_score(p: f64, best: u32, won: u32, lost: u32, a: u32, b: u32) -> f64 {
    let need = best / 2 + 1;
    if won == need || lost == need {
        return f64::from(u8::from(won == a && lost == b));
    }
    if won > a || lost > b {
        return 0.0;
    }
    p * final_score(p, best, won + 1, lost, a, b) + (1.0 - p) * final_score(p, best, won, lost + 1, a, b)
}

/// The set-based markets (tennis: best of 3; volleyball: best of 5): winner, set handicap (-1.5
/// for the first side) and total sets (over/under the middle), from the chance `p` that the first
/// side wins a set and the sets won so far.
pub fn sets(p: f64, best: u32, won: u32, lost: u32, margin: f64) -> Vec<PricedMarket> {
    let need = best / 2 + 1;
    let wins = match_from_sets(p, best, won, lost);
    let mut by_score: Vec<((u32, u32), f64)> = Vec::new();
    for other in 0..need {
        by_score.push(((need, other), final_score(p, best, won, lost, need, other)));
        by_score.push(((other, need), final_score(p, best, won, lost, other, need)));
    }
    let covers: f64 = by_score.iter().filter(|((a, b), _)| *a as f64 - 1.5 > *b as f64).map(|(_, q)| q).sum();
    let total_line = if best == 3 { 2.5 } else { 3.5 };
    let over: f64 = by_score.iter().filter(|((a, b), _)| f64::from(a + b) > total_line).map(|(_, q)| q).sum();
    vec![
        PricedMarket { key: "winner".into(), line: None, selections: price(&[("1".into(), wins), ("2".into(), 1.0 - wins)], margin) },
        PricedMarket {
            key: "set_handicap".into(),
            line: Some(-1.5),
            selections: price(&[("1".into(), covers), ("2".into(), 1.0 - covers)], margin),
        },
        PricedMarket {
            key: "total_sets".into(),
            line: Some(total_line),
            selections: price(&[("over".into(), over), ("under".into(), 1.0 - over)], margin),
        },
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    const MARGIN: f64 = 0.06;

    fn market<'a>(markets: &'a [PricedMarket], key: &str) -> &'a PricedMarket {
        markets.iter().find(|m| m.key == key).unwrap_or_else(|| panic!("no market {key}"))
    }

    fn prob(m: &PricedMarket, key: &str) -> f64 {
        m.selections.iter().find(|s| s.key == key).unwrap_or_else(|| panic!("no selection {key} in {}", m.key)).probability
    }

    #[test]
    fn every_exclusive_market_carries_the_margin_exactly_and_offers_at_most_that_price() {
        let means = expected_goals(Strength { attack: 1.3, defence: 0.8 }, Strength { attack: 0.9, defence: 1.1 });
        let mut all = football(means, FootballState::KICK_OFF, MARGIN);
        all.extend(football(means, FootballState { minute: 60.0, home: 1, away: 1, half_time: Some((1, 0)) }, MARGIN));
        all.extend(basketball((84.0, 79.0), BasketballState { left: 1.0, home: 0, away: 0 }, None, MARGIN));
        all.extend(sets(0.6, 3, 0, 0, MARGIN));
        all.extend(sets(0.45, 5, 1, 0, MARGIN));
        for m in all.iter().filter(|m| m.key != "double_chance") {
            let sum: f64 = m.selections.iter().map(|s| s.probability).sum();
            assert!((sum - 1.0).abs() < 1e-9, "{}: probabilities sum to {sum}", m.key);
            assert!((overround(&m.selections) - (1.0 + MARGIN)).abs() < 1e-9, "{}: {}", m.key, overround(&m.selections));
            for s in m.selections.iter().filter(|s| s.offered) {
                assert!(
                    s.price <= s.fair_with_margin + 1e-9 && s.price >= MIN_PRICE,
                    "{} {}: {} vs {}",
                    m.key,
                    s.key,
                    s.price,
                    s.fair_with_margin
                );
                assert!(s.fair_with_margin - s.price < 0.01 || s.price == MIN_PRICE, "{} {}: rounded by more than a cent", m.key, s.key);
            }
        }
        let dc = market(&all, "double_chance");
        for s in &dc.selections {
            assert!((1.0 / s.fair_with_margin - s.probability * (1.0 + MARGIN)).abs() < 1e-12);
        }
    }

    #[test]
    fn a_stronger_home_side_is_the_favourite_and_the_markets_agree_with_each_other() {
        let means = expected_goals(Strength { attack: 1.4, defence: 0.8 }, Strength { attack: 0.8, defence: 1.2 });
        let m = football(means, FootballState::KICK_OFF, MARGIN);
        let x12 = market(&m, "1x2");
        assert!(prob(x12, "1") > 0.5 && prob(x12, "1") > prob(x12, "2"), "{x12:?}");
        let dc = market(&m, "double_chance");
        assert!((prob(dc, "1X") - (prob(x12, "1") + prob(x12, "X"))).abs() < 1e-9);
        let htft = market(&m, "ht_ft");
        let full_time_home: f64 = ["1/1", "X/1", "2/1"].iter().map(|k| prob(htft, k)).sum();
        assert!((full_time_home - prob(x12, "1")).abs() < 1e-6, "{full_time_home} vs {}", prob(x12, "1"));
        let bands = market(&m, "goals_band");
        assert!((prob(bands, "0-1") - (1.0 - prob(market(&m, "total_1.5"), "over"))).abs() < 1e-9);
        let scores = market(&m, "correct_score");
        assert!((prob(scores, "0-0") - (-(means.0 + means.1)).exp()).abs() < 1e-9, "0-0 is both Poissons at zero");
    }

    #[test]
    fn in_play_prices_follow_the_score_and_the_clock() {
        let means = expected_goals(Strength { attack: 1.0, defence: 1.0 }, Strength { attack: 1.0, defence: 1.0 });
        let home_at = |minute: f64, home: u32, away: u32| {
            let half_time = (minute >= 45.0).then_some((home.min(1), away.min(1)));
            prob(market(&football(means, FootballState { minute, home, away, half_time }, MARGIN), "1x2"), "1")
        };
        let start = home_at(0.0, 0, 0);
        assert!(home_at(10.0, 1, 0) > start, "a goal for the home side raises its chance");
        assert!(home_at(80.0, 1, 0) > home_at(30.0, 1, 0), "the lead is worth more as time runs out");
        assert!(home_at(89.0, 0, 1) < 0.05, "a minute from the end a goal down is nearly lost");
        assert!((home_at(90.0, 2, 1) - 1.0).abs() < 1e-9, "the final whistle settles it");
        let over = |minute: f64, goals: u32| {
            prob(market(&football(means, FootballState { minute, home: goals, away: 0, half_time: None }, MARGIN), "total_2.5"), "over")
        };
        assert!(over(20.0, 0) < over(0.0, 0), "time without goals lowers Over");
        assert!((over(30.0, 3) - 1.0).abs() < 1e-9, "three goals make Over 2.5 certain");
        let decided = football(means, FootballState { minute: 30.0, home: 3, away: 0, half_time: None }, MARGIN);
        let total = market(&decided, "total_2.5");
        assert!(total.selections.iter().all(|s| !s.offered), "a decided market takes no bets: {total:?}");
        let both = prob(
            market(&football(means, FootballState { minute: 70.0, home: 1, away: 1, half_time: Some((1, 1)) }, MARGIN), "btts"),
            "yes",
        );
        assert!((both - 1.0).abs() < 1e-9);
    }

    #[test]
    fn set_matches_and_basketball_follow_their_state() {
        assert!((match_from_sets(0.5, 3, 0, 0) - 0.5).abs() < 1e-12);
        assert!((match_from_sets(0.6, 3, 0, 0) - 0.648).abs() < 1e-12, "p²(3−2p)");
        assert!(match_from_sets(0.6, 5, 0, 0) > match_from_sets(0.6, 3, 0, 0), "a longer match favours the stronger side");
        assert!(match_from_sets(0.5, 5, 2, 0) > 0.85);
        let total_sets = sets(0.5, 3, 0, 0, MARGIN);
        assert!((prob(market(&total_sets, "total_sets"), "over") - 0.5).abs() < 1e-12, "even sides go to a third set half the time");
        let early = basketball((80.0, 80.0), BasketballState { left: 1.0, home: 0, away: 0 }, None, MARGIN);
        assert!((prob(market(&early, "winner"), "1") - 0.5).abs() < 1e-9);
        let late = basketball((80.0, 80.0), BasketballState { left: 0.05, home: 90, away: 80 }, None, MARGIN);
        assert!(prob(market(&late, "winner"), "1") > 0.98, "ten points up with a minute or two to go");
    }

    #[test]
    fn the_normal_distribution_function_is_accurate() {
        for (x, want) in [(0.0, 0.5), (1.0, 0.841_344_746), (-1.96, 0.024_997_895), (3.0, 0.998_650_102)] {
            assert!((normal_cdf(x) - want).abs() < 2e-7, "Φ({x}) = {} not {want}", normal_cdf(x));
        }
    }
}
