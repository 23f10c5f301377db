//! The terminal game's commands, in the spirit of the later program's command set (spec §14),
//! read case-insensitively. A line that is no command is a move.

/// One command typed at the terminal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `BD`: print the board.
    Board,
    /// `FLIP`: turn the board round.
    Flip,
    /// `PG`: print the game so far.
    Game,
    /// `U`: take back a move.
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
    /// `RESIGN`: the user resigns.
    Resign,
    /// `DRAW?`: the opponent offers a draw.
    DrawOffer,
    /// `CLAIM`, `CLAIM MOVE`: the player to move claims a draw by the third repetition or fifty
    /// moves, now or with the move that makes one.
    Claim(Option<String>),
    /// `DRAW`: a claim if the rules allow one now, else an offer.
    Draw,
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
PW PB PS PN THE MACHINE PLAYS WHITE, BLACK, BOTH, NEITHER
SETW W...   BASIC WIDTHS PER PLY, THE LAST REPEATING (SETW 15 15 9 9 7)
SETD N      BASIC DEPTH IN PLIES
SETF N      MOST FEEDOVERS IN ONE LINE
LIST        SHOW THE PARAMETERS
BOOK [ON|OFF] USE THE OPENING BOOK (NO ARGUMENT: SWITCH)
SAVE FILE   WRITE THE GAME TO FILE (PGN)
RS FILE     RESTORE A GAME FROM FILE (LEFT AS IT IS) AND GO ON IN A NEW RECORD
RECORD      WRITE THE RECORD AGAIN (AFTER IT COULD NOT BE WRITTEN)
RECORD FILE GO ON RECORDING THE GAME IN FILE, A NEW FILE
CLAIM [MOVE] CLAIM A DRAW BY THE THIRD REPETITION OR FIFTY MOVES, NOW OR WITH MOVE
DRAW        CLAIM A DRAW IF THE RULES ALLOW ONE NOW, ELSE OFFER ONE
DRAW?       OFFER A DRAW
RESIGN      RESIGN THE GAME
HELP        THIS TEXT
QUIT        END THE SESSION (THE RECORD IS ALREADY WRITTEN)
";

/// Reads a line as a command, or `Ok(None)` if it is not one (then it is a move). A command with a
/// missing or bad argument is an error that says what was expected.
pub fn parse(line: &str) -> Result<Option<Command>, String> {
    let line = line.trim();
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
        "U" => no_argument(Command::Undo),
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
        "BOOK" => match rest.to_ascii_uppercase().as_str() {
            "" => Ok(Some(Command::Book(None))),
            "ON" => Ok(Some(Command::Book(Some(true)))),
            "OFF" => Ok(Some(Command::Book(Some(false)))),
            _ => Err("BOOK TAKES ON OR OFF".into()),
        },
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
        "RESIGN" => no_argument(Command::Resign),
        "HELP" | "?" => no_argument(Command::Help),
        "QUIT" | "EXIT" => no_argument(Command::Quit),
        _ => Ok(None),
    }
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
        assert_eq!(parse("record"), Ok(Some(Command::Record(None))));
        assert_eq!(
            parse("Record /tmp/My Game.pgn"),
            Ok(Some(Command::Record(Some("/tmp/My Game.pgn".into()))))
        );
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
