//! `make bench`: the studio slot engine alone, on one core: a million rounds of each slot, each
//! with its own `FairRng` (HMAC-SHA256, as in production), in rounds and spins (free spins
//! included) per second. Writes a line per slot to `{out_dir}/slots.txt` and to stdout.

use std::fmt::Write as _;
use std::hint::black_box;
use std::time::Instant;

use kasa::studio::engine::{FairRng, new_server_seed, slots};

const ROUNDS: u64 = 1_000_000;

fn main() -> anyhow::Result<()> {
    let out_dir = std::env::args().nth(1).unwrap_or_else(|| "bench-results".to_string());
    std::fs::create_dir_all(&out_dir)?;
    let server_seed = new_server_seed();
    let mut report = String::new();
    for slot in slots() {
        let start = Instant::now();
        let (mut spins, mut won) = (0u64, 0u64);
        for nonce in 0..ROUNDS {
            let outcome = slot.play(&mut FairRng::new(&server_seed, "bench", nonce));
            spins += outcome.spins.len() as u64;
            won += black_box(outcome).win_units;
        }
        let seconds = start.elapsed().as_secs_f64();
        let line = format!(
            "{}: {ROUNDS} rounds ({spins} spins) in {seconds:.2} s on one core: {:.0} rounds/s, {:.0} spins/s (returned {:.2} %, exact RTP {:.2} %)",
            slot.code(),
            ROUNDS as f64 / seconds,
            spins as f64 / seconds,
            won as f64 / (ROUNDS * u64::from(slot.lines())) as f64 * 100.0,
            slot.rtp() * 100.0
        );
        println!("{line}");
        writeln!(report, "{line}")?;
    }
    std::fs::write(format!("{out_dir}/slots.txt"), report)?;
    Ok(())
}
