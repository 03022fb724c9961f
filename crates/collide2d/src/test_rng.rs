//! Seeded number streams for the unit tests that compare paths on many random inputs: the same
//! inputs on every run and every machine.

/// A xorshift64 stream of numbers in [0, 1).
pub(crate) fn uniform(seed: u64) -> impl FnMut() -> f32 {
    let mut state = seed;
    move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state >> 40) as f32 / (1u64 << 24) as f32
    }
}

/// The same stream spread over [-1, 1).
pub(crate) fn signed_uniform(seed: u64) -> impl FnMut() -> f32 {
    let mut next = uniform(seed);
    move || next() * 2.0 - 1.0
}
