//! The line the user types on the screen, edited key by key: the screen's terminal is in raw
//! mode, so neither echoes nor edits anything itself, and a line typed while the machine thinks
//! stays where the screen shows it instead of mixing with what the machine writes.

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
}
