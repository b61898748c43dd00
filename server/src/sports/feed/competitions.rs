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
    pub per_day: usize,
}

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
        ],
        per_day: 4,
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
        ],
        per_day: 3,
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
            ("Real Madrid", 1.6, 0.75),
            ("Manchester City", 1.6, 0.75),
            ("Galatasaray", 1.3, 1.0),
        ],
        per_day: 2,
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
            ("Fenerbahçe Beko", 84.0, 77.0),
            ("Barcelona", 83.0, 79.0),
            ("Monaco", 84.0, 80.0),
        ],
        per_day: 2,
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

/// Schedules the fixtures of the UTC day `day` (days since 1970) that are not there yet; how many
/// were added.
pub async fn schedule_day(db: &Db, day: i64) -> anyhow::Result<usize> {
    let mut added = 0;
    for (ci, comp) in COMPETITIONS.iter().enumerate() {
        let mut rng = seeded(&format!("{day}:{}", comp.key));
        let mut order: Vec<usize> = (0..comp.sides.len()).collect();
        for i in (1..order.len()).rev() {
            order.swap(i, rng.random_range(0..=i));
        }
        for n in 0..comp.per_day.min(order.len() / 2) {
            let (home, away) = (order[2 * n], order[2 * n + 1]);
            let feed_key = format!("{day}:{}:{n}", comp.key);
            // Kick-offs between 08:00 and 22:00 UTC, spread over the competitions.
            let slot = (ci * 5 + n * 11) % 28;
            let starts_at = day * DAY_MS + 8 * 3_600_000 + slot as i64 * 30 * MINUTE_MS;
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
