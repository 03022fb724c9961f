//! A second Rust static library for tests/package/consumer.c: with its own copy of std (its
//! panic machinery, allocator shims, `rust_eh_personality`), linked beside libcollide2d_c.a.
//! `rustc --crate-type staticlib` builds it (ci.sh); it is no part of the workspace.

/// 0² + 1² + … + (n − 1)², through an iterator and a thread-local, so that std's code is used.
#[no_mangle]
pub extern "C" fn other_sum_of_squares(n: u32) -> u64 {
    thread_local!(static CALLS: std::cell::Cell<u32> = const { std::cell::Cell::new(0) });
    CALLS.with(|c| c.set(c.get() + 1));
    (0..u64::from(n)).map(|i| i * i).sum()
}
