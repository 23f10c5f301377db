//! The terminal game's commands, in the spirit of the later program's command set (spec §14),
//! read case-insensitively, with the words people type for them (`undo`, `takeback`, `resigns`,
//! `offer draw`, `new game`). A line that is no command is a move; one that is neither, but
//! close to a command's word, is answered with that word ([`suggestion`]).

/// One command typed at the terminal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `BD`: print the board.
    Board,
    /// `FLIP`: turn the board round.
    Flip,
    /// `PG`: print the game so far.
    Game,
    /// `U` (`UNDO`, `TAKEBACK`, `TAKE BACK`): take back a move.
    Undo,
    /// `PW`, `PB`, `PS`, `PN`: the machine plays White, Black, both, neither.
    Plays {
        /// Whether it plays White.
        white: bool,
        /// Whether it plays Black.
        black: bool,
    },
    /// `SETW 15 15 9 9 7`: widths per ply.
    SetWidths(String),
    /// `SETD 4`: basic depth.
    SetDepth(String),
    /// `SETF 2`: feedovers.
    SetFeedovers(String),
    /// `LIST`: show the parameters.
    List,
    /// `BOOK`, `BOOK ON`, `BOOK OFF`: the opening book (no argument: toggle).
    Book(Option<bool>),
    /// `SAVE FILE`: write the game to a file.
    Save(String),
    /// `RS FILE`: restore a game from a file and go on in a record of its own.
    Restore(String),
    /// `RECORD`: write the record again (after it could not be written); `RECORD FILE`: go on
    /// recording the game in FILE, a new file.
    Record(Option<String>),
    /// `RESIGN` (`RESIGNS`, `I RESIGN`): the user resigns.
    Resign,
    /// `DRAW?` (`OFFER DRAW`, `OFFER A DRAW`, `DRAW OFFER`): the opponent offers a draw.
    DrawOffer,
    /// `CLAIM`, `CLAIM MOVE`: the player to move claims a draw by the third repetition or fifty
    /// moves, now or with the move that makes one.
    Claim(Option<String>),
    /// `DRAW`: a claim if the rules allow one now, else an offer.
    Draw,
    /// `NEW` (`NEW GAME`): another game, in a record of its own.
    New,
    /// `HINT`: the move the machine would play in the user's place.
    Hint,
    /// `CLOCK` (`TIME`): both clocks.
    Clock,
    /// `SAN`, `SAN ON`, `SAN OFF`: the machine's search shown in SAN or in descriptive
    /// notation (no argument: switch).
    San(Option<bool>),
    /// `HELP`.
    Help,
    /// `QUIT`.
    Quit,
}

/// The help text.
pub const HELP: &str = "\
MOVES IN DESCRIPTIVE NOTATION (P-K4, NXP, R/K2-Q2, O-O, P-K8=Q, PXP E.P.),
OR SAN (E4, NF3) OR COORDINATES (E2E4).
BD          PRINT THE BOARD
FLIP        TURN THE BOARD ROUND (IT STARTS FROM YOUR SIDE)
PG          PRINT THE GAME SO FAR
U           TAKE BACK A MOVE (YOUR LAST MOVE AND THE MACHINE'S REPLY), NAMING THEM
            (ALSO UNDO, TAKEBACK)
HINT        THE MOVE THE MACHINE WOULD PLAY IN YOUR PLACE (ON YOUR CLOCK)
CLOCK       BOTH CLOCKS, THE ONE RUNNING MARKED (ALSO TIME)
NEW         START ANOTHER GAME, IN A RECORD OF ITS OWN
PW PB PS PN THE MACHINE PLAYS WHITE, BLACK, BOTH, NEITHER
SETW W...   BASIC WIDTHS PER PLY, THE LAST REPEATING (SETW 15 15 9 9 7)
SETD N      BASIC DEPTH IN PLIES
SETF N      MOST FEEDOVERS IN ONE LINE
LIST        SHOW THE PARAMETERS
BOOK [ON|OFF] USE THE OPENING BOOK (NO ARGUMENT: SWITCH)
SAN [ON|OFF] SHOW THE MACHINE'S SEARCH IN SAN (NO ARGUMENT: SWITCH)
SAVE FILE   WRITE THE GAME TO FILE (PGN), A NEW FILE
RS FILE     RESTORE A GAME FROM FILE (LEFT AS IT IS) AND GO ON IN A NEW RECORD
RECORD      WRITE THE RECORD AGAIN (AFTER IT COULD NOT BE WRITTEN)
RECORD FILE GO ON RECORDING THE GAME IN FILE, A NEW FILE
CLAIM [MOVE] CLAIM A DRAW BY THE THIRD REPETITION OR FIFTY MOVES, NOW OR WITH MOVE
DRAW        CLAIM A DRAW IF THE RULES ALLOW ONE NOW, ELSE OFFER ONE
DRAW?       OFFER A DRAW (ALSO OFFER DRAW)
RESIGN      RESIGN THE GAME
HELP        THIS TEXT
QUIT        END THE SESSION (THE RECORD IS ALREADY WRITTEN)
THE VALUES, PLAUSIBILITIES, <= AND THE 1967 TIME ARE EXPLAINED IN DOC/READING.MD.
";

/// The column where each of [`HELP`]'s descriptions starts: a line the screen wraps goes on
/// there.
pub const HELP_INDENT: usize = 12;

/// Reads a line as a command, or `Ok(None)` if it is not one (then it is a move). A command with a
/// missing or bad argument is an error that says what was expected.
pub fn parse(line: &str) -> Result<Option<Command>, String> {
    let line = line.trim();
    if let Some(c) = phrase(line) {
        return Ok(Some(c));
    }
    let (word, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
    let rest = rest.trim();
    let word = word.to_ascii_uppercase();
    let need = |what: &str| -> Result<String, String> {
        if rest.is_empty() {
            Err(format!("{word} NEEDS {what}"))
        } else {
            Ok(rest.to_string())
        }
    };
    let no_argument = |c: Command| -> Result<Option<Command>, String> {
        if rest.is_empty() {
            Ok(Some(c))
        } else {
            Err(format!("{word} TAKES NO ARGUMENT"))
        }
    };
    match word.as_str() {
        "BD" => no_argument(Command::Board),
        "FLIP" => no_argument(Command::Flip),
        "PG" => no_argument(Command::Game),
        "U" | "UNDO" | "TAKEBACK" => no_argument(Command::Undo),
        "PW" => no_argument(Command::Plays {
            white: true,
            black: false,
        }),
        "PB" => no_argument(Command::Plays {
            white: false,
            black: true,
        }),
        "PS" => no_argument(Command::Plays {
            white: true,
            black: true,
        }),
        "PN" => no_argument(Command::Plays {
            white: false,
            black: false,
        }),
        "SETW" => Ok(Some(Command::SetWidths(need(
            "WIDTHS, E.G. SETW 15 15 9 9 7",
        )?))),
        "SETD" => Ok(Some(Command::SetDepth(need("A DEPTH, E.G. SETD 4")?))),
        "SETF" => Ok(Some(Command::SetFeedovers(need("A NUMBER, E.G. SETF 2")?))),
        "LIST" => no_argument(Command::List),
        "BOOK" => Ok(Some(Command::Book(switch(&word, rest)?))),
        "SAN" => Ok(Some(Command::San(switch(&word, rest)?))),
        "SAVE" => Ok(Some(Command::Save(need("A FILE NAME")?))),
        "RS" => Ok(Some(Command::Restore(need("A FILE NAME")?))),
        "RECORD" => Ok(Some(Command::Record(
            (!rest.is_empty()).then(|| rest.to_string()),
        ))),
        "DRAW?" => no_argument(Command::DrawOffer),
        "DRAW" => no_argument(Command::Draw),
        "CLAIM" => Ok(Some(Command::Claim(
            (!rest.is_empty()).then(|| rest.to_string()),
        ))),
        "RESIGN" | "RESIGNS" => no_argument(Command::Resign),
        "NEW" => no_argument(Command::New),
        "HINT" => no_argument(Command::Hint),
        "CLOCK" | "TIME" => no_argument(Command::Clock),
        "HELP" | "?" => no_argument(Command::Help),
        "QUIT" | "EXIT" => no_argument(Command::Quit),
        _ => Ok(None),
    }
}

/// A switch's argument: none (switch it), `ON` or `OFF`.
fn switch(word: &str, rest: &str) -> Result<Option<bool>, String> {
    match rest.to_ascii_uppercase().as_str() {
        "" => Ok(None),
        "ON" => Ok(Some(true)),
        "OFF" => Ok(Some(false)),
        _ => Err(format!("{word} TAKES ON OR OFF")),
    }
}

/// The commands people write in words, whole lines in any case and spacing, a final `.` or `!`
/// allowed: `I resign.`, `take back`, `offer a draw`, `new game`, `claim a draw`.
fn phrase(line: &str) -> Option<Command> {
    let words: Vec<String> = line
        .trim_end_matches(['.', '!'])
        .split_whitespace()
        .map(str::to_ascii_uppercase)
        .collect();
    let words: Vec<&str> = words.iter().map(String::as_str).collect();
    Some(match words.as_slice() {
        ["I", "RESIGN"] | ["RESIGN", "THE", "GAME"] => Command::Resign,
        ["TAKE", "BACK"] | ["TAKE", "BACK", "A", "MOVE"] => Command::Undo,
        ["OFFER", "DRAW"] | ["OFFER", "A", "DRAW"] | ["DRAW", "OFFER"] | ["DRAW", "OFFERED"] => {
            Command::DrawOffer
        }
        ["CLAIM", "DRAW"] | ["CLAIM", "A", "DRAW"] => Command::Claim(None),
        ["NEW", "GAME"] => Command::New,
        ["RESIGNS"] | ["RESIGN"] | ["NEW"] | ["HINT"] if line.ends_with(['.', '!']) => {
            return parse(line.trim_end_matches(['.', '!'])).ok().flatten();
        }
        _ => return None,
    })
}

/// The words a command is typed as, each with the command it is shown as in a suggestion.
const WORDS: &[(&str, &str)] = &[
    ("BD", "BD"),
    ("FLIP", "FLIP"),
    ("PG", "PG"),
    ("U", "U"),
    ("UNDO", "UNDO"),
    ("TAKEBACK", "TAKEBACK"),
    ("PW", "PW"),
    ("PB", "PB"),
    ("PS", "PS"),
    ("PN", "PN"),
    ("SETW", "SETW"),
    ("SETD", "SETD"),
    ("SETF", "SETF"),
    ("LIST", "LIST"),
    ("BOOK", "BOOK"),
    ("SAVE", "SAVE"),
    ("RS", "RS"),
    ("RECORD", "RECORD"),
    ("RESIGN", "RESIGN"),
    ("RESIGNS", "RESIGN"),
    ("OFFER", "OFFER DRAW"),
    ("DRAW", "DRAW"),
    ("CLAIM", "CLAIM"),
    ("NEW", "NEW"),
    ("HINT", "HINT"),
    ("CLOCK", "CLOCK"),
    ("TIME", "CLOCK"),
    ("SAN", "SAN"),
    ("HELP", "HELP"),
    ("QUIT", "QUIT"),
    ("EXIT", "QUIT"),
];

/// The commands a line that is neither a command nor a move was probably meant to be: those
/// whose word is nearest its first word, by letters left out, added, changed or swapped (one
/// for a word of up to four letters, two for a longer one): `resing` → `RESIGN`, `udno` →
/// `UNDO`, `ofer draw` → `OFFER DRAW`. None when no command's word is that near.
pub fn suggestion(line: &str) -> Option<String> {
    let first = line.split_whitespace().next()?.to_ascii_uppercase();
    let first = first.trim_end_matches(['.', '!', '?']);
    let n = first.chars().count();
    if n < 2 || !first.chars().all(|c| c.is_ascii_alphabetic()) {
        return None;
    }
    let most = if n <= 4 { 1 } else { 2 };
    let mut best: Vec<&str> = Vec::new();
    let mut nearest = most + 1;
    for &(word, shown) in WORDS {
        let d = distance(first, word);
        if d < nearest {
            nearest = d;
            best.clear();
        }
        if d == nearest && !best.contains(&shown) {
            best.push(shown);
        }
    }
    match best.as_slice() {
        [] => None,
        [one] => Some(one.to_string()),
        [init @ .., last] => Some(format!("{} OR {last}", init.join(", "))),
    }
}

/// The edit distance between two words, a swap of neighbours counting one (optimal string
/// alignment).
fn distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut d = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    d[0] = (0..=b.len()).collect();
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut v = (d[i - 1][j] + 1)
                .min(d[i][j - 1] + 1)
                .min(d[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                v = v.min(d[i - 2][j - 2] + 1);
            }
            d[i][j] = v;
        }
    }
    d[a.len()][b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_are_case_insensitive() {
        assert_eq!(parse("bd"), Ok(Some(Command::Board)));
        assert_eq!(parse("Draw?"), Ok(Some(Command::DrawOffer)));
        assert_eq!(
            parse("setw 15 15 9"),
            Ok(Some(Command::SetWidths("15 15 9".into())))
        );
        assert_eq!(parse("book off"), Ok(Some(Command::Book(Some(false)))));
        assert_eq!(parse("draw"), Ok(Some(Command::Draw)));
        assert_eq!(parse("Claim"), Ok(Some(Command::Claim(None))));
        assert_eq!(
            parse("claim N-KN1"),
            Ok(Some(Command::Claim(Some("N-KN1".into()))))
        );
        assert_eq!(parse("draw now"), Err("DRAW TAKES NO ARGUMENT".into()));
        assert_eq!(parse("Clock"), Ok(Some(Command::Clock)));
        assert_eq!(parse("time"), Ok(Some(Command::Clock)));
        assert_eq!(parse("san"), Ok(Some(Command::San(None))));
        assert_eq!(parse("SAN off"), Ok(Some(Command::San(Some(false)))));
        assert_eq!(parse("san yes"), Err("SAN TAKES ON OR OFF".into()));
        assert_eq!(parse("record"), Ok(Some(Command::Record(None))));
        assert_eq!(
            parse("Record /tmp/My Game.pgn"),
            Ok(Some(Command::Record(Some("/tmp/My Game.pgn".into()))))
        );
    }

    #[test]
    fn the_words_people_type_are_commands() {
        let read = |l: &str| parse(l).unwrap().unwrap();
        assert_eq!(read("resigns"), Command::Resign);
        assert_eq!(read("I resign."), Command::Resign);
        assert_eq!(read("undo"), Command::Undo);
        assert_eq!(read("takeback"), Command::Undo);
        assert_eq!(read("Take  back"), Command::Undo);
        assert_eq!(read("new"), Command::New);
        assert_eq!(read("New game"), Command::New);
        assert_eq!(read("hint"), Command::Hint);
        assert_eq!(read("offer draw"), Command::DrawOffer);
        assert_eq!(read("Offer a draw."), Command::DrawOffer);
        assert_eq!(read("claim"), Command::Claim(None));
        assert_eq!(read("claim a draw"), Command::Claim(None));
        assert_eq!(read("claim Ng1"), Command::Claim(Some("Ng1".into())));
        assert_eq!(parse("hint please"), Err("HINT TAKES NO ARGUMENT".into()));
    }

    #[test]
    fn a_word_near_a_command_is_suggested() {
        let s = |l: &str| suggestion(l);
        assert_eq!(s("resing").as_deref(), Some("RESIGN"));
        assert_eq!(s("Resgins").as_deref(), Some("RESIGN"));
        assert_eq!(s("udno").as_deref(), Some("UNDO"));
        assert_eq!(s("takebak").as_deref(), Some("TAKEBACK"));
        assert_eq!(s("nwe").as_deref(), Some("NEW"));
        assert_eq!(s("hnit").as_deref(), Some("HINT"));
        assert_eq!(s("ofer draw").as_deref(), Some("OFFER DRAW"));
        assert_eq!(s("claym").as_deref(), Some("CLAIM"));
        assert_eq!(s("quti").as_deref(), Some("QUIT"));
        assert_eq!(s("bf").as_deref(), Some("BD"));
        assert_eq!(s("pq").as_deref(), Some("PG, PW, PB, PS OR PN"));
        // Nothing near: no suggestion.
        assert_eq!(s("xyzzy"), None);
        assert_eq!(s("frobnicate now"), None);
        assert_eq!(s("e9"), None);
    }

    #[test]
    fn moves_are_not_commands() {
        assert_eq!(parse("P-K4"), Ok(None));
        assert_eq!(parse("e4"), Ok(None));
        assert_eq!(parse("PXP"), Ok(None));
    }

    #[test]
    fn missing_arguments_say_what_is_needed() {
        assert_eq!(parse("setd"), Err("SETD NEEDS A DEPTH, E.G. SETD 4".into()));
        assert_eq!(parse("bd now"), Err("BD TAKES NO ARGUMENT".into()));
    }
}
