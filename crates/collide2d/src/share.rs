//! Work shared between the calling thread and rayon's pool (the `parallel` feature).

/// Calls `f(item, state)` for every item, on this thread (with `states[0]`) and on helpers from
/// rayon's pool (one per other state), each taking the next item until none is left. This
/// thread works rather than waiting for the pool's threads to wake, and a helper that starts
/// late (its core busy or asleep) takes fewer items rather than holding the others up. With no
/// state, nothing runs.
pub(crate) fn share<I, S>(items: I, states: &mut [S], f: impl Fn(I::Item, &mut S) + Sync)
where
    I: Iterator + Send,
    I::Item: Send,
    S: Send,
{
    let items = std::sync::Mutex::new(items);
    // A panic in `f` leaves the others to finish the items, then the scope passes it on; the
    // lock is poisoned only by a panicking iterator, and then the others stop.
    let next = || items.lock().map_or(None, |mut it| it.next());
    let run = |state: &mut S| {
        while let Some(item) = next() {
            f(item, state);
        }
    };
    let Some((mine, helpers)) = states.split_first_mut() else { return };
    rayon::in_place_scope(|s| {
        let run = &run;
        for state in helpers {
            s.spawn(move |_| run(state));
        }
        run(mine);
    });
}

/// The threads to share work among: the pool's, at least two (this thread and a helper).
pub(crate) fn participants() -> usize {
    rayon::current_num_threads().max(2)
}

/// Calls `f(c, part)` for every stretch `c` in `0..stretches`, shared as [`share`] does, each
/// stretch appending to a list of its own; then appends the lists to `out` in stretch order, so
/// that `out` ends as one thread calling `f(c, out)` for each stretch in turn would leave it,
/// whatever the threads did. A panic in `f` passes on before anything reaches `out`. `parts`:
/// the lists, kept between calls.
pub(crate) fn share_in_order<T: Send>(
    stretches: usize,
    parts: &mut Vec<Vec<T>>,
    out: &mut Vec<T>,
    f: impl Fn(usize, &mut Vec<T>) + Sync,
) {
    parts.resize_with(stretches, Vec::new);
    parts.iter_mut().for_each(Vec::clear);
    share(parts.iter_mut().enumerate(), &mut vec![(); participants()], |(c, part), _| f(c, part));
    parts.iter_mut().for_each(|part| out.append(part));
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every item is handed out once, to this thread or a helper, whatever the number of
    /// states (more than the pool has threads, or one: this thread alone).
    #[test]
    fn shared_work_takes_every_item_once() {
        for helpers in [0, 1, 3] {
            let mut states = vec![Vec::new(); helpers + 1];
            share(0..1000u32, &mut states, |i, got: &mut Vec<u32>| got.push(i));
            let mut all: Vec<u32> = states.concat();
            all.sort_unstable();
            assert_eq!(all, (0..1000).collect::<Vec<_>>(), "{helpers} helpers");
        }
        share(0..10u32, &mut [] as &mut [()], |_, _| panic!("no state, no work"));
    }

    /// Called from the pool's own threads, nested, or in a pool of one thread, it neither
    /// deadlocks nor loses items.
    #[test]
    fn stretches_come_out_in_order_whatever_the_threads() {
        let (mut parts, mut out) = (Vec::new(), vec![7u32]);
        share_in_order(40, &mut parts, &mut out, |c, part| part.extend((0..c as u32 % 5).map(|k| c as u32 * 10 + k)));
        let want: Vec<u32> =
            std::iter::once(7).chain((0..40u32).flat_map(|c| (0..c % 5).map(move |k| c * 10 + k))).collect();
        assert_eq!(out, want);
        let failed = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            share_in_order(40, &mut parts, &mut out, |c, part| {
                part.push(c as u32);
                assert!(c != 17, "stretch 17 fails");
            })
        }));
        assert!(failed.is_err());
        assert_eq!(out, want, "nothing of a failed call reaches the output");
    }

    #[test]
    fn shared_work_from_inside_a_pool_finishes() {
        let count = |states: &mut [Vec<u32>]| {
            share(0..500u32, states, |i, got| got.push(i));
            states.iter().map(Vec::len).sum::<usize>()
        };
        let one = rayon::ThreadPoolBuilder::new().num_threads(1).build().unwrap();
        assert_eq!(one.install(|| count(&mut vec![Vec::new(); participants()])), 500);
        let nested = std::sync::atomic::AtomicUsize::new(0);
        share(0..8u32, &mut vec![(); participants()], |_, _| {
            let n = count(&mut vec![Vec::new(); participants()]);
            nested.fetch_add(n, std::sync::atomic::Ordering::Relaxed);
        });
        assert_eq!(nested.into_inner(), 8 * 500);
    }
}
