//! The input: lines read by a thread of their own, or the terminal's keys and sizes as they
//! come; the keys typed while the machine thinks kept for when it has answered ([`Keyboard`]);
//! and the next line the user types, the clock live meanwhile.

use super::Session;
use crate::game::input::{LINE_MAX, Line, LineReader};
use crate::player::editor::{Edit, LineEditor};
use crossterm::event::{self, Event, KeyCode, KeyEvent};
use std::collections::VecDeque;
use std::io::{self, BufRead, Write};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::Duration;

/// The keys typed, on the screen or such a teletype: the line being typed, the lines typed
/// ahead, to be read in turn, and what came while the machine thought.
#[derive(Default)]
pub(super) struct Keyboard {
    /// The line being typed.
    pub(super) editor: LineEditor,
    /// The lines typed ahead.
    pub(super) typed_ahead: VecDeque<String>,
    /// A size the terminal took while the machine thought (handled once it has answered).
    pub(super) resized: Option<(u16, u16)>,
    /// Whether Ctrl-C was typed while the machine thought (its search is stopped, its move not
    /// played, and the session ends as by `QUIT`).
    pub(super) interrupted: bool,
}

/// How often a live display is redrawn and a running flag looked at while nothing comes in.
pub(super) const TICK: Duration = Duration::from_millis(100);

/// The most lines typed ahead that wait on the screen (more wait in the channel).
pub(super) const TYPED_AHEAD_MAX: usize = 64;

/// What comes in while a session runs.
pub(super) enum Input {
    /// A line of input, as [`read_lines`] reads it.
    Line(io::Result<Line>),
    /// A key, on the screen.
    Key(KeyEvent),
    /// The terminal's new size, on the screen.
    Resize(u16, u16),
}

/// What the session waited for ([`Session::next_line`]).
pub(super) enum Next {
    /// A line, and whether it was typed ahead of its prompt.
    Line(Line, bool),
    /// A flag fell: the game is over.
    Woken,
    /// The input ended.
    End,
    /// The input could not be read.
    Failed(io::Error),
    /// Ctrl-C on the screen: the session ends as by `QUIT`.
    Interrupted,
}

impl<W: Write> Session<W> {
    /// Page Up and Page Down on the screen: the transcript scrolled back and forth. True if `key`
    /// was one of them.
    fn scrolled(&mut self, key: &KeyEvent) -> bool {
        let Some(screen) = self.out.screen.as_mut() else {
            return false;
        };
        match key.code {
            KeyCode::PageUp => screen.scroll(1),
            KeyCode::PageDown => screen.scroll(-1),
            _ => return false,
        }
        true
    }

    /// The next line the user typed, the clock live meanwhile: a line already waiting was
    /// typed ahead of its prompt. On the screen, keys are taken into the line being typed, the
    /// screen drawn again as they come and as the clock ticks.
    pub(super) fn next_line(&mut self, inputs: &Receiver<Input>) -> Next {
        if self.keyboard.interrupted {
            return Next::Interrupted;
        }
        if let Some(line) = self.keyboard.typed_ahead.pop_front() {
            self.out.prompted = false;
            return Next::Line(Line::Text(line.into_bytes()), self.out.teletype.is_some());
        }
        // Lines (not keys) already waiting were typed ahead.
        let mut ahead = !self.keyed();
        loop {
            if self.check_flag() {
                return Next::Woken;
            }
            let input = if ahead {
                match inputs.try_recv() {
                    Ok(input) => Ok(input),
                    Err(mpsc::TryRecvError::Empty) => {
                        ahead = false;
                        continue;
                    }
                    Err(mpsc::TryRecvError::Disconnected) => Err(RecvTimeoutError::Disconnected),
                }
            } else {
                // Just past a flag's fall, so that it has fallen when looked at; on the
                // screen, each tick of the clock.
                let flag = self.clock.flag_in().map(|d| d + Duration::from_millis(1));
                let wait = match (flag, self.out.screen.is_some()) {
                    (Some(d), true) => Some(d.min(TICK)),
                    (None, true) => Some(TICK),
                    (d, false) => d,
                };
                match wait {
                    Some(d) => inputs.recv_timeout(d),
                    None => inputs.recv().map_err(|_| RecvTimeoutError::Disconnected),
                }
            };
            match input {
                Ok(Input::Line(Ok(line))) => {
                    self.out.prompted = false;
                    return Next::Line(line, ahead);
                }
                Ok(Input::Line(Err(e))) => return Next::Failed(e),
                Ok(Input::Key(k)) if self.scrolled(&k) => self.redraw(),
                Ok(Input::Key(k)) => match self.keyboard.editor.key(&k) {
                    Edit::Line(line) => {
                        self.out.prompted = false;
                        // The teletype writes the line after its prompt, in place of the line
                        // being typed.
                        let ahead = self.out.teletype.is_some();
                        return Next::Line(Line::Text(line.into_bytes()), ahead);
                    }
                    Edit::Interrupt => return Next::Interrupted,
                    Edit::End => return Next::End,
                    Edit::Changed => self.redraw(),
                    Edit::Nothing => {}
                },
                Ok(Input::Resize(w, h)) => {
                    let screen = self.out.screen.is_some();
                    self.resize(w, h);
                    if screen != self.out.screen.is_some() {
                        return Next::Woken; // the teletype, or the screen, prompts again
                    }
                }
                Err(RecvTimeoutError::Timeout) => self.redraw(),
                Err(RecvTimeoutError::Disconnected) => return Next::End,
            }
        }
    }
}

/// The lines of `input` as they come, at most [`LINE_MAX`] bytes each, read by a thread of
/// their own: bytes, not Strings (a line that is not UTF-8 is garbled input, not an I/O error);
/// the channel closes at the end of input. At most a few lines wait in the channel: a flood of
/// input waits in the pipe, not in memory.
pub(super) fn read_lines(input: impl BufRead + Send + 'static) -> Receiver<Input> {
    let (send, receive) = mpsc::sync_channel(64);
    thread::spawn(move || send_lines(input, &send));
    receive
}

/// Sends the lines of `input` ([`read_lines`]) until its end or the session's.
fn send_lines(input: impl BufRead, send: &mpsc::SyncSender<Input>) {
    let mut input = LineReader::new(input, LINE_MAX);
    loop {
        match input.next_line() {
            Ok(Line::End) => return,
            Ok(line) => {
                if send.send(Input::Line(Ok(line))).is_err() {
                    return;
                }
            }
            Err(e) => {
                let _ = send.send(Input::Line(Err(e)));
                return;
            }
        }
    }
}

/// The terminal's keys and sizes as they come (raw mode), read by a thread of its own for as
/// long as the session takes them (the channel open). Crossterm's reader is set up here, before
/// anything is drawn, so that a size the terminal takes from now on comes as an event (its
/// signal, SIGWINCH, is otherwise ignored: a terminal made smaller just after the first screen
/// went unnoticed).
pub(super) fn read_keys() -> io::Result<Receiver<Input>> {
    event::poll(Duration::ZERO)?;
    let (send, receive) = mpsc::sync_channel(64);
    thread::spawn(move || {
        loop {
            match event::poll(TICK) {
                Ok(false) => continue,
                Ok(true) => {}
                Err(e) => {
                    let _ = send.send(Input::Line(Err(e)));
                    return;
                }
            }
            let input = match event::read() {
                Ok(Event::Key(k)) => Input::Key(k),
                Ok(Event::Resize(w, h)) => Input::Resize(w, h),
                Ok(_) => continue,
                Err(e) => Input::Line(Err(e)),
            };
            if send.send(input).is_err() {
                return;
            }
        }
    });
    Ok(receive)
}
