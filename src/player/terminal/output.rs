//! The terminal as the session writes to it ([`Output`]): in lines, on the screen, or as a
//! teletype whose keys are read one by one; what the screen and the teletype's last line show of
//! the session ([`View`]); and the teletype's character set, plain ASCII in capitals.

use super::Session;
use crate::game::clock::{self, Clock};
use crate::game::input::Line;
use crate::game::record::Tags;
use crate::game::{Game, GameMove};
use crate::notation::clip;
use crate::player::board::{self, Display};
use crate::player::command::{HELP, HELP_INDENT};
use crate::player::editor::{LineEditor, TeletypeLine};
use crate::player::screen::{self, ClockView, Frame, Screen};
use crate::player::thinking::Thinking;
use crate::player::tty::{RawLines, Takeover};
use crate::rules::Color;
use std::collections::VecDeque;
use std::io::Write;

/// The terminal as the session writes to it: the output, how the board and the search are
/// shown, and in which mode: lines, the screen, or a teletype whose keys are read one by one.
pub(super) struct Output<W: Write> {
    /// The output.
    pub(super) lines: RawLines<W>,
    /// How the board and the search are shown.
    pub(super) display: Display,
    /// The side shown at the bottom of the board.
    pub(super) bottom: Color,
    /// Whether input comes from a terminal: a prompt before each line.
    pub(super) prompts: bool,
    /// Whether a prompt waits for a line on the terminal: a line shown meanwhile (a flag that
    /// fell) starts on a line of its own.
    pub(super) prompted: bool,
    /// What the last search showed, or the one under way.
    pub(super) thinking: Option<Thinking>,
    /// The screen, in the screen mode ([`Session::run_on_screen`]).
    pub(super) screen: Option<Screen>,
    /// In the screen mode, the screen set aside while the terminal is too small for it (a
    /// teletype meanwhile): its transcript goes on, and it comes back when the terminal grows.
    pub(super) shelved: Option<Screen>,
    /// Whether the machine's search is shown in SAN (`SAN`) rather than descriptive notation.
    pub(super) san: bool,
    /// On a teletype whose terminal's keys are read one by one ([`Session::run_on_teletype`]):
    /// the line being typed as its last line shows it.
    pub(super) teletype: Option<TeletypeLine>,
    /// The terminal, while the screen holds it.
    pub(super) takeover: Option<Takeover>,
}

impl<W: Write> Session<W> {
    /// Writes a line, in plain ASCII (the board alone may be drawn in glyphs); a message that
    /// quotes a long text is [`clip`]ped.
    pub(super) fn say(&mut self, text: &str) {
        self.say_hanging(text, 0);
    }

    /// Writes a line as [`Self::say`] does; on the screen, a line too long for the transcript
    /// goes on `hang` columns in.
    fn say_hanging(&mut self, text: &str, hang: usize) {
        if let Some(screen) = self.out.screen.as_mut() {
            screen.push_hanging(&ascii(&clip(text)), hang);
            self.redraw();
            return;
        }
        if let Some(shelved) = self.out.shelved.as_mut() {
            shelved.push_hanging(&ascii(&clip(text)), hang);
        }
        if self.out.teletype.is_some() {
            // Above the line being typed, which stays the last.
            self.rub_out();
            let _ = writeln!(self.out.lines, "{}", ascii(&clip(text)));
            self.redraw();
            return;
        }
        if std::mem::take(&mut self.out.prompted) {
            let _ = writeln!(self.out.lines);
        }
        let _ = writeln!(self.out.lines, "{}", ascii(&clip(text)));
        let _ = self.out.lines.flush();
    }

    /// `HELP`: the commands, a line each; on the screen, a line wrapped goes on under the
    /// descriptions ([`HELP_INDENT`]), not at the transcript's first column.
    pub(super) fn help(&mut self) {
        for line in HELP.lines() {
            self.say_hanging(line, HELP_INDENT);
        }
    }

    /// Whether the terminal's keys are read one by one (the screen, or a teletype on a
    /// terminal), not its lines.
    pub(super) fn keyed(&self) -> bool {
        self.out.screen.is_some() || self.out.teletype.is_some()
    }

    /// A line typed ahead of its prompt, on a terminal (where the user's lines show as typed):
    /// written after the prompt, as if typed there, so that the transcript reads in order; the
    /// terminal showed it where it was typed, amid the machine's reply. On a teletype whose keys
    /// are read one by one, every line read: the prompt and the line, in place of the line
    /// being typed (which showed it until then).
    pub(super) fn after_prompt(&mut self, line: &Line) {
        if !self.out.prompts {
            return;
        }
        let text = match line {
            Line::Text(bytes) => ascii(&clip(String::from_utf8_lossy(bytes).trim())),
            _ => String::new(),
        };
        if self.out.teletype.is_some() {
            let typed = format!("{}{text}", prompt_text(&self.game));
            if let Some(shelved) = self.out.shelved.as_mut() {
                shelved.push(&typed);
            }
            self.rub_out();
            let _ = writeln!(self.out.lines, "{typed}");
            self.out.prompted = false;
            self.redraw();
            return;
        }
        self.out.prompted = false;
        let _ = writeln!(self.out.lines, "{text}");
    }

    pub(super) fn prompt(&mut self) {
        if self.keyed() {
            self.out.prompted = true;
            self.redraw();
            return;
        }
        if !self.out.prompts {
            return;
        }
        let label = prompt_text(&self.game);
        let _ = write!(self.out.lines, "{label}");
        let _ = self.out.lines.flush();
        self.out.prompted = true;
    }

    /// On the screen, the line typed as the teletype would show it after its prompt, before
    /// what answers it (a move is echoed as it is read instead).
    pub(super) fn screen_echo(&mut self, line: &str) {
        if self.out.screen.is_some() {
            let text = format!("{}{line}", prompt_text(&self.game));
            self.say(&text);
        }
    }

    /// Draws the screen as the session stands, in the screen mode; on a teletype whose keys
    /// are read one by one, the line being typed.
    pub(super) fn redraw(&mut self) {
        if let Some(screen) = self.out.screen.as_mut() {
            let frame = screen_frame(view!(self), screen.panel_rows());
            let _ = screen.draw(&mut self.out.lines, &frame);
        } else if let Some(t) = self.out.teletype.as_mut() {
            let _ = write!(self.out.lines, "{}", t.show(&teletype_text(view!(self))));
            let _ = self.out.lines.flush();
        }
    }

    /// On a teletype whose keys are read one by one, rubs the line being typed out, so that
    /// what is written next starts at the beginning of the printout's last line.
    pub(super) fn rub_out(&mut self) {
        if let Some(t) = self.out.teletype.as_mut() {
            let _ = write!(self.out.lines, "{}", t.rub_out());
        }
    }

    /// Prints the board and the status line (on the screen, where the board is always shown,
    /// nothing: `BD` says the status line).
    pub(super) fn show_board(&mut self) {
        if self.out.screen.is_some() {
            return;
        }
        self.rub_out();
        let pos = self.game.position();
        let b = board::draw(pos, self.out.bottom, self.out.display);
        let _ = write!(self.out.lines, "{b}");
        let line = self.status_line();
        self.say(&line);
    }

    /// Who is to move, or how the game ended, and the clocks: `WHITE TO MOVE.  CLOCKS: WHITE
    /// 0:10:00  BLACK 0:10:00`, `WHITE RESIGNS, BLACK WINS   0-1.  CLOCKS: ...`.
    pub(super) fn status_line(&self) -> String {
        let white = clock::hms(self.clock.remaining(Color::White));
        let black = clock::hms(self.clock.remaining(Color::Black));
        let state = standing(&self.game);
        format!("{state}.  CLOCKS: WHITE {white}  BLACK {black}")
    }

    /// The terminal's new size: the screen drawn to it, or set aside for the teletype if it is
    /// too small, with a one-line notice; the screen set aside comes back once it fits again.
    pub(super) fn resize(&mut self, width: u16, height: u16) {
        if let Some(t) = self.out.teletype.as_mut() {
            t.resize(width);
        }
        let fits = screen::fits(width, height);
        let Some(screen) = self.out.screen.as_mut() else {
            if fits && self.out.shelved.is_some() {
                self.back_to_screen(width, height);
            }
            return;
        };
        if fits {
            screen.resize(width, height);
            self.redraw();
            return;
        }
        self.out.shelved = self.leave_screen();
        self.out.teletype = Some(TeletypeLine::new(width));
        self.say(&too_small(width, height));
        self.show_board();
    }

    /// The screen set aside comes back on a terminal grown to hold it (`width` x `height`):
    /// the alternate screen entered again, the transcript with what the teletype wrote
    /// meanwhile, and a one-line notice.
    fn back_to_screen(&mut self, width: u16, height: u16) {
        let Some(mut screen) = self.out.shelved.take() else {
            return;
        };
        self.rub_out();
        let _ = self.out.lines.flush();
        if let Some(t) = self.out.takeover.as_mut()
            && t.enter_screen(&mut self.out.lines).is_err()
        {
            // The terminal would not take the screen: the teletype goes on.
            self.out.shelved = Some(screen);
            self.redraw();
            return;
        }
        self.out.teletype = None;
        self.out.lines.raw = false;
        screen.resize(width, height);
        self.out.screen = Some(screen);
        self.say(&format!(
            "THE TERMINAL IS {width}X{height}: BACK TO THE SCREEN."
        ));
    }

    /// Gives the screen up: the alternate screen left, the keys still read one by one (for a
    /// teletype, [`Self::run_on_teletype`], until the session ends), and the transcript's last
    /// lines written, so that the game reads on. Returns the screen given up.
    fn leave_screen(&mut self) -> Option<Screen> {
        let screen = self.out.screen.take()?;
        if let Some(t) = self.out.takeover.as_mut() {
            t.leave_screen(&mut self.out.lines);
        }
        self.out.lines.raw = true;
        self.out.display = Display {
            live: false,
            ..self.out.display
        };
        self.out.prompted = false;
        for line in screen.last_lines(SHOWN_ON_LEAVING) {
            let _ = writeln!(self.out.lines, "{line}");
        }
        let _ = self.out.lines.flush();
        Some(screen)
    }

    /// The terminal given back as it was when the session ends: the screen left (its
    /// transcript's last lines written), or the line being typed rubbed out.
    pub(super) fn give_back(&mut self) {
        self.leave_screen();
        self.out.shelved = None;
        self.rub_out();
        if let Some(t) = self.out.takeover.as_mut() {
            t.give_back(&mut self.out.lines);
        }
        self.out.takeover = None;
        self.out.teletype = None;
        self.out.lines.raw = false;
        let _ = self.out.lines.flush();
    }
}

/// Who is to move (`WHITE TO MOVE`), or how the game ended (`WHITE RESIGNS, BLACK WINS   0-1`).
fn standing(game: &Game) -> String {
    match game.ending {
        Some(e) => format!("{e}   {}", e.result()),
        None => format!(
            "{} TO MOVE",
            game.position().side_to_move().name().to_uppercase()
        ),
    }
}

/// The prompt before a line: the move's label (`12.`, `12...`), or that the game is over.
fn prompt_text(game: &Game) -> String {
    match game.ending {
        Some(e) => format!("GAME OVER ({}) * ", e.result()),
        None => format!("{} ", game.move_label(game.moves().len())),
    }
}

/// The one-line notice of a terminal too small for the screen.
pub(super) fn too_small(width: u16, height: u16) -> String {
    format!(
        "THE TERMINAL IS {width}X{height}, SMALLER THAN THE SCREEN NEEDS ({}X{}): GOING ON AS A \
         TELETYPE.",
        screen::MIN_WIDTH,
        screen::MIN_HEIGHT
    )
}

/// The transcript's lines written to the terminal when the screen gives it back.
const SHOWN_ON_LEAVING: usize = 12;

/// The session's fields the screen is drawn from, borrowed one by one (so that they can be
/// while the engine is lent to the search's thread).
pub(super) struct View<'a> {
    pub(super) game: &'a Game,
    pub(super) clock: &'a Clock,
    pub(super) tags: &'a Tags,
    pub(super) thinking: Option<&'a Thinking>,
    pub(super) bottom: Color,
    pub(super) display: Display,
    pub(super) san: bool,
    pub(super) editor: &'a LineEditor,
    pub(super) typed_ahead: &'a VecDeque<String>,
    pub(super) prompted: bool,
}

impl View<'_> {
    /// The prompt, if one waits for a line.
    fn prompt(&self) -> String {
        if self.prompted {
            prompt_text(self.game)
        } else {
            String::new()
        }
    }

    /// The lines typed ahead and the line being typed: `bd / resi`.
    fn typed(&self) -> String {
        let mut typed: Vec<&str> = self.typed_ahead.iter().map(String::as_str).collect();
        typed.push(self.editor.text());
        typed.join(" / ")
    }
}

/// The [`View`] of a session's fields.
macro_rules! view {
    ($s:ident) => {
        View {
            game: $s.recording.recorded.as_ref().unwrap_or(&$s.game),
            clock: &$s.clock,
            tags: &$s.recording.tags,
            thinking: $s.out.thinking.as_ref(),
            bottom: $s.out.bottom,
            display: $s.out.display,
            san: $s.out.san,
            editor: &$s.keyboard.editor,
            typed_ahead: &$s.keyboard.typed_ahead,
            prompted: $s.out.prompted,
        }
    };
}
pub(super) use view;

/// The line being typed as a teletype shows it ([`TeletypeLine`]): the prompt, if one waits,
/// then the lines typed ahead and the line being typed, as on the screen's last line.
pub(super) fn teletype_text(v: View<'_>) -> String {
    ascii(&format!("{}{}", v.prompt(), v.typed()))
}

/// What the screen shows of `v`, the machine's panel `rows` lines high.
pub(super) fn screen_frame(v: View<'_>, rows: usize) -> Frame {
    let over = if v.game.ending.is_some() {
        "GAME OVER: "
    } else {
        ""
    };
    let status = format!("{over}{}", standing(v.game));
    let clocks = [("WHITE", Color::White), ("BLACK", Color::Black)]
        .into_iter()
        .map(|(side, c)| ClockView {
            side,
            name: v
                .tags
                .get(if c == Color::White { "White" } else { "Black" })
                .unwrap_or("?")
                .to_string(),
            left: v.clock.remaining(c),
            running: v.clock.running() == Some(c),
        })
        .collect();
    let machine = match v.thinking {
        Some(t) => t.panel(rows, v.san),
        None => vec!["ITS SEARCH SHOWS HERE".to_string()],
    };
    Frame {
        board: board::draw(v.game.position(), v.bottom, v.display),
        status,
        clocks,
        moves: move_lines(v.game),
        machine,
        prompt: v.prompt(),
        typed: v.typed(),
    }
}

/// The game's moves a line per move number: `12. P-K4           N-KB3`.
fn move_lines(game: &Game) -> Vec<String> {
    numbered(game)
        .into_iter()
        .map(|(label, white, black)| {
            let white = white.map_or("...", |m| m.descriptive.as_str());
            let black = black.map_or("", |m| m.descriptive.as_str());
            format!("{label:<4} {white:<16} {black}")
        })
        .collect()
}

/// The game's moves a line per move number, as `PG` and the screen list them: the line's label
/// (`12.`; `12` where the line begins with Black's move, White's written `...`), White's move
/// and Black's.
pub(super) fn numbered(game: &Game) -> Vec<(String, Option<&GameMove>, Option<&GameMove>)> {
    let moves = game.moves();
    let mut lines = Vec::new();
    let mut i = 0;
    while i < moves.len() {
        let label = game.move_label(i);
        if label.ends_with("...") {
            let number = label.trim_end_matches("...").to_string();
            lines.push((number, None, Some(&moves[i])));
            i += 1;
        } else {
            lines.push((label, Some(&moves[i]), moves.get(i + 1)));
            i += 2;
        }
    }
    lines
}

/// A message in the teletype's capitals but for the user's text, in quotes, as typed (a `'`
/// between two letters, as in `White's`, is an apostrophe, not a quote).
pub(super) fn capitals(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut quoted = false;
    let mut out = String::with_capacity(text.len());
    for (i, &c) in chars.iter().enumerate() {
        let between_letters = i > 0
            && chars[i - 1].is_alphabetic()
            && chars.get(i + 1).is_some_and(|n| n.is_alphabetic());
        if c == '\'' && !between_letters {
            quoted = !quoted;
        }
        if quoted {
            out.push(c);
        } else {
            out.extend(c.to_uppercase());
        }
    }
    out
}

/// A line in the teletype's character set, plain ASCII: `…` written `...`, any other character
/// outside ASCII (a garbled byte the user typed) `?`.
fn ascii(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '…' => out.push_str("..."),
            c if c.is_ascii() => out.push(c),
            _ => out.push('?'),
        }
    }
    out
}
