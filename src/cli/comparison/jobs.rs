//! Games compared at once: `replay --compare` and `report` hand each game (or each game of a
//! c197 table) to one of a few threads, whole, so that a game's searches run in their order on
//! one thread with the program and run state the game gives them, exactly as one after another;
//! the results come back in the games' order, so the output is the same byte for byte whatever
//! the number of threads. Plain scoped threads: the work is a handful of long jobs, no more.

use std::collections::BTreeMap;
use std::num::NonZeroUsize;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::thread;

/// The stack of each thread: the searches recurse a ply a frame, and a thread gets 2 MiB
/// unless told otherwise; this is what Linux gives the main thread, where they ran before.
const STACK: usize = 8 << 20;

/// How many games to compare at once: `jobs` when given (at least 1), else as many as the
/// machine has processors (1 if it cannot tell).
pub fn count(jobs: Option<NonZeroUsize>) -> usize {
    jobs.or_else(|| thread::available_parallelism().ok())
        .map_or(1, NonZeroUsize::get)
}

/// What a job sends the calling thread.
enum Message<N, R> {
    /// Something it reports as it goes (for progress).
    Note(usize, N),
    /// Its result.
    Done(usize, R),
}

/// Runs `work` on each of `items` (with its index and a way to report as it goes), on up to
/// `jobs` threads, each item whole on one thread, the largest first by `size` (the work it
/// holds, roughly: its positions), so that the last to end is a small one and no thread idles
/// long at the end. On the calling thread, `note` gets what the jobs report, as they report
/// it, and `done` gets each result in the items' order as soon as it and every earlier one are
/// ready. The first error `done` returns stops the run: no job starts after it, those running
/// finish, and the error is returned.
pub fn run<T, N, R, E>(
    items: &[T],
    jobs: usize,
    size: impl Fn(&T) -> usize,
    work: impl Fn(usize, &T, &dyn Fn(N)) -> R + Sync,
    mut note: impl FnMut(usize, N),
    mut done: impl FnMut(usize, R) -> Result<(), E>,
) -> Result<(), E>
where
    T: Sync,
    N: Send,
    R: Send,
{
    // The order the items start in: largest first, equal ones in the items' order.
    let mut order: Vec<usize> = (0..items.len()).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(size(&items[i])));
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let (tx, rx) = mpsc::channel::<Message<N, R>>();
    thread::scope(|scope| {
        for _ in 0..jobs.clamp(1, items.len().max(1)) {
            let tx = tx.clone();
            let (next, stop, work, order) = (&next, &stop, &work, &order);
            thread::Builder::new()
                .stack_size(STACK)
                .spawn_scoped(scope, move || {
                    while !stop.load(Ordering::Relaxed) {
                        let Some(&i) = order.get(next.fetch_add(1, Ordering::Relaxed)) else {
                            return;
                        };
                        let item = &items[i];
                        let report = |n: N| {
                            let _ = tx.send(Message::Note(i, n));
                        };
                        let r = work(i, item, &report);
                        if tx.send(Message::Done(i, r)).is_err() {
                            return;
                        }
                    }
                })
                .expect("the system starts a thread");
        }
        drop(tx);
        // Results that came before an earlier one, by index, until it comes.
        let mut waiting = BTreeMap::new();
        let mut first = 0;
        for message in rx {
            match message {
                Message::Note(i, n) => note(i, n),
                Message::Done(i, r) => {
                    waiting.insert(i, r);
                    while let Some(r) = waiting.remove(&first) {
                        if let Err(e) = done(first, r) {
                            stop.store(true, Ordering::Relaxed);
                            return Err(e);
                        }
                        first += 1;
                    }
                }
            }
        }
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn results_come_in_the_items_order_whatever_order_the_jobs_end_in() {
        // The first items take longest, so they end last.
        let items: Vec<u64> = (0..8).collect();
        let mut seen = Vec::new();
        let result: Result<(), ()> = run(
            &items,
            4,
            |_| 1,
            |i, &x, _| {
                thread::sleep(Duration::from_millis(40 - 5 * x));
                (i, x * x)
            },
            |_, ()| {},
            |i, r| {
                seen.push((i, r));
                Ok(())
            },
        );
        assert_eq!(result, Ok(()));
        let expected: Vec<_> = (0..8).map(|i| (i as usize, (i as usize, i * i))).collect();
        assert_eq!(seen, expected);
    }

    #[test]
    fn each_item_runs_whole_on_one_thread_and_notes_reach_the_caller() {
        let items = ["a", "b", "c"];
        let mut notes = Vec::new();
        let result: Result<(), ()> = run(
            &items,
            2,
            |_| 1,
            |_, s, report| {
                let id = thread::current().id();
                for k in 0..3 {
                    report(format!("{s}{k}"));
                    assert_eq!(thread::current().id(), id);
                }
                s.len()
            },
            |i, n| notes.push((i, n)),
            |_, _| Ok(()),
        );
        assert_eq!(result, Ok(()));
        notes.sort();
        let expected: Vec<(usize, String)> = (0..3)
            .flat_map(|i| (0..3).map(move |k| (i, format!("{}{k}", items[i]))))
            .collect();
        assert_eq!(notes, expected);
    }

    #[test]
    fn the_first_error_in_order_stops_the_run() {
        let items: Vec<usize> = (0..50).collect();
        let started = AtomicUsize::new(0);
        let mut done = Vec::new();
        let result = run(
            &items,
            1,
            |_| 1,
            |_, &x, _| {
                started.fetch_add(1, Ordering::Relaxed);
                // Time enough for the caller to see item 2's error while item 3 runs.
                if x == 3 {
                    thread::sleep(Duration::from_millis(300));
                }
                x
            },
            |_, ()| {},
            |_, x| {
                done.push(x);
                if x == 2 {
                    Err(format!("item {x}"))
                } else {
                    Ok(())
                }
            },
        );
        assert_eq!(result, Err("item 2".to_string()));
        assert_eq!(done, [0, 1, 2]);
        // The one thread may have started item 3 before the caller saw item 2's error (it
        // usually has); it starts no other, item 3 running long past the error.
        let started = started.load(Ordering::Relaxed);
        assert!((3..=4).contains(&started), "{started} items started");
    }

    #[test]
    fn the_largest_items_start_first_and_the_results_still_come_in_order() {
        let items = [3, 9, 1, 9, 5];
        let started = std::sync::Mutex::new(Vec::new());
        let mut seen = Vec::new();
        let result: Result<(), ()> = run(
            &items,
            1,
            |&x| x,
            |i, _, _| started.lock().unwrap().push(i),
            |_, ()| {},
            |i, ()| {
                seen.push(i);
                Ok(())
            },
        );
        assert_eq!(result, Ok(()));
        assert_eq!(*started.lock().unwrap(), [1, 3, 4, 0, 2]);
        assert_eq!(seen, [0, 1, 2, 3, 4]);
    }

    #[test]
    fn no_items_and_one_thread_are_fine() {
        let none: [u8; 0] = [];
        let result: Result<(), ()> = run(&none, 3, |_| 1, |_, _, _| 0, |_, ()| {}, |_, _| Ok(()));
        assert_eq!(result, Ok(()));
        assert_eq!(count(NonZeroUsize::new(3)), 3);
        assert!(count(None) >= 1);
    }
}
