//! The screen mode: the console of 1967 as a terminal can show it today. The board stays on a
//! fixed part of the screen (the scope display), redrawn in place after each move, beside both
//! clocks, ticking, and the game's last moves; below, the teletype's transcript scrolls on the
//! left and, on the right, what the machine's search is doing (its top-level moves as they are
//! searched, with plausibility and value); the last line is the one being typed.
//!
//! ```text
//!  MAC HACK VI (1967)  WHITE TO MOVE                                       (reversed)
//!  8  BR BN BB BQ BK BB BN BR          > WHITE  Richard             0:09:58
//!  ...                                   BLACK  Mac Hack VI (machack) 0:10:00
//!  1  WR WN WB WQ WK WB WN WR
//!     QR QN QB Q  K  KB KN KR            1. P-K4        P-K4
//! -- TELETYPE ------------------------ -- MACHINE ------------------
//! MAC HACK VI (1967), RECREATED. ...    PLAYED AFTER 0.52 SEC
//! 1. P-K4                               BEST P-K4 (+0.12)
//! 1... P-K4   0.52 SEC (1967: 25.1 SEC)  MOVE         PLAUS    VALUE
//! 2. _
//! ```
//!
//! It needs [`MIN_WIDTH`] x [`MIN_HEIGHT`]; the session falls back to the teletype on a smaller
//! terminal. Each drawing rewrites only the rows that changed.

use crate::game::clock;
use crossterm::cursor::{Hide, MoveTo, Show};
use crossterm::queue;
use crossterm::style::{Print, Stylize};
use crossterm::terminal::{Clear, ClearType};
use std::collections::VecDeque;
use std::io::{self, Write};
use std::time::Duration;

/// The narrowest terminal the screen needs.
pub const MIN_WIDTH: u16 = 80;
/// The lowest terminal the screen needs.
pub const MIN_HEIGHT: u16 = 24;

/// Whether a terminal of `width` x `height` holds the screen.
pub fn fits(width: u16, height: u16) -> bool {
    width >= MIN_WIDTH && height >= MIN_HEIGHT
}

/// The board's rows (eight ranks and the files' names) and where the panel beside it starts.
const BOARD_ROWS: usize = 9;
const PANEL_COLUMN: usize = 37;
/// The width of the machine's panel below the board (its lines are at most 29 characters).
const MACHINE_WIDTH: usize = 30;
/// The transcript's lines kept (older ones scroll away).
const TRANSCRIPT_KEPT: usize = 2000;

/// One side's clock as the screen shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct ClockView {
    /// `WHITE` or `BLACK`.
    pub side: &'static str,
    /// Who plays it.
    pub name: String,
    /// Its time left.
    pub left: Duration,
    /// Whether it runs.
    pub running: bool,
}

/// What the screen shows at one moment, gathered by the session.
#[derive(Clone, Debug, Default)]
pub struct Frame {
    /// The board as [`super::board::draw`] draws it: nine lines.
    pub board: String,
    /// Who is to move, or how the game ended.
    pub status: String,
    /// White's clock and Black's.
    pub clocks: Vec<ClockView>,
    /// The game's moves, a line per move number (`12. P-K4         N-KB3`): the last are shown.
    pub moves: Vec<String>,
    /// The machine's panel ([`super::thinking::Thinking::panel`] for [`Screen::panel_rows`]).
    pub machine: Vec<String>,
    /// The prompt of the line being typed.
    pub prompt: String,
    /// What has been typed: lines typed ahead (to be read in turn), then the line being typed.
    pub typed: String,
}

/// A line of the transcript, and how far in it goes on where it is wrapped.
#[derive(Clone, Debug)]
struct Entry {
    text: String,
    hang: usize,
}

/// The screen: its size, the transcript, and the rows as last drawn.
#[derive(Clone, Debug)]
pub struct Screen {
    width: usize,
    height: usize,
    transcript: VecDeque<Entry>,
    /// How many pages the transcript is scrolled back (Page Up), 0 for its end.
    back: usize,
    shown: Vec<String>,
}

impl Screen {
    /// A screen of `width` x `height` (at least [`MIN_WIDTH`] x [`MIN_HEIGHT`]).
    pub fn new(width: u16, height: u16) -> Screen {
        Screen {
            width: usize::from(width.max(MIN_WIDTH)),
            height: usize::from(height.max(MIN_HEIGHT)),
            transcript: VecDeque::new(),
            back: 0,
            shown: Vec::new(),
        }
    }

    /// Scrolls the transcript `pages` back (negative: forward), between its start and its end.
    pub fn scroll(&mut self, pages: isize) {
        let tw = self.transcript_width();
        let lines: usize = self.transcript.iter().map(|e| e.wrap(tw).len()).sum();
        let lower = self.lower_rows();
        let most = lines.saturating_sub(lower).div_ceil(lower);
        self.back = self.back.saturating_add_signed(pages).min(most);
    }

    /// The terminal's new size (which fits): everything is drawn again.
    pub fn resize(&mut self, width: u16, height: u16) {
        *self = Screen {
            transcript: std::mem::take(&mut self.transcript),
            ..Screen::new(width, height)
        };
    }

    /// A line for the transcript (which scrolls to its end to show it).
    pub fn push(&mut self, line: &str) {
        self.push_hanging(line, 0);
    }

    /// A line for the transcript, which goes on `hang` columns in where it is wrapped (a
    /// command's description under the descriptions, as `HELP` lists them).
    pub fn push_hanging(&mut self, line: &str, hang: usize) {
        self.back = 0;
        let entry = |text: &str| Entry {
            text: text.to_string(),
            hang,
        };
        for l in line.lines() {
            self.transcript.push_back(entry(l));
        }
        if line.is_empty() {
            self.transcript.push_back(entry(""));
        }
        while self.transcript.len() > TRANSCRIPT_KEPT {
            self.transcript.pop_front();
        }
    }

    /// The transcript's last `n` lines, as written (for the terminal given back).
    pub fn last_lines(&self, n: usize) -> Vec<String> {
        let from = self.transcript.len().saturating_sub(n);
        self.transcript
            .iter()
            .skip(from)
            .map(|e| e.text.clone())
            .collect()
    }

    /// How many lines the machine's panel has.
    pub fn panel_rows(&self) -> usize {
        self.lower_rows()
    }

    /// The rows between the divider and the line typed.
    fn lower_rows(&self) -> usize {
        self.height - BOARD_ROWS - 3
    }

    /// The transcript's width.
    fn transcript_width(&self) -> usize {
        self.width - MACHINE_WIDTH - 2
    }

    /// The screen's rows for `frame`: the board's with their colours, the others plain.
    pub fn rows(&self, frame: &Frame) -> Vec<String> {
        let w = self.width;
        let mut rows = Vec::with_capacity(self.height);
        // The title, reversed.
        let title = fit(&format!(" MAC HACK VI (1967)  {}", frame.status), w);
        rows.push(title.negative().to_string());
        // The board, and beside it the clocks and the last moves.
        let board: Vec<&str> = frame.board.lines().collect();
        let mut beside: Vec<String> = frame.clocks.iter().map(clock_line).collect();
        beside.push(String::new());
        let room = BOARD_ROWS - beside.len();
        let from = frame.moves.len().saturating_sub(room);
        beside.extend(frame.moves.iter().skip(from).cloned());
        let panel = w - PANEL_COLUMN;
        for i in 0..BOARD_ROWS {
            let line = board.get(i).copied().unwrap_or("");
            let pad = (PANEL_COLUMN - 1).saturating_sub(visible_width(line));
            let right = beside.get(i).map_or(String::new(), |t| fit(t, panel));
            rows.push(format!(" {line}{}{right}", " ".repeat(pad)));
        }
        // The divider.
        let tw = self.transcript_width();
        let scrolled = if self.back > 0 {
            " (SCROLLED BACK: PAGE DOWN) "
        } else {
            " "
        };
        let left = fit(&format!("-- TELETYPE{scrolled}{}", "-".repeat(tw)), tw);
        let right = fit(
            &format!("-- MACHINE {}", "-".repeat(MACHINE_WIDTH)),
            MACHINE_WIDTH,
        );
        rows.push(format!("{left}  {right}"));
        // The transcript, wrapped, its last lines; the machine's panel beside it.
        let lower = self.lower_rows();
        let wrapped: Vec<String> = self.transcript.iter().flat_map(|e| e.wrap(tw)).collect();
        let end = wrapped
            .len()
            .saturating_sub(self.back.saturating_mul(lower))
            .max(lower.min(wrapped.len()));
        let from = end.saturating_sub(lower);
        let shown: Vec<&String> = wrapped[from..end].iter().collect();
        for i in 0..lower {
            let left = shown.get(i).map_or("", |s| s.as_str());
            let right = frame.machine.get(i).map_or("", String::as_str);
            rows.push(format!("{}  {}", fit(left, tw), fit(right, MACHINE_WIDTH)));
        }
        // The line being typed: its end, where it is longer than the screen.
        rows.push(typed_line(frame, w));
        rows
    }

    /// Draws `frame`, rewriting only the rows that changed, and leaves the cursor at the end of
    /// the line being typed: written at once, so that the terminal is not shown half a frame
    /// (a title that says the game is over above a transcript that does not yet).
    pub fn draw(&mut self, terminal: &mut impl Write, frame: &Frame) -> io::Result<()> {
        let rows = self.rows(frame);
        let mut out = Vec::new();
        let mut changed = false;
        for (i, row) in rows.iter().enumerate() {
            if self.shown.get(i) == Some(row) {
                continue;
            }
            if !changed {
                queue!(out, Hide)?;
                changed = true;
            }
            queue!(
                out,
                MoveTo(0, i as u16),
                Print(row),
                Clear(ClearType::UntilNewLine)
            )?;
        }
        if changed {
            let last = rows.last().map_or(0, |r| r.chars().count());
            queue!(
                out,
                MoveTo(last.min(self.width - 1) as u16, (rows.len() - 1) as u16),
                Show
            )?;
        }
        self.shown = rows;
        terminal.write_all(&out)?;
        terminal.flush()
    }
}

/// A clock's line: `> WHITE  Richard Greenblatt      0:09:58`, `>` marking the one running.
fn clock_line(c: &ClockView) -> String {
    let mark = if c.running { '>' } else { ' ' };
    let name: String = c.name.chars().take(22).collect();
    format!("{mark} {:<5}  {name:<22} {:>9}", c.side, clock_text(c.left))
}

/// A clock's time: `h:mm:ss`, with tenths in the last ten seconds (`0:00:04.3`).
pub fn clock_text(left: Duration) -> String {
    let hms = clock::hms(left);
    if left < Duration::from_secs(10) {
        format!("{hms}.{}", left.subsec_millis() / 100)
    } else {
        hms
    }
}

/// The last line: the prompt and what has been typed, its end where it is too long.
fn typed_line(frame: &Frame, width: usize) -> String {
    let line = format!("{}{}", frame.prompt, frame.typed);
    let n = line.chars().count();
    if n < width {
        line
    } else {
        line.chars().skip(n + 1 - width).collect()
    }
}

/// `text` cut or padded to `width` characters.
fn fit(text: &str, width: usize) -> String {
    let cut: String = text.chars().take(width).collect();
    format!("{cut:<width$}")
}

impl Entry {
    /// The line in rows of at most `width` characters, those after the first `hang` columns
    /// in (not where that would leave less than half the width).
    fn wrap(&self, width: usize) -> Vec<String> {
        let hang = if self.hang <= width / 2 { self.hang } else { 0 };
        let mut rows = wrap(&self.text, width);
        if hang == 0 || rows.len() < 2 {
            return rows;
        }
        let rest = rows.split_off(1).join(" ");
        let indent = " ".repeat(hang);
        rows.extend(
            wrap(&rest, width - hang)
                .into_iter()
                .map(|r| indent.clone() + &r),
        );
        rows
    }
}

/// `text` in lines of at most `width` characters, broken at spaces where it can be.
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest: Vec<char> = text.chars().collect();
    while rest.len() > width {
        let cut = rest[..=width]
            .iter()
            .rposition(|&c| c == ' ')
            .filter(|&i| i > 0)
            .unwrap_or(width);
        out.push(
            rest[..cut]
                .iter()
                .collect::<String>()
                .trim_end()
                .to_string(),
        );
        let skip = if rest.get(cut) == Some(&' ') { 1 } else { 0 };
        rest.drain(..cut + skip);
    }
    out.push(rest.into_iter().collect());
    out
}

/// How many columns `text` takes, its control sequences (colours) left out.
fn visible_width(text: &str) -> usize {
    let mut n = 0;
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c == '\x1b' {
            // CSI: ESC [ parameters, ended by a letter.
            for c in chars.by_ref() {
                if c.is_ascii_alphabetic() {
                    break;
                }
            }
        } else {
            n += 1;
        }
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::player::board::{self, Display};
    use crate::rules::{Color, Position};

    fn frame(display: Display) -> Frame {
        Frame {
            board: board::draw(&Position::startpos(), Color::White, display),
            status: "WHITE TO MOVE".into(),
            clocks: vec![
                ClockView {
                    side: "WHITE",
                    name: "Richard".into(),
                    left: Duration::from_secs(598),
                    running: true,
                },
                ClockView {
                    side: "BLACK",
                    name: "Mac Hack VI (machack)".into(),
                    left: Duration::from_millis(4_350),
                    running: false,
                },
            ],
            moves: (1..=9).map(|n| format!("{n}. P-K4")).collect(),
            machine: vec!["PLAYED AFTER 0.52 SEC".into()],
            prompt: "10. ".into(),
            typed: "P-Q4".into(),
        }
    }

    #[test]
    fn the_board_stays_in_place_beside_the_clocks_and_the_last_moves() {
        let mut screen = Screen::new(80, 24);
        for n in 1..=30 {
            screen.push(&format!("LINE {n}"));
        }
        let rows = screen.rows(&frame(Display::TELETYPE));
        assert_eq!(rows.len(), 24);
        assert!(rows[0].contains(" MAC HACK VI (1967)  WHITE TO MOVE "));
        assert!(rows[1].starts_with(" 8  BR BN BB BQ BK BB BN BR          > WHITE  Richard "));
        assert!(rows[1].trim_end().ends_with(" 0:09:58"), "{:?}", rows[1]);
        assert!(
            rows[2]
                .trim_end()
                .ends_with("  BLACK  Mac Hack VI (machack)  0:00:04.3"),
            "{:?}",
            rows[2]
        );
        // The last six moves fit below the clocks.
        assert!(!rows.iter().any(|r| r.contains("3. P-K4")));
        assert!(rows[4].trim_end().ends_with("4. P-K4"), "{:?}", rows[4]);
        assert!(rows[9].trim_end().ends_with("9. P-K4"));
        assert!(rows[9].starts_with("    QR QN QB Q  K  KB KN KR"));
        assert!(rows[10].starts_with("-- TELETYPE ---"));
        assert!(rows[10].contains("  -- MACHINE ---"));
        // The transcript's last lines, the machine's panel beside them.
        assert!(rows[11].starts_with("LINE 19 "), "{:?}", rows[11]);
        assert!(rows[11].ends_with("  PLAYED AFTER 0.52 SEC         "));
        assert!(rows[22].starts_with("LINE 30 "));
        assert_eq!(rows[23], "10. P-Q4");
        assert!(rows.iter().all(|r| visible_width(r) <= 80), "{rows:#?}");
        // Page Up: the page before; not before the start, and back to the end.
        screen.scroll(1);
        let rows = screen.rows(&frame(Display::TELETYPE));
        assert!(rows[10].starts_with("-- TELETYPE (SCROLLED BACK: PAGE DOWN) --"));
        assert!(rows[11].starts_with("LINE 7 ") && rows[22].starts_with("LINE 18 "));
        screen.scroll(5);
        assert!(screen.rows(&frame(Display::TELETYPE))[11].starts_with("LINE 1 "));
        screen.scroll(-1);
        assert!(screen.rows(&frame(Display::TELETYPE))[11].starts_with("LINE 7 "));
        screen.push("LINE 31");
        assert!(screen.rows(&frame(Display::TELETYPE))[22].starts_with("LINE 31 "));
    }

    #[test]
    fn coloured_boards_take_their_columns_without_their_colours() {
        let display = Display {
            live: true,
            colour: true,
            glyphs: true,
        };
        let screen = Screen::new(100, 30);
        let rows = screen.rows(&frame(display));
        assert_eq!(rows.len(), 30);
        assert_eq!(visible_width(&rows[1]), 100);
        assert!(rows[1].contains('♜'));
        assert!(rows[1].contains("> WHITE  Richard"));
    }

    #[test]
    fn long_lines_wrap_at_spaces() {
        assert_eq!(
            wrap("ILLEGAL: 'Q-K8' MATCHES NO LEGAL MOVE", 16),
            ["ILLEGAL: 'Q-K8'", "MATCHES NO LEGAL", "MOVE"]
        );
        assert_eq!(wrap("ABCDEFGHIJ", 4), ["ABCD", "EFGH", "IJ"]);
        assert_eq!(wrap("", 4), [""]);
    }

    #[test]
    fn a_line_pushed_hanging_goes_on_under_its_description() {
        let entry = |text: &str, hang| Entry {
            text: text.into(),
            hang,
        };
        let help = "U           TAKE BACK A MOVE (YOUR LAST MOVE AND THE MACHINE'S REPLY)";
        assert_eq!(
            entry(help, 12).wrap(40),
            [
                "U           TAKE BACK A MOVE (YOUR LAST",
                "            MOVE AND THE MACHINE'S",
                "            REPLY)",
            ]
        );
        // Unhung, the rest at the first column; hung too far, the same.
        assert_eq!(entry(help, 0).wrap(40)[1], "MOVE AND THE MACHINE'S REPLY)");
        assert_eq!(entry(help, 21).wrap(40)[1], "MOVE AND THE MACHINE'S REPLY)");
        let mut screen = Screen::new(80, 24);
        screen.push_hanging(help, 12);
        let rows = screen.rows(&frame(Display::TELETYPE));
        assert!(
            rows[11].starts_with("U           TAKE BACK A MOVE (YOUR LAST MOVE AND  PLAYED"),
            "{rows:#?}"
        );
        assert!(
            rows[12].starts_with("            THE MACHINE'S REPLY)    "),
            "{rows:#?}"
        );
    }

    #[test]
    fn clocks_show_tenths_in_the_last_ten_seconds() {
        assert_eq!(clock_text(Duration::from_secs(3599)), "0:59:59");
        assert_eq!(clock_text(Duration::from_millis(9_990)), "0:00:09.9");
        assert_eq!(clock_text(Duration::ZERO), "0:00:00.0");
    }

    #[test]
    fn only_the_rows_that_changed_are_drawn_again() {
        let mut screen = Screen::new(80, 24);
        let mut out = Vec::new();
        let f = frame(Display::TELETYPE);
        screen.draw(&mut out, &f).unwrap();
        assert!(String::from_utf8_lossy(&out).contains("BR BN BB"));
        let mut again = Vec::new();
        screen.draw(&mut again, &f).unwrap();
        assert!(again.is_empty(), "nothing changed: nothing drawn");
        let mut ticked = f.clone();
        ticked.clocks[0].left = Duration::from_secs(597);
        let mut out = Vec::new();
        screen.draw(&mut out, &ticked).unwrap();
        let text = String::from_utf8_lossy(&out);
        // One row rewritten (the clock's), then the cursor back on the typed line.
        assert!(text.contains("0:09:57"), "{text:?}");
        assert_eq!(text.matches(";1H").count(), 1, "{text:?}");
    }
}
