//! The tokens of PGN and of descriptive scores: tag pairs, move numbers, moves, comments, NAGs,
//! variations and results, each with its line and column.
//!
//! Descriptive moves may contain spaces (`PxP e.p.`, `B-N5 CH`, `Q-K6 MATE`, `Castles KR`) and
//! parentheses (`N(KN1)-B3`, `P-K8(Q)`): a word that is only a check, mate, en passant or
//! annotation mark joins the move before it, and `(` starts a variation only at the start of a
//! word.

use super::excerpt;

/// The longest tag name: a PGN symbol token (PGN standard, section 7).
pub const TAG_NAME_MAX: usize = 255;

/// What a token is.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum TokenKind {
    /// `[Name "value"]`.
    Tag(String, String),
    /// `12.` (false) or `12...` (true: Black's move follows).
    MoveNumber(u32, bool),
    /// `...` alone: Black's move follows.
    Ellipsis,
    /// A move as written.
    Move(String),
    /// `{…}` or `; …`.
    Comment(String),
    /// `$n`, or `!`, `?`, `!!`, `??`, `!?`, `?!` standing alone.
    Nag(u8),
    /// `( … )`, kept as written between the parentheses.
    Variation(String),
    /// `1-0`, `0-1`, `1/2-1/2`, `*`.
    Result(String),
}

/// A token and where it starts (line and column from 1).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Token {
    /// What it is.
    pub kind: TokenKind,
    /// Line, from 1.
    pub line: usize,
    /// Column in characters, from 1.
    pub col: usize,
}

/// A syntax error in a score: where, and what was wrong.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SyntaxError {
    /// Line, from 1.
    pub line: usize,
    /// Column, from 1.
    pub col: usize,
    /// What was wrong.
    pub what: String,
}

/// Characters with their positions.
struct Cursor {
    chars: Vec<char>,
    i: usize,
    line: usize,
    col: usize,
}

impl Cursor {
    /// The character at the cursor.
    fn peek(&self) -> Option<char> {
        self.chars.get(self.i).copied()
    }

    /// Moves past one character, counting lines.
    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.i += 1;
        if c == '\n' {
            self.line += 1;
            self.col = 1;
        } else {
            self.col += 1;
        }
        Some(c)
    }
}

/// The words that only add a mark to the move before them.
fn is_suffix_word(w: &str) -> bool {
    let u = w.to_ascii_uppercase();
    matches!(
        u.as_str(),
        "CH" | "CH."
            | "MATE"
            | "E.P."
            | "E.P"
            | "EP"
            | "EP."
            | "DIS"
            | "DBL"
            | "CHECK"
            | "DISCOVERED"
            | "DOUBLE"
            | "+"
            | "#"
            | "++"
            | "CHECKMATE"
    )
}

/// The NAG of an annotation mark standing alone.
fn mark_nag(w: &str) -> Option<u8> {
    Some(match w {
        "!" => 1,
        "?" => 2,
        "!!" => 3,
        "??" => 4,
        "!?" => 5,
        "?!" => 6,
        _ => return None,
    })
}

/// Splits a score into tokens.
pub fn tokenize(text: &str) -> Result<Vec<Token>, SyntaxError> {
    let mut c = Cursor {
        chars: text.chars().collect(),
        i: 0,
        line: 1,
        col: 1,
    };
    let mut out: Vec<Token> = Vec::new();
    while let Some(ch) = c.peek() {
        let (line, col) = (c.line, c.col);
        let err = |what: String| SyntaxError { line, col, what };
        if ch.is_whitespace() {
            c.bump();
            continue;
        }
        let kind = match ch {
            '%' if col == 1 => {
                while c.peek().is_some_and(|x| x != '\n') {
                    c.bump();
                }
                continue;
            }
            '[' => {
                c.bump();
                tag(&mut c).map_err(err)?
            }
            '{' => {
                c.bump();
                let mut s = String::new();
                loop {
                    match c.bump() {
                        Some('}') => break,
                        Some(x) => s.push(x),
                        None => return Err(err("comment '{' is never closed by '}'".into())),
                    }
                }
                TokenKind::Comment(s.trim().to_string())
            }
            ';' => {
                c.bump();
                let mut s = String::new();
                while let Some(x) = c.peek().filter(|&x| x != '\n') {
                    s.push(x);
                    c.bump();
                }
                TokenKind::Comment(s.trim().to_string())
            }
            '(' => {
                c.bump();
                let mut depth = 1;
                let mut s = String::new();
                loop {
                    match c.bump() {
                        Some('(') => depth += 1,
                        Some(')') => {
                            depth -= 1;
                            if depth == 0 {
                                break;
                            }
                        }
                        Some('{') => {
                            s.push('{');
                            loop {
                                match c.bump() {
                                    Some('}') => break,
                                    Some(x) => s.push(x),
                                    None => {
                                        return Err(err(
                                            "a comment in this variation is never closed by '}'"
                                                .into(),
                                        ));
                                    }
                                }
                            }
                            s.push('}');
                            continue;
                        }
                        Some(_) => {}
                        None => return Err(err("variation '(' is never closed by ')'".into())),
                    }
                    s.push(c.chars[c.i - 1]);
                }
                TokenKind::Variation(s.trim().to_string())
            }
            ')' => return Err(err("')' closes no variation".into())),
            ']' => return Err(err("']' closes no tag".into())),
            '}' => return Err(err("'}' closes no comment".into())),
            '$' => {
                c.bump();
                let mut n = String::new();
                while let Some(d) = c.peek().filter(|d| d.is_ascii_digit()) {
                    n.push(d);
                    c.bump();
                }
                match n.parse::<u8>() {
                    Ok(v) => TokenKind::Nag(v),
                    Err(_) => {
                        return Err(err(format!(
                            "'${}' is not a NAG ($ and a number from 0 to 255)",
                            excerpt(&n)
                        )));
                    }
                }
            }
            _ => {
                let w = word(&mut c);
                match classify(&w) {
                    Some(k) => k,
                    None => {
                        // A move number glued to its move: "1.P-K4", "12...e5".
                        let digits = w.chars().take_while(|d| d.is_ascii_digit()).count();
                        let dots = w[digits..].chars().take_while(|&d| d == '.').count();
                        if digits > 0 && dots > 0 {
                            let n = w[..digits].parse().map_err(|_| {
                                err(format!(
                                    "move number '{}' is too large",
                                    excerpt(&w[..digits])
                                ))
                            })?;
                            out.push(Token {
                                kind: TokenKind::MoveNumber(n, dots >= 2),
                                line,
                                col,
                            });
                            out.push(Token {
                                kind: TokenKind::Move(w[digits + dots..].to_string()),
                                line,
                                col: col + digits + dots,
                            });
                            continue;
                        }
                        if is_suffix_word(&w)
                            && let Some(Token {
                                kind: TokenKind::Move(m),
                                ..
                            }) = out.last_mut()
                        {
                            m.push(' ');
                            m.push_str(&w);
                            continue;
                        }
                        if matches!(w.to_ascii_uppercase().as_str(), "KR" | "QR" | "K" | "Q")
                            && let Some(Token {
                                kind: TokenKind::Move(m),
                                ..
                            }) = out.last_mut()
                            && m.to_ascii_uppercase().starts_with("CASTLE")
                        {
                            m.push(' ');
                            m.push_str(&w);
                            continue;
                        }
                        if let Some(n) = mark_nag(&w) {
                            TokenKind::Nag(n)
                        } else {
                            TokenKind::Move(w)
                        }
                    }
                }
            }
        };
        out.push(Token { kind, line, col });
    }
    Ok(out)
}

/// Classifies a whole word: a result, a move number, or an ellipsis.
fn classify(w: &str) -> Option<TokenKind> {
    match w {
        "1-0" | "0-1" | "1/2-1/2" | "*" => return Some(TokenKind::Result(w.to_string())),
        "½-½" => return Some(TokenKind::Result("1/2-1/2".into())),
        "..." | "…" | ".." => return Some(TokenKind::Ellipsis),
        _ => {}
    }
    let digits = w.chars().take_while(|d| d.is_ascii_digit()).count();
    let rest = &w[digits..];
    if digits > 0 && rest.chars().all(|d| d == '.') {
        let n = w[..digits].parse().ok()?;
        return Some(TokenKind::MoveNumber(n, rest.len() >= 2));
    }
    None
}

/// Reads a word: up to white space, `{`, `;`, `$` or a `)` that is not the word's own.
fn word(c: &mut Cursor) -> String {
    let mut s = String::new();
    let mut depth = 0;
    while let Some(ch) = c.peek() {
        match ch {
            x if x.is_whitespace() => break,
            '{' | ';' | '[' | ']' | '}' | '$' => break,
            '(' => depth += 1,
            ')' if depth == 0 => break,
            ')' => depth -= 1,
            _ => {}
        }
        s.push(ch);
        c.bump();
    }
    if s.is_empty() {
        // Never loop: take one character whatever it is.
        if let Some(ch) = c.bump() {
            s.push(ch);
        }
    }
    s
}

/// Reads a tag pair after its `[`: `Name "value"]`.
fn tag(c: &mut Cursor) -> Result<TokenKind, String> {
    while c.peek().is_some_and(|x| x == ' ' || x == '\t') {
        c.bump();
    }
    let mut name = String::new();
    while let Some(x) = c.peek().filter(|x| x.is_alphanumeric() || *x == '_') {
        name.push(x);
        c.bump();
    }
    if name.is_empty() {
        return Err("a tag pair starts with a name, as in [Event \"…\"]".into());
    }
    if name.chars().count() > TAG_NAME_MAX {
        return Err(format!(
            "the tag name '{}' is longer than {TAG_NAME_MAX} characters (the PGN standard, section 7)",
            excerpt(&name)
        ));
    }
    while c.peek().is_some_and(|x| x == ' ' || x == '\t') {
        c.bump();
    }
    if c.bump() != Some('"') {
        return Err(format!(
            "tag {}: the value must be in double quotes",
            excerpt(&name)
        ));
    }
    let mut value = String::new();
    loop {
        match c.bump() {
            Some('\\') if matches!(c.peek(), Some('"' | '\\')) => {
                value.extend(c.bump());
            }
            Some('"') => break,
            Some('\n') | None => {
                return Err(format!(
                    "tag {}: the value's closing quote is missing",
                    excerpt(&name)
                ));
            }
            Some(x) => value.push(x),
        }
    }
    while c.peek().is_some_and(|x| x == ' ' || x == '\t') {
        c.bump();
    }
    if c.bump() != Some(']') {
        return Err(format!(
            "tag {}: ']' expected after the value",
            excerpt(&name)
        ));
    }
    Ok(TokenKind::Tag(name, value))
}
