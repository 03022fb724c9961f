//! The game bench's report: its figures as Markdown tables on stdout, for BENCHMARKS.md.

use super::{per, Budget, ContactStats, LevelReport, Sprite, WorldReport, ARENA, WORLD_SPRITES};

/// Prints the sprites, the per-level move, overlap and contact tables, and the world's table.
pub(super) fn print_tables(
    sprites: &[Sprite],
    levels: &mut [LevelReport],
    worlds: &mut [WorldReport],
    budget: &Budget,
) {
    let several: Vec<String> =
        sprites.iter().filter(|s| s.islands > 1).map(|s| format!("{} ({} islands)", s.name, s.islands)).collect();
    println!();
    println!(
        "{} sprites, {} frames per level in a {ARENA}×{ARENA} px arena, {} pairs per frame; \
         largest island per sprite kept (several islands: {}).",
        sprites.len(),
        budget.frames,
        sprites.len() * (sprites.len() - 1) / 2,
        if several.is_empty() { "none".to_string() } else { several.join(", ") }
    );
    println!();
    println!("**Move and overlap test** (µs per sprite moved, per pair tested; over all pairs of every frame)");
    println!();
    println!("| level | vertices (mean) | convex pieces (mean) | move, ours (`transformed`) mean / p99 | ours, edges and pieces on first use: mean / p99 | move, parry2d (`Pose`) | `intersects`, ours | `intersection_test`, parry2d | overlapping pairs | answers differ |");
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    for r in levels.iter_mut() {
        println!(
            "| {} | {:.1} | {:.1} | {:.2} / {:.2} | {:.2} / {:.2} | {:.3} | {:.2} | {:.2} | {} of {} | {} of {} |",
            r.level,
            r.vertices,
            r.pieces,
            r.move_ours.mean(),
            r.move_ours.p99(),
            r.derive_ours.mean(),
            r.derive_ours.p99(),
            r.move_parry,
            r.intersects_ours,
            r.intersects_parry,
            r.overlapping,
            r.pairs,
            r.intersects_differ,
            r.pairs
        );
    }
    for (title, pick) in [
        ("**Contact on the overlapping pairs** (µs per pair)", (|r: &mut LevelReport| &mut r.deep) as fn(&mut LevelReport) -> &mut ContactStats),
        (
            "**Contact, shallow** (the same pairs with the second sprite moved back along our push-out to about 2 px of depth; µs per pair)",
            |r: &mut LevelReport| &mut r.shallow,
        ),
    ] {
        println!();
        println!("{title}");
        println!();
        println!("| level | pairs timed | our depth (mean px) | `contact`, ours: mean / p99 | `contact`, parry2d: mean / p99 | ours ÷ parry2d (mean) | parry2d shallower than ours | answers differ | no overlap for ours | `contact_deepest_piece_pair`, ours: mean / p99 | it ÷ parry2d (mean) | its depth deeper / shallower than parry2d's | it and parry2d differ in kind |");
        println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
        for r in levels.iter_mut() {
            let level = r.level;
            let s = pick(r);
            let (ours, parry) = (s.ours.mean(), s.parry.mean());
            let fast = s.fast.mean();
            println!(
                "| {level} | {} | {:.2} | {:.1} / {:.1} | {:.1} / {:.1} | {:.1} | {} of {} | {} of {} | {} | {:.1} / {:.1} | {:.2} | {} / {} of {} | {} |",
                s.pairs(),
                s.depth_sum / s.both.max(1) as f64,
                ours,
                s.ours.p99(),
                parry,
                s.parry.p99(),
                ours / parry,
                s.parry_shallower,
                s.both,
                s.differ,
                s.pairs(),
                s.ours_none,
                fast,
                s.fast.p99(),
                fast / parry,
                s.fast_deeper,
                s.fast_shallower,
                s.pairs(),
                s.fast_differ
            );
        }
    }
    let steps = worlds.first().map_or(1, |w| w.steps.max(1));
    let arena = worlds.first().map_or(0.0, |w| w.arena);
    println!();
    println!(
        "**World** ({WORLD_SPRITES} Optimal sprites in a {arena:.0}×{arena:.0} px arena, each moving 1–3 px and turning 1–5° per step; one thread; {steps} steps timed per contact method)"
    );
    println!();
    println!("| contact method | step incl. `set_transform`: mean / p99 (ms) | `set_transform` per collider (µs) | touching pairs per step | colliders touching another |");
    println!("|---|---:|---:|---:|---:|");
    for world in worlds.iter_mut() {
        println!(
            "| {} | {:.2} / {:.2} | {:.1} | {:.1} | {:.0} % |",
            world.method,
            world.step.mean() / 1e3,
            world.step.p99() / 1e3,
            per(world.set_transform, steps * WORLD_SPRITES),
            world.touching_pairs as f64 / steps as f64,
            100.0 * world.colliding as f64 / (steps * WORLD_SPRITES) as f64
        );
    }
    println!();
}
