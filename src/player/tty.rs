//! The terminal as the game takes it over: raw mode (keys come one by one, nothing is echoed),
//! and for the screen the alternate screen, given back as it was on every way out: the end of
//! the session or an error ([`Takeover`]'s drop), a panic (a hook), and a signal that ends the
//! program ([`give_back_after_signal`], which the binary's signal handler calls): never a
//! terminal left in raw mode. Raw mode leaves output unprocessed, so a teletype's lines are
//! written through [`RawLines`].

use crossterm::cursor::Show;
use crossterm::style::ResetColor;
use crossterm::terminal::{EnterAlternateScreen, LeaveAlternateScreen};
use crossterm::{execute, terminal};
use std::io::{self, Write};
use std::sync::Once;
use std::sync::atomic::{AtomicBool, Ordering};

/// Whether the game holds the terminal (in raw mode) now.
static ACTIVE: AtomicBool = AtomicBool::new(false);
/// Whether the screen holds the alternate screen now.
static ALTERNATE: AtomicBool = AtomicBool::new(false);

/// What leaves the screen: colours reset, the cursor shown, the alternate screen left.
const LEAVE: &[u8] = b"\x1b[0m\x1b[?25h\x1b[?1049l";
/// What ends a teletype's line being typed when the program ends by a panic or a signal, so
/// that what follows starts on a line of its own.
const END_LINE: &[u8] = b"\r\n";

/// The terminal, taken over by the game until given back.
pub struct Takeover {
    held: bool,
}

impl Takeover {
    /// Takes the terminal over (its settings kept to give back): raw mode, and with `screen`
    /// the alternate screen; or says why it cannot.
    pub fn take(out: &mut impl Write, screen: bool) -> io::Result<Takeover> {
        saved::keep();
        install_panic_hook();
        terminal::enable_raw_mode()?;
        ACTIVE.store(true, Ordering::SeqCst);
        let mut t = Takeover { held: true };
        if screen {
            if let Err(e) = execute!(out, EnterAlternateScreen) {
                t.give_back(out);
                return Err(e);
            }
            ALTERNATE.store(true, Ordering::SeqCst);
        }
        Ok(t)
    }

    /// Leaves the alternate screen for the terminal's own, keeping raw mode (the screen given
    /// up for a teletype whose keys are still read one by one).
    pub fn leave_screen(&mut self, out: &mut impl Write) {
        if self.held {
            leave_alternate(out);
        }
    }

    /// Enters the alternate screen again, raw mode kept (the screen back on a terminal grown
    /// to hold it, after [`Self::leave_screen`]).
    pub fn enter_screen(&mut self, out: &mut impl Write) -> io::Result<()> {
        if self.held && !ALTERNATE.load(Ordering::SeqCst) {
            execute!(out, EnterAlternateScreen)?;
            ALTERNATE.store(true, Ordering::SeqCst);
        }
        Ok(())
    }

    /// Gives the terminal back as it was (once; later calls do nothing).
    pub fn give_back(&mut self, out: &mut impl Write) {
        if std::mem::take(&mut self.held) {
            give_back_now(out);
        }
    }
}

impl Drop for Takeover {
    fn drop(&mut self) {
        self.give_back(&mut io::stdout());
    }
}

/// Leaves the screen, if it holds the alternate screen, and raw mode, if the game holds the
/// terminal.
fn give_back_now(out: &mut impl Write) {
    if ACTIVE.swap(false, Ordering::SeqCst) {
        leave_alternate(out);
        let _ = terminal::disable_raw_mode();
    }
}

/// Leaves the alternate screen, if the screen holds it: colours reset, the cursor shown.
fn leave_alternate(out: &mut impl Write) {
    if ALTERNATE.swap(false, Ordering::SeqCst) {
        let _ = execute!(out, ResetColor, Show, LeaveAlternateScreen);
    }
}

/// A panic gives the terminal back before its message is written (on a line of its own).
fn install_panic_hook() {
    static HOOK: Once = Once::new();
    HOOK.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            let mut out = io::stdout();
            if ACTIVE.load(Ordering::SeqCst) && !ALTERNATE.load(Ordering::SeqCst) {
                let _ = out.write_all(END_LINE);
            }
            give_back_now(&mut out);
            previous(info);
        }));
    });
}

/// Gives the terminal back from a signal handler, before the program ends by the signal: the
/// sequence that leaves the screen (or a teletype's line being typed) written straight to
/// standard output, and the terminal's settings as they were before the game put it in raw
/// mode. Only async-signal-safe calls (write(2), tcsetattr(3)) and atomics.
pub fn give_back_after_signal() {
    if ACTIVE.swap(false, Ordering::SeqCst) {
        let alternate = ALTERNATE.swap(false, Ordering::SeqCst);
        saved::restore_raw(if alternate { LEAVE } else { END_LINE });
    }
}

/// Output to a terminal in raw mode, which moves a line feed down without returning the
/// carriage: while `raw` is set, each `\n` written goes out as `\r\n` (a teletype's lines; the
/// screen places its rows itself).
pub struct RawLines<W> {
    inner: W,
    /// Whether line feeds are written with carriage returns.
    pub raw: bool,
}

impl<W: Write> RawLines<W> {
    /// `inner`, its line feeds written as they are until `raw` is set.
    pub fn new(inner: W) -> RawLines<W> {
        RawLines { inner, raw: false }
    }

    /// The output written to.
    pub fn get_ref(&self) -> &W {
        &self.inner
    }
}

impl<W: Write> Write for RawLines<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if !self.raw {
            return self.inner.write(buf);
        }
        for (i, part) in buf.split(|&b| b == b'\n').enumerate() {
            if i > 0 {
                self.inner.write_all(b"\r\n")?;
            }
            self.inner.write_all(part)?;
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

/// The terminal's settings before raw mode, kept where a signal handler can reach them: a
/// `struct termios` read and written by tcgetattr(3) and tcsetattr(3).
#[cfg(unix)]
mod saved {
    use std::cell::UnsafeCell;
    use std::mem::MaybeUninit;
    use std::sync::atomic::{AtomicBool, Ordering};

    struct Settings(UnsafeCell<MaybeUninit<libc::termios>>);
    // SAFETY: written only by `keep`, before raw mode is entered and while no signal handler
    // reads it (KEPT is false then); read only after that.
    unsafe impl Sync for Settings {}
    static SETTINGS: Settings = Settings(UnsafeCell::new(MaybeUninit::uninit()));
    static KEPT: AtomicBool = AtomicBool::new(false);

    /// Keeps standard input's settings (the terminal's, when the screen takes it over).
    pub fn keep() {
        KEPT.store(false, Ordering::SeqCst);
        // SAFETY: tcgetattr writes a struct termios through the pointer, which points at one;
        // nothing reads it while KEPT is false.
        let ok = unsafe { libc::tcgetattr(libc::STDIN_FILENO, SETTINGS.0.get().cast()) } == 0;
        KEPT.store(ok, Ordering::SeqCst);
    }

    /// Writes `leave` to standard output and sets the kept settings back.
    pub fn restore_raw(leave: &[u8]) {
        // SAFETY: write(2) and tcsetattr(3) are async-signal-safe; `leave` is valid for its
        // length; the settings are read only once tcgetattr has written them (KEPT says it did).
        unsafe {
            let _ = libc::write(libc::STDOUT_FILENO, leave.as_ptr().cast(), leave.len());
            if KEPT.load(Ordering::SeqCst) {
                libc::tcsetattr(libc::STDIN_FILENO, libc::TCSANOW, SETTINGS.0.get().cast());
            }
        }
    }
}

#[cfg(not(unix))]
mod saved {
    pub fn keep() {}
    pub fn restore_raw(_leave: &[u8]) {}
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn raw_lines_return_the_carriage_only_in_raw_mode() {
        let mut out = RawLines::new(Vec::new());
        write!(out, "1. P-K4\n1... ").unwrap();
        out.raw = true;
        write!(out, "P-K4\n\n2. ").unwrap();
        out.raw = false;
        writeln!(out, "N-KB3").unwrap();
        assert_eq!(out.inner, b"1. P-K4\n1... P-K4\r\n\r\n2. N-KB3\n");
    }
}
