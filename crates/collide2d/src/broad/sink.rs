//! [`PairSink`]: where a search puts the pairs it finds, without a branch per test, and
//! [`PairBudget`]: how many it may find in all.

use std::sync::atomic::{AtomicUsize, Ordering};

use super::entries::Entry;

/// The size of [`PairSink`]'s buffer.
const SINK: usize = 256;

/// How many pairs a search may find, shared by the sinks of every stretch of it (on any
/// thread): past the limit, the sinks drop what they find and the search stops early, so that
/// neither its memory nor its time grows with the pairs beyond the limit.
pub(crate) struct PairBudget {
    found: AtomicUsize,
    limit: usize,
}

impl PairBudget {
    /// A budget of `limit` pairs (`usize::MAX`: no limit).
    pub(crate) fn new(limit: usize) -> Self {
        PairBudget { found: AtomicUsize::new(0), limit }
    }

    /// Counts `n` more pairs: whether they are within the limit.
    #[inline]
    pub(crate) fn take(&self, n: usize) -> bool {
        self.found.fetch_add(n, Ordering::Relaxed).saturating_add(n) <= self.limit
    }

    /// Whether more pairs were found than the limit allows.
    #[inline]
    pub(crate) fn exceeded(&self) -> bool {
        self.found.load(Ordering::Relaxed) > self.limit
    }
}

/// Collects found pairs without a branch per test: every candidate is written to a small
/// buffer and the count advances only for the pairs that pass (which are unpredictable, so a
/// branch per test would mispredict often).
///
/// `FILTERED`: whether to test the filters (off when every box has the default filter).
pub(super) struct PairSink<'a, const FILTERED: bool> {
    pub(super) out: &'a mut Vec<(u32, u32)>,
    pub(super) budget: &'a PairBudget,
    /// Candidates as `a << 32 | b`: one store each.
    buf: [u64; SINK],
    n: usize,
}

impl<'a, const FILTERED: bool> PairSink<'a, FILTERED> {
    /// An empty sink whose pairs go to `out`.
    pub(super) fn new(out: &'a mut Vec<(u32, u32)>, budget: &'a PairBudget) -> Self {
        PairSink { out, budget, buf: [0; SINK], n: 0 }
    }

    /// Whether the search is over its budget (and should stop).
    #[inline]
    pub(super) fn exceeded(&self) -> bool {
        self.budget.exceeded()
    }

    /// Moves the pairs found to `out`, each in order (the scan writes every candidate, so it
    /// leaves the ordering to the few that pass), while the budget lasts; past it, drops them.
    pub(super) fn flush(&mut self) {
        if !self.budget.take(self.n) {
            self.n = 0;
            return;
        }
        self.out.extend(self.buf[..self.n].iter().map(|&v| {
            let (a, b) = ((v >> 32) as u32, v as u32);
            (a.min(b), a.max(b))
        }));
        self.n = 0;
    }

    /// Tests `a` against each entry of `bs` that `accept` admits.
    #[inline(always)]
    pub(super) fn scan(&mut self, a: &Entry, bs: &[Entry], accept: impl Fn(&Entry) -> bool) {
        if self.n + bs.len() > SINK {
            self.flush();
            if bs.len() > SINK {
                self.scan_long(a, bs, &accept);
                return;
            }
        }
        self.test_all(a, bs, &accept);
    }

    /// [`Self::scan`] of a run longer than the buffer, with the buffer empty: out of the way of
    /// the usual case.
    #[cold]
    #[inline(never)]
    fn scan_long(&mut self, a: &Entry, bs: &[Entry], accept: &impl Fn(&Entry) -> bool) {
        for c in bs.chunks(SINK) {
            self.test_all(a, c, accept);
            self.flush();
            if self.exceeded() {
                return;
            }
        }
    }

    /// [`Self::scan`] of two runs with every candidate admitted.
    #[inline(always)]
    pub(super) fn scan2(&mut self, a: &Entry, bs: &[Entry], cs: &[Entry]) {
        if self.n + bs.len() + cs.len() > SINK {
            self.scan2_flushing(a, bs, cs);
        } else {
            self.test_all(a, bs, |_| true);
            self.test_all(a, cs, |_| true);
        }
    }

    /// [`Self::scan2`] when the buffer may fill: out of the way of the usual case.
    #[cold]
    #[inline(never)]
    fn scan2_flushing(&mut self, a: &Entry, bs: &[Entry], cs: &[Entry]) {
        self.scan(a, bs, |_| true);
        self.scan(a, cs, |_| true);
    }

    /// Tests `a` against `bs`, which the buffer has room for.
    #[inline(always)]
    fn test_all(&mut self, a: &Entry, bs: &[Entry], accept: impl Fn(&Entry) -> bool) {
        // Locals, so that the buffer's stores cannot be taken to change them.
        let (probe, ai, al, am) = (a.p.probe(), (a.idx as u64) << 32, a.layer, a.mask);
        let mut n = self.n;
        for b in bs {
            let allowed = !FILTERED || ((al & b.mask) != 0) & ((b.layer & am) != 0);
            let ok = accept(b) & b.p.meets(&probe) & allowed;
            self.buf[n % SINK] = ai | b.idx as u64;
            n += ok as usize;
        }
        self.n = n;
    }
}
