//! The studio's three slots: Sultan's Gold (an Ottoman palace), Bosphorus Nights (Istanbul by
//! night) and Anatolian Fruits (classic fruits) — symbols, paytables, paylines and reel strips.

use std::sync::LazyLock;

use super::slot::{REELS, Slot, SlotDef, SymbolDef, SymbolKind};

/// Allowed total bets in kuruş (1 ₺ to 500 ₺); each is a multiple of 10, 20 and 25 lines.
pub(crate) const BET_LEVELS: &[i64] = &[100, 200, 400, 500, 1_000, 2_000, 4_000, 5_000, 10_000, 20_000, 50_000];

/// The 25 paylines (row 0 top … 2 bottom on each reel); a slot with `n` lines uses the first `n`.
const PAYLINES: [[u8; REELS]; 25] = [
    [1, 1, 1, 1, 1],
    [0, 0, 0, 0, 0],
    [2, 2, 2, 2, 2],
    [0, 1, 2, 1, 0],
    [2, 1, 0, 1, 2],
    [1, 0, 0, 0, 1],
    [1, 2, 2, 2, 1],
    [0, 0, 1, 2, 2],
    [2, 2, 1, 0, 0],
    [1, 2, 1, 0, 1],
    [1, 0, 1, 2, 1],
    [0, 1, 1, 1, 0],
    [2, 1, 1, 1, 2],
    [0, 1, 0, 1, 0],
    [2, 1, 2, 1, 2],
    [1, 1, 0, 1, 1],
    [1, 1, 2, 1, 1],
    [0, 0, 2, 0, 0],
    [2, 2, 0, 2, 2],
    [0, 2, 2, 2, 0],
    [2, 0, 0, 0, 2],
    [0, 2, 0, 2, 0],
    [2, 0, 2, 0, 2],
    [1, 0, 2, 0, 1],
    [1, 2, 0, 2, 1],
];

/// A regular symbol paying `p3`, `p4`, `p5` line bets for 3, 4, 5 of a kind.
const fn regular(key: &'static str, tr: &'static str, en: &'static str, pays: [u64; 6]) -> SymbolDef {
    SymbolDef { key, name: (tr, en), kind: SymbolKind::Regular, pays }
}

/// A reel strip from symbol counts, spread evenly (smooth weighted round robin: each step every
/// symbol gains its count and the one furthest ahead is placed and loses the strip's length), so
/// equal symbols, the scatter above all, are far apart.
pub(crate) fn strip(counts: &[(u8, u32)]) -> Vec<u8> {
    let total: i64 = counts.iter().map(|&(_, c)| i64::from(c)).sum();
    let mut credit = vec![0i64; counts.len()];
    let mut strip = Vec::with_capacity(total as usize);
    for _ in 0..total {
        let mut best = 0;
        for (i, &(_, c)) in counts.iter().enumerate() {
            credit[i] += i64::from(c);
            if credit[i] > credit[best] {
                best = i;
            }
        }
        credit[best] -= total;
        strip.push(counts[best].0);
    }
    strip
}

/// Five strips from per-reel counts: `table[s][reel]` is how many of symbol `s` reel `reel` has.
fn reels(table: &[[u32; REELS]]) -> [Vec<u8>; REELS] {
    std::array::from_fn(|reel| strip(&table.iter().enumerate().map(|(s, row)| (s as u8, row[reel])).collect::<Vec<_>>()))
}

/// Sultan's Gold: 20 lines, the Tughra wild, the Palace scatter, free spins at ×2.
fn sultans_gold() -> SlotDef {
    let symbols = vec![
        SymbolDef { key: "tughra", name: ("Tuğra", "Tughra"), kind: SymbolKind::Wild, pays: [0, 0, 0, 75, 350, 1500] },
        SymbolDef { key: "palace", name: ("Saray", "Palace"), kind: SymbolKind::Scatter, pays: [0; 6] },
        regular("sultan", "Sultan", "Sultan", [0, 0, 0, 60, 220, 1000]),
        regular("scimitar", "Kılıç", "Scimitar", [0, 0, 0, 35, 150, 600]),
        regular("ring", "Yakut Yüzük", "Ruby Ring", [0, 0, 0, 30, 110, 350]),
        regular("coffee", "Türk Kahvesi", "Turkish Coffee", [0, 0, 0, 20, 75, 220]),
        regular("tulip", "Lale", "Tulip", [0, 0, 0, 15, 60, 180]),
        regular("a", "A", "A", [0, 0, 0, 12, 35, 150]),
        regular("k", "K", "K", [0, 0, 0, 9, 30, 120]),
        regular("q", "Q", "Q", [0, 0, 0, 7, 22, 90]),
        regular("j", "J", "J", [0, 0, 0, 7, 15, 75]),
    ];
    // Counts per reel: wild, scatter, then the regular symbols in order.
    let base: [[u32; REELS]; 11] = [
        [1, 1, 2, 2, 2],
        [1, 1, 1, 1, 1],
        [2, 2, 2, 2, 2],
        [2, 2, 2, 2, 2],
        [3, 3, 3, 3, 3],
        [3, 3, 3, 3, 3],
        [3, 3, 3, 3, 3],
        [4, 4, 4, 4, 4],
        [4, 4, 4, 4, 4],
        [4, 4, 4, 4, 4],
        [4, 4, 4, 4, 4],
    ];
    let mut free = base;
    free[0] = [2, 2, 3, 3, 3];
    SlotDef {
        code: "kasa-sultans-gold",
        name: ("Sultan'ın Altını", "Sultan's Gold"),
        description: (
            "Saray hazinesinde 20 hat: Tuğra joker, 3 Saray 10 bedava dönüş ×2.",
            "20 lines in the palace treasury: the Tughra is wild, 3 Palaces give 10 free spins at ×2.",
        ),
        theme: "sultans-gold",
        symbols,
        paylines: PAYLINES[..20].to_vec(),
        base_reels: reels(&base),
        free_reels: reels(&free),
        scatter_pays: [0, 0, 0, 2, 10, 50],
        free_spins: [0, 0, 0, 10, 15, 20],
        free_multiplier: 2,
        max_free_spins: 100,
        bet_levels: BET_LEVELS,
    }
}

/// Bosphorus Nights: 25 lines, the Maiden's Tower wild, the Full Moon scatter, free spins at ×3.
fn bosphorus_nights() -> SlotDef {
    let symbols = vec![
        SymbolDef { key: "maiden-tower", name: ("Kız Kulesi", "Maiden's Tower"), kind: SymbolKind::Wild, pays: [0, 0, 0, 50, 200, 1000] },
        SymbolDef { key: "moon", name: ("Dolunay", "Full Moon"), kind: SymbolKind::Scatter, pays: [0; 6] },
        regular("galata", "Galata Kulesi", "Galata Tower", [0, 0, 0, 40, 150, 500]),
        regular("ferry", "Vapur", "Ferry", [0, 0, 0, 25, 100, 300]),
        regular("gull", "Martı", "Seagull", [0, 0, 0, 20, 60, 200]),
        regular("simit", "Simit", "Simit", [0, 0, 0, 18, 50, 150]),
        regular("tea", "Çay", "Tea Glass", [0, 0, 0, 12, 30, 100]),
        regular("lantern", "Fener", "Lantern", [0, 0, 0, 6, 20, 75]),
        regular("evil-eye", "Nazar Boncuğu", "Evil Eye Bead", [0, 0, 0, 6, 15, 60]),
        regular("star", "Yıldız", "Star", [0, 0, 0, 6, 12, 50]),
    ];
    let base: [[u32; REELS]; 10] = [
        [1, 1, 2, 2, 2],
        [1, 1, 1, 1, 1],
        [2, 2, 2, 2, 2],
        [2, 2, 2, 2, 2],
        [3, 3, 3, 3, 3],
        [3, 3, 3, 3, 3],
        [4, 4, 4, 4, 4],
        [4, 4, 4, 4, 4],
        [4, 4, 4, 4, 4],
        [4, 4, 4, 4, 4],
    ];
    let mut free = base;
    free[0] = [2, 2, 2, 2, 2];
    SlotDef {
        code: "kasa-bosphorus-nights",
        name: ("Boğaz Geceleri", "Bosphorus Nights"),
        description: (
            "İstanbul geceleri 25 hat: Kız Kulesi joker, 3 Dolunay 8 bedava dönüş ×3.",
            "25 lines of Istanbul nights: the Maiden's Tower is wild, 3 Full Moons give 8 free spins at ×3.",
        ),
        theme: "bosphorus-nights",
        symbols,
        paylines: PAYLINES.to_vec(),
        base_reels: reels(&base),
        free_reels: reels(&free),
        scatter_pays: [0, 0, 0, 2, 10, 50],
        free_spins: [0, 0, 0, 8, 12, 20],
        free_multiplier: 3,
        max_free_spins: 100,
        bet_levels: BET_LEVELS,
    }
}

/// Anatolian Fruits: 10 lines of classic fruits, the Star wild, the Fruit Basket scatter, free
/// spins at ×2.
fn anatolian_fruits() -> SlotDef {
    let symbols = vec![
        SymbolDef { key: "star", name: ("Yıldız", "Star"), kind: SymbolKind::Wild, pays: [0, 0, 10, 100, 500, 2000] },
        SymbolDef { key: "basket", name: ("Meyve Sepeti", "Fruit Basket"), kind: SymbolKind::Scatter, pays: [0; 6] },
        regular("seven", "Yedi", "Lucky Seven", [0, 0, 5, 60, 250, 1000]),
        regular("cherry", "Kiraz", "Cherry", [0, 0, 2, 30, 120, 400]),
        regular("fig", "İncir", "Fig", [0, 0, 0, 22, 60, 200]),
        regular("apricot", "Kayısı", "Apricot", [0, 0, 0, 15, 40, 150]),
        regular("pomegranate", "Nar", "Pomegranate", [0, 0, 0, 13, 30, 120]),
        regular("grapes", "Üzüm", "Grapes", [0, 0, 0, 12, 25, 80]),
        regular("watermelon", "Karpuz", "Watermelon", [0, 0, 0, 8, 20, 60]),
        regular("lemon", "Limon", "Lemon", [0, 0, 0, 8, 15, 60]),
    ];
    let base: [[u32; REELS]; 10] = [
        [1, 1, 1, 2, 2],
        [1, 1, 1, 1, 1],
        [1, 1, 1, 1, 1],
        [2, 2, 2, 2, 2],
        [2, 2, 2, 2, 2],
        [3, 3, 3, 3, 3],
        [4, 4, 4, 4, 4],
        [5, 5, 5, 5, 5],
        [5, 5, 5, 5, 5],
        [5, 5, 5, 5, 5],
    ];
    let mut free = base;
    free[0] = [2, 2, 2, 3, 3];
    SlotDef {
        code: "kasa-anatolian-fruits",
        name: ("Anadolu Meyveleri", "Anatolian Fruits"),
        description: (
            "Klasik meyveler 10 hatta: Yıldız joker, 3 Meyve Sepeti 10 bedava dönüş ×2.",
            "Classic fruits on 10 lines: the Star is wild, 3 Fruit Baskets give 10 free spins at ×2.",
        ),
        theme: "anatolian-fruits",
        symbols,
        paylines: PAYLINES[..10].to_vec(),
        base_reels: reels(&base),
        free_reels: reels(&free),
        scatter_pays: [0, 0, 0, 2, 10, 50],
        free_spins: [0, 0, 0, 10, 15, 20],
        free_multiplier: 2,
        max_free_spins: 100,
        bet_levels: BET_LEVELS,
    }
}

/// The studio's slots, built once.
static SLOTS: LazyLock<Vec<Slot>> =
    LazyLock::new(|| vec![Slot::new(sultans_gold()), Slot::new(bosphorus_nights()), Slot::new(anatolian_fruits())]);

/// The studio's three slots.
pub fn slots() -> &'static [Slot] {
    &SLOTS
}

/// The slot with this game code, if it is one of the studio's.
pub fn slot(code: &str) -> Option<&'static Slot> {
    slots().iter().find(|s| s.code() == code)
}
