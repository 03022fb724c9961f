//! The long soak: 10⁶ random pairs for every family of kinds (28 unordered pairs), each checked
//! against the oracle for `intersects` (both orders) and `contains` (both directions).
//! Ignored by default; run with
//! `cargo test --release -p collide2d --test soak -- --ignored --nocapture`
//! (`SOAK_PAIRS=N` to change the count per family).

mod common;

use collide2d::{contains, intersects};
use common::{oracle_contains, oracle_intersects, shape_of, KINDS};
use proptest::strategy::{Strategy, ValueTree};
use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};

#[derive(Default, Debug)]
struct Tally {
    pairs: u64,
    decided: u64,
    hits: u64,
    disagreements: u64,
}

fn soak_family(ka: &'static str, kb: &'static str, pairs: u64, seed: u8) -> Tally {
    let rng = TestRng::from_seed(RngAlgorithm::ChaCha, &[seed; 32]);
    let mut runner = TestRunner::new_with_rng(Config::default(), rng);
    let strategy = (shape_of(ka), shape_of(kb));
    let mut t = Tally::default();
    while t.pairs < pairs {
        let Ok(tree) = strategy.new_tree(&mut runner) else { continue };
        let (a, b) = tree.current();
        t.pairs += 1;
        let hit = intersects(&a, &b);
        t.hits += hit as u64;
        let mut wrong = hit != intersects(&b, &a);
        if let Some(expected) = oracle_intersects(&a, &b) {
            t.decided += 1;
            wrong |= hit != expected;
        }
        for (x, y) in [(&a, &b), (&b, &a)] {
            if let Some(expected) = oracle_contains(x, y) {
                wrong |= contains(x, y) != expected;
            }
        }
        if wrong {
            t.disagreements += 1;
            if t.disagreements <= 3 {
                eprintln!("DISAGREEMENT {ka} vs {kb}:\n  a = {a:?}\n  b = {b:?}");
            }
        }
    }
    t
}

#[test]
#[ignore = "long soak: 10^6 pairs per family; run in release with --ignored"]
fn a_million_random_pairs_per_family_agree_with_the_oracle() {
    let pairs: u64 = std::env::var("SOAK_PAIRS").ok().and_then(|s| s.parse().ok()).unwrap_or(1_000_000);
    let families: Vec<(&str, &str)> =
        KINDS.iter().enumerate().flat_map(|(i, a)| KINDS[i..].iter().map(move |b| (*a, *b))).collect();
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let results: Vec<((&str, &str), Tally)> = std::thread::scope(|scope| {
        let chunks: Vec<_> = families.chunks(families.len().div_ceil(threads)).collect();
        let handles: Vec<_> = chunks
            .into_iter()
            .map(|chunk| {
                scope.spawn(move || {
                    chunk
                        .iter()
                        .enumerate()
                        .map(|(i, (a, b))| ((*a, *b), soak_family(a, b, pairs, i as u8 + 1)))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles.into_iter().flat_map(|h| h.join().expect("soak thread panicked")).collect()
    });
    let mut total = Tally::default();
    for ((a, b), t) in &results {
        println!(
            "{a:>8} vs {b:<8} pairs {:>8} hits {:>8} oracle decided {:>8} disagreements {}",
            t.pairs, t.hits, t.decided, t.disagreements
        );
        total.pairs += t.pairs;
        total.decided += t.decided;
        total.disagreements += t.disagreements;
    }
    println!("total: {} pairs, oracle decided {}, disagreements {}", total.pairs, total.decided, total.disagreements);
    assert_eq!(total.disagreements, 0);
}
