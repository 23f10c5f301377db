//! CECP command lines read into [`XboardCommand`]s. A command with bad arguments is an
//! [`XboardError`], which the session answers `Error (…): command`.

use crate::game::clock::{self, TimeControl, Unit};
use crate::interface::params::{MULTI_PV, parse_multi_pv};
use crate::interface::{Profile, parse_depth};
use crate::notation::{clip, excerpt};
use std::fmt;
use std::time::Duration;

/// One command from the interface.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum XboardCommand {
    /// `xboard`.
    Xboard,
    /// `protover N`.
    Protover(u32),
    /// `accepted F` / `rejected F`: answers to our features.
    Feature(String),
    /// `new`.
    New,
    /// `force`.
    Force,
    /// `go`.
    Go,
    /// `playother`.
    PlayOther,
    /// `white` / `black` (protocol v1: sets the side to move, machine plays the other).
    Color(crate::rules::Color),
    /// `setboard FEN`.
    SetBoard(String),
    /// `level MPS BASE INC`.
    Level(TimeControl),
    /// `st SECONDS`.
    St(Duration),
    /// `sd DEPTH`.
    Sd(u32),
    /// `time CS`: the engine's clock.
    Time(Duration),
    /// `otim CS`: the opponent's clock.
    Otim(Duration),
    /// `post`.
    Post,
    /// `nopost`.
    NoPost,
    /// `usermove M` (or a bare move).
    UserMove(String),
    /// `?`: move now.
    MoveNow,
    /// `ping N`.
    Ping(String),
    /// `undo`.
    Undo,
    /// `remove`.
    Remove,
    /// `result R {comment}`.
    Result(String),
    /// `draw`: the opponent offers a draw.
    Draw,
    /// `quit`.
    Quit,
    /// `analyze`: enter analyze mode (spec §12).
    Analyze,
    /// `exit`: leave analyze mode.
    Exit,
    /// `.`: a search status update in analyze mode (`stat01: …`).
    Status,
    /// `option NAME=VALUE`: one of the options the feature line offers.
    SetOption(EngineOption),
    /// `hint`: the user asks which move to play (answered `Hint: MOVE`).
    Hint,
    /// `bk`: the user asks for the book moves here (answered with lines that start with a
    /// space, then an empty line).
    BookMoves,
    /// Commands accepted and ignored: `hard`, `easy`, `random`, `computer`, `name …`, `rating`,
    /// `ics`, `cores`, `memory`, `variant normal`, `accepted`.
    Ignored(String),
}

/// The options machack offers over CECP (`feature option=…`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum EngineOption {
    /// `Notation`: the notation of the thinking lines' variations.
    Notation(PvNotation),
    /// `Profile`: which program searches (c197 or paper).
    Profile(Profile),
    /// `MultiPV`: how many principal lines the thinking output shows (1 to 255).
    MultiPv(u32),
    /// `Deepen`: play deepens within the time (not in 1967) instead of searching once at the
    /// set depth (analysis always deepens).
    Deepen(bool),
}

/// The notation of the principal variation in thinking lines.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum PvNotation {
    /// SAN, which interfaces read (the default).
    #[default]
    San,
    /// English descriptive notation as the 1967 program printed it (`R-Q8 MATE`); interfaces
    /// show it as text but cannot play it through.
    Descriptive,
}

/// The option lines of the feature reply, combos with the default marked `*`: SAN, the
/// profile in use, one line (of 1 to 255) and deepening off.
pub fn option_features(profile: Profile) -> String {
    let profiles: Vec<String> = Profile::NAMES
        .iter()
        .map(|&n| format!("{}{n}", if profile.name() == n { "*" } else { "" }))
        .collect();
    format!(
        "option=\"Notation -combo *SAN /// descriptive\" option=\"Profile -combo {}\" \
         option=\"MultiPV -spin 1 {} {}\" option=\"Deepen -check 0\"",
        profiles.join(" /// "),
        MULTI_PV.start(),
        MULTI_PV.end()
    )
}

/// Reads `NAME=VALUE` of an `option` command.
fn parse_option(rest: &str) -> Result<EngineOption, String> {
    let (name, value) = rest.split_once('=').unwrap_or((rest, ""));
    match (name.trim(), value.trim()) {
        ("Notation", v) if v.eq_ignore_ascii_case("san") => {
            Ok(EngineOption::Notation(PvNotation::San))
        }
        ("Notation", v) if v.eq_ignore_ascii_case("descriptive") => {
            Ok(EngineOption::Notation(PvNotation::Descriptive))
        }
        ("Notation", v) => Err(format!(
            "Notation '{}' is not SAN or descriptive (write option Notation=SAN)",
            excerpt(v)
        )),
        ("Profile", v) => v
            .parse::<Profile>()
            .map(EngineOption::Profile)
            .map_err(|e| e.to_string()),
        ("MultiPV", v) => parse_multi_pv(v)
            .map(EngineOption::MultiPv)
            .map_err(|e| e.to_string()),
        ("Deepen", "1") => Ok(EngineOption::Deepen(true)),
        ("Deepen", "0") => Ok(EngineOption::Deepen(false)),
        ("Deepen", v) => Err(format!("Deepen '{v}' is not 1 (on) or 0 (off)")),
        (n, _) => Err(format!(
            "no option named '{}' (machack has Notation=SAN|descriptive, Profile=c197|paper, \
             MultiPV=1..{}, Deepen=1|0)",
            excerpt(n),
            MULTI_PV.end()
        )),
    }
}

/// A command that could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum XboardError {
    /// The command is not one this engine knows.
    Unknown(String),
    /// The command is known but its arguments are bad.
    BadArgument {
        /// The whole line.
        line: String,
        /// What was wrong.
        why: String,
    },
}

impl fmt::Display for XboardError {
    /// In CECP's form: `Error (unknown command): X`, `Error (bad argument: …): X`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            XboardError::Unknown(l) => write!(f, "Error (unknown command): {}", excerpt(l)),
            XboardError::BadArgument { line, why } => {
                write!(f, "Error ({}): {}", clip(why), excerpt(line))
            }
        }
    }
}

/// Whether `w` has the shape of a coordinate move (`e2e4`, `e7e8q`), sent bare by old interfaces.
fn looks_like_move(w: &str) -> bool {
    let b = w.as_bytes();
    (b.len() == 4 || b.len() == 5)
        && (b'a'..=b'h').contains(&b[0])
        && (b'1'..=b'8').contains(&b[1])
        && (b'a'..=b'h').contains(&b[2])
        && (b'1'..=b'8').contains(&b[3])
}

/// Reads one CECP line. Blank lines are ignored.
pub fn parse(line: &str) -> Result<XboardCommand, XboardError> {
    use XboardCommand as C;
    let line = line.trim();
    let (word, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
    let rest = rest.trim();
    let bad = |why: &str| XboardError::BadArgument {
        line: line.to_string(),
        why: why.to_string(),
    };
    // The clock commands' values are read and range-checked by the clock's one parser.
    let clock_error = |why: String| bad(&format!("bad argument: {why}"));
    Ok(match word {
        "" => C::Ignored(String::new()),
        "xboard" => C::Xboard,
        "protover" => C::Protover(
            rest.parse()
                .map_err(|_| bad("bad argument: expected a version"))?,
        ),
        "accepted" | "rejected" => C::Feature(rest.to_string()),
        "new" => C::New,
        "force" => C::Force,
        "go" => C::Go,
        "playother" => C::PlayOther,
        "white" => C::Color(crate::rules::Color::White),
        "black" => C::Color(crate::rules::Color::Black),
        "setboard" if !rest.is_empty() => C::SetBoard(rest.to_string()),
        "setboard" => return Err(bad("bad argument: setboard needs a FEN")),
        "level" => {
            let a: Vec<&str> = rest.split_whitespace().collect();
            match a.as_slice() {
                [m, b, i] => C::Level(TimeControl::from_level(m, b, i).map_err(clock_error)?),
                _ => return Err(bad("bad argument: expected level MPS BASE INC")),
            }
        }
        "st" => C::St(
            clock::positive_time(rest, "the time a move", Unit::Seconds).map_err(clock_error)?,
        ),
        "sd" => C::Sd(parse_depth(rest).map_err(|e| bad(&format!("bad argument: {e}")))?),
        "time" => C::Time(clock::time_left(rest, "time", Unit::Centis).map_err(clock_error)?),
        "otim" => C::Otim(clock::time_left(rest, "otim", Unit::Centis).map_err(clock_error)?),
        "post" => C::Post,
        "nopost" => C::NoPost,
        "usermove" if !rest.is_empty() => C::UserMove(rest.to_string()),
        "usermove" => return Err(bad("bad argument: usermove needs a move")),
        "?" => C::MoveNow,
        "ping" => C::Ping(rest.to_string()),
        "undo" => C::Undo,
        "remove" => C::Remove,
        "result" => C::Result(rest.to_string()),
        "draw" => C::Draw,
        "quit" => C::Quit,
        "analyze" => C::Analyze,
        "exit" => C::Exit,
        "." => C::Status,
        "option" => {
            C::SetOption(parse_option(rest).map_err(|e| bad(&format!("bad argument: {e}")))?)
        }
        "hint" => C::Hint,
        "bk" => C::BookMoves,
        "hard" | "easy" | "random" | "computer" | "name" | "rating" | "ics" | "cores"
        | "memory" | "variant" | "egtpath" | "post_mode" | "nps" => C::Ignored(line.to_string()),
        w if looks_like_move(w) && rest.is_empty() => C::UserMove(w.to_string()),
        _ => return Err(XboardError::Unknown(line.to_string())),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_clock_commands() {
        assert_eq!(
            parse("time 12345"),
            Ok(XboardCommand::Time(Duration::from_millis(123450)))
        );
        assert_eq!(parse("sd 4"), Ok(XboardCommand::Sd(4)));
        assert_eq!(
            parse("st 10"),
            Ok(XboardCommand::St(Duration::from_secs(10)))
        );
        assert_eq!(
            parse("level 40 5 0"),
            Ok(XboardCommand::Level(TimeControl::Periods {
                moves: Some(40),
                base: Duration::from_secs(300),
                increment: Duration::ZERO
            }))
        );
    }

    /// Issue 13: a huge `level` panicked at `go`, a huge `time` overflowed.
    #[test]
    fn clock_values_out_of_range_are_refused_in_cecp_form() {
        for (line, why) in [
            (
                "level 40 5 100000000000000000:00",
                "the increment '100000000000000000:00' is out of range: from 0 to 360000 \
                 seconds (100 hours)",
            ),
            (
                "level 1001 5 0",
                "moves per period '1001' is not a whole number from 0 to 1000",
            ),
            ("level 0 0 0", "the base time must be more than 0 minutes"),
            (
                "time 1844674407370955162",
                "time '1844674407370955162' is out of range: from -36000000 to 36000000 \
                 centiseconds (100 hours; a negative time counts as none left)",
            ),
            (
                "otim 1844674407370955162",
                "otim '1844674407370955162' is out of range",
            ),
            (
                "time soon",
                "time 'soon' is not a whole number of centiseconds",
            ),
            ("st 0", "the time a move must be more than 0 seconds"),
            ("st 360001", "the time a move '360001' is out of range"),
        ] {
            let e = parse(line).unwrap_err().to_string();
            assert!(
                e.starts_with(&format!("Error (bad argument: {why}")) && e.ends_with(line),
                "{e}"
            );
        }
        assert_eq!(parse("time -250"), Ok(XboardCommand::Time(Duration::ZERO)));
        assert_eq!(
            parse("st 0.5"),
            Ok(XboardCommand::St(Duration::from_millis(500)))
        );
    }

    #[test]
    fn unknown_and_bad_commands_say_so_in_cecp_form() {
        assert_eq!(
            parse("frobnicate").unwrap_err().to_string(),
            "Error (unknown command): frobnicate"
        );
        assert_eq!(
            parse("sd x").unwrap_err().to_string(),
            "Error (bad argument: depth 'x' is not a whole number from 1 to 20): sd x"
        );
        assert_eq!(
            parse("sd 1000").unwrap_err().to_string(),
            "Error (bad argument: depth '1000' is not a whole number from 1 to 20): sd 1000"
        );
        assert!(parse("sd 0").is_err());
        assert_eq!(parse("sd 20"), Ok(XboardCommand::Sd(20)));
    }

    #[test]
    fn reads_the_analyze_mode_commands() {
        assert_eq!(parse("analyze"), Ok(XboardCommand::Analyze));
        assert_eq!(parse("exit"), Ok(XboardCommand::Exit));
        assert_eq!(parse("."), Ok(XboardCommand::Status));
        assert_eq!(parse("bk"), Ok(XboardCommand::BookMoves));
        assert_eq!(parse("hint"), Ok(XboardCommand::Hint));
    }

    #[test]
    fn reads_the_notation_option_and_refuses_others() {
        assert_eq!(
            parse("option Notation=descriptive"),
            Ok(XboardCommand::SetOption(EngineOption::Notation(
                PvNotation::Descriptive
            )))
        );
        assert_eq!(
            parse("option Notation=SAN"),
            Ok(XboardCommand::SetOption(EngineOption::Notation(
                PvNotation::San
            )))
        );
        assert_eq!(
            parse("option Notation=figurine").unwrap_err().to_string(),
            "Error (bad argument: Notation 'figurine' is not SAN or descriptive (write option \
             Notation=SAN)): option Notation=figurine"
        );
        assert_eq!(
            parse("option Ponder=1").unwrap_err().to_string(),
            "Error (bad argument: no option named 'Ponder' (machack has \
             Notation=SAN|descriptive, Profile=c197|paper, MultiPV=1..255, Deepen=1|0)): \
             option Ponder=1"
        );
        assert_eq!(
            parse("option MultiPV=3"),
            Ok(XboardCommand::SetOption(EngineOption::MultiPv(3)))
        );
        assert_eq!(
            parse("option MultiPV=0").unwrap_err().to_string(),
            "Error (bad argument: MultiPV '0' is not a whole number from 1 to 255): \
             option MultiPV=0"
        );
        assert_eq!(
            parse("option Deepen=1"),
            Ok(XboardCommand::SetOption(EngineOption::Deepen(true)))
        );
        assert!(parse("option Deepen=yes").is_err());
        assert_eq!(
            parse("option Profile=paper"),
            Ok(XboardCommand::SetOption(EngineOption::Profile(
                Profile::Paper(Default::default())
            )))
        );
    }

    #[test]
    fn moves_with_and_without_usermove() {
        assert_eq!(
            parse("usermove e2e4"),
            Ok(XboardCommand::UserMove("e2e4".into()))
        );
        assert_eq!(parse("e7e8q"), Ok(XboardCommand::UserMove("e7e8q".into())));
    }
}
