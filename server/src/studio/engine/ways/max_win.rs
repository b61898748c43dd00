//! The ways slot's exact maximum win: the best screen for each scatter count, found by branch
//! and bound over the strips' windows.

use super::*;

impl WaysSlot {
    /// The best screen of a set of strips showing at least `scatters` scatters: its units (before
    /// any multiplier) and its grid; `None` when no screen shows that many.
    ///
    /// A branch and bound over the reels from the left. Each reel's candidates are its 7-row
    /// windows (a shorter window at the same stop shows a part of one, so never wins more, as
    /// every pay grows with the reels it spans) that no other candidate covers symbol by symbol
    /// (wild included) and in scatters; a branch is cut when even the best count of every
    /// symbol on every reel left could not beat the best screen found.
    pub(crate) fn best_screen(&self, reels: &[Vec<u8>; REELS], scatters: u32) -> Option<(u64, Vec<Vec<u8>>)> {
        let regular: Vec<usize> = (0..self.def.symbols.len()).filter(|&s| self.def.symbols[s].kind == SymbolKind::Regular).collect();
        // Per reel: each candidate window's counts (regular symbols in order, then scatters).
        let candidates: Vec<Vec<(Vec<u64>, Vec<u8>)>> = reels
            .iter()
            .map(|strip| {
                let mut all: Vec<(Vec<u64>, Vec<u8>)> = (0..strip.len() as u32)
                    .map(|stop| {
                        let win = window(strip, stop, MAX_ROWS);
                        let mut counts: Vec<u64> =
                            regular.iter().map(|&s| win.iter().filter(|&&x| x as usize == s || x == self.wild).count() as u64).collect();
                        counts.push(win.iter().filter(|&&x| x == self.scatter).count() as u64);
                        (counts, win)
                    })
                    .collect();
                all.sort_by(|a, b| b.0.cmp(&a.0));
                all.dedup_by(|a, b| a.0 == b.0);
                let covers = |a: &[u64], b: &[u64]| a != b && a.iter().zip(b).all(|(x, y)| x >= y);
                let kept: Vec<_> = all.iter().filter(|(c, _)| !all.iter().any(|(o, _)| covers(o, c))).cloned().collect();
                kept
            })
            .collect();
        let n = regular.len();
        // best[r][i]: the most of symbol i any candidate of reel r shows; scatters likewise.
        let best: Vec<Vec<u64>> =
            candidates.iter().map(|c| (0..=n).map(|i| c.iter().map(|(v, _)| v[i]).max().unwrap_or(0)).collect()).collect();
        let pays: Vec<[u64; 7]> = regular.iter().map(|&s| self.def.symbols[s].pays).collect();
        let mut search =
            Search { candidates: &candidates, best: &best, pays: &pays, scatters: u64::from(scatters), found: None, picked: vec![] };
        search.go(0, &vec![1; n], 0, 0);
        search.found.map(|(units, picks)| (units, picks.into_iter().enumerate().map(|(r, i)| candidates[r][i].1.clone()).collect()))
    }
}

/// The state of [`WaysSlot::best_screen`]'s search.
struct Search<'a> {
    candidates: &'a [Vec<(Vec<u64>, Vec<u8>)>],
    best: &'a [Vec<u64>],
    pays: &'a [[u64; 7]],
    scatters: u64,
    found: Option<(u64, Vec<usize>)>,
    picked: Vec<usize>,
}

impl Search<'_> {
    /// At reel `r`: each live symbol's ways so far (0 once it stopped), the units of the symbols
    /// that stopped, the scatters so far.
    fn go(&mut self, r: usize, ways: &[u64], done: u64, scatters: u64) {
        let n = self.pays.len();
        if r == REELS {
            let units = done + (0..n).map(|i| self.pays[i][REELS] * ways[i]).sum::<u64>();
            if scatters >= self.scatters && self.found.as_ref().is_none_or(|(u, _)| units > *u) {
                self.found = Some((units, self.picked.clone()));
            }
            return;
        }
        // The bound: every live symbol at its best count on every reel left, stopping where it pays most.
        let bound = done
            + (0..n)
                .filter(|&i| ways[i] > 0)
                .map(|i| {
                    let mut w = ways[i];
                    let mut most = self.pays[i][r] * w;
                    for (k, best) in self.best.iter().enumerate().skip(r) {
                        w *= best[i];
                        most = most.max(self.pays[i][k + 1] * w);
                    }
                    most
                })
                .sum::<u64>();
        let reachable = scatters + self.best[r..].iter().map(|b| b[n]).sum::<u64>();
        if reachable < self.scatters || self.found.as_ref().is_some_and(|(u, _)| bound <= *u) {
            return;
        }
        for c in 0..self.candidates[r].len() {
            let counts = &self.candidates[r][c].0;
            let mut next = ways.to_vec();
            let mut stopped = done;
            for i in 0..n {
                if ways[i] > 0 && counts[i] == 0 {
                    stopped += self.pays[i][r] * ways[i];
                }
                next[i] = ways[i] * counts[i];
            }
            self.picked.push(c);
            self.go(r + 1, &next, stopped, scatters + counts[n]);
            self.picked.pop();
        }
    }
}
