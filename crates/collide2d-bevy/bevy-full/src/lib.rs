//! Only the bench (benches/avian.rs).
