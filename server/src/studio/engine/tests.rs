//! The engine's tests: the exact RTP against full enumeration on a tiny slot, the studio slots'
//! RTP range, a million simulated rounds per slot, and the provably fair stream.

use std::collections::HashMap;

use super::fair::hmac_sha256;
use super::rtp::{analyse, expected_free_spins, spin_stats};
use super::slot::{REELS, SlotDef, SymbolDef, SymbolKind};
use super::*;

/// A small fast RNG for the bulk simulation (PCG32, XSH RR): the simulation checks the game's
/// arithmetic, not the randomness, and HMAC-SHA256 would be slow in debug builds.
struct Pcg32 {
    state: u64,
}

impl Pcg32 {
    fn new(seed: u64) -> Pcg32 {
        let mut pcg = Pcg32 { state: seed.wrapping_add(0x853c_49e6_748f_ea9b) };
        pcg.next_u32();
        pcg
    }
}

impl Rng for Pcg32 {
    fn next_u32(&mut self) -> u32 {
        let old = self.state;
        self.state = old.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        let xorshifted = (((old >> 18) ^ old) >> 27) as u32;
        xorshifted.rotate_right((old >> 59) as u32)
    }
}

/// An RNG replaying given numbers (for the rejection-sampling boundary).
struct Script(Vec<u32>);

impl Rng for Script {
    fn next_u32(&mut self) -> u32 {
        self.0.remove(0)
    }
}

fn symbol(kind: SymbolKind, pays: [u64; 6]) -> SymbolDef {
    SymbolDef { key: "x", name: ("x", "x"), kind, pays }
}

/// A tiny slot (strips of 6, 4 lines) small enough to enumerate every stop combination: the wild
/// pays less than A (so "best pay" must choose A for wild runs), A pays 2 of a kind, a strip
/// shows two scatters at once, 2 scatters pay, and the free-spin cap (7) is reachable.
fn tiny() -> Slot {
    const W: u8 = 0;
    const S: u8 = 1;
    const A: u8 = 2;
    const B: u8 = 3;
    const C: u8 = 4;
    Slot::new(SlotDef {
        code: "tiny",
        name: ("tiny", "tiny"),
        description: ("", ""),
        theme: "tiny",
        symbols: vec![
            symbol(SymbolKind::Wild, [0, 0, 0, 5, 20, 50]),
            symbol(SymbolKind::Scatter, [0; 6]),
            symbol(SymbolKind::Regular, [0, 0, 2, 10, 30, 100]),
            symbol(SymbolKind::Regular, [0, 0, 0, 4, 10, 40]),
            symbol(SymbolKind::Regular, [0, 0, 0, 2, 5, 20]),
        ],
        paylines: vec![[1, 1, 1, 1, 1], [0, 0, 0, 0, 0], [2, 2, 2, 2, 2], [0, 1, 2, 1, 0]],
        base_reels: [
            vec![A, B, C, S, W, C],
            vec![B, W, A, C, S, B],
            vec![C, A, S, S, B, W],
            vec![W, B, C, A, C, S],
            vec![A, C, B, S, W, B],
        ],
        free_reels: [
            vec![W, A, B, S, C, W],
            vec![B, W, A, C, S, W],
            vec![C, A, S, W, B, W],
            vec![W, B, C, A, W, S],
            vec![A, C, W, S, W, B],
        ],
        scatter_pays: [0, 0, 1, 3, 10, 50],
        free_spins: [0, 0, 0, 3, 4, 5],
        free_multiplier: 2,
        max_free_spins: 7,
        bet_levels: &[4, 8],
    })
}

/// Every stop combination of a strip set, evaluated by the engine itself: (units before the
/// multiplier, scatter count) per combination.
fn enumerate(slot: &Slot, reels: &[Vec<u8>; REELS]) -> Vec<(u64, usize)> {
    let mut all = Vec::new();
    let mut stops = [0u32; REELS];
    loop {
        let eval = slot.evaluate(reels, &stops, |_, _, _, _| {});
        all.push((eval.line_units + slot.scatter_units(eval.scatters), eval.scatters));
        let mut reel = REELS;
        loop {
            if reel == 0 {
                return all;
            }
            reel -= 1;
            stops[reel] += 1;
            if (stops[reel] as usize) < reels[reel].len() {
                break;
            }
            stops[reel] = 0;
        }
    }
}

#[test]
fn spin_statistics_equal_full_enumeration() {
    let slot = tiny();
    for reels in [&slot.def.base_reels, &slot.def.free_reels] {
        let stats = spin_stats(&slot, reels);
        let mut line_total = 0u128;
        let mut scatter_combos = vec![0u128; stats.scatter_combos.len()];
        let mut stops = [0u32; REELS];
        let mut combos = 0u128;
        loop {
            let eval = slot.evaluate(reels, &stops, |_, _, _, _| {});
            line_total += u128::from(eval.line_units);
            scatter_combos[eval.scatters] += 1;
            combos += 1;
            let mut reel = REELS;
            let mut done = true;
            while reel > 0 {
                reel -= 1;
                stops[reel] += 1;
                if (stops[reel] as usize) < reels[reel].len() {
                    done = false;
                    break;
                }
                stops[reel] = 0;
            }
            if done {
                break;
            }
        }
        assert_eq!(combos, stats.combos);
        assert_eq!(line_total, stats.line_total, "line pays summed over every stop combination");
        assert_eq!(scatter_combos, stats.scatter_combos, "scatter counts over every stop combination");
        assert!(scatter_combos[2] > 0, "the tiny slot shows 2 scatters sometimes");
    }
    // Reel 3's strip shows two scatters at once: 6 on the screen happens.
    assert!(spin_stats(&slot, &slot.def.base_reels).scatter_combos[6] > 0);
}

/// The round's expected win by backward recursion over (free spins left, free spins awarded),
/// each spin enumerated over every stop combination: independent of the forward programme and
/// Wald's identity used by `rtp::analyse`.
fn round_value_by_enumeration(slot: &Slot) -> f64 {
    let base = enumerate(slot, &slot.def.base_reels);
    let free = enumerate(slot, &slot.def.free_reels);
    let cap = slot.def.max_free_spins;
    fn value(slot: &Slot, free: &[(u64, usize)], left: u32, awarded: u32, cap: u32, memo: &mut HashMap<(u32, u32), f64>) -> f64 {
        if left == 0 {
            return 0.0;
        }
        if let Some(&v) = memo.get(&(left, awarded)) {
            return v;
        }
        let mut sum = 0.0;
        for &(units, scatters) in free {
            let award = slot.awarded(scatters).min(cap - awarded);
            sum += (units * slot.def.free_multiplier) as f64 + value(slot, free, left - 1 + award, awarded + award, cap, memo);
        }
        let v = sum / free.len() as f64;
        memo.insert((left, awarded), v);
        v
    }
    let mut memo = HashMap::new();
    let mut sum = 0.0;
    for &(units, scatters) in &base {
        let award = slot.awarded(scatters).min(cap);
        sum += units as f64 + value(slot, &free, award, award, cap, &mut memo);
    }
    sum / base.len() as f64 / f64::from(slot.lines())
}

#[test]
fn rtp_equals_full_enumeration_on_a_tiny_slot() {
    let slot = tiny();
    let exact = analyse(&slot);
    assert_eq!(exact.base, spin_stats(&slot, &slot.def.base_reels));
    assert_eq!(exact.free, spin_stats(&slot, &slot.def.free_reels));
    let enumerated = round_value_by_enumeration(&slot);
    assert!((exact.rtp - enumerated).abs() < 1e-12 * enumerated, "formula {} vs enumeration {}", exact.rtp, enumerated);
    assert!(exact.free_spins > 0.1, "free spins matter in the tiny slot: {}", exact.free_spins);
    assert_eq!(slot.rtp(), exact.rtp);
}

#[test]
fn free_spin_count_matches_the_geometric_series_without_a_cap() {
    // Each spin awards 10 more with probability 1/20: E[N] = 10 / (1 − 10/20) = 20, and a cap
    // far beyond any likely round barely changes it.
    let awards = [(0, 0.95), (10, 0.05)];
    let n = expected_free_spins(10, &awards, 5_000);
    assert!((n - 20.0).abs() < 1e-9, "{n}");
    // A cap of 10: exactly the 10 awarded.
    assert!((expected_free_spins(10, &awards, 10) - 10.0).abs() < 1e-12);
    // A cap of 12, by hand: 10 spins, each may award (cut to 2 in total): P(any award in the 10) = 1 − 0.95^10.
    let p = 1.0 - 0.95f64.powi(10);
    assert!((expected_free_spins(10, &awards, 12) - (10.0 + 2.0 * p)).abs() < 1e-12);
}

#[test]
fn best_pay_per_line_with_wilds() {
    let slot = tiny();
    // Three wilds pay as three A (10) rather than as wilds (5).
    assert_eq!(slot.line_pay(&[0, 0, 0, 3, 4]), Some((2, 3, 10)));
    // Five wilds: five A (100) beats five wilds (50).
    assert_eq!(slot.line_pay(&[0, 0, 0, 0, 0]), Some((2, 5, 100)));
    // A wild extends B to four of a kind.
    assert_eq!(slot.line_pay(&[0, 3, 3, 3, 4]), Some((3, 4, 10)));
    // Wild, wild, B, B, B: five B (40) beats two wilds as anything.
    assert_eq!(slot.line_pay(&[0, 0, 3, 3, 3]), Some((3, 5, 40)));
    // Two A pay; the scatter breaks a line and is not substituted.
    assert_eq!(slot.line_pay(&[2, 2, 3, 3, 3]), Some((2, 2, 2)));
    assert_eq!(slot.line_pay(&[0, 1, 3, 3, 3]), None);
    assert_eq!(slot.line_pay(&[3, 3, 4, 3, 3]), None);
}

#[test]
fn studio_slots_return_between_94_and_97_percent() {
    assert_eq!(slots().len(), 3);
    for slot in slots() {
        let a = analyse(slot);
        let lines = f64::from(slot.lines());
        println!(
            "{}: RTP {:.4}% (base {:.4}, free spins {:.4}), free spins 1 in {:.0} rounds, {:.2} free spins a round",
            slot.code(),
            a.rtp * 100.0,
            a.base_units / lines,
            a.free_spins * a.free_spin_units / lines,
            1.0 / a.trigger,
            a.free_spins
        );
        assert!((0.94..=0.97).contains(&slot.rtp()), "{}: {}", slot.code(), slot.rtp());
        assert!(std::ptr::eq(super::slot(slot.code()).unwrap_or(&slots()[0]), slot));
        let info = slot.info();
        assert_eq!(info.rtp, slot.rtp());
        assert_eq!(info.lines, slot.lines());
        assert_eq!(info.paylines.len(), slot.lines() as usize);
        assert!(!slot.bet_levels().is_empty());
        for &bet in slot.bet_levels() {
            assert_eq!(bet % i64::from(slot.lines()), 0, "{} bet {bet}", slot.code());
            assert!((100..=50_000).contains(&bet));
        }
        assert_eq!(info.symbols.iter().filter(|s| s.kind == SymbolKind::Wild).count(), 1);
        assert_eq!(info.symbols.iter().filter(|s| s.kind == SymbolKind::Scatter).count(), 1);
        // At most one scatter in any 3-row window, so the scatter count is at most 5.
        let scatter = slot.scatter.unwrap_or(u8::MAX);
        for strip in info.base_reels.iter().chain(&info.free_reels) {
            for stop in 0..strip.len() {
                let shown = (0..3).filter(|row| strip[(stop + row) % strip.len()] == scatter).count();
                assert!(shown <= 1, "{}: two scatters in one window", slot.code());
            }
        }
    }
    assert!(super::slot("kasa-no-such-game").is_none());
}

/// Plays `rounds` rounds with the fast RNG, checks each outcome's arithmetic, and compares the
/// measured return with the exact RTP within 5 standard errors (the sample's own variance).
fn simulate(code: &str, rounds: u32, seed: u64) {
    let Some(slot) = super::slot(code) else { panic!("no slot {code}") };
    let lines = u64::from(slot.lines());
    let mut rng = Pcg32::new(seed);
    let (mut sum, mut sum_sq) = (0.0f64, 0.0f64);
    let mut free_rounds = 0u32;
    let mut most_free = 0;
    for _ in 0..rounds {
        let outcome = slot.play(&mut rng);
        let ret = outcome.win_units as f64 / lines as f64;
        sum += ret;
        sum_sq += ret * ret;
        let spins = &outcome.spins;
        assert_eq!(outcome.win_units, spins.iter().map(|s| s.units).sum::<u64>());
        let awarded: u32 = spins.iter().map(|s| s.free_spins_awarded).sum();
        assert_eq!(spins.len() as u32, 1 + awarded);
        assert!(awarded <= slot.def.max_free_spins);
        assert!(!spins[0].free_spin && spins[1..].iter().all(|s| s.free_spin));
        if awarded > 0 {
            free_rounds += 1;
            most_free = most_free.max(awarded);
        }
        for spin in spins {
            let lines_won: u64 = spin.line_wins.iter().map(|w| w.units).sum();
            assert_eq!(spin.units, lines_won + spin.scatter_units);
        }
    }
    let n = f64::from(rounds);
    let mean = sum / n;
    let variance = (sum_sq / n - mean * mean) * n / (n - 1.0);
    let error = (variance / n).sqrt();
    let rtp = slot.rtp();
    println!(
        "{code}: {rounds} rounds returned {:.4}% against the exact {:.4}% (standard error {:.4}%, {:.2} σ; σ per round {:.2}); free spins in {free_rounds} rounds, at most {most_free}",
        mean * 100.0,
        rtp * 100.0,
        error * 100.0,
        (mean - rtp) / error,
        variance.sqrt()
    );
    assert!((mean - rtp).abs() <= 5.0 * error, "{code}: measured {mean} vs exact {rtp} (standard error {error})");
    assert!(free_rounds > 0);
}

#[test]
fn simulation_sultans_gold() {
    simulate("kasa-sultans-gold", 1_000_000, 1);
}

#[test]
fn simulation_bosphorus_nights() {
    simulate("kasa-bosphorus-nights", 1_000_000, 2);
}

#[test]
fn simulation_anatolian_fruits() {
    simulate("kasa-anatolian-fruits", 1_000_000, 3);
}

#[test]
fn simulation_of_the_tiny_slot_matches_its_enumeration() {
    let slot = tiny();
    let mut rng = Pcg32::new(9);
    let rounds = 100_000;
    let (mut sum, mut sum_sq) = (0.0, 0.0);
    for _ in 0..rounds {
        let ret = slot.play(&mut rng).win_units as f64 / f64::from(slot.lines());
        sum += ret;
        sum_sq += ret * ret;
    }
    let n = f64::from(rounds);
    let mean = sum / n;
    let error = ((sum_sq / n - mean * mean) / (n - 1.0)).sqrt();
    let rtp = round_value_by_enumeration(&slot);
    assert!((mean - rtp).abs() <= 5.0 * error, "measured {mean} vs enumerated {rtp} (standard error {error})");
}

#[test]
fn hmac_sha256_matches_rfc_4231() {
    // Test cases 1, 2 and 6 (a key longer than the block).
    assert_eq!(hex::encode(hmac_sha256(&[0x0b; 20], b"Hi There")), "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7");
    assert_eq!(
        hex::encode(hmac_sha256(b"Jefe", b"what do ya want for nothing?")),
        "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
    );
    assert_eq!(
        hex::encode(hmac_sha256(&[0xaa; 131], b"Test Using Larger Than Block-Size Key - Hash Key First")),
        "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"
    );
}

const SEED: &str = "3f1c0a5e9b7d2468ace013579bdf02468ace13579bdf0246813579bdf02468ac";

#[test]
fn fair_stream_is_the_documented_hmac() {
    // Computed independently with Python: hmac.new(seed.encode(), f"{client}:{nonce}:{counter}".encode(), sha256),
    // read as big-endian u32s.
    let expected = [2832920099, 4276523982, 1504693949, 1353141349, 1399165048, 1937870320, 1829623580, 2049503184, 3917196176, 424425841];
    let mut rng = FairRng::new(SEED, "kasa-player", 7);
    let words: Vec<u32> = (0..10).map(|_| rng.next_u32()).collect();
    assert_eq!(words, expected);
    let block = hmac_sha256(SEED.as_bytes(), b"kasa-player:7:1");
    assert_eq!(expected[8].to_be_bytes(), block[..4]);
}

#[test]
fn seeds_and_their_commitment() {
    assert_eq!(seed_hash("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    assert_eq!(seed_hash(SEED), "0df77ef12f3ee865e8ea267526eef66112fe6d7125fe6f33e06ce0e55b740d0c");
    let (a, b) = (new_server_seed(), new_server_seed());
    assert_eq!(a.len(), 64);
    assert!(a.bytes().all(|c| c.is_ascii_hexdigit() && !c.is_ascii_uppercase()));
    assert_ne!(a, b);
    assert_eq!(seed_hash(&a).len(), 64);
}

#[test]
fn rounds_are_reproducible_and_verifiable() {
    for slot in slots() {
        let one = slot.play(&mut FairRng::new(SEED, "player seed", 42));
        let again = slot.play(&mut FairRng::new(SEED, "player seed", 42));
        assert_eq!(one, again);
        assert_eq!(verify(slot.code(), SEED, "player seed", 42), Some(Replay::Slot(one.clone())));
        let next = slot.play(&mut FairRng::new(SEED, "player seed", 43));
        assert_ne!(one.spins[0].stops, next.spins[0].stops, "another nonce, another round");
        let other_client = slot.play(&mut FairRng::new(SEED, "another seed", 42));
        assert_ne!(one.spins[0].stops, other_client.spins[0].stops);
        // The stops are the documented draws: below(strip length) per reel, in order.
        let mut rng = FairRng::new(SEED, "player seed", 42);
        let stops: Vec<u32> = slot.def.base_reels.iter().map(|strip| rng.below(strip.len() as u32)).collect();
        assert_eq!(one.spins[0].stops, stops);
    }
    assert_eq!(verify("kasa-no-such-game", SEED, "c", 0), None);
}

#[test]
fn below_rejects_the_incomplete_last_range() {
    // 2^32 mod 3 = 1: only u32::MAX is rejected.
    assert_eq!(Script(vec![u32::MAX, 5]).below(3), 2);
    assert_eq!(Script(vec![u32::MAX - 1]).below(3), (u32::MAX - 1) % 3);
    // n = 2^31 + 1: 2^32 mod n = 2^31 − 1, so everything from 2^31 + 1 up is rejected.
    let n = (1u32 << 31) + 1;
    assert_eq!(Script(vec![1 << 31]).below(n), 1 << 31);
    assert_eq!(Script(vec![(1 << 31) + 1, u32::MAX, 7]).below(n), 7);
    // Powers of two reject nothing; 1 and 0 give 0.
    assert_eq!(Script(vec![u32::MAX]).below(8), 7);
    assert_eq!(Script(vec![u32::MAX]).below(1), 0);
    assert_eq!(Script(vec![]).below(0), 0);
}

#[test]
fn below_is_uniform() {
    // Chi-square over 6 faces, 60,000 draws from the fair stream: 5 degrees of freedom, the
    // 0.1 % critical value is 20.5.
    let mut rng = FairRng::new(SEED, "uniformity", 0);
    let mut counts = [0u32; 6];
    for _ in 0..60_000 {
        counts[rng.below(6) as usize] += 1;
    }
    let chi2: f64 = counts.iter().map(|&c| (f64::from(c) - 10_000.0).powi(2) / 10_000.0).sum();
    assert!(chi2 < 20.5, "{counts:?} chi2 {chi2}");
}

#[test]
fn outcome_json_is_camel_case() {
    let Some(slot) = super::slot("kasa-sultans-gold") else { panic!("no slot") };
    let outcome = slot.play(&mut FairRng::new(SEED, "json", 0));
    let json = serde_json::to_value(&outcome).unwrap_or_default();
    assert!(json.get("winUnits").is_some());
    let spin = &json["spins"][0];
    for key in ["stops", "grid", "lineWins", "scatterUnits", "freeSpin", "freeSpinsAwarded", "multiplier", "units"] {
        assert!(spin.get(key).is_some(), "{key}");
    }
    let info = serde_json::to_value(slot.info()).unwrap_or_default();
    for key in ["betLevels", "paylines", "symbols", "rtp", "freeSpinMultiplier", "baseReels", "scatterPays"] {
        assert!(info.get(key).is_some(), "{key}");
    }
    assert_eq!(info["symbols"][0]["kind"], "wild");
}

/// Plays `rounds` table rounds with the fast RNG, the stakes drawn from `stakes` in turn, and
/// compares the measured return with the exact one within 5 standard errors.
fn simulate_table(code: &str, stakes: &[Vec<Stake>], exact: f64, rounds: u32, seed: u64) {
    let Some(game) = super::table(code) else { panic!("no table {code}") };
    let placed: Vec<Placed> = stakes.iter().map(|s| game.place(s).unwrap()).collect();
    let mut rng = Pcg32::new(seed);
    let (mut sum, mut sum_sq) = (0.0f64, 0.0f64);
    for i in 0..rounds {
        let p = &placed[i as usize % placed.len()];
        let outcome = game.play(p, &mut rng);
        assert_eq!(outcome.win, outcome.stakes.iter().map(|s| s.win).sum::<i64>());
        let ret = outcome.win as f64 / p.total as f64;
        sum += ret;
        sum_sq += ret * ret;
    }
    let n = f64::from(rounds);
    let mean = sum / n;
    let variance = (sum_sq / n - mean * mean) * n / (n - 1.0);
    let error = (variance / n).sqrt();
    println!(
        "{code}: {rounds} rounds returned {:.4}% against the exact {:.4}% ({:.2} σ)",
        mean * 100.0,
        exact * 100.0,
        (mean - exact) / error
    );
    assert!((mean - exact).abs() <= 5.0 * error, "{code}: measured {mean} vs exact {exact} (standard error {error})");
}

fn stake(kind: &str, numbers: &[u8], amount: i64) -> Stake {
    Stake { kind: kind.to_string(), numbers: numbers.to_vec(), amount }
}

#[test]
fn simulation_european_roulette() {
    // A straight, a split, a corner, a dozen and red: every bet returns 36/37.
    let layouts = vec![
        vec![stake("straight", &[17], 100)],
        vec![stake("split", &[0, 2], 200), stake("red", &[], 500)],
        vec![stake("corner", &[14, 15, 17, 18], 100), stake("dozen", &[3], 300), stake("odd", &[], 100)],
    ];
    simulate_table("kasa-european-roulette", &layouts, 36.0 / 37.0, 1_000_000, 11);
}

#[test]
fn simulation_keno_over_every_pick_count() {
    // Cards of 1 to 10 picks in turn: the expected return is the mean of their exact returns.
    let cards: Vec<Vec<Stake>> =
        (1..=keno::MAX_PICKS).map(|picks| vec![stake("picks", &(0..picks as u8).map(|i| 1 + i * 7).collect::<Vec<_>>(), 100)]).collect();
    let exact = (1..=keno::MAX_PICKS).map(keno::rtp).sum::<f64>() / keno::MAX_PICKS as f64;
    simulate_table("kasa-keno", &cards, exact, 1_000_000, 20);
}

#[test]
fn simulation_lucky_wheel() {
    let layouts: Vec<Vec<Stake>> = wheel::MARKS.iter().map(|&(m, _)| vec![stake("mark", &[m], 100)]).collect();
    simulate_table("kasa-lucky-wheel", &layouts, 0.96, 1_000_000, 31);
}

#[test]
fn simulation_baccarat_over_its_three_bets() {
    // Player, banker and tie in turn: the expected return is the mean of their exact returns.
    let layouts: Vec<Vec<Stake>> = baccarat::BETS.iter().map(|&(kind, _)| vec![stake(kind, &[], 100)]).collect();
    let exact = baccarat::rtps().iter().sum::<f64>() / 3.0;
    simulate_table("kasa-baccarat", &layouts, exact, 1_000_000, 43);
}

#[test]
fn a_baccarat_round_deals_from_eight_decks_by_the_tableau() {
    let game = super::table("kasa-baccarat").unwrap();
    let mut rng = Pcg32::new(9);
    let mut seen = [0u32; 52];
    for _ in 0..20_000 {
        let Draw::Baccarat { player, banker } = game.draw(&mut rng) else { panic!("not a baccarat draw") };
        assert!((2..=3).contains(&player.len()) && (2..=3).contains(&banker.len()));
        // Replaying the dealt cards through the tableau deals the same hands.
        let order: Vec<u8> =
            [player[0], banker[0], player[1], banker[1]].into_iter().chain(player.get(2).copied()).chain(banker.get(2).copied()).collect();
        let mut cards = order.into_iter();
        assert_eq!(baccarat::deal(|| cards.next().unwrap()), (player.clone(), banker.clone()));
        for c in player.iter().chain(&banker) {
            seen[*c as usize] += 1;
        }
    }
    assert!(seen.iter().all(|&n| n > 0), "every card turns up");
    // A tie returns the player's and banker's stakes, pays the tie 9 to 1.
    let placed = game.place(&[stake("player", &[], 1_000), stake("banker", &[], 2_000), stake("tie", &[], 100)]).unwrap();
    let tie = game.settle(&placed, Draw::Baccarat { player: vec![6, 9], banker: vec![19, 22] });
    assert_eq!(tie.stakes.iter().map(|s| s.win).collect::<Vec<_>>(), vec![1_000, 2_000, 1_000]);
    let banker = game.settle(&placed, Draw::Baccarat { player: vec![0, 9, 9], banker: vec![7, 10] });
    assert_eq!(banker.win, 3_900);
    assert_eq!(game.place(&[stake("player", &[1], 100)]).unwrap_err(), StakeError::NotABet(0));
    assert_eq!(game.place(&[stake("dragon", &[], 100)]).unwrap_err(), StakeError::NotABet(0));
}

#[test]
fn table_games_return_between_94_and_97_and_a_half_percent() {
    for game in super::tables() {
        let rtp = game.rtp();
        assert!((0.94..0.975).contains(&rtp), "{}: {rtp}", game.code);
        assert_eq!(game.info().rtp, rtp);
    }
}

#[test]
fn stakes_outside_the_rules_are_refused_by_index() {
    let roulette = super::table("kasa-european-roulette").unwrap();
    assert_eq!(roulette.place(&[]).unwrap_err(), StakeError::Empty);
    assert_eq!(roulette.place(&[stake("straight", &[1], 100), stake("split", &[3, 4], 100)]).unwrap_err(), StakeError::NotABet(1));
    assert_eq!(roulette.place(&[stake("straight", &[1], 150)]).unwrap_err(), StakeError::BadAmount(0));
    assert_eq!(roulette.place(&[stake("straight", &[1], 0)]).unwrap_err(), StakeError::BadAmount(0));
    assert_eq!(roulette.place(&[stake("straight", &[1], -100)]).unwrap_err(), StakeError::BadAmount(0));
    assert_eq!(roulette.place(&[stake("straight", &[1], 100_100)]).unwrap_err(), StakeError::BadAmount(0));
    let over: Vec<Stake> = (0..6).map(|n| stake("straight", &[n], 100_000)).collect();
    assert_eq!(roulette.place(&over).unwrap_err(), StakeError::OverLimit);
    let many: Vec<Stake> = (0..61).map(|n| stake("straight", &[(n % 37) as u8], 100)).collect();
    assert_eq!(roulette.place(&many).unwrap_err(), StakeError::TooMany);
    let keno = super::table("kasa-keno").unwrap();
    assert_eq!(keno.place(&[stake("picks", &[1, 2], 100), stake("picks", &[3], 100)]).unwrap_err(), StakeError::TooMany);
    assert_eq!(keno.place(&[stake("straight", &[1], 100)]).unwrap_err(), StakeError::NotABet(0));
    assert_eq!(keno.place(&[stake("picks", &[1, 1], 100)]).unwrap_err(), StakeError::NotABet(0));
    let wheel_game = super::table("kasa-lucky-wheel").unwrap();
    assert_eq!(wheel_game.place(&[stake("mark", &[3], 100)]).unwrap_err(), StakeError::NotABet(0));
    assert_eq!(wheel_game.place(&[stake("mark", &[24], 500)]).unwrap().total, 500);
}

#[test]
fn a_table_round_settles_what_its_draw_says() {
    let roulette = super::table("kasa-european-roulette").unwrap();
    let placed = roulette.place(&[stake("straight", &[17], 100), stake("black", &[], 200), stake("column", &[2], 300)]).unwrap();
    let out = roulette.settle(&placed, Draw::Roulette { number: 17 });
    // 17 is black and in the second column: 3,600 + 400 + 900.
    assert_eq!(out.stakes.iter().map(|s| s.win).collect::<Vec<_>>(), vec![3_600, 400, 900]);
    assert_eq!(out.win, 4_900);
    let zero = roulette.settle(&placed, Draw::Roulette { number: 0 });
    assert_eq!(zero.win, 0);
    let keno_game = super::table("kasa-keno").unwrap();
    let placed = keno_game.place(&[stake("picks", &[5, 10, 15], 1_000)]).unwrap();
    let drawn: Vec<u8> = vec![5, 10, 1, 2, 3, 4, 6, 7, 8, 9, 11, 12, 13, 14, 16, 17, 18, 19, 20, 21];
    let out = keno_game.settle(&placed, Draw::Keno { drawn });
    assert_eq!((out.stakes[0].hits, out.win), (Some(2), 3_000));
    let wheel_game = super::table("kasa-lucky-wheel").unwrap();
    let seg = wheel::SEGMENTS.iter().position(|&m| m == 12).unwrap() as u32;
    let placed = wheel_game.place(&[stake("mark", &[12], 500), stake("mark", &[2], 100)]).unwrap();
    assert_eq!(wheel_game.settle(&placed, Draw::Wheel { segment: seg, mark: 12 }).win, 6_000);
}

#[test]
fn keno_draws_twenty_distinct_numbers_and_table_rounds_replay() {
    let mut rng = Pcg32::new(5);
    for _ in 0..1_000 {
        let drawn = keno::draw(&mut rng);
        let mut sorted = drawn.clone();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), 20);
        assert!(sorted.iter().all(|&n| (1..=80).contains(&n)));
    }
    for game in super::tables() {
        let Some(Replay::Table(a)) = verify(game.code, SEED, "player seed", 7) else { panic!("{}", game.code) };
        let b = game.draw(&mut FairRng::new(SEED, "player seed", 7));
        assert_eq!(a, b);
    }
}

#[test]
fn simulation_crash_game_returns_97_percent_at_any_target() {
    // A million rounds of random 52-bit draws; a bet cashed at 1.5×, 2×, 10× or 100× in turn.
    let mut rng = Pcg32::new(41);
    let targets = [150u64, 200, 1_000, 10_000];
    let (mut sum, mut sum_sq) = (0.0f64, 0.0f64);
    let n = 1_000_000u32;
    let mut instant = 0u32;
    for i in 0..n {
        let h = ((u64::from(rng.next_u32()) << 32) | u64::from(rng.next_u32())) >> 12;
        let point = crash::point_of(h);
        instant += u32::from(point == 100);
        let t = targets[i as usize % targets.len()];
        let ret = if point >= t { t as f64 / 100.0 } else { 0.0 };
        sum += ret;
        sum_sq += ret * ret;
    }
    let mean = sum / f64::from(n);
    let variance = sum_sq / f64::from(n) - mean * mean;
    let error = (variance / f64::from(n)).sqrt();
    println!("crash: {n} rounds returned {:.4}% against 97% ({:.2} σ); {instant} ended at 1.00", mean * 100.0, (mean - crash::RTP) / error);
    assert!((mean - crash::RTP).abs() <= 5.0 * error, "measured {mean} (standard error {error})");
    // Rounds ending at 1.00 (before 1.01): 1 − 0.97/1.01 = 4/101 of them.
    assert!((instant as f64 / f64::from(n) - 4.0 / 101.0).abs() < 0.002, "{instant}");
}

#[test]
fn simulation_cappadocia_ways() {
    // A million rounds with the fast RNG: the measured return matches the exact one within 5
    // standard errors, and free spins come as often as the exact chance says.
    let Some(game) = super::ways("kasa-cappadocia-ways") else { panic!("no ways slot") };
    let mut rng = Pcg32::new(47);
    let n = 1_000_000u32;
    let (mut sum, mut sum_sq, mut triggers) = (0.0f64, 0.0f64, 0u32);
    for _ in 0..n {
        let out = game.play(&mut rng);
        assert_eq!(out.win_units, out.spins.iter().map(|s| s.units).sum::<u64>());
        triggers += u32::from(out.spins.len() > 1);
        let ret = out.win_units as f64 / f64::from(ways::UNITS_PER_BET);
        sum += ret;
        sum_sq += ret * ret;
    }
    let nf = f64::from(n);
    let mean = sum / nf;
    let error = ((sum_sq / nf - mean * mean) / nf).sqrt();
    let exact = game.rtp();
    println!(
        "cappadocia ways: {n} rounds returned {:.4}% against the exact {:.4}% ({:.2} σ)",
        mean * 100.0,
        exact * 100.0,
        (mean - exact) / error
    );
    assert!((mean - exact).abs() <= 5.0 * error, "measured {mean} vs exact {exact} (standard error {error})");
    let p = game.trigger_chance();
    let t = f64::from(triggers) / nf;
    assert!((t - p).abs() <= 5.0 * (p * (1.0 - p) / nf).sqrt(), "free spins {t} vs {p}");
    // A round replays from its seed.
    let Some(Replay::Ways(a)) = verify(game.code(), SEED, "player seed", 3) else { panic!("no replay") };
    assert_eq!(a, game.play(&mut FairRng::new(SEED, "player seed", 3)));
    for spin in &a.spins {
        assert_eq!(spin.grid.iter().map(Vec::len).collect::<Vec<_>>(), spin.heights.iter().map(|&h| usize::from(h)).collect::<Vec<_>>());
        assert_eq!(spin.ways, spin.heights.iter().map(|&h| u64::from(h)).product::<u64>());
    }
}

#[test]
fn simulation_blackjack_played_perfectly_returns_the_exact_figure() {
    // A million rounds, each decision the strategy's best: the measured return per first bet
    // matches the exact one within 5 standard errors, so the rules played and the rules computed
    // are the same.
    use blackjack::{Round, Strategy, value};
    let strategies: Vec<Strategy> = (1..=10).map(Strategy::new).collect();
    let mut rng = Pcg32::new(53);
    let n = 1_000_000u32;
    let (mut sum, mut sum_sq) = (0.0f64, 0.0f64);
    for _ in 0..n {
        let mut round = Round::deal(blackjack::shoe(&mut rng), 100);
        let s = &strategies[usize::from(value(round.dealer[0])) - 1];
        while !round.finished {
            let hand = &round.hands[round.active];
            let action = s.best(&hand.cards, &round.actions());
            round.act(action).unwrap();
        }
        let ret = round.returned() as f64 / 100.0 - (round.staked() as f64 / 100.0 - 1.0);
        sum += ret;
        sum_sq += ret * ret;
    }
    let nf = f64::from(n);
    let mean = sum / nf;
    let error = ((sum_sq / nf - mean * mean) / nf).sqrt();
    let exact = blackjack::rtp();
    println!(
        "blackjack: {n} rounds returned {:.4}% against the exact {:.4}% ({:.2} σ)",
        mean * 100.0,
        exact * 100.0,
        (mean - exact) / error
    );
    assert!((mean - exact).abs() <= 5.0 * error, "measured {mean} vs exact {exact} (standard error {error})");
}
