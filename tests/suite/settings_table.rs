//! No option is ignored (issue 20): the manual's table of settings (`doc/commands.md`) is the program's
//! (`interface::settings`), and every option in it is honoured or refused, as the table says,
//! under each profile, by every command that takes it; its UCI option likewise.

use crate::common;

use common::machack;
use machack::interface::settings;

/// A row of the manual's table.
#[derive(Debug)]
struct Row {
    /// The option, e.g. `--depth`.
    option: String,
    /// Its example value.
    value: String,
    /// Whether it applies to c197, and to paper.
    applies: [bool; 2],
    /// The tag, if it has one.
    tag: Option<String>,
    /// The UCI option and an example value, if it has one.
    uci: Option<(String, String)>,
}

/// The first text between backquotes in `cell`.
fn quoted(cell: &str) -> Option<&str> {
    cell.split('`').nth(1)
}

/// The manual's table of settings (`doc/commands.md`).
fn table() -> Vec<Row> {
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/doc/commands.md")).unwrap();
    let start = readme
        .find("| Option (example) | What | c197 | paper | Tag | UCI |")
        .expect("the table of settings");
    readme[start..]
        .lines()
        .skip(2)
        .take_while(|l| l.starts_with('|'))
        .map(|l| {
            let cells: Vec<&str> = l.split('|').map(str::trim).collect();
            let (option, value) = quoted(cells[1]).unwrap().split_once(' ').unwrap();
            let yes = |c: &str| match c {
                "yes" => true,
                "refused" => false,
                other => panic!("'{other}' is neither yes nor refused: {l}"),
            };
            Row {
                option: option.to_string(),
                value: value.to_string(),
                applies: [yes(cells[3]), yes(cells[4])],
                tag: quoted(cells[5]).map(str::to_string),
                uci: quoted(cells[6]).map(|u| {
                    let (n, v) = u.split_once(' ').unwrap();
                    (n.to_string(), v.to_string())
                }),
            }
        })
        .collect()
}

const PROFILES: [&str; 2] = ["c197", "paper"];

#[test]
fn the_manual_table_is_the_programs() {
    let rows = table();
    for s in settings::SETTINGS {
        let row = rows
            .iter()
            .find(|r| r.option == s.option())
            .unwrap_or_else(|| panic!("{} is not in doc/commands.md's table", s.option()));
        assert_eq!(row.tag.as_deref(), Some(s.tag().as_str()), "{}", s.option());
        assert_eq!(
            row.uci.as_ref().map(|(n, _)| n.as_str()),
            s.uci,
            "{}",
            s.option()
        );
        for (i, p) in PROFILES.iter().enumerate() {
            assert_eq!(
                row.applies[i],
                s.applies.to(p.parse().unwrap()),
                "{} under {p}",
                s.option()
            );
        }
    }
    // And nothing else but the preset, the table's size in other units, and the limits.
    let others: Vec<&str> = rows
        .iter()
        .map(|r| r.option.as_str())
        .filter(|o| settings::find(o).is_none())
        .collect();
    assert_eq!(others, ["--preset", "--hash-kb", "--nodes", "--time-ms"]);
}

/// What an option needs given with it to make sense (else it is refused, as
/// `tests/suite/search_params.rs` shows): the secondary search's plies need the search.
fn needs(option: &str) -> &'static [&'static str] {
    match option {
        "--secondary-plies" => &["--secondary", "on"],
        _ => &[],
    }
}

/// What the settings line says when `row` is honoured.
fn honoured_in_line(row: &Row) -> Option<String> {
    match row.option.as_str() {
        "--preset" => Some(format!("({} preset)", row.value)),
        "--hash-kb" => Some("hash-entries 5461".to_string()),
        "--nodes" | "--time-ms" => None,
        o => Some(format!("{} {}", &o[2..], row.value)),
    }
}

#[test]
fn every_option_is_honoured_or_refused_under_each_profile() {
    let dir = common::scratch("settings-table");
    let report = dir.join("r.html");
    for row in table() {
        for (i, profile) in PROFILES.iter().enumerate() {
            // The profile is given first (the profile's own row gives it alone).
            let mut base = vec!["--profile", profile];
            if row.option == "--profile" {
                base.clear();
            }
            // An option that needs another to make sense is given with it.
            let needs = needs(&row.option);
            let option = [&base[..], needs, &[row.option.as_str(), row.value.as_str()]].concat();
            // A node limit keeps each search short (the limit's own row aside).
            let limit: &[&str] = if row.option == "--nodes" {
                &[]
            } else {
                &["--nodes", "256"]
            };
            let think = [&["think"][..], limit, &option].concat();
            let (code, out, err) = machack(&think, "");
            let what = format!("{} under {profile}", row.option);
            if row.applies[i] {
                assert_eq!(code, 0, "{what}: {err}");
                let line = out
                    .lines()
                    .find(|l| l.starts_with("settings: "))
                    .expect("a settings line");
                if let Some(words) = honoured_in_line(&row) {
                    assert!(line.contains(&words), "{what}: {line}");
                }
                continue;
            }
            let refusal = format!(
                "machack: {} does not apply to profile {profile}: it applies to profile ",
                row.option
            );
            assert_eq!(code, 2, "{what}: {out}");
            assert!(err.starts_with(&refusal), "{what}: {err}");
            // Every other command that takes the settings refuses it too, before anything else.
            let commands: [&[&str]; 8] = [
                &["bench"],
                &["epd", "data/wac300_revised.epd", "--limit", "1"],
                &["replay", "--compare", "games/1967-3-landey.score"],
                &[
                    "report",
                    "games/1967-3-landey.score",
                    "-o",
                    report.to_str().unwrap(),
                ],
                &["play"],
                &["match", "--engine", "true", "--games", "1"],
                &["uci"],
                &["xboard"],
            ];
            for command in commands {
                let args = [command, &option].concat();
                let (code, out, err) = common::machack_in(&dir, &args, "quit\n");
                assert_eq!(code, 2, "{what}, {command:?}: {out}");
                assert!(err.starts_with(&refusal), "{what}, {command:?}: {err}");
            }
            // Nothing was written: no page, no game record.
            let written: Vec<_> = std::fs::read_dir(&dir).unwrap().collect();
            assert!(written.is_empty(), "{what}: {written:?}");
        }
    }
}

#[test]
fn every_uci_option_of_a_setting_is_honoured_or_refused_under_each_profile() {
    for row in table() {
        let Some((name, value)) = &row.uci else {
            continue;
        };
        for (i, profile) in PROFILES.iter().enumerate() {
            let (code, out, _) = machack(
                &["uci", "--profile", profile],
                format!("debug on\nsetoption name {name} value {value}\nquit\n"),
            );
            assert_eq!(code, 0);
            let answer = out
                .lines()
                .find(|l| l.starts_with("info string "))
                .expect("an answer");
            if row.applies[i] {
                assert!(
                    answer.starts_with("info string settings: "),
                    "{name}: {answer}"
                );
            } else {
                let s = settings::find_uci(name).expect("a setting's option");
                assert_eq!(
                    answer,
                    format!(
                        "info string error: {name} does not apply to profile {profile}: it \
                         applies to {} ({})",
                        s.applies, s.why_not
                    )
                );
            }
        }
    }
}
