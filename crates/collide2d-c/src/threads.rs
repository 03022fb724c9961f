//! The threads a world's step shares its work with: the world's own, started at the first step
//! that may use them and joined, with what they left in crossbeam-epoch's global list freed,
//! when the world is destroyed or its thread count changes. Rayon's global pool, which the
//! library would use otherwise, is never joined: its threads outlive every world, and leak
//! checkers (valgrind) report the memory they hold at exit.

use std::thread::JoinHandle;

use collide2d::World;

use crate::status::Error;

/// How many threads a world's steps use, and its pool once started.
pub(crate) struct Threads {
    /// The count asked for: 0 for rayon's default (one a core, or `RAYON_NUM_THREADS`), 1 for
    /// the calling thread alone.
    count: usize,
    pool: Option<Pool>,
    /// The world's threshold for sharing work when it may share any.
    threshold: usize,
}

/// A rayon pool with the handles of its threads, which rayon does not join on its own.
struct Pool {
    pool: Option<rayon::ThreadPool>,
    threads: Vec<JoinHandle<()>>,
}

impl Drop for Pool {
    fn drop(&mut self) {
        // Dropping the pool only tells its threads to stop; joining waits until they have.
        drop(self.pool.take());
        for thread in self.threads.drain(..) {
            // A thread that panicked has stopped all the same.
            let _ = thread.join();
        }
        // Each thread that stole work (rayon's deques pin crossbeam's epoch) leaves its record in
        // crossbeam-epoch's global list when it ends, freed only once a live thread walks the
        // list and the epoch moves on twice more: valgrind reported the records left at exit
        // as possibly lost. Walking it here frees them (with no other thread pinned; one that
        // is only delays this, and nothing waits).
        for _ in 0..4 {
            crossbeam_epoch::pin().flush();
        }
    }
}

/// The pool of `count` threads (0: rayon's default), or `None` when threads cannot be started.
fn start(count: usize) -> Option<Pool> {
    let mut threads = Vec::new();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(count)
        .thread_name(|i| format!("collide2d-{i}"))
        .spawn_handler(|thread| {
            let mut builder = std::thread::Builder::new();
            if let Some(name) = thread.name() {
                builder = builder.name(name.to_owned());
            }
            threads.push(builder.spawn(|| thread.run())?);
            Ok(())
        })
        .build();
    // On failure, the threads already started were told to stop with the registry; the pool's
    // drop joins them.
    let started = Pool { pool: pool.ok(), threads };
    started.pool.is_some().then_some(started)
}

/// Whether a step of `n` colliders may share its work with threads. It judges at most every pair
/// once, and shares from `threshold` pairs (its broad phase from 32 times as many colliders,
/// which have more pairs than that).
fn may_share(n: usize, threshold: usize) -> bool {
    n.saturating_mul(n.saturating_sub(1)) / 2 >= threshold
}

impl Threads {
    /// The default for `world`: rayon's count of threads, none started yet.
    pub(crate) fn new(world: &World<usize>) -> Self {
        Self { count: 0, pool: None, threshold: world.parallel_threshold() }
    }

    /// Sets the count (joining the threads of the old one) and tells `world` whether it may
    /// share work at all: with one thread it never hands any to rayon.
    pub(crate) fn set_count(&mut self, world: &mut World<usize>, count: i32) -> Result<(), Error> {
        let count = usize::try_from(count).map_err(|_| {
            Error::invalid_argument(format!(
                "thread count {count} is negative: pass 1 for the calling thread, 0 for one a core"
            ))
        })?;
        self.pool = None;
        self.count = count;
        world.set_parallel_threshold(if count == 1 { usize::MAX } else { self.threshold });
        Ok(())
    }

    /// Runs `body` on `world`: in the world's pool (started now if need be) when its step may
    /// share work, else on the calling thread.
    pub(crate) fn run<R: Send>(
        &mut self,
        world: &mut World<usize>,
        body: impl FnOnce(&mut World<usize>) -> R + Send,
    ) -> R {
        if self.count == 1 || !may_share(world.len(), world.parallel_threshold()) {
            return body(world);
        }
        if self.pool.is_none() {
            self.pool = start(self.count);
        }
        match self.pool.as_ref().and_then(|p| p.pool.as_ref()) {
            Some(pool) => pool.install(|| body(world)),
            None => {
                // No thread could be started: this step, and those after it, on this thread.
                self.count = 1;
                world.set_parallel_threshold(usize::MAX);
                body(world)
            }
        }
    }
}
