//! An ordered parallel map: the batch commands' way to use every core.
//!
//! [`ordered_map`] takes items from an iterator on the calling thread,
//! groups consecutive items into chunks, maps each chunk on one of `jobs`
//! threads and hands the results back, on the calling thread, in the
//! order of the items. The calling thread is one of the `jobs`: it starts
//! `jobs - 1` workers, keeps each of them two chunks ahead, and maps the
//! chunks it takes beyond that itself, so `--jobs 2` is two threads on two
//! cores rather than two workers and a reader-writer competing for them.
//! At most two chunks per job, and two more, are in flight (taken from the
//! iterator and not yet handed back), so memory stays bounded however long
//! the input is; the two more let the calling thread go on mapping while
//! the oldest chunk is still at a worker. The first chunks are small (1, 2,
//! 4, ... items, up to the largest size asked for) so that a few slow
//! items (a deep perft) are spread over the threads too.
//!
//! A command uses it by making each chunk's output in a buffer (a
//! [`crate::output::Report::buffered`] report) and writing the buffers out
//! in order.

use std::collections::BTreeMap;
use std::panic::{self, AssertUnwindSafe};
use std::sync::{Mutex, mpsc};
use std::thread;

/// Buffers handed back by the thread that used them last, to be filled
/// again: a chunk's bytes are made on one thread and dropped on another, and
/// memory freed that way returns to the system and comes back as fresh
/// pages (a page fault each) for the next chunk. Kept buffers do not.
#[derive(Default)]
pub struct Spare(Mutex<Vec<Vec<u8>>>);

impl Spare {
    /// Buffers kept at most: more than the chunks in flight at once.
    const KEPT: usize = 16;

    /// An empty buffer, one handed back if there is one.
    pub fn take(&self) -> Vec<u8> {
        let mut buffer = self.0.lock().ok().and_then(|mut kept| kept.pop()).unwrap_or_default();
        buffer.clear();
        buffer
    }

    /// `text` from `at` on, moved into a buffer of these with `room` more
    /// bytes reserved (the start of the next chunk); `text` keeps what is
    /// before `at`.
    pub fn split_off(&self, text: &mut Vec<u8>, at: usize, room: usize) -> Vec<u8> {
        let mut rest = self.take();
        rest.reserve(room + (text.len() - at));
        rest.extend_from_slice(&text[at..]);
        text.truncate(at);
        rest
    }

    /// Hands `buffer` back for a later [`Spare::take`].
    pub fn give(&self, buffer: Vec<u8>) {
        if buffer.capacity() > 0
            && let Ok(mut kept) = self.0.lock()
            && kept.len() < Spare::KEPT
        {
            kept.push(buffer);
        }
    }
}

/// The number of threads `--jobs` asks for, or by default the number of
/// cores; at least 1.
pub fn jobs(asked: Option<usize>) -> usize {
    asked.unwrap_or_else(|| thread::available_parallelism().map_or(1, usize::from)).max(1)
}

/// [`jobs`], but 1 by default when the inputs are `typed` at a terminal:
/// with several threads a line's answer may wait until the next line is
/// read.
pub fn jobs_for(asked: Option<usize>, typed: bool) -> usize {
    if typed { asked.unwrap_or(1).max(1) } else { jobs(asked) }
}

/// Maps `work` over chunks of consecutive `items` on `jobs` threads (the
/// calling one and `jobs - 1` workers) and calls `emit` with each chunk's
/// result in the items' order.
///
/// Chunks hold at most `max_chunk` items; the first chunks are smaller.
/// The iteration over `items` and every call of `emit` happen on the
/// calling thread, so neither needs to be `Send`. With `jobs` at 1 no
/// thread is started: each chunk is mapped and emitted in turn.
///
/// When `emit` returns an error, no more items are taken and the error is
/// returned once the chunks in flight are done. A panic in `work` is
/// raised again on the calling thread.
///
/// The tests below show the order kept, the bound on the items taken
/// ahead of the output, the calling thread taking its share, and an error
/// stopping the input.
pub fn ordered_map<T, R, E>(
    items: impl Iterator<Item = T>,
    jobs: usize,
    max_chunk: usize,
    work: impl Fn(Vec<T>) -> R + Sync,
    mut emit: impl FnMut(R) -> Result<(), E>,
) -> Result<(), E>
where
    T: Send,
    R: Send,
{
    let mut chunks = Chunks { items, size: 1, max: max_chunk.max(1) };
    if jobs <= 1 {
        for chunk in &mut chunks {
            emit(work(chunk))?;
        }
        return Ok(());
    }
    let workers = jobs - 1;
    // chunks taken and not yet emitted, in all; and handed to the workers
    // and not yet back
    let in_flight_max = 2 * jobs as u64 + 2;
    let at_workers_max = 2 * workers as u64;
    let (work_tx, work_rx) = mpsc::channel::<(u64, Vec<T>)>();
    let work_rx = Mutex::new(work_rx);
    let (done_tx, done_rx) = mpsc::channel::<(u64, thread::Result<R>)>();
    thread::scope(|scope| {
        for _ in 0..workers {
            let done_tx = done_tx.clone();
            let (work_rx, work) = (&work_rx, &work);
            scope.spawn(move || {
                loop {
                    // the lock is held only while waiting for a chunk
                    let next = match work_rx.lock() {
                        Ok(rx) => rx.recv(),
                        Err(_) => return,
                    };
                    let Ok((index, chunk)) = next else { return };
                    let result = panic::catch_unwind(AssertUnwindSafe(|| work(chunk)));
                    let failed = result.is_err();
                    if done_tx.send((index, result)).is_err() || failed {
                        return;
                    }
                }
            });
        }
        drop(done_tx);
        let mut work_tx = Some(work_tx);
        let mut pending: BTreeMap<u64, R> = BTreeMap::new();
        let (mut sent, mut emitted, mut at_workers) = (0u64, 0u64, 0u64);
        let mut outcome = Ok(());
        // hands out, in order, what is ready; after an error only counts
        let mut drain = |pending: &mut BTreeMap<u64, R>, emitted: &mut u64, outcome: &mut Result<(), E>| {
            while let Some(result) = pending.remove(emitted) {
                *emitted += 1;
                if outcome.is_ok() {
                    *outcome = emit(result);
                }
            }
        };
        let receive = |pending: &mut BTreeMap<u64, R>, at_workers: &mut u64, block: bool| -> bool {
            let next = if block { done_rx.recv().ok() } else { done_rx.try_recv().ok() };
            match next {
                Some((index, Ok(result))) => {
                    pending.insert(index, result);
                    *at_workers -= 1;
                    true
                }
                Some((_, Err(payload))) => panic::resume_unwind(payload),
                None => false,
            }
        };
        loop {
            if outcome.is_err() {
                work_tx = None;
            }
            if let Some(tx) = &work_tx
                && sent - emitted < in_flight_max
            {
                if let Some(chunk) = chunks.next() {
                    if at_workers < at_workers_max {
                        if tx.send((sent, chunk)).is_ok() {
                            at_workers += 1;
                            sent += 1;
                        }
                    } else {
                        // the workers have enough ahead of them: this
                        // thread maps the chunk itself
                        pending.insert(sent, work(chunk));
                        sent += 1;
                    }
                    while receive(&mut pending, &mut at_workers, false) {}
                    drain(&mut pending, &mut emitted, &mut outcome);
                    continue;
                }
                work_tx = None;
            }
            if emitted == sent {
                break;
            }
            drain(&mut pending, &mut emitted, &mut outcome);
            if emitted == sent {
                continue;
            }
            if !receive(&mut pending, &mut at_workers, true) {
                break;
            }
            drain(&mut pending, &mut emitted, &mut outcome);
        }
        drop(work_tx);
        outcome
    })
}

/// Consecutive items in chunks of 1, 2, 4, ... up to `max` items.
struct Chunks<I> {
    items: I,
    size: usize,
    max: usize,
}

impl<I: Iterator> Iterator for Chunks<I> {
    type Item = Vec<I::Item>;

    fn next(&mut self) -> Option<Vec<I::Item>> {
        let chunk: Vec<I::Item> = self.items.by_ref().take(self.size).collect();
        self.size = (self.size * 2).min(self.max);
        if chunk.is_empty() { None } else { Some(chunk) }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::time::Duration;

    use super::ordered_map;

    #[test]
    fn results_come_in_the_order_of_the_items() {
        for jobs in 1..=4 {
            let mut out = Vec::new();
            let done: Result<(), ()> = ordered_map(
                0..10_000u64,
                jobs,
                64,
                |chunk| {
                    // later items finish first, to shuffle the chunks
                    if chunk[0] % 3 == 0 {
                        std::thread::sleep(Duration::from_micros(200));
                    }
                    chunk.iter().map(|i| i * 2).collect::<Vec<_>>()
                },
                |doubled| {
                    out.extend(doubled);
                    Ok(())
                },
            );
            assert_eq!(done, Ok(()));
            assert_eq!(out, (0..10_000u64).map(|i| i * 2).collect::<Vec<_>>(), "{jobs} jobs");
        }
    }

    #[test]
    fn lines_typed_at_a_terminal_get_one_job_unless_asked() {
        use super::{jobs, jobs_for};
        assert_eq!(jobs_for(None, true), 1);
        assert_eq!(jobs_for(Some(3), true), 3);
        assert_eq!(jobs_for(Some(0), true), 1);
        assert_eq!(jobs_for(None, false), jobs(None));
        assert_eq!(jobs_for(Some(2), false), 2);
    }

    #[test]
    fn chunks_in_flight_are_bounded() {
        // items are taken only as results are handed out: with 2 jobs at
        // most 6 chunks of at most 8 items are ahead of the output
        let taken = AtomicUsize::new(0);
        let mut emitted = 0usize;
        let items = (0..5_000).inspect(|_| {
            taken.fetch_add(1, Ordering::SeqCst);
        });
        let result: Result<(), ()> = ordered_map(
            items,
            2,
            8,
            |chunk: Vec<i32>| chunk.len(),
            |n| {
                emitted += n;
                assert!(
                    taken.load(Ordering::SeqCst) - emitted <= 6 * 8 + 8,
                    "{} taken, {emitted} out",
                    taken.load(Ordering::SeqCst)
                );
                Ok(())
            },
        );
        assert_eq!(result, Ok(()));
        assert_eq!(emitted, 5_000);
    }

    #[test]
    fn the_calling_thread_is_one_of_the_jobs() {
        // two jobs are the calling thread and one worker, and both map
        // chunks
        let caller = std::thread::current().id();
        let threads = std::sync::Mutex::new(std::collections::HashMap::new());
        let result: Result<(), ()> = ordered_map(
            0..20_000u32,
            2,
            16,
            |chunk| {
                // each chunk takes a little while, so the worker has some
                // ahead of it when the calling thread looks
                std::thread::sleep(Duration::from_micros(50));
                *threads.lock().unwrap().entry(std::thread::current().id()).or_insert(0) += chunk.len();
            },
            |()| Ok(()),
        );
        assert_eq!(result, Ok(()));
        let threads = threads.into_inner().unwrap();
        assert_eq!(threads.len(), 2, "{threads:?}");
        assert!(threads.get(&caller).is_some_and(|&n| n > 1_000), "{threads:?}");
        assert_eq!(threads.values().sum::<usize>(), 20_000);
    }

    #[test]
    fn an_error_stops_the_input() {
        let taken = AtomicUsize::new(0);
        let items = (0..1_000_000).inspect(|_| {
            taken.fetch_add(1, Ordering::SeqCst);
        });
        let mut seen = 0;
        let result = ordered_map(
            items,
            2,
            16,
            |chunk: Vec<i32>| chunk,
            |chunk| {
                seen += chunk.len();
                if seen > 100 { Err("closed") } else { Ok(()) }
            },
        );
        assert_eq!(result, Err("closed"));
        assert!(taken.load(Ordering::SeqCst) < 1_000, "{}", taken.load(Ordering::SeqCst));
    }

    #[test]
    fn spare_buffers_come_back_empty_and_few_are_kept() {
        let spare = super::Spare::default();
        assert_eq!(spare.take().capacity(), 0);
        let mut buffer = Vec::with_capacity(1000);
        buffer.extend_from_slice(b"used");
        spare.give(buffer);
        let again = spare.take();
        assert!(again.is_empty() && again.capacity() >= 1000);
        for _ in 0..100 {
            spare.give(Vec::with_capacity(10));
        }
        let kept = std::iter::from_fn(|| Some(spare.take())).take_while(|b| b.capacity() > 0).count();
        assert_eq!(kept, super::Spare::KEPT);
    }

    #[test]
    fn a_panic_in_work_reaches_the_caller() {
        let result = std::panic::catch_unwind(|| {
            let _: Result<(), ()> =
                ordered_map(0..100, 2, 4, |chunk: Vec<i32>| assert!(!chunk.contains(&50)), |()| Ok(()));
        });
        assert!(result.is_err());
    }
}
