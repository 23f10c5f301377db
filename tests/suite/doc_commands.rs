//! Every command the README and the manual (`doc/*.md`) show is run, and says what they show.
//!
//! A command is a line beginning `$ ` in a fenced block marked `console`; it runs under `sh` in a
//! scratch folder (one a page, the page's commands in order) that sees the repository's `games/`,
//! `reference/` and `book/`, with this build's `machack` first on the `PATH`. The lines after it,
//! up to the next command or the end of the block, are what it prints: each of them (trimmed; a
//! line `...` stands for lines left out) must be a line of its output, in that order, and it must
//! end with exit status 0 — or the status a comment line `# exit N` right after the command names.
//! The README must show at least 4 commands and the pages at least 20 in all.

use crate::common;

use std::path::{Path, PathBuf};
use std::process::Command;

/// One command shown in a page, with the lines it is shown to print.
#[derive(Debug)]
struct Shown {
    page: String,
    line: usize,
    command: String,
    exit: i32,
    prints: Vec<String>,
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The README and every page of the manual (`doc/*.md`; `doc/history/` is not the manual).
fn pages() -> Vec<PathBuf> {
    let mut pages = vec![root().join("README.md")];
    let mut docs: Vec<PathBuf> = std::fs::read_dir(root().join("doc"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    docs.sort();
    pages.extend(docs);
    pages
}

/// The commands of one page's `console` blocks.
fn commands(page: &Path) -> Vec<Shown> {
    let name = page.strip_prefix(root()).unwrap().display().to_string();
    let text = std::fs::read_to_string(page).unwrap();
    let mut shown: Vec<Shown> = Vec::new();
    let mut in_console = false;
    let mut in_block = false;
    for (i, line) in text.lines().enumerate() {
        let fence = line.trim_start();
        if fence.starts_with("```") {
            in_console = !in_block && fence.trim_start_matches('`').trim() == "console";
            in_block = !in_block;
            continue;
        }
        if !in_console {
            continue;
        }
        if let Some(command) = line.strip_prefix("$ ") {
            shown.push(Shown {
                page: name.clone(),
                line: i + 1,
                command: command.to_string(),
                exit: 0,
                prints: Vec::new(),
            });
        } else if let Some(last) = shown.last_mut() {
            match line.trim().strip_prefix("# exit ") {
                Some(n) if last.prints.is_empty() => last.exit = n.parse().unwrap(),
                _ => last.prints.push(line.trim().to_string()),
            }
        }
    }
    shown
}

/// Runs `shown` in `dir`; an error says what differs.
fn run(shown: &Shown, dir: &Path) -> Result<(), String> {
    let bin = Path::new(env!("CARGO_BIN_EXE_machack")).parent().unwrap();
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let out = Command::new("sh")
        .args(["-c", &shown.command])
        .current_dir(dir)
        .env("PATH", path)
        .output()
        .map_err(|e| format!("cannot run sh: {e}"))?;
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    let printed: Vec<&str> = stdout
        .lines()
        .chain(stderr.lines())
        .map(str::trim)
        .collect();
    let code = out.status.code().unwrap_or(-1);
    let mut problems = Vec::new();
    if code != shown.exit {
        problems.push(format!("exit status {code}, the page says {}", shown.exit));
    }
    let mut at = 0;
    for want in shown.prints.iter().filter(|l| !l.is_empty() && *l != "...") {
        match printed[at..].iter().position(|l| l == want) {
            Some(k) => at += k + 1,
            None => problems.push(format!("no line '{want}' (in order)")),
        }
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "{}:{}: $ {}\n  {}\n--- it printed:\n{stdout}{stderr}",
            shown.page,
            shown.line,
            shown.command,
            problems.join("\n  ")
        ))
    }
}

#[test]
fn every_command_in_the_readme_and_the_manual_runs_as_shown() {
    let pages: Vec<Vec<Shown>> = pages().iter().map(|p| commands(p)).collect();
    let all: Vec<&Shown> = pages.iter().flatten().collect();
    // The front page shows its 30-second start and its figures by commands, and the manual its
    // examples: a page that lost its console blocks must not pass by running nothing.
    let readme = all.iter().filter(|s| s.page == "README.md").count();
    assert!(
        readme >= 4,
        "the README shows {readme} commands; at least 4 expected"
    );
    assert!(
        all.len() >= 20,
        "the pages show {} commands; at least 20 expected",
        all.len()
    );
    // A page's commands run in order in one folder of its own (a later one may read what an
    // earlier one wrote); the pages run side by side.
    let failures: Vec<String> = std::thread::scope(|scope| {
        let runs: Vec<_> = pages
            .iter()
            .enumerate()
            .map(|(i, shown)| {
                scope.spawn(move || {
                    let dir = common::scratch(&format!("doc-commands-{i}"));
                    for folder in ["games", "reference", "book"] {
                        std::os::unix::fs::symlink(root().join(folder), dir.join(folder)).unwrap();
                    }
                    shown
                        .iter()
                        .filter_map(|s| run(s, &dir).err())
                        .collect::<Vec<String>>()
                })
            })
            .collect();
        runs.into_iter().flat_map(|r| r.join().unwrap()).collect()
    });
    assert!(
        failures.is_empty(),
        "{} of {} commands differ from their pages:\n\n{}",
        failures.len(),
        all.len(),
        failures.join("\n\n")
    );
    println!("{} commands run as shown", all.len());
}

#[test]
fn a_page_s_command_that_prints_otherwise_is_caught() {
    let dir = common::scratch("doc-commands-caught");
    let shown = |command: &str, exit, prints: &[&str]| Shown {
        page: "test".into(),
        line: 1,
        command: command.into(),
        exit,
        prints: prints.iter().map(|s| s.to_string()).collect(),
    };
    assert!(run(&shown("echo a; echo b", 0, &["a", "...", "b"]), &dir).is_ok());
    let err = run(&shown("echo a; echo b", 0, &["b", "a"]), &dir).unwrap_err();
    assert!(err.contains("no line 'a' (in order)"), "{err}");
    let err = run(&shown("exit 3", 0, &[]), &dir).unwrap_err();
    assert!(err.contains("exit status 3, the page says 0"), "{err}");
    assert!(run(&shown("machack --version", 0, &[]), &dir).is_ok());
}

/// The page on reading the numbers is linked from the front page, from the manual's index and
/// from the game's `HELP`, and its examples are among the commands run above.
#[test]
fn the_page_on_reading_the_numbers_is_linked_from_the_readme_and_help() {
    let read = |p: &str| std::fs::read_to_string(root().join(p)).unwrap();
    assert!(read("README.md").contains("](doc/reading.md)"));
    assert!(read("doc/README.md").contains("[reading.md](reading.md)"));
    assert!(commands(&root().join("doc/reading.md")).len() >= 5);
    let dir = common::scratch("reading-help");
    let (code, out, _) = common::machack_in(&dir, &["play", "--no-book"], "help\nquit\n");
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(code, 0);
    assert!(
        out.contains(
            "THE VALUES, PLAUSIBILITIES, <= AND THE 1967 TIME ARE EXPLAINED IN DOC/READING.MD."
        ),
        "{out}"
    );
}
