//! What both protocols share: a thread that reads standard input into events, and a search that
//! runs in its own thread and reports through the same channel, so input keeps being read while
//! the engine thinks.

use crate::game::deepening::Report;
use crate::game::engine::{Engine, Thought};
use crate::game::input::{LINE_MAX, Line, LineReader, size_text};
use crate::interface::Limits;
use crate::notation::excerpt;
use crate::rules::{Key, Position};
use crate::value::{Value, mate_moves};
use std::collections::VecDeque;
use std::io::BufRead;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, SyncSender, sync_channel};
use std::thread::{self, JoinHandle};

/// The most events waiting for a protocol session (lines read, the search's reports).
pub const QUEUED_EVENTS: usize = 256;

/// Something for a protocol session to act on.
pub enum Event {
    /// A line of input.
    Line(String),
    /// A line longer than [`LINE_MAX`]: its start (the rest was dropped).
    TooLong(String),
    /// The input ended.
    Eof,
    /// The search reports: a depth begun, progress, a depth done.
    Report(Report),
    /// The search finished: the engine comes back with its thought.
    Done(Box<(Engine, Thought)>),
}

/// The next event: one set aside earlier (while waiting for a search to stop), else the next from
/// the channel; `None` when every sender is gone.
pub fn next_event(
    rx: &Receiver<Event>,
    pending: &mut std::collections::VecDeque<Event>,
) -> Option<Event> {
    pending.pop_front().or_else(|| rx.recv().ok())
}

/// Starts a thread that sends every input line (at most [`LINE_MAX`] bytes; a longer one as
/// [`Event::TooLong`]), then `Eof`; returns the channel's two ends. At most [`QUEUED_EVENTS`]
/// events wait in the channel: input that comes faster than the session answers it (a flood of
/// bad commands, each answered with an error) waits in the pipe, not in memory.
pub fn read_input<R: BufRead + Send + 'static>(input: R) -> (SyncSender<Event>, Receiver<Event>) {
    let (tx, rx) = sync_channel(QUEUED_EVENTS);
    let t = tx.clone();
    let mut input = LineReader::new(input, LINE_MAX);
    thread::spawn(move || {
        loop {
            // Bytes, not a String: a line that is not UTF-8 is a bad command, not the end.
            let event = match input.next_line() {
                Ok(Line::End) | Err(_) => {
                    let _ = t.send(Event::Eof);
                    return;
                }
                Ok(Line::Text(bytes)) => Event::Line(String::from_utf8_lossy(&bytes).into_owned()),
                Ok(Line::TooLong(head)) => {
                    Event::TooLong(String::from_utf8_lossy(&head).into_owned())
                }
            };
            if t.send(event).is_err() {
                return;
            }
        }
    });
    (tx, rx)
}

/// What a protocol says of a line longer than [`LINE_MAX`] that starts with `head`.
pub fn too_long(head: &str) -> String {
    format!(
        "a line longer than {} ('{}') is ignored",
        size_text(LINE_MAX as u64),
        excerpt(head)
    )
}

/// A search running in its own thread.
pub struct Thinking {
    stop: Arc<AtomicBool>,
    handle: Option<JoinHandle<()>>,
}

impl Thinking {
    /// Starts `engine` thinking about `pos`; progress and the result come through `tx`.
    pub fn start(
        mut engine: Engine,
        pos: Position,
        history: Vec<Key>,
        mut limits: Limits,
        tx: SyncSender<Event>,
    ) -> Thinking {
        let stop = Arc::new(AtomicBool::new(false));
        limits.stop = Some(stop.clone());
        let handle = thread::spawn(move || {
            let report_tx = tx.clone();
            let mut report = |r: &Report| {
                let _ = report_tx.send(Event::Report(r.clone()));
            };
            let thought = engine.think(&pos, &history, &limits, &mut report);
            let _ = tx.send(Event::Done(Box::new((engine, thought))));
        });
        Thinking {
            stop,
            handle: Some(handle),
        }
    }

    /// Asks the search to stop; it still sends `Done` with the best move found so far.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

impl Drop for Thinking {
    fn drop(&mut self) {
        self.stop();
        if let Some(h) = self.handle.take() {
            let _ = h.join();
        }
    }
}

/// Waits for the `Done` of a stopped search: reports that arrive meanwhile go to `report` (so
/// they come before the result), input lines are queued in `pending`, in order.
pub fn wait_done(
    rx: &Receiver<Event>,
    pending: &mut VecDeque<Event>,
    report: &mut dyn FnMut(&Report),
) -> Option<Box<(Engine, Thought)>> {
    while let Ok(ev) = rx.recv() {
        match ev {
            Event::Done(d) => return Some(d),
            Event::Report(r) => report(&r),
            other => pending.push_back(other),
        }
    }
    None
}

/// A mate score as moves to mate (positive: the side to move mates), or None for other values.
pub fn mate_in_moves(v: Value) -> Option<i32> {
    mate_moves(v).map(|(mates, moves)| if mates { moves.max(1) } else { -moves.max(1) })
}
