//! The terminal as the screen takes it over: raw mode (keys come one by one, nothing is echoed)
//! and the alternate screen, given back as it was on every way out: the end of the session or
//! an error ([`Takeover`]'s drop), a panic (a hook), and a signal that ends the program
//! ([`give_back_after_signal`], which the binary's signal handler calls): never a terminal left
//! in raw mode.

use crossterm::cursor::Show;
use crossterm::style::ResetColor;
use crossterm::terminal::{EnterAlternateScreen, LeaveAlternateScreen};
use crossterm::{execute, terminal};
use std::io::{self, Write};
use std::sync::Once;
use std::sync::atomic::{AtomicBool, Ordering};

/// Whether the screen holds the terminal now.
static ACTIVE: AtomicBool = AtomicBool::new(false);

/// What leaves the screen: colours reset, the cursor shown, the alternate screen left.
const LEAVE: &[u8] = b"\x1b[0m\x1b[?25h\x1b[?1049l";

/// The terminal, taken over by the screen until given back.
pub struct Takeover {
    held: bool,
}

impl Takeover {
    /// Takes the terminal over (its settings kept to give back), or says why it cannot.
    pub fn take(out: &mut impl Write) -> io::Result<Takeover> {
        saved::keep();
        install_panic_hook();
        terminal::enable_raw_mode()?;
        ACTIVE.store(true, Ordering::SeqCst);
        let mut t = Takeover { held: true };
        if let Err(e) = execute!(out, EnterAlternateScreen) {
            t.give_back(out);
            return Err(e);
        }
        Ok(t)
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

/// Leaves the screen and raw mode, if the screen holds the terminal.
fn give_back_now(out: &mut impl Write) {
    if ACTIVE.swap(false, Ordering::SeqCst) {
        let _ = execute!(out, ResetColor, Show, LeaveAlternateScreen);
        let _ = terminal::disable_raw_mode();
    }
}

/// A panic gives the terminal back before its message is written.
fn install_panic_hook() {
    static HOOK: Once = Once::new();
    HOOK.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            give_back_now(&mut io::stdout());
            previous(info);
        }));
    });
}

/// Gives the terminal back from a signal handler, before the program ends by the signal: the
/// sequence that leaves the screen written straight to standard output, and the terminal's
/// settings as they were before the screen put it in raw mode. Only async-signal-safe calls
/// (write(2), tcsetattr(3)) and atomics.
pub fn give_back_after_signal() {
    if ACTIVE.swap(false, Ordering::SeqCst) {
        saved::restore_raw(LEAVE);
    }
}

/// The terminal's settings before raw mode, kept where a signal handler can reach them: a
/// `struct termios` read and written by libc's tcgetattr and tcsetattr (which std's libc
/// links; declared here, as no crate is needed for two calls), held as opaque bytes.
#[cfg(unix)]
mod saved {
    use std::cell::UnsafeCell;
    use std::ffi::{c_int, c_void};
    use std::sync::atomic::{AtomicBool, Ordering};

    unsafe extern "C" {
        fn tcgetattr(fd: c_int, termios: *mut c_void) -> c_int;
        fn tcsetattr(fd: c_int, when: c_int, termios: *const c_void) -> c_int;
        fn write(fd: c_int, buf: *const c_void, count: usize) -> isize;
    }
    /// Standard input and output; `TCSANOW` (0 on every Unix).
    const STDIN: c_int = 0;
    const STDOUT: c_int = 1;
    const TCSANOW: c_int = 0;

    /// Room for a `struct termios` (60 bytes on Linux, 72 on the BSDs and macOS).
    #[repr(C, align(16))]
    struct Termios(UnsafeCell<[u8; 512]>);
    // SAFETY: written only by `keep`, before raw mode is entered and while no signal handler
    // reads it (KEPT is false then); read only after that.
    unsafe impl Sync for Termios {}
    static SETTINGS: Termios = Termios(UnsafeCell::new([0; 512]));
    static KEPT: AtomicBool = AtomicBool::new(false);

    /// Keeps standard input's settings (the terminal's, when the screen takes it over).
    pub fn keep() {
        KEPT.store(false, Ordering::SeqCst);
        // SAFETY: tcgetattr writes at most a struct termios into the buffer, which is larger.
        let ok = unsafe { tcgetattr(STDIN, SETTINGS.0.get().cast()) } == 0;
        KEPT.store(ok, Ordering::SeqCst);
    }

    /// Writes `leave` to standard output and sets the kept settings back.
    pub fn restore_raw(leave: &[u8]) {
        // SAFETY: write(2) and tcsetattr(3) are async-signal-safe; the buffer holds what
        // tcgetattr wrote (KEPT says it did).
        unsafe {
            let _ = write(STDOUT, leave.as_ptr().cast(), leave.len());
            if KEPT.load(Ordering::SeqCst) {
                tcsetattr(STDIN, TCSANOW, SETTINGS.0.get().cast());
            }
        }
    }
}

#[cfg(not(unix))]
mod saved {
    pub fn keep() {}
    pub fn restore_raw(_leave: &[u8]) {}
}
