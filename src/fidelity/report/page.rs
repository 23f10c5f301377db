//! The report's page: an introduction, the agreement table, then every game with a board per
//! position, the analysis of each of Mac Hack's moves and the move list.
//!
//! Position `k` of a game (`id="g1-p12"`) is the position before its `k`-th move (counted from
//! 0), with that move drawn as an arrow; the last is the final position. One of them is shown at
//! a time (`class="current"`); the script moves between them.

use super::board::{self, Board, Mover};
use super::{GameReport, Played, Report, escape};
use crate::fidelity::compare::{CompareRow, Summary, ratio};
use crate::interface::TopBound;
use crate::notation::{Game, Notation, Style, descriptive, san};
use crate::rules::{Color, Move, Position, Status};
use crate::value::{Value, mate_moves};
use std::fmt::Write;

/// The style sheet.
const CSS: &str = include_str!("page.css");

/// The script: navigation by click, key and URL fragment.
const SCRIPT: &str = include_str!("page.js");

/// How many of the recreation's most plausible moves a position lists (more when the 1967,
/// c197 or chosen move stands further down).
const PLAUSIBLE_SHOWN: usize = 8;

/// The whole page.
pub fn render(report: &Report) -> String {
    let mut out = String::with_capacity(1 << 20);
    let played = if page_label(report) == "game" {
        "the games".to_string()
    } else {
        page_label(report)
    };
    let _ = write!(
        out,
        concat!(
            "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n",
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n",
            "<title>Mac Hack VI replayed: {}, the original program and the recreation</title>\n",
            "<style>\n"
        ),
        escape(&played)
    );
    out.push_str(CSS);
    out.push_str("</style>\n</head>\n<body>\n");
    let _ = writeln!(
        out,
        r#"<svg class="defs" width="0" height="0" aria-hidden="true"><defs>{}</defs></svg>"#,
        board::defs()
    );
    introduction(&mut out, report);
    summary_table(&mut out, report);
    for (i, g) in report.games.iter().enumerate() {
        game_section(&mut out, i + 1, g, report.engine.is_some());
    }
    footer(&mut out, report);
    out.push_str("<script>\n");
    out.push_str(SCRIPT);
    out.push_str("</script>\n");
    if let Some(engine) = &report.engine {
        out.push_str(&engine.html());
    }
    out.push_str("</body>\n</html>\n");
    out
}

/// What the page calls the move played in every game (see [`Played::label`]): the label the
/// games share, else `game`.
fn page_label(report: &Report) -> String {
    let mut labels = report.games.iter().map(|g| g.played().label());
    let first = labels.next().unwrap_or_else(|| "game".to_string());
    if labels.all(|l| l == first) {
        first
    } else {
        "game".to_string()
    }
}

/// What the move played is, in the games of the page: printed in the paper, as a record of
/// another of Mac Hack's games gives it, or machack's own.
fn played_text(report: &Report) -> String {
    const PAPER: &str = "as printed in the paper (Greenblatt, Eastlake, Crocker, <cite>The Greenblatt Chess Program</cite>, FJCC 1967)";
    let mut kinds: Vec<Played> = report.games.iter().map(GameReport::played).collect();
    kinds.sort();
    kinds.dedup();
    match kinds[..] {
        [Played::Paper] => format!("the move Mac Hack played, {PAPER}"),
        [Played::Record(Some(year))] => format!(
            "the move Mac Hack played in {year}, as the game's record gives it (its source is under the game's title)"
        ),
        [Played::Record(None)] => "the move played in the game, as its record gives it (its source is under the game's title)".to_string(),
        [Played::Machack] => "the move machack played in the game, in a record it wrote (its searches are repeated as it made them, with the run state they had)".to_string(),
        _ => {
            let mut parts = Vec::new();
            if kinds.contains(&Played::Paper) {
                parts.push(format!("in the paper's games Mac Hack's, {PAPER}"));
            }
            if kinds.iter().any(|k| matches!(k, Played::Record(_))) {
                parts.push("in Mac Hack's other games its move as their records give it (each game's source is under its title)".to_string());
            }
            if kinds.contains(&Played::Machack) {
                parts.push("in a game machack played its own (its searches repeated as it made them)".to_string());
            }
            format!("the move played: {}", parts.join("; "))
        }
    }
}

/// The title, what the page shows, and the key to its colours.
fn introduction(out: &mut String, report: &Report) {
    let total = total(report);
    let label = page_label(report);
    let _ = write!(
        out,
        r#"<header class="intro">
<h1>Mac Hack VI, replayed</h1>
<p class="lede">Richard Greenblatt's Mac Hack VI was the first chess program to play in human tournaments (1967). At every position where it was to move, this page sets three moves side by side:</p>
<ul class="who">
<li><i class="k h"></i><b>{}</b> — {};</li>
<li><i class="k c"></i><b>c197</b> — the move the original program plays there today: CHESS D, the surviving 1967–68 source, run on a simulated PDP-6;</li>
<li><i class="k m"></i><b>machack</b> — the move this recreation plays, with its value, its principal variation and its most plausible moves.</li>
</ul>
<div class="hero">{}</div>
<p class="keys">Click a move, or use the keys: <kbd>←</kbd> <kbd>→</kbd> move, <kbd>Home</kbd> <kbd>End</kbd>, <kbd>n</kbd> <kbd>p</kbd> next and previous position where the moves differ, <kbd>[</kbd> <kbd>]</kbd> previous and next game. Values are from Mac Hack's side, in pawns (the programs count a pawn as 128).</p>
<p class="keys">Each position gives its FEN, and each of Mac Hack's the <code>machack think</code> command that repeats its search (run it where the report was made: the file is named as the report was given it).</p>
<noscript><p class="keys">Without JavaScript each game shows its first position; print the page to see every position where Mac Hack was to move.</p></noscript>
</header>
"#,
        escape(&label),
        played_text(report),
        figures_html(&total, "hero", true, &label)
    );
}

/// The three agreement figures of `s`, as `<span class="fig">` blocks, each holding exactly
/// the text `replay --compare` prints for it (`data-fig` names it); `explained` adds what each
/// means; `label` is what the move played is called ([`Played::label`]).
fn figures_html(s: &Summary, class: &str, explained: bool, label: &str) -> String {
    let played = match label {
        "game" => "the move played in the game".to_string(),
        year => format!("the move Mac Hack played in {year}"),
    };
    let meaning = [
        format!("the recreation plays {played} (out of the opening book)"),
        "the recreation plays the move the original program plays".to_string(),
        format!("the original program, run today, plays {played}"),
    ];
    figures(s, label)
        .iter()
        .zip(meaning)
        .map(|((name, label, text, share), meaning)| {
            let bar = share.map_or(String::new(), |p| {
                format!(r#"<span class="bar" style="--p:{:.0}%"></span>"#, p * 100.0)
            });
            let meaning = if explained {
                format!(r#"<span class="meaning">{meaning}</span>"#)
            } else {
                String::new()
            };
            format!(
                r#"<span class="fig {class}"><span class="label">{label}</span><span class="n" data-fig="{name}">{text}</span>{meaning}{bar}</span>"#
            )
        })
        .collect()
}

/// The three figures: (name, label, text as `replay --compare` prints it, share); `played`
/// names the move played.
fn figures(s: &Summary, played: &str) -> [(&'static str, String, String, Option<f64>); 3] {
    let share = |n: usize, d: usize| (d > 0).then(|| n as f64 / d as f64);
    let c197 = |n: usize| {
        if s.c197_answered == 0 {
            "no c197 answers".to_string()
        } else {
            ratio(n, s.c197_answered)
        }
    };
    [
        (
            "machack=1967",
            format!("machack = {played}"),
            ratio(s.matches, s.out_of_book()),
            share(s.matches, s.out_of_book()),
        ),
        (
            "machack=c197",
            "machack = c197".to_string(),
            c197(s.c197_matches),
            share(s.c197_matches, s.c197_answered),
        ),
        (
            "c197=1967",
            format!("c197 = {played}"),
            c197(s.c197_historical),
            share(s.c197_historical, s.c197_answered),
        ),
    ]
}

/// The figures over every game.
fn total(report: &Report) -> Summary {
    report
        .games
        .iter()
        .fold(Summary::default(), |t, g| t + g.summary())
}

/// `White – Black`.
fn players(g: &GameReport) -> String {
    format!(
        "{} – {}",
        escape(g.game.tag("White").unwrap_or("?")),
        escape(g.game.tag("Black").unwrap_or("?"))
    )
}

/// The table of figures per game and in all, with the positions where the moves differ. On a
/// narrow screen each game's row is a card, each cell labelled (`data-label`).
fn summary_table(out: &mut String, report: &Report) {
    let label = escape(&page_label(report));
    let _ = write!(
        out,
        concat!(
            r#"<section class="summary" id="summary"><h2>Agreement</h2>"#,
            r#"<p class="note">machack = {l} counts the positions out of the opening book (Mac Hack's book moves are compared with c197 only); the c197 figures count every position c197 answered. Below each game, the positions where the three moves are not all the same: "#,
            r#"<span class="chip a-mh">machack = {l}</span> <span class="chip a-ch">c197 = {l}</span> <span class="chip a-mc">machack = c197</span> <span class="chip a-no">all differ</span>; <span class="chip book legend">dashed</span> where the move was played from the book.</p>"#,
            "<table>\n<thead><tr><th>Game</th><th>Mac Hack</th><th>Positions</th><th>machack = {l}</th><th>machack = c197</th><th>c197 = {l}</th></tr></thead>\n<tbody>\n"
        ),
        l = label
    );
    for (i, g) in report.games.iter().enumerate() {
        let n = i + 1;
        let s = g.summary();
        let book = if s.book > 0 {
            format!(r#" <small>({} from the book)</small>"#, s.book)
        } else {
            String::new()
        };
        let _ = write!(
            out,
            r##"<tr class="game-row" data-game="{n}"><td class="name"><a href="#g{n}">{n}. {}</a><br><small>{} · {}</small></td><td class="side" data-label="Mac Hack">{}</td><td class="count" data-label="Positions">{}{book}</td>{}</tr>
<tr class="chips-row"><td colspan="6">{}</td></tr>
"##,
            players(g),
            escape(g.game.tag("Event").unwrap_or("")),
            escape(g.game.result_text()),
            g.side.name(),
            s.positions,
            figure_cells(&s, &g.played().label()),
            chips(n, g)
        );
    }
    if report.games.len() > 1 {
        let t = total(report);
        let _ = writeln!(
            out,
            r#"<tr class="all-row" data-game="all"><td class="name">All games</td><td class="side"></td><td class="count" data-label="Positions">{}</td>{}</tr>"#,
            t.positions,
            figure_cells(&t, &page_label(report))
        );
    }
    out.push_str("</tbody></table></section>\n");
}

/// The three figures as table cells, each with its share drawn behind it and its name for a
/// narrow screen; `played` names the move played.
fn figure_cells(s: &Summary, played: &str) -> String {
    figures(s, played)
        .iter()
        .map(|(name, label, text, share)| {
            format!(
                r#"<td class="figcell" data-label="{}"><span data-fig="{name}">{text}</span><span class="cellbar" style="--p:{:.0}%"></span></td>"#,
                escape(label),
                share.unwrap_or(0.0) * 100.0
            )
        })
        .collect()
}

/// A link to each position of game `n` where the three moves are not all the same.
fn chips(n: usize, g: &GameReport) -> String {
    let mut out = String::new();
    for (ply, row) in rows_by_ply(g).iter().enumerate() {
        let Some(r) = row else { continue };
        if r.agreement() == "all" {
            continue;
        }
        let book = if r.book { " book" } else { "" };
        let _ = write!(
            out,
            r##"<a class="chip {}{book}" href="#g{n}-p{ply}" title="{}">{}</a>"##,
            agreement_class(r),
            agreement_text(r, &g.played().label()),
            number_text(&r.number)
        );
    }
    if out.is_empty() {
        out.push_str("<small>all three moves agree everywhere</small>");
    }
    out
}

/// `12.` or `12…`.
fn number_text(number: &str) -> String {
    number.replace("...", "…")
}

/// The comparison row of each position of the game (by ply), `None` where Mac Hack was not to
/// move, and one more `None` for the final position.
fn rows_by_ply(g: &GameReport) -> Vec<Option<&CompareRow>> {
    let mut rows = g.rows.iter();
    let mut pos = g.game.start.clone();
    let mut out = Vec::with_capacity(g.game.moves.len() + 1);
    for gm in &g.game.moves {
        out.push(if pos.side_to_move() == g.side {
            rows.next()
        } else {
            None
        });
        pos.make(gm.mv);
    }
    out.push(None);
    out
}

/// `all`, `M=H`, … as a class name.
fn agreement_class(r: &CompareRow) -> &'static str {
    match r.agreement() {
        "all" => "a-all",
        "M=H" => "a-mh",
        "C=H" => "a-ch",
        "M=C" => "a-mc",
        _ => "a-no",
    }
}

/// The agreement in words; `played` names the move played ([`Played::label`]).
fn agreement_text(r: &CompareRow, played: &str) -> String {
    let the = match played {
        "game" => "the game's move".to_string(),
        year => format!("the {year} move"),
    };
    let answered = r.c197_move().is_some();
    match (r.agreement(), answered) {
        ("all", _) => "all three agree".to_string(),
        ("M=H", true) => format!("machack plays {the}; c197 does not"),
        ("M=H", false) => format!("machack plays {the} (no c197 answer)"),
        ("C=H", _) => format!("c197 plays {the}; machack does not"),
        ("M=C", _) => format!("machack plays c197's move, not {the}"),
        (_, true) => "all three differ".to_string(),
        (_, false) => format!("machack does not play {the} (no c197 answer)"),
    }
}

/// A move in the paper's book style, with its SAN beside it.
fn move_html(pos: &Position, m: Move) -> String {
    format!(
        r#"<span class="d">{}</span> <span class="s">{}</span>"#,
        escape(&descriptive::format(pos, m, Style::Book)),
        escape(&san::format(pos, m))
    )
}

/// A line of moves in descriptive notation.
fn line_html(pos: &Position, line: &[Move]) -> String {
    escape(&descriptive::format_line(pos, line, Style::Book))
}

/// A value for people: pawns with two decimals and a sign, or a mate in moves.
fn value_text(v: Value) -> String {
    match mate_moves(v) {
        Some((true, moves)) => format!("mate in {moves}"),
        Some((false, moves)) => format!("mated in {moves}"),
        None => format!("{:+.2}", v as f64 / 128.0).replace('-', "−"),
    }
}

/// A value with the program's own number in its tooltip.
fn value_html(v: Value) -> String {
    format!(
        r#"<span class="val" title="{v} in the program's units (pawn = 128)">{}</span>"#,
        value_text(v)
    )
}

/// One game: its header and figures, the boards and analyses, the controls and the move list.
fn game_section(out: &mut String, n: usize, g: &GameReport, has_engine: bool) {
    let game = &g.game;
    let plies = game.moves.len();
    let details = game_details(game);
    // With the page's engine: where the game starts, its moves and the settings it was
    // searched with, for "think here".
    let engine = if has_engine {
        let moves: Vec<String> = game.moves.iter().map(|m| m.mv.coordinate()).collect();
        format!(
            r#" data-start="{}" data-moves="{}" data-settings="{}""#,
            escape(&game.start.to_fen()),
            moves.join(" "),
            escape(&g.engine_fields)
        )
    } else {
        String::new()
    };
    let _ = write!(
        out,
        r#"<section class="game" id="g{n}" data-game="{n}" data-plies="{plies}"{engine}>
<header class="game-head"><h2><span class="gno">Game {n}</span> {} <span class="result">{}</span></h2>
<p class="details">{} · Mac Hack played {} · <span class="src">{}</span></p>
<p class="provenance">{}</p>
<div class="figs">{}</div></header>
<div class="viewer">
"#,
        players(g),
        escape(game.result_text()),
        details,
        g.side.name(),
        escape(&g.source),
        provenance(g),
        figures_html(&g.summary(), "small", false, &g.played().label()),
    );
    let rows = rows_by_ply(g);
    let positions = game.positions();
    for (ply, pos) in positions.iter().enumerate() {
        position_article(out, n, g, ply, pos, rows[ply], has_engine);
    }
    let _ = write!(
        out,
        r#"<nav class="controls" aria-label="Game {n}: moves">
<button type="button" data-go="first" title="Start (Home)" aria-label="Start">«</button><button type="button" data-go="prev" title="Previous move (←)" aria-label="Previous move">‹</button><button type="button" data-go="next" title="Next move (→)" aria-label="Next move">›</button><button type="button" data-go="last" title="End (End)" aria-label="End">»</button><span class="sep"></span><button type="button" data-go="prevdiff" title="Previous position where the moves differ (p)">‹ differ</button><button type="button" data-go="nextdiff" title="Next position where the moves differ (n)">differ ›</button>
</nav>
"#
    );
    move_list(out, n, g, &positions, &rows);
    out.push_str("</div>\n</section>\n");
}

/// Where the game's moves come from, as its tags tell.
fn provenance(g: &GameReport) -> String {
    let annotator = g.game.tag("Annotator").map(escape);
    match g.played() {
        Played::Machack => {
            let version = g
                .game
                .tag("MachackVersion")
                .map_or(String::new(), |v| format!(" {}", escape(v)));
            let searches = if g.along {
                "its own moves, compared with its searches repeated in order, with the run state they had"
            } else {
                "searched here with other settings than it played with, each position alone"
            };
            format!("A game machack{version} played (a record it wrote): {searches}.")
        }
        Played::Paper => "Mac Hack's moves as printed in the 1967 paper (Greenblatt, Eastlake, Crocker, <cite>The Greenblatt Chess Program</cite>, FJCC 1967), with its computer times.".to_string(),
        Played::Record(_) => format!(
            "Mac Hack's moves as the record gives them{}",
            annotator.map_or(" (it names no source).".to_string(), |a| format!(": {a}"))
        ),
    }
}

/// Event, site, date and round, as far as the tags give them.
fn game_details(game: &Game) -> String {
    let known = |tag| {
        game.tag(tag)
            .filter(|v| !v.is_empty() && !v.starts_with('?') && *v != "-")
    };
    let mut out = Vec::new();
    for tag in ["Event", "Site"] {
        out.extend(known(tag).map(escape));
    }
    // PGN writes an unknown part of a date as ??: 1967.??.?? is 1967; `-` is a round that
    // does not apply (machack's records).
    out.extend(known("Date").map(|d| escape(d.split(".??").next().unwrap_or(d))));
    out.extend(known("Round").map(|r| format!("round {}", escape(r))));
    out.join(" · ")
}

/// Position `ply` of game `n`: its board and what is known about the move made there.
fn position_article(
    out: &mut String,
    n: usize,
    g: &GameReport,
    ply: usize,
    pos: &Position,
    row: Option<&CompareRow>,
    has_engine: bool,
) {
    let game = &g.game;
    let played = game.moves.get(ply).map(|gm| gm.mv);
    let number = match pos.side_to_move() {
        Color::White => format!("{}.", pos.fullmove_number()),
        Color::Black => format!("{}…", pos.fullmove_number()),
    };
    let mut arrows = Vec::new();
    if let Some(m) = played {
        match row {
            None => arrows.push((m, Mover::Opponent)),
            Some(r) => {
                arrows.push((m, Mover::History));
                if r.agreement() != "all" {
                    if let Some(c) = r.c197_move() {
                        arrows.push((c, Mover::C197));
                    }
                    if let Some(c) = r.chosen {
                        arrows.push((c, Mover::Machack));
                    }
                }
            }
        }
    }
    let label = match played {
        Some(m) => format!(
            "Position before {number} {} ({} to move)",
            descriptive::format(pos, m, Style::Book),
            pos.side_to_move().name()
        ),
        None => "Final position".to_string(),
    };
    let svg = board::svg(&Board {
        position: pos,
        bottom: g.side,
        last_move: ply.checked_sub(1).map(|p| game.moves[p].mv),
        arrows,
        label,
    });
    let (class, agree) = match row {
        Some(r) => (
            format!("pos mh {}", agreement_class(r)),
            format!(r#" data-agree="{}""#, r.agreement()),
        ),
        None => ("pos".to_string(), String::new()),
    };
    let current = if ply == 0 { " current" } else { "" };
    let _ = write!(
        out,
        r#"<article class="{class}{current}" id="g{n}-p{ply}" data-ply="{ply}"{agree}><div class="bd">{svg}</div><div class="an">"#
    );
    match (played, row) {
        (None, _) => final_analysis(out, g, pos),
        (Some(m), None) => {
            let who = match pos.side_to_move() {
                Color::White => game.tag("White"),
                Color::Black => game.tag("Black"),
            };
            let _ = write!(
                out,
                r#"<h3><span class="mvno">{number}</span> {} to move</h3><p class="played">Played: {}</p>{}"#,
                escape(who.unwrap_or("?")),
                move_html(pos, m),
                printed_note(&game.moves[ply].comments)
            );
        }
        (Some(_), Some(r)) => {
            mac_hack_analysis(out, &number, g, r, &game.moves[ply].comments, has_engine)
        }
    }
    take_away(out, g, ply, pos, row.is_some());
    out.push_str("</div></article>\n");
}

/// The position to take elsewhere: its FEN (for `machack eval`, `plausible`, `trace`, any
/// program) and, where Mac Hack was to move (`searched`), the `machack think` command that
/// repeats the search shown, each with a button that copies it.
fn take_away(out: &mut String, g: &GameReport, ply: usize, pos: &Position, searched: bool) {
    out.push_str(r#"<div class="take">"#);
    let _ = write!(
        out,
        r#"<p><span class="lbl">FEN</span><code class="fen">{}</code><button type="button" class="copy" title="Copy the FEN">copy</button></p>"#,
        code_words(&pos.to_fen())
    );
    if searched {
        let stdin = if g.think.file == "-" {
            " (the game on its standard input, as the report had it)"
        } else {
            ""
        };
        let _ = write!(
            out,
            r#"<p title="The search above, repeated: the same move and value{stdin}"><span class="lbl">search</span><code class="cmd">{}</code><button type="button" class="copy" title="Copy the command">copy</button></p>"#,
            code_words(&g.think.line(ply))
        );
    }
    out.push_str("</div>");
}

/// A line of code, a word a box, so that a narrow screen breaks it between words (not at the
/// hyphens of `--ply`) and breaks a word only when it is longer than the line; its text, as
/// copied, is the line.
fn code_words(line: &str) -> String {
    line.split(' ')
        .map(|w| format!("<span>{}</span>", escape(w)))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The paper's own text of a move the score corrects, from its `{printed: …}` comment.
fn printed_note(comments: &[String]) -> String {
    comments
        .iter()
        .filter_map(|c| c.trim().strip_prefix("printed:"))
        .map(|text| {
            format!(
                r#"<p class="printed">Printed in 1967 as {}</p>"#,
                escape(text.trim())
            )
        })
        .collect()
}

/// The final position: the result and how the game ended.
fn final_analysis(out: &mut String, g: &GameReport, pos: &Position) {
    let how = match pos.status() {
        Status::Checkmate => " by checkmate",
        Status::Stalemate => " by stalemate",
        _ => "",
    };
    let _ = write!(
        out,
        r#"<h3>Final position</h3><p class="played">Result {}{how}.</p>"#,
        escape(g.game.result_text())
    );
}

/// The analysis of one of Mac Hack's moves: the three moves with values and variations, the
/// 1973 program's choice, the time, and the recreation's most plausible moves.
fn mac_hack_analysis(
    out: &mut String,
    number: &str,
    g: &GameReport,
    r: &CompareRow,
    comments: &[String],
    has_engine: bool,
) {
    let pos = &r.position;
    let side = pos.side_to_move().name();
    let played = g.played();
    let label = played.label();
    let _ = write!(
        out,
        r#"<h3><span class="mvno">{number}</span> Mac Hack ({side}) to move <span class="badge {}">{}</span></h3>
<table class="three"><tbody>
<tr><th><i class="k h"></i>{}</th><td class="mv">{}</td><td></td><td class="pv">{}</td></tr>
"#,
        agreement_class(r),
        agreement_text(r, &label),
        escape(&label),
        move_html(pos, r.historical),
        if r.book { "from the opening book" } else { "" },
    );
    let c197 = match &r.c197 {
        None => r#"<td class="none" colspan="3">no c197 answer for this position in the repository (reference/c197/ holds what it was asked: the paper's games and the further games, at two widths)</td>"#.to_string(),
        Some(None) => r#"<td class="none" colspan="3">c197 gave no move here (see reference/c197/)</td>"#.to_string(),
        Some(Some(a)) => format!(
            r#"<td class="mv">{} <small class="pr" title="the move as c197 printed it">{}</small></td><td>{}</td><td class="pv">{}</td>"#,
            move_html(pos, a.mv),
            escape(&a.printed),
            a.value.map_or(String::new(), value_html),
            line_html(pos, &a.pv)
        ),
    };
    let chosen = match r.chosen {
        Some(m) => move_html(pos, m),
        None => "—".to_string(),
    };
    let _ = write!(
        out,
        r#"<tr><th><i class="k c"></i>c197</th>{c197}</tr>
<tr><th><i class="k m"></i>machack</th><td class="mv">{chosen}</td><td>{}</td><td class="pv">{}</td></tr>
{}</tbody></table>
"#,
        value_html(r.value),
        line_html(pos, &r.pv),
        if has_engine {
            think_here(r)
        } else {
            String::new()
        }
    );
    out.push_str(&printed_note(comments));
    let printed = if r.book {
        match played {
            Played::Machack => "played from machack's book".to_string(),
            Played::Paper => "in 1967 played from the book at once".to_string(),
            Played::Record(_) => format!("in {label} played from the book"),
        }
    } else {
        match &r.printed_time {
            Some(t) => format!(
                "printed in the paper <b>{} s</b>",
                escape(t.trim_end_matches('s'))
            ),
            None => "no time printed".to_string(),
        }
    };
    let oracle = match r.oracle {
        None => String::new(),
        Some(None) => " · 1973 program: no move".to_string(),
        Some(Some(m)) => format!(" · 1973 program: {}", move_html(pos, m)),
    };
    let _ = writeln!(
        out,
        r#"<p class="time">1967-equivalent time <b>{:.1} s</b> <span class="sub">({} PMG calls × 80 ms)</span> · {printed}{oracle}</p>"#,
        r.time_1967.as_secs_f64(),
        r.pmg_calls
    );
    plausible_list(out, r, &label);
}

/// The row of "think here": a button that searches the position in the page (`think.js`), the
/// recorded machack and c197 answers beside it for the script to compare.
fn think_here(r: &CompareRow) -> String {
    let c197 = r.c197_move().map_or(String::new(), |m| m.coordinate());
    format!(
        r#"<tr class="here"><th><i class="k m"></i>this page</th><td colspan="3"><button type="button" class="think" data-machack="{}" data-value="{}" data-c197="{c197}" title="Search this position here, in your browser, with the same program compiled to WebAssembly">think here</button> <span class="here-out"></span></td></tr>
"#,
        r.chosen.map_or(String::new(), |m| m.coordinate()),
        r.value
    )
}

/// The recreation's most plausible moves with bars, what its search found for each, and whose
/// move each is.
fn plausible_list(out: &mut String, r: &CompareRow, played: &str) {
    let pos = &r.position;
    let marked = [Some(r.historical), r.c197_move(), r.chosen];
    let shown: Vec<usize> = (0..r.plausibility.len())
        .filter(|&i| i < PLAUSIBLE_SHOWN || marked.contains(&Some(r.plausibility[i].0)))
        .collect();
    // The bars start a third of the shown range below the lowest shown, so that the lowest
    // still has a bar and the differences between moves, not the initial value every move starts from
    // (paper §5), stand out.
    let values = shown.iter().map(|&i| r.plausibility[i].1);
    let high = values.clone().max().unwrap_or(0);
    let lowest = values.min().unwrap_or(0);
    let low = lowest - (high - lowest) / 3;
    let _ = write!(
        out,
        r#"<h4>machack's plausible moves <small>({} legal; plausibility, then what the search found)</small></h4><ol class="pl">"#,
        r.plausibility.len()
    );
    let mut previous = None;
    for i in shown {
        let (m, p) = r.plausibility[i];
        if previous.is_some_and(|j| i > j + 1) {
            out.push_str(r#"<li class="gap" aria-hidden="true">…</li>"#);
        }
        previous = Some(i);
        let width = if high > low {
            100.0 * (p - low) as f64 / (high - low) as f64
        } else {
            100.0
        };
        let top = r.top_level.iter().find(|t| t.mv == m);
        let (found, title) = match top {
            None => (
                r#"<span class="ns">not searched</span>"#.to_string(),
                String::new(),
            ),
            Some(t) => {
                let found = match t.bound {
                    TopBound::Exact => format!("= {}", value_html(t.value)),
                    TopBound::AtMost => format!("≤ {}", value_html(t.value)),
                    TopBound::Interrupted => "interrupted".to_string(),
                };
                (found, format!(r#" title="{}""#, line_html(pos, &t.pv)))
            }
        };
        let mut tags = String::new();
        for (mv, class, name) in [
            (Some(r.historical), "h", played),
            (r.c197_move(), "c", "c197"),
            (r.chosen, "m", "machack"),
        ] {
            if mv == Some(m) {
                let _ = write!(tags, r#"<i class="tag {class}">{name}</i>"#);
            }
        }
        let _ = write!(
            out,
            r#"<li value="{}"{title}><span class="mv">{}</span><span class="plb"><span class="bar" style="width:{width:.0}%"></span><span class="p">{p}</span></span><span class="found">{found}</span><span class="tags">{tags}</span></li>"#,
            i + 1,
            move_html(pos, m)
        );
    }
    out.push_str("</ol>\n");
}

/// The moves of game `n` in the paper's descriptive notation (as the score prints them) with
/// SAN beside, each a link to the position before it; Mac Hack's marked by agreement. A row per
/// move number, so that print can set the rows in columns.
fn move_list(
    out: &mut String,
    n: usize,
    g: &GameReport,
    positions: &[Position],
    rows: &[Option<&CompareRow>],
) {
    out.push_str(r#"<div class="moves" aria-label="Moves">"#);
    let label = g.played().label();
    for (ply, gm) in g.game.moves.iter().enumerate() {
        let pos = &positions[ply];
        let white = pos.side_to_move() == Color::White;
        if white || ply == 0 {
            let _ = write!(
                out,
                r#"<div class="row"><span class="no">{}.</span>"#,
                pos.fullmove_number()
            );
        }
        if !white && ply == 0 {
            out.push_str(r#"<span class="mv"></span>"#);
        }
        // The score's own text when it is descriptive (the paper's), else the book style.
        let text = match gm.notation {
            Notation::Descriptive => gm.text.clone(),
            _ => descriptive::format(pos, gm.mv, Style::Book),
        };
        let (class, title) = match rows[ply] {
            Some(r) => (
                format!(
                    "mv mh {}{}",
                    agreement_class(r),
                    if r.book { " book" } else { "" }
                ),
                agreement_text(r, &label),
            ),
            None => ("mv".to_string(), String::new()),
        };
        let note = if gm.comments.iter().any(|c| c.trim().starts_with("printed:")) {
            r#"<sup title="corrected misprint: see the position">†</sup>"#
        } else {
            ""
        };
        let _ = write!(
            out,
            r##"<a class="{class}" href="#g{n}-p{ply}" data-ply="{ply}" title="{title}"><span class="d">{}</span>{note} <span class="s">{}</span></a>"##,
            escape(&text),
            escape(&san::format(pos, gm.mv))
        );
        if !white {
            out.push_str("</div>");
        }
    }
    let last = g.game.moves.len();
    if positions[last].side_to_move() == Color::Black {
        out.push_str("</div>");
    }
    let _ = writeln!(
        out,
        r##"<div class="row res"><a class="mv" href="#g{n}-p{last}" data-ply="{last}">{}</a></div></div>"##,
        escape(g.game.result_text())
    );
}

/// What was compared, and where the pieces come from.
fn footer(out: &mut String, report: &Report) {
    let settings: Vec<String> = report.settings.iter().map(|s| escape(s)).collect();
    let _ = writeln!(
        out,
        r#"<footer><p>Made by <code>machack report</code> (machack {}), a recreation of Mac Hack VI.</p><p class="settings">{}</p><p>Pieces: the Cburnett set by Colin M. L. Burnett, under the BSD licence.</p></footer>"#,
        env!("CARGO_PKG_VERSION"),
        settings.join("<br>")
    );
}
