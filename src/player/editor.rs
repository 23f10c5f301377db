//! The line the user types on the screen or a teletype's terminal, edited key by key: the
//! terminal is in raw mode, so neither echoes nor edits anything itself, and a line typed while
//! the machine thinks stays where the screen shows it, or on the teletype's last line
//! ([`TeletypeLine`]), instead of mixing with what the machine writes.

use crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};

/// The longest line the editor takes: far more than any move or command.
pub const EDIT_MAX: usize = 256;

/// The line being typed.
#[derive(Clone, Debug, Default)]
pub struct LineEditor {
    text: String,
}

/// What a key did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Edit {
    /// Nothing (a key the editor does not use, or a release).
    Nothing,
    /// The line changed.
    Changed,
    /// Return: the line typed, now taken.
    Line(String),
    /// Ctrl-C: the user stops the game.
    Interrupt,
    /// Ctrl-D on an empty line: the end of input, as on a terminal.
    End,
}

impl LineEditor {
    /// The line typed so far.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// Takes a key: printable characters are added (up to [`EDIT_MAX`]), Backspace removes the
    /// last, Ctrl-U or Esc the line, Ctrl-W the last word, Return gives the line.
    pub fn key(&mut self, key: &KeyEvent) -> Edit {
        if key.kind == KeyEventKind::Release {
            return Edit::Nothing;
        }
        let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
        match key.code {
            KeyCode::Char('c') if ctrl => Edit::Interrupt,
            KeyCode::Char('d') if ctrl => {
                if self.text.is_empty() {
                    Edit::End
                } else {
                    Edit::Nothing
                }
            }
            KeyCode::Char('u') if ctrl => self.set(String::new()),
            KeyCode::Esc => self.set(String::new()),
            KeyCode::Char('w') if ctrl => {
                let kept = self.text.trim_end();
                let cut = kept.rfind(' ').map_or(0, |i| i + 1);
                let rest = kept[..cut].to_string();
                self.set(rest)
            }
            KeyCode::Char('h') if ctrl => self.backspace(),
            KeyCode::Char('j' | 'm') if ctrl => Edit::Line(std::mem::take(&mut self.text)),
            KeyCode::Enter => Edit::Line(std::mem::take(&mut self.text)),
            KeyCode::Backspace => self.backspace(),
            KeyCode::Char(c) if !ctrl && !key.modifiers.contains(KeyModifiers::ALT) => {
                if c.is_control() || self.text.len() + c.len_utf8() > EDIT_MAX {
                    return Edit::Nothing;
                }
                self.text.push(c);
                Edit::Changed
            }
            _ => Edit::Nothing,
        }
    }

    fn backspace(&mut self) -> Edit {
        if self.text.pop().is_some() {
            Edit::Changed
        } else {
            Edit::Nothing
        }
    }

    fn set(&mut self, text: String) -> Edit {
        if text == self.text {
            return Edit::Nothing;
        }
        self.text = text;
        Edit::Changed
    }
}

/// The line being typed as a teletype on a terminal in raw mode shows it: the printout's last
/// line, the prompt and what has been typed, rubbed out (a carriage return, spaces over it, a
/// carriage return: plain ASCII, as a teletype's) before the session writes a line and written
/// again after it, so that what the machine writes never runs into what is being typed.
#[derive(Clone, Debug)]
pub struct TeletypeLine {
    width: usize,
    shown: String,
}

impl TeletypeLine {
    /// The line on a terminal `width` columns wide, nothing shown yet.
    pub fn new(width: u16) -> TeletypeLine {
        TeletypeLine {
            width: usize::from(width.max(2)),
            shown: String::new(),
        }
    }

    /// The terminal's new width.
    pub fn resize(&mut self, width: u16) {
        self.width = usize::from(width.max(2));
    }

    /// What rubs the line shown out, leaving the carriage at the start of an empty line.
    pub fn rub_out(&mut self) -> String {
        if self.shown.is_empty() {
            return String::new();
        }
        let n = self.shown.chars().count();
        self.shown.clear();
        format!("\r{}\r", " ".repeat(n))
    }

    /// What shows `text` (ASCII) in place of the line shown: nothing when it is shown already,
    /// what was added when the line grew, else the line rubbed out and written again; its end
    /// where it is wider than the terminal, so that it stays on one line.
    pub fn show(&mut self, text: &str) -> String {
        let n = text.chars().count();
        let room = self.width - 1;
        let visible: String = text.chars().skip(n.saturating_sub(room)).collect();
        if visible == self.shown {
            return String::new();
        }
        let out = match visible.strip_prefix(self.shown.as_str()) {
            Some(added) if !self.shown.is_empty() => added.to_string(),
            _ => self.rub_out() + &visible,
        };
        self.shown = visible;
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn press(code: KeyCode) -> KeyEvent {
        KeyEvent::new(code, KeyModifiers::NONE)
    }

    fn ctrl(c: char) -> KeyEvent {
        KeyEvent::new(KeyCode::Char(c), KeyModifiers::CONTROL)
    }

    #[test]
    fn keys_make_a_line() {
        let mut e = LineEditor::default();
        for c in "p-k44".chars() {
            assert_eq!(e.key(&press(KeyCode::Char(c))), Edit::Changed);
        }
        assert_eq!(e.key(&press(KeyCode::Backspace)), Edit::Changed);
        assert_eq!(e.text(), "p-k4");
        assert_eq!(e.key(&press(KeyCode::Enter)), Edit::Line("p-k4".into()));
        assert_eq!(e.text(), "");
        assert_eq!(e.key(&press(KeyCode::Backspace)), Edit::Nothing);
    }

    #[test]
    fn control_keys_edit_stop_and_end() {
        let mut e = LineEditor::default();
        for c in "offer draw".chars() {
            e.key(&press(KeyCode::Char(c)));
        }
        assert_eq!(e.key(&ctrl('w')), Edit::Changed);
        assert_eq!(e.text(), "offer ");
        assert_eq!(e.key(&ctrl('d')), Edit::Nothing, "not empty: not the end");
        assert_eq!(e.key(&ctrl('u')), Edit::Changed);
        assert_eq!(e.key(&ctrl('d')), Edit::End);
        assert_eq!(e.key(&ctrl('c')), Edit::Interrupt);
        let mut release = press(KeyCode::Char('x'));
        release.kind = KeyEventKind::Release;
        assert_eq!(e.key(&release), Edit::Nothing);
        for _ in 0..EDIT_MAX + 10 {
            e.key(&press(KeyCode::Char('x')));
        }
        assert_eq!(e.text().len(), EDIT_MAX);
    }

    #[test]
    fn a_teletype_line_is_rubbed_out_and_written_again_on_one_line() {
        let mut t = TeletypeLine::new(12);
        assert_eq!(t.rub_out(), "");
        assert_eq!(t.show("2. "), "2. ");
        assert_eq!(t.show("2. "), "", "shown already");
        assert_eq!(t.show("2. n"), "n", "a key typed: only it");
        assert_eq!(
            t.show("2. "),
            "\r    \r2. ",
            "a key rubbed out: the line again"
        );
        assert_eq!(t.rub_out(), "\r   \r");
        assert_eq!(t.show(""), "");
        // Wider than the terminal: its end, on one line of 11 columns.
        assert_eq!(t.show("bd / resign the"), " resign the");
        t.resize(80);
        assert_eq!(t.show("bd"), "\r           \rbd");
    }
}
