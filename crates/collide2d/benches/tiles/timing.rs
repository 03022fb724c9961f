//! The plain loop that times every side at every size in turn, on the thread's CPU clock.

use super::*;

/// This thread's time on a CPU in ns (`CLOCK_THREAD_CPUTIME_ID`, exact where the scheduler's
/// own count moves a tick at a time); wall time off Linux.
pub(super) fn thread_ns() -> u64 {
    #[cfg(target_os = "linux")]
    {
        #[repr(C)]
        struct Timespec {
            sec: i64,
            nsec: i64,
        }
        unsafe extern "C" {
            fn clock_gettime(clock: i32, time: *mut Timespec) -> i32;
        }
        const CLOCK_THREAD_CPUTIME_ID: i32 = 3;
        let mut t = Timespec { sec: 0, nsec: 0 };
        // SAFETY: a valid clock and a place for its answer.
        if unsafe { clock_gettime(CLOCK_THREAD_CPUTIME_ID, &mut t) } == 0 {
            return t.sec as u64 * 1_000_000_000 + t.nsec as u64;
        }
    }
    static START: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();
    START.get_or_init(Instant::now).elapsed().as_nanos() as u64
}

/// One run of a side's work, and what it made (dropped untimed).
pub(super) type Run<'a> = Box<dyn FnMut() -> Option<Box<dyn Any>> + 'a>;

/// Per size, each side's name and a run of its work.
pub(super) type Runs<'a> = Vec<Vec<(&'static str, Run<'a>)>>;

/// The plain loop: `rounds` rounds, each running every side at every size in turn so that the
/// machine's drift reaches all alike (`warm`: each run timed after an untimed one, so that every
/// side starts from caches holding what it uses, as in criterion's loops, not from what the side
/// before it left); prints each side's median time on a CPU over the rounds (divided by
/// `per_run`, in `unit`), its ratio to ours, and ours at the largest size over ours at the
/// smallest.
pub(super) fn interleaved(
    name: &str,
    sizes: &[u32],
    runs: &mut Runs,
    rounds: usize,
    warm: bool,
    (per_run, unit): (f64, &str),
) {
    let mut times: Vec<Vec<Vec<f64>>> = runs.iter().map(|sides| vec![Vec::new(); sides.len()]).collect();
    for _ in 0..rounds {
        for (sides, times) in runs.iter_mut().zip(&mut times) {
            for ((_, run), t) in sides.iter_mut().zip(times) {
                if warm {
                    drop(run());
                }
                let start = thread_ns();
                let made = run();
                t.push((thread_ns() - start) as f64 / per_run);
                drop(made);
            }
        }
    }
    let median = |t: &mut Vec<f64>| {
        t.sort_by(f64::total_cmp);
        t[t.len() / 2]
    };
    let mut ours = Vec::new();
    for ((n, sides), times) in sizes.iter().zip(runs.iter()).zip(&mut times) {
        let medians: Vec<f64> = times.iter_mut().map(median).collect();
        ours.push(medians[0]);
        let each: Vec<String> = sides
            .iter()
            .zip(&medians)
            .skip(1)
            .map(|((side, _), m)| format!("{side} {m:.1} ({:.2})", medians[0] / m))
            .collect();
        println!("tiles loop {name} {n}: ours {:.1} {unit}; {} (ours ÷ theirs)", medians[0], each.join(", "));
    }
    if ours.len() > 1 {
        println!(
            "tiles loop {name} flat: ours {:.2}× from {} to {}",
            ours[ours.len() - 1] / ours[0],
            sizes[0],
            sizes[sizes.len() - 1]
        );
    }
}
