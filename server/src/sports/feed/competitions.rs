//! The feed's competitions, their sides and strengths, and the scheduling of each day's fixtures
//! (with their pricing models, first markets and High Rate offer).

use rand::{Rng, SeedableRng};
use sha2::{Digest, Sha256};
use sqlx::AnyConnection;

use super::script::{Script, play_at};
use super::writer::{markets, write_markets};
use super::{DAY_MS, MARGIN, MINUTE_MS, Model};
use crate::db::{Db, now_ms};
use crate::sports::book::{MarketState, Sport};
use crate::sports::pricing::{self, BasketballState, Strength};

/// A competition of the feed, its sides and their strengths.
pub struct Competition {
    pub key: &'static str,
    pub sport: Sport,
    pub name_tr: &'static str,
    pub name_en: &'static str,
    /// Football: (attack, defence); basketball: (points scored, points allowed) per game;
    /// tennis and volleyball: (rating, 0).
    pub sides: &'static [(&'static str, f64, f64)],
    /// The most fixtures of a day (fewer when fewer sides are rested enough, see [`REST_DAYS`]).
    pub per_day: usize,
    /// The league's local kick-off times (hour, minute), the day's fixtures taking them in turn.
    pub kickoffs: &'static [(i64, i64)],
    /// The league's offset from UTC in hours (its winter time), for its kick-offs.
    pub utc_offset: i64,
}

/// A side plays at most once in this many days (issue 30: a calendar that looks real): the sides
/// of a competition take turns, a side's turn coming every `REST_DAYS` days.
pub const REST_DAYS: i64 = 3;

pub const COMPETITIONS: &[Competition] = &[
    Competition {
        key: "super-lig",
        sport: Sport::Football,
        name_tr: "Süper Lig",
        name_en: "Süper Lig",
        sides: &[
            ("Galatasaray", 1.55, 0.75),
            ("Fenerbahçe", 1.5, 0.78),
            ("Beşiktaş", 1.3, 0.9),
            ("Trabzonspor", 1.15, 0.95),
            ("Başakşehir", 1.05, 1.0),
            ("Samsunspor", 1.0, 1.0),
            ("Göztepe", 0.95, 1.02),
            ("Kasımpaşa", 0.95, 1.15),
            ("Antalyaspor", 0.85, 1.15),
            ("Konyaspor", 0.85, 1.1),
            ("Kayserispor", 0.85, 1.2),
            ("Alanyaspor", 0.95, 1.1),
            ("Çaykur Rizespor", 0.9, 1.15),
            ("Gaziantep FK", 0.9, 1.1),
            ("Eyüpspor", 0.9, 1.05),
            ("Kocaelispor", 0.85, 1.1),
            ("Gençlerbirliği", 0.85, 1.15),
            ("Fatih Karagümrük", 0.85, 1.2),
        ],
        per_day: 4,
        kickoffs: &[(17, 0), (19, 0), (20, 0), (20, 30)],
        utc_offset: 3,
    },
    Competition {
        key: "premier-league",
        sport: Sport::Football,
        name_tr: "Premier Lig",
        name_en: "Premier League",
        sides: &[
            ("Manchester City", 1.6, 0.75),
            ("Arsenal", 1.5, 0.7),
            ("Liverpool", 1.55, 0.8),
            ("Chelsea", 1.25, 0.95),
            ("Tottenham", 1.2, 1.05),
            ("Newcastle", 1.15, 0.95),
            ("Aston Villa", 1.15, 1.0),
            ("Brighton", 1.05, 1.05),
            ("Manchester United", 1.2, 1.0),
            ("West Ham", 1.05, 1.1),
            ("Fulham", 1.0, 1.05),
            ("Bournemouth", 1.05, 1.1),
        ],
        per_day: 3,
        kickoffs: &[(12, 30), (15, 0), (17, 30), (20, 0)],
        utc_offset: 0,
    },
    Competition {
        key: "la-liga",
        sport: Sport::Football,
        name_tr: "La Liga",
        name_en: "La Liga",
        sides: &[
            ("Real Madrid", 1.6, 0.75),
            ("Barcelona", 1.6, 0.85),
            ("Atlético Madrid", 1.2, 0.75),
            ("Athletic Bilbao", 1.05, 0.9),
            ("Real Sociedad", 1.0, 0.95),
            ("Villarreal", 1.1, 1.05),
        ],
        per_day: 2,
        kickoffs: &[(14, 0), (16, 15), (18, 30), (21, 0)],
        utc_offset: 1,
    },
    Competition {
        key: "champions-league",
        sport: Sport::Football,
        name_tr: "Şampiyonlar Ligi",
        name_en: "Champions League",
        sides: &[
            ("Bayern München", 1.65, 0.85),
            ("Paris Saint-Germain", 1.5, 0.85),
            ("Inter", 1.35, 0.75),
            ("Juventus", 1.25, 0.8),
            ("Borussia Dortmund", 1.35, 0.95),
            ("Benfica", 1.2, 0.95),
        ],
        per_day: 2,
        kickoffs: &[(18, 45), (21, 0)],
        utc_offset: 1,
    },
    Competition {
        key: "bsl",
        sport: Sport::Basketball,
        name_tr: "Basketbol Süper Ligi",
        name_en: "Basketball Super League",
        sides: &[
            ("Fenerbahçe Beko", 88.0, 76.0),
            ("Anadolu Efes", 86.0, 78.0),
            ("Galatasaray", 82.0, 80.0),
            ("Beşiktaş", 81.0, 81.0),
            ("Türk Telekom", 80.0, 82.0),
            ("Bahçeşehir Koleji", 79.0, 82.0),
        ],
        per_day: 2,
        kickoffs: &[(15, 0), (17, 30), (20, 0)],
        utc_offset: 3,
    },
    Competition {
        key: "euroleague",
        sport: Sport::Basketball,
        name_tr: "EuroLeague",
        name_en: "EuroLeague",
        sides: &[
            ("Real Madrid", 85.0, 77.0),
            ("Panathinaikos", 84.0, 78.0),
            ("Olympiacos", 82.0, 76.0),
            ("Partizan", 82.0, 79.0),
            ("Barcelona", 83.0, 79.0),
            ("Monaco", 84.0, 80.0),
        ],
        per_day: 2,
        kickoffs: &[(19, 0), (20, 30)],
        utc_offset: 1,
    },
    Competition {
        key: "nba",
        sport: Sport::Basketball,
        name_tr: "NBA",
        name_en: "NBA",
        sides: &[
            ("Boston Celtics", 118.0, 108.0),
            ("Oklahoma City Thunder", 117.0, 106.0),
            ("Denver Nuggets", 116.0, 111.0),
            ("New York Knicks", 114.0, 110.0),
            ("Los Angeles Lakers", 113.0, 113.0),
            ("Golden State Warriors", 114.0, 113.0),
        ],
        per_day: 2,
        kickoffs: &[(19, 0), (19, 30), (22, 0)],
        utc_offset: -5,
    },
    Competition {
        key: "atp",
        sport: Sport::Tennis,
        name_tr: "ATP",
        name_en: "ATP",
        sides: &[
            ("J. Sinner", 96.0, 0.0),
            ("C. Alcaraz", 95.0, 0.0),
            ("N. Djokovic", 92.0, 0.0),
            ("A. Zverev", 88.0, 0.0),
            ("T. Fritz", 85.0, 0.0),
            ("D. Medvedev", 86.0, 0.0),
        ],
        per_day: 2,
        kickoffs: &[(11, 0), (13, 30), (16, 0), (19, 0)],
        utc_offset: 1,
    },
    Competition {
        key: "wta",
        sport: Sport::Tennis,
        name_tr: "WTA",
        name_en: "WTA",
        sides: &[
            ("A. Sabalenka", 95.0, 0.0),
            ("I. Swiatek", 94.0, 0.0),
            ("C. Gauff", 90.0, 0.0),
            ("E. Rybakina", 89.0, 0.0),
            ("J. Pegula", 86.0, 0.0),
            ("Z. Sonay", 75.0, 0.0),
        ],
        per_day: 2,
        kickoffs: &[(12, 0), (14, 30), (17, 0)],
        utc_offset: 1,
    },
    Competition {
        key: "sultanlar-ligi",
        sport: Sport::Volleyball,
        name_tr: "Sultanlar Ligi",
        name_en: "Sultanlar League",
        sides: &[
            ("VakıfBank", 95.0, 0.0),
            ("Fenerbahçe Medicana", 93.0, 0.0),
            ("Eczacıbaşı Dynavit", 92.0, 0.0),
            ("Galatasaray Daikin", 86.0, 0.0),
            ("THY", 85.0, 0.0),
            ("Nilüfer Belediyespor", 78.0, 0.0),
        ],
        per_day: 2,
        kickoffs: &[(14, 0), (17, 0), (19, 0)],
        utc_offset: 3,
    },
    Competition {
        key: "efeler-ligi",
        sport: Sport::Volleyball,
        name_tr: "Efeler Ligi",
        name_en: "Efeler League",
        sides: &[
            ("Halkbank", 92.0, 0.0),
            ("Ziraat Bankkart", 91.0, 0.0),
            ("Fenerbahçe", 89.0, 0.0),
            ("Arkas Spor", 86.0, 0.0),
            ("Galatasaray", 84.0, 0.0),
            ("Cizre Belediyespor", 80.0, 0.0),
        ],
        per_day: 2,
        kickoffs: &[(15, 0), (18, 0), (19, 30)],
        utc_offset: 3,
    },
];

pub fn competition(key: &str) -> Option<&'static Competition> {
    COMPETITIONS.iter().find(|c| c.key == key)
}

/// The order of a day's sides: public (the fixtures are published a day ahead), never the play.
fn seeded(key: &str) -> rand::rngs::StdRng {
    let digest = Sha256::digest(key.as_bytes());
    let mut seed = [0u8; 32];
    seed.copy_from_slice(&digest);
    rand::rngs::StdRng::from_seed(seed)
}

/// The pricing model of a fixture: the sides' strengths, public like its prices.
pub fn model(comp: &Competition, home: usize, away: usize) -> Model {
    let (h, a) = (comp.sides[home], comp.sides[away]);
    match comp.sport {
        Sport::Football => {
            let (eh, ea) = pricing::expected_goals(Strength { attack: h.1, defence: h.2 }, Strength { attack: a.1, defence: a.2 });
            Model::Football { home: eh, away: ea }
        }
        Sport::Basketball => {
            // Expected points: the mean of one side's attack and the other's defence, plus a home edge.
            let (ph, pa) = ((h.1 + a.2) / 2.0 + 1.5, (a.1 + h.2) / 2.0 - 1.5);
            let lines = pricing::basketball((ph, pa), BasketballState { left: 1.0, home: 0, away: 0 }, None, MARGIN);
            let handicap = lines.iter().find(|m| m.key == "handicap").and_then(|m| m.line).unwrap_or(-0.5);
            let total = lines.iter().find(|m| m.key == "total").and_then(|m| m.line).unwrap_or(160.5);
            Model::Basketball { home: ph, away: pa, handicap: -handicap, total }
        }
        Sport::Tennis | Sport::Volleyball => {
            let best = if comp.sport == Sport::Tennis { 3 } else { 5 };
            Model::Sets { p: (0.5 + (h.1 - a.1) / 60.0).clamp(0.15, 0.85), best }
        }
    }
}

/// The sides of a competition whose turn it is on `day`: a side plays on every
/// [`REST_DAYS`]th day only, so never twice in fewer days.
fn rested(comp: &Competition, day: i64) -> Vec<usize> {
    (0..comp.sides.len()).filter(|i| (*i as i64 - day).rem_euclid(REST_DAYS) == 0).collect()
}

/// When the `n`th fixture of `day` kicks off (epoch ms): the league's `n`th local kick-off time.
fn kick_off(comp: &Competition, day: i64, n: usize) -> i64 {
    let (hour, minute) = comp.kickoffs[n % comp.kickoffs.len()];
    day * DAY_MS + ((hour - comp.utc_offset) * 60 + minute) * MINUTE_MS
}

/// A competition's fixtures of `day`: (home side, away side, kick-off), the rested sides paired in
/// an order drawn from the day (public: fixtures are published ahead).
pub fn fixtures(comp: &Competition, day: i64) -> Vec<(usize, usize, i64)> {
    let mut rng = seeded(&format!("{day}:{}", comp.key));
    let mut order = rested(comp, day);
    for i in (1..order.len()).rev() {
        order.swap(i, rng.random_range(0..=i));
    }
    (0..comp.per_day.min(order.len() / 2)).map(|n| (order[2 * n], order[2 * n + 1], kick_off(comp, day, n))).collect()
}

/// Schedules the fixtures of the UTC day `day` (days since 1970) that are not there yet; how many
/// were added. Each competition pairs the sides whose turn it is (a side plays once in
/// [`REST_DAYS`] days, never in two competitions: each side has one), at its local kick-off times.
pub async fn schedule_day(db: &Db, day: i64) -> anyhow::Result<usize> {
    let mut added = 0;
    for comp in COMPETITIONS {
        for (n, (home, away, starts_at)) in fixtures(comp, day).into_iter().enumerate() {
            let feed_key = format!("{day}:{}:{n}", comp.key);
            let model = model(comp, home, away);
            let play = play_at(&model, &Script::empty(comp.sport), starts_at, -1);
            let mut tx = db.begin_write().await?;
            let id: Option<i64> = sqlx::query_scalar(
                "INSERT INTO sb_events (feed_key, sport, competition, home, away, starts_at, state, model, script, play, updated_at) \
                 VALUES ($1, $2, $3, $4, $5, $6, 'scheduled', $7, $8, $9, $10) ON CONFLICT (feed_key) DO NOTHING RETURNING id",
            )
            .bind(&feed_key)
            .bind(comp.sport.as_str())
            .bind(comp.key)
            .bind(comp.sides[home].0)
            .bind(comp.sides[away].0)
            .bind(starts_at)
            .bind(serde_json::to_string(&model)?)
            // The play is decided as the clock reaches it (`sb_play`), never here.
            .bind("{}")
            .bind(serde_json::to_string(&play)?)
            .bind(now_ms())
            .fetch_optional(&mut *tx)
            .await?;
            if let Some(id) = id {
                write_markets(&mut tx, id, &markets(&model, &play), MarketState::Active, now_ms()).await?;
                if n == 0 {
                    boost_main_market(&mut tx, id).await?;
                }
                added += 1;
            }
            tx.commit().await?;
        }
    }
    Ok(added)
}

/// The feed's High Rate offer (the /fcg pages): each competition's first fixture of the day has
/// its main market (1X2 or the winner) boosted by [`HIGH_RATE_BOOST_PERCENT`] (at least 0.05),
/// until the market's own price overtakes it.
pub const HIGH_RATE_BOOST_PERCENT: i64 = 10;

async fn boost_main_market(conn: &mut AnyConnection, event_id: i64) -> anyhow::Result<()> {
    sqlx::query(
        "UPDATE sb_selections SET boosted = CASE WHEN price * (100 + $1) / 100 > price + 5 THEN price * (100 + $1) / 100 ELSE price + 5 END \
         WHERE market_id IN (SELECT id FROM sb_markets WHERE event_id = $2 AND key IN ('1x2', 'winner'))",
    )
    .bind(HIGH_RATE_BOOST_PERCENT)
    .bind(event_id)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_side_plays_at_most_once_in_three_days_and_in_one_competition() {
        for sport in Sport::ALL {
            let mut last: std::collections::HashMap<&str, (i64, &str)> = std::collections::HashMap::new();
            for day in 20_000..20_060 {
                for comp in COMPETITIONS.iter().filter(|c| c.sport == sport) {
                    for (home, away, _) in fixtures(comp, day) {
                        for side in [comp.sides[home].0, comp.sides[away].0] {
                            if let Some((before, other)) = last.insert(side, (day, comp.key)) {
                                assert!(day - before >= REST_DAYS, "{side} plays on day {before} and {day}");
                                assert_eq!(other, comp.key, "{side} plays in two competitions");
                            }
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn every_competition_plays_every_day_at_its_local_kick_off_times() {
        for comp in COMPETITIONS {
            for day in 20_000..20_003 {
                let day_fixtures = fixtures(comp, day);
                assert!(!day_fixtures.is_empty(), "{} on day {day}", comp.key);
                for (_, _, at) in day_fixtures {
                    let local_minutes = (at + comp.utc_offset * 3_600_000).rem_euclid(DAY_MS) / MINUTE_MS;
                    assert!((11 * 60..=22 * 60).contains(&local_minutes), "{} kicks off at {local_minutes} local minutes", comp.key);
                    assert_eq!(local_minutes % 15, 0, "on the quarter hour");
                }
            }
        }
    }
}
