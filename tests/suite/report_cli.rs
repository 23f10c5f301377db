//! `machack report` as a user runs it: one self-contained page with a board per position, the
//! same figures as `machack replay --compare` for the same files and options, and bad input
//! refused with exit code 2 and a message before any search.

use crate::common;
use common::{machack, scratch};
use machack::notation::read_games;
use std::sync::OnceLock;

/// The four games of the 1967 paper.
const PAPER_GAMES: [&str; 4] = [
    "games/1967-1-wagner.score",
    "games/1967-2-nn-1410.score",
    "games/1967-3-landey.score",
    "games/1967-4-spring-amateur.score",
];

/// Runs `machack report ARGS -o PAGE` in a scratch folder of its own; returns the page.
fn report(name: &str, args: &[&str]) -> String {
    let page = scratch(name).join("report.html");
    let (code, _, err) = machack(
        &[&["report"], args, &["-o", page.to_str().unwrap()]].concat(),
        "",
    );
    assert_eq!(code, 0, "{err}");
    std::fs::read_to_string(&page).expect("the page is written")
}

/// The page of the four paper games at the default options, made once for the tests that read it.
fn paper_page() -> &'static str {
    static PAGE: OnceLock<String> = OnceLock::new();
    PAGE.get_or_init(|| report("report-paper", &PAPER_GAMES))
}

/// The values of every `attribute="…"` in `page`.
fn attribute_values<'a>(page: &'a str, attribute: &str) -> Vec<&'a str> {
    let key = format!(" {attribute}=\"");
    page.match_indices(&key)
        .map(|(i, _)| {
            let rest = &page[i + key.len()..];
            &rest[..rest.find('"').expect("the attribute is closed")]
        })
        .collect()
}

#[test]
fn the_paper_games_make_one_self_contained_page_under_3_mb() {
    let page = paper_page();
    assert!(page.len() < 3 << 20, "{} bytes", page.len());
    assert!(page.starts_with("<!DOCTYPE html>") && page.ends_with("</html>\n"));
    for attribute in ["src", "href"] {
        for value in attribute_values(page, attribute) {
            assert!(
                !value.starts_with("http:")
                    && !value.starts_with("https:")
                    && !value.starts_with("//"),
                "{attribute}=\"{value}\" fetches from the network"
            );
        }
    }
    for fetching in [
        "http://",
        "https://",
        "<link",
        "<img",
        "<iframe",
        "@import",
        "<script src",
    ] {
        assert!(!page.contains(fetching), "the page holds '{fetching}'");
    }
    assert_eq!(page.matches("url(").count(), page.matches("url(#").count());
    // Every link within the page leads somewhere.
    let ids: std::collections::HashSet<&str> = attribute_values(page, "id").into_iter().collect();
    let links = attribute_values(page, "href");
    assert!(links.len() > 600, "{} links", links.len());
    for link in links {
        let target = link
            .strip_prefix('#')
            .expect("every link is within the page");
        assert!(ids.contains(target), "no element has id '{target}'");
    }
}

#[test]
fn the_page_draws_a_board_for_every_position_and_analyses_every_mac_hack_move() {
    let page = paper_page();
    let positions: usize = PAPER_GAMES
        .iter()
        .map(|file| {
            let text = std::fs::read_to_string(file).unwrap();
            read_games(&text).unwrap()[0].moves.len() + 1
        })
        .sum();
    assert_eq!(positions, 320);
    assert_eq!(page.matches("<svg class=\"board\"").count(), positions);
    assert_eq!(page.matches("<article class=\"pos").count(), positions);
    // Mac Hack was to move in 158 of them: each has its analysis and its agreement.
    assert_eq!(page.matches("<article class=\"pos mh").count(), 158);
    assert_eq!(page.matches(" data-agree=\"").count(), 158);
    assert_eq!(page.matches("<ol class=\"pl\">").count(), 158);
    // One position of each game shows when the page opens: its first.
    assert_eq!(page.matches(" current\" id=\"g").count(), 4);
    for g in 1..=4 {
        assert!(page.contains(&format!(" current\" id=\"g{g}-p0\"")));
    }
}

/// The three figures of each game and of all (`machack = 1967`, `machack = c197`,
/// `c197 = 1967`), then the agreement column of each game's rows as the page marks it (`all`,
/// `M=H`, …), as `machack replay --compare ARGS` prints them.
fn replay_figures(args: &[&str]) -> (Vec<[String; 3]>, Vec<Vec<String>>) {
    let (code, out, err) = machack(&[&["replay", "--compare"], args].concat(), "");
    assert_eq!(code, 0, "{err}");
    let mut figures = Vec::new();
    let mut agreements: Vec<Vec<String>> = Vec::new();
    let (mut agree_column, mut c197_column, mut in_rows) = (0, 0, false);
    let lines: Vec<&str> = out.lines().collect();
    for (i, line) in lines.iter().enumerate() {
        let first = line.split_whitespace().next().unwrap_or("");
        if first == "move" {
            agree_column = line
                .find("agreement")
                .expect("the header names the agreement column");
            c197_column = line.find("c197").expect("the header names the c197 column");
            agreements.push(Vec::new());
            in_rows = true;
        } else if *line == "machack's principal variations:" {
            in_rows = false;
        } else if in_rows {
            // The words replay prints for the marks the page keeps; `M differs` is `-` when
            // c197 gave no move.
            let words = line[agree_column..agree_column + 10].trim();
            let c197_moved = !line[c197_column..].starts_with(['-', '(']);
            let mark = match (words, c197_moved) {
                ("all", _) => "all",
                ("C differs", _) | ("M = H", _) => "M=H",
                ("M differs", true) => "C=H",
                ("H differs", _) => "M=C",
                ("all differ", _) | ("M differs", false) => "-",
                _ => panic!("{line}"),
            };
            agreements.last_mut().unwrap().push(mark.to_string());
        } else if first == "summary:" || first == "all:" {
            let c197 = lines[i + 2];
            figures.push([
                figure_after(lines[i + 1], "machack = 1967 "),
                figure_after(c197, "machack = c197 "),
                figure_after(c197, "c197 = 1967 "),
            ]);
        }
    }
    (figures, agreements)
}

/// The figure after `key` in a summary line (`9/21 (43%)`), or `no c197 answers` where
/// replay says c197 has none.
fn figure_after(line: &str, key: &str) -> String {
    if line.contains("c197: no answers") && key.contains("c197") {
        return "no c197 answers".to_string();
    }
    let rest = &line[line
        .find(key)
        .unwrap_or_else(|| panic!("'{key}' in '{line}'"))
        + key.len()..];
    rest.split(", ").next().unwrap().to_string()
}

/// The same as [`replay_figures`], read off the page: its agreement table (each game, then
/// all) and each game's positions.
fn page_figures(page: &str) -> (Vec<[String; 3]>, Vec<Vec<String>>) {
    let table = &page[page.find("id=\"summary\"").unwrap()..];
    let table = &table[..table.find("</section>").unwrap()];
    let mut cells = Vec::new();
    for (i, _) in table.match_indices(" data-fig=\"") {
        let rest = &table[i..];
        let name_end = rest[11..].find('"').unwrap() + 11;
        let text = &rest[name_end + 2..];
        cells.push((
            rest[11..name_end].to_string(),
            text[..text.find('<').unwrap()].to_string(),
        ));
    }
    let figures = cells
        .chunks(3)
        .map(|c| {
            assert_eq!(
                [c[0].0.as_str(), c[1].0.as_str(), c[2].0.as_str()],
                ["machack=1967", "machack=c197", "c197=1967"]
            );
            [c[0].1.clone(), c[1].1.clone(), c[2].1.clone()]
        })
        .collect();
    let agreements = page
        .split("<section class=\"game\"")
        .skip(1)
        .map(|game| {
            attribute_values(game, "data-agree")
                .into_iter()
                .map(str::to_string)
                .collect()
        })
        .collect();
    (figures, agreements)
}

#[test]
fn the_page_figures_are_replay_compares_for_the_four_games() {
    let (figures, agreements) = replay_figures(&PAPER_GAMES);
    assert_eq!(figures.len(), 5, "four games and all");
    assert_eq!(
        agreements.iter().map(Vec::len).collect::<Vec<_>>(),
        [54, 33, 21, 50]
    );
    assert_eq!(page_figures(paper_page()), (figures.clone(), agreements));
    // The page's opening figures are the table's total.
    let hero = &paper_page()[paper_page().find("class=\"hero\"").unwrap()..];
    for (name, text) in ["machack=1967", "machack=c197", "c197=1967"]
        .iter()
        .zip(&figures[4])
    {
        assert!(
            hero.contains(&format!("data-fig=\"{name}\">{text}<")),
            "{name} {text}"
        );
    }
}

#[test]
fn the_page_figures_are_replay_compares_with_other_search_options() {
    let args = [
        "--preset",
        "normal",
        "--depth",
        "3",
        "games/1967-3-landey.score",
    ];
    let (figures, agreements) = replay_figures(&args);
    assert_eq!(figures.len(), 1);
    assert_eq!(agreements[0].len(), 21);
    assert_eq!(
        page_figures(&report("report-options", &args)),
        (figures, agreements)
    );
}

/// Runs `machack report ARGS` with the page in a fresh scratch folder; returns the exit code,
/// standard error and whether a page was written.
fn refused(name: &str, args: &[&str]) -> (i32, String, bool) {
    let page = scratch(name).join("report.html");
    let (code, out, err) = machack(
        &[&["report"], args, &["-o", page.to_str().unwrap()]].concat(),
        "",
    );
    assert_eq!(out, "");
    (code, err, page.exists())
}

#[test]
fn a_corrupt_score_is_refused_with_exit_code_2_before_any_search() {
    let dir = scratch("report-corrupt");
    let bad = dir.join("bad.score");
    std::fs::write(&bad, "1. P-K4 P-K4\n2. N-KB3 N-QB9\n").unwrap();
    let bad = bad.to_str().unwrap();
    let (code, err, written) = refused("report-corrupt-page", &["games/1967-3-landey.score", bad]);
    assert_eq!((code, written), (2, false));
    assert_eq!(
        err,
        format!(
            "machack: {bad}: game 1, line 2, column 10: move 2... N-QB9: 'N-QB9' is not a move in \
             descriptive notation: after 'N-' comes no square such as K4 or QB3 (expected a move \
             such as P-K4, N-KB3, PxP, QxP/Q6, R/K2-Q2 or O-O)\n"
        )
    );
    let (code, err, written) = refused("report-missing", &["games/no-such.score"]);
    assert_eq!((code, written), (2, false));
    assert_eq!(
        err,
        "machack: cannot read games/no-such.score: No such file or directory (os error 2)\n"
    );
}

/// Tags written to attack the page (markup, quotes, an ampersand, control characters) are shown
/// as text: none is read as HTML, and no control character reaches the page.
#[test]
fn hostile_tags_are_shown_as_text_never_as_markup() {
    let pgn = scratch("report-hostile").join("hostile.pgn");
    std::fs::write(
        &pgn,
        "[Event \"Tom & \\\"Jerry\\\" <b>\"]\n\
         [Site \"O'Brien\u{1}\u{1b}[31m\"]\n\
         [Date \"1967.??.??\"]\n\
         [Round \"</small><script>alert(1)</script>\"]\n\
         [White \"<script>alert(\\\"x\\\")</script>\"]\n\
         [Black \"Mac Hack VI\"]\n\
         [Result \"*\"]\n\n\
         1. e4 e5 2. Nf3 Nc6 *\n",
    )
    .unwrap();
    let page = report(
        "report-hostile-page",
        &[pgn.to_str().unwrap(), "--preset", "quick"],
    );
    // The page's own script is its only one.
    assert_eq!(page.matches("<script").count(), 1);
    assert_eq!(
        page.matches("</small>").count(),
        page.matches("<small").count()
    );
    assert!(
        !page.contains("<script>alert"),
        "a tag's script reached the page"
    );
    assert!(page.contains("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; – Mac Hack VI"));
    assert!(page.contains("round &lt;/small&gt;&lt;script&gt;alert(1)&lt;/script&gt;"));
    assert!(page.contains("Tom &amp; &quot;Jerry&quot; &lt;b&gt;"));
    assert!(page.contains("O&#39;Brien\u{fffd}\u{fffd}[31m"));
    let control: Vec<char> = page
        .chars()
        .filter(|&c| c.is_control() && c != '\n' && c != '\t')
        .collect();
    assert_eq!(control, [], "control characters on the page");
}

#[test]
fn a_game_whose_tags_do_not_name_mac_hack_needs_side() {
    let dir = scratch("report-side");
    let plain = dir.join("plain.score");
    std::fs::write(&plain, "1. P-K4 P-K4 2. N-KB3 N-QB3\n").unwrap();
    let plain = plain.to_str().unwrap();
    let (code, err, written) = refused("report-side-page", &[plain]);
    assert_eq!((code, written), (2, false));
    assert_eq!(
        err,
        format!(
            "machack: {plain}: neither the White nor the Black tag names Mac Hack; say which \
             with --side white|black\n"
        )
    );
    let (code, err, written) = refused("report-side-given", &[plain, "--side", "black"]);
    assert_eq!((code, written), (0, true), "{err}");
}

#[test]
fn an_unknown_preset_or_profile_is_refused_with_exit_code_2() {
    let (code, err, written) = refused(
        "report-preset",
        &["games/1967-3-landey.score", "--preset", "blitz"],
    );
    assert_eq!((code, written), (2, false));
    assert_eq!(
        err,
        "machack: preset 'blitz' unknown: choose normal (widths 6, depth 4), tournament (widths \
         15,15,9,9,7, depth 4) or quick (widths 4, depth 2)\n"
    );
    // Whether or not the search options know profiles, an unknown one is refused by name.
    let (code, err, written) = refused(
        "report-profile",
        &["games/1967-3-landey.score", "--profile", "no-such-profile"],
    );
    assert_eq!((code, written), (2, false));
    assert!(err.contains("profile"), "{err}");
}

#[test]
fn an_unwritable_page_is_refused_with_exit_code_2_before_any_search() {
    let dir = scratch("report-unwritable");
    let missing = dir.join("no-such-folder").join("report.html");
    let missing = missing.to_str().unwrap();
    let (code, out, err) = machack(&["report", "games/1967-3-landey.score", "-o", missing], "");
    assert_eq!((code, out.as_str()), (2, ""));
    assert_eq!(
        err,
        format!("machack: cannot write {missing}: No such file or directory (os error 2)\n")
    );
    let folder = dir.to_str().unwrap();
    let (code, _, err) = machack(&["report", "games/1967-3-landey.score", "-o", folder], "");
    assert_eq!(code, 2);
    assert_eq!(
        err,
        format!("machack: cannot write {folder}: Is a directory (os error 21)\n")
    );
}

/// Two short games machack played (Black, normal preset) against scripted moves, in one file:
/// a record with its searches and book moves in it, which `think --game` must repeat with the
/// run state they had.
fn two_records(dir: &std::path::Path) -> std::path::PathBuf {
    let mut both = String::new();
    for (seed, moves) in [
        ("5", "P-Q4\nP-QB4\nN-QB3\nP-K3\nN-KB3\nB-Q3\nO-O\nquit\n"),
        ("6", "P-K4\nN-KB3\nB-QB4\nP-Q3\nO-O\nquit\n"),
    ] {
        let file = format!("g{seed}.pgn");
        let (code, _, err) = common::machack_in(
            dir,
            &[
                "play", "--preset", "normal", "--seed", seed, "--record", &file,
            ],
            moves,
        );
        assert_eq!(code, 0, "{err}");
        both.push_str(&std::fs::read_to_string(dir.join(file)).unwrap());
        both.push('\n');
    }
    let path = dir.join("two games.pgn");
    std::fs::write(&path, both).unwrap();
    path
}

/// `&lt;` and the other entities the page writes, undone.
fn unescape(html: &str) -> String {
    html.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&amp;", "&")
}

/// The text of the first `<TAG class="CLASS">…</TAG>` of `html` after `from`, tags removed and
/// entities undone.
fn text_of(html: &str, from: &str, open: &str, close: &str) -> String {
    let start = html.find(from).unwrap_or_else(|| panic!("no {from}")) + from.len();
    let rest = &html[start..];
    let rest = &rest[rest.find(open).unwrap_or_else(|| panic!("no {open}")) + open.len()..];
    let inner = &rest[..rest.find(close).unwrap()];
    let text: String = inner
        .split('<')
        .map(|part| part.split_once('>').map_or(part, |(_, t)| t))
        .collect();
    unescape(&text)
}

/// Each of Mac Hack's positions on `page`: (its id, the FEN shown, the `machack think` line
/// shown, machack's move (SAN) and value as shown: `-1.25 (-160)`, `mate in 1`).
fn shown_searches(page: &str) -> Vec<(String, String, String, String, String)> {
    page.split("<article class=\"pos mh")
        .skip(1)
        .map(|article| {
            let article = &article[..article.find("</article>").unwrap()];
            let id = text_of(article, "", "id=\"", "\"");
            let fen = text_of(article, "", "<code class=\"fen\">", "</code>");
            let think = text_of(article, "", "<code class=\"cmd\">", "</code>");
            let machack_row = "<i class=\"k m\"></i>machack</th>";
            let san = text_of(article, machack_row, "<span class=\"s\">", "</span>");
            let units = text_of(article, machack_row, "<span class=\"val\" title=\"", " ");
            // The tag's rest (` title="…">`) goes with the tags.
            let pawns = text_of(article, machack_row, "<span class=\"val\"", "</span>");
            let pawns = pawns.replace('−', "-");
            let value = if pawns.contains("mate") {
                pawns
            } else {
                format!("{pawns} ({units})")
            };
            (id, fen, think, san, value)
        })
        .collect()
}

/// Runs every `machack think` line `page` shows, as a shell would (the binary on the PATH,
/// in the project folder), and checks that each gives the move and value the page shows, in
/// the position whose FEN it shows; returns how many lines ran and how many of them repeated
/// a search machack made in a game it played.
fn run_the_think_lines(page: &str) -> (usize, usize) {
    let bin = std::path::Path::new(env!("CARGO_BIN_EXE_machack"))
        .parent()
        .unwrap()
        .to_str()
        .unwrap()
        .to_string();
    let path = format!("{bin}:{}", std::env::var("PATH").unwrap_or_default());
    let searches = shown_searches(page);
    let mut own = 0;
    for (id, fen, think, san, value) in &searches {
        assert!(think.starts_with("machack think --game "), "{id}: {think}");
        let out = std::process::Command::new("sh")
            .args(["-c", think])
            .env("PATH", &path)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(out.status.success(), "{id}: {think}: {stdout}");
        assert!(
            stdout.contains(&format!("\nposition: {fen}\n")),
            "{id}: {think}: {stdout}"
        );
        let chosen = stdout
            .lines()
            .find(|l| l.starts_with("chosen: "))
            .unwrap_or_else(|| panic!("{id}: {stdout}"));
        assert!(
            chosen.ends_with(&format!(" ({san})  value {value}")),
            "{id}: the page shows {san}, {value}; {think} gives {chosen}"
        );
        if stdout.contains("\nas played: the same move and value as were played\n") {
            own += 1;
        }
    }
    (searches.len(), own)
}

#[test]
fn the_think_line_of_every_position_gives_the_move_and_value_the_page_shows() {
    let dir = scratch("report-think");
    let records = two_records(&dir);
    let records = records.to_str().unwrap();
    // The record's settings, and a 1967 game's, as the report searched them: machack's own
    // moves with the run state its searches had (book moves alone), the 1967 game's alone.
    let page = report("report-think-page", &["games/1967-3-landey.score", records]);
    assert!(
        page.contains(
            "<code class=\"cmd\"><span>machack</span> <span>think</span> <span>--game</span> \
             <span>games/1967-3-landey.score</span> <span>--ply</span> <span>1</span></code>"
        ),
        "the first position of Landey's game"
    );
    // The file's name has a space: the line quotes it, and says which of its games.
    assert!(page.contains(&format!(
        "<span>&#39;{}/two</span> <span>games.pgn&#39;</span> <span>--game-number</span> \
         <span>2</span> <span>--ply</span>",
        dir.display()
    )));
    assert_eq!(run_the_think_lines(&page), (21 + 7 + 5, 4));
    // Options that change the settings, and a node limit: the lines carry them, and machack's
    // games are searched alone, as the report searched them; so are its opponent's positions
    // (`--side white`: Mac Hack's side in Landey's game, the other side in machack's).
    let page = report(
        "report-think-options",
        &[
            "games/1967-3-landey.score",
            records,
            "--depth",
            "3",
            "--nodes",
            "2000",
            "--side",
            "white",
        ],
    );
    assert!(page.contains(
        "<span>--ply</span> <span>1</span> <span>--depth</span> <span>3</span> \
         <span>--nodes</span> <span>2000</span></code>"
    ));
    assert_eq!(run_the_think_lines(&page), (21 + 7 + 5, 0));
}

#[test]
fn with_engine_each_mac_hack_position_can_think_here_and_the_engine_is_inside() {
    let dir = scratch("report-engine");
    std::fs::write(dir.join("machack.wasm"), b"\0asm\x01\0\0\0").unwrap();
    std::fs::write(dir.join("engine.js"), "async function loadEngine() {}\n").unwrap();
    std::fs::write(dir.join("worker.js"), "onmessage = () => {};\n").unwrap();
    let page = report(
        "report-engine-page",
        &[PAPER_GAMES[0], "--engine", dir.to_str().unwrap()],
    );
    // A button in each of Mac Hack's 54 positions, with the recorded answers beside it; the
    // game's start, moves and settings (the defaults: only the book off) on its section.
    assert_eq!(
        page.matches(r#"<button type="button" class="think""#)
            .count(),
        54
    );
    assert!(page.contains(r#"data-machack="c5a3" data-value="-198" data-c197="c5a3""#));
    assert!(page.contains(r#" data-settings="book=off">"#));
    assert!(
        page.contains(">AGFzbQEAAAA=</script>"),
        "the .wasm, as base64"
    );
    assert!(page.contains("async function loadEngine() {}"), "the glue");
    assert!(page.contains("onmessage = () => {};"), "the worker");
    // Without --engine, none of it.
    assert!(!paper_page().contains("class=\"think\""));
    // An engine that is not one is refused before any search.
    std::fs::write(dir.join("machack.wasm"), b"<html>").unwrap();
    let (code, err, _) = refused(
        "report-engine-bad",
        &[PAPER_GAMES[0], "--engine", dir.to_str().unwrap()],
    );
    assert_eq!(code, 2);
    assert!(err.contains("not a WebAssembly module"), "{err}");
    // Without the worker beside it, what to write.
    std::fs::write(dir.join("machack.wasm"), b"\0asm\x01\0\0\0").unwrap();
    std::fs::remove_file(dir.join("worker.js")).unwrap();
    let (code, err, _) = refused(
        "report-engine-no-worker",
        &[PAPER_GAMES[0], "--engine", dir.to_str().unwrap()],
    );
    assert_eq!(code, 2);
    assert!(
        err.contains("worker.js: ") && err.contains("scripts/web.sh DIR writes"),
        "{err}"
    );
}
