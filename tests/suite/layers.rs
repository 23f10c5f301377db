//! The layer rules of the source tree, checked by reading the `crate::` and `super::` paths of
//! every file in `src/`. The allowed dependencies are written down once, in [`LAYERS`]; the
//! manual's *Layout* (`doc/architecture.md`) draws the same picture.
//!
//! - A top-level module (`src/X.rs` with `src/X/`) uses only modules of lower layers: none of
//!   its own layer, so the two programs never use each other, and the front ends (the terminal
//!   player, the protocols, replay against history and the match runner) never import one
//!   another.
//! - Within a folder whose modules are layered ([`FOLDER_LAYERS`]: the paper's program), a
//!   module uses only the folder's modules of lower layers.
//! - Within a folder no two files use each other, however indirectly (a file may use the file
//!   its folder belongs to: that is where a folder's shared types live).
//! - No command of `src/cli/` imports another: they share only `CliError` and the modules in
//!   [`CLI_SHARED`].

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// The top-level modules of `src/`, lowest layer first. A module may use any module of a lower
/// layer and none of its own or a higher one.
const LAYERS: &[&[&str]] = &[
    // The clock (a browser's is the page's) beside the rules.
    &["rules", "value", "time"],
    &["notation"],
    // What both programs take and return.
    &["interface"],
    // The two programs side by side, each in a folder of its own, so that neither can use the
    // other; beside them the opening book (paper §11), which the front ends play from before
    // either program searches.
    &["c197", "paper", "book"],
    &["game"],
    &["player", "protocol", "fidelity", "matches"],
    &["cli", "fuzz"],
];

/// The layers within a folder, lowest first: a module of the folder (`src/F/X.rs` with
/// `src/F/X/`) uses only the folder's modules of lower layers. The paper's program is three
/// layers: its evaluator (paper §3), its plausible-move generator (§5), which scores moves with
/// the evaluator's terms, and its search (§1, §4, §6–§10), which asks both.
const FOLDER_LAYERS: &[(&str, &[&[&str]])] =
    &[("paper", &[&["eval"], &["plausible"], &["search"]])];

/// What the commands of `src/cli/` share (besides `CliError` in `cli.rs`).
const CLI_SHARED: &[&str] = &["search_options", "comparison", "show", "io"];

/// The circles between files of one folder that are there on purpose, each with its reason:
/// (one file, the other, why). Every other circle fails the test, and so does a listed one
/// that is gone.
const DELIBERATE_LOOPS: &[(&str, &str, &str)] = &[
    (
        "c197/evm",
        "c197/statev",
        "EVM (evm.rs) evaluates a node at the depth limit by calling STATEV (statev.rs, \
     `Tree::state1`), and STATEV's capture search calls EVM's move making and cut-off test back \
     (`Node`, `Tree::child`, `Tree::cutoff`): in c197 the two routines call each other \
     (3539-3830, 5471-5852), and the port keeps one routine per file",
    ),
    (
        "c197/evm",
        "c197/secondary",
        "EVM (evm.rs) runs the secondary search on a new best top-level move \
         (`Tree::secondary_search`, c.558's EVM6), which searches on with LMG (`Tree::lmg`)",
    ),
];

/// A file's module path (`["paper", "search", "alpha_beta"]` for
/// `src/paper/search/alpha_beta.rs`).
type ModPath = Vec<String>;

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// Every `.rs` file under `dir`, with its module path.
fn files(dir: &Path, prefix: &ModPath, out: &mut Vec<(ModPath, String)>) {
    let mut entries: Vec<_> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for path in entries {
        let name = path.file_stem().unwrap().to_str().unwrap().to_string();
        let mut module = prefix.clone();
        module.push(name);
        if path.is_dir() {
            files(&path, &module, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push((module, fs::read_to_string(&path).unwrap()));
        }
    }
}

/// The source tree's files but `lib.rs` and `main.rs`, which sit above every layer.
fn tree() -> Vec<(ModPath, String)> {
    let mut out = Vec::new();
    files(&src(), &Vec::new(), &mut out);
    out.retain(|(m, _)| !(m.len() == 1 && (m[0] == "lib" || m[0] == "main")));
    out
}

/// The code of a file without its comment lines (doc links name modules they do not use).
fn code(text: &str) -> String {
    text.lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Every path that starts with `root::` in `code`, as its segments (a `use root::{a, b::c}`
/// gives one path per item, each cut at its first brace).
fn paths(code: &str, root: &str) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    let pattern = format!("{root}::");
    let mut rest = code;
    while let Some(i) = rest.find(&pattern) {
        let before = rest[..i].chars().next_back();
        rest = &rest[i + pattern.len()..];
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
            continue;
        }
        out.extend(items(rest).into_iter().map(|p| {
            p.split("::")
                .map(|s| s.trim().to_string())
                .filter(|s| !s.is_empty())
                .collect()
        }));
    }
    out
}

/// The paths at the start of `text`: one (`a::b::c`), or those of a brace group (`{a, b::c}`).
fn items(text: &str) -> Vec<String> {
    let text = text.trim_start();
    if let Some(group) = text.strip_prefix('{') {
        let mut depth = 0;
        let mut start = 0;
        let mut out = Vec::new();
        for (i, c) in group.char_indices() {
            match c {
                '{' => depth += 1,
                '}' if depth == 0 => {
                    out.push(group[start..i].to_string());
                    break;
                }
                '}' => depth -= 1,
                ',' if depth == 0 => {
                    out.push(group[start..i].to_string());
                    start = i + 1;
                }
                _ => {}
            }
        }
        out.into_iter()
            .map(|p| p.split('{').next().unwrap().to_string())
            .filter(|p| !p.trim().is_empty())
            .collect()
    } else {
        let end = text
            .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
            .unwrap_or(text.len());
        vec![text[..end].to_string()]
    }
}

/// The layer of a top-level module.
fn layer(module: &str) -> Option<usize> {
    LAYERS.iter().position(|l| l.contains(&module))
}

#[test]
fn every_top_level_module_has_a_layer() {
    let modules: BTreeSet<String> = tree().into_iter().map(|(m, _)| m[0].clone()).collect();
    let unplaced: Vec<_> = modules.iter().filter(|m| layer(m).is_none()).collect();
    assert!(unplaced.is_empty(), "modules not in LAYERS: {unplaced:?}");
    for module in LAYERS.iter().flat_map(|l| l.iter()) {
        assert!(
            modules.contains(*module),
            "LAYERS names {module}, which src/ does not hold"
        );
    }
}

/// The layers of the modules of `folder` (see [`FOLDER_LAYERS`]), if it is layered.
fn folder_layers(folder: &str) -> Option<&'static [&'static [&'static str]]> {
    FOLDER_LAYERS
        .iter()
        .find(|(f, _)| *f == folder)
        .map(|(_, layers)| *layers)
}

/// The layer of module `module` within `folder`'s layers.
fn folder_layer(layers: &[&[&str]], module: &str) -> Option<usize> {
    layers.iter().position(|l| l.contains(&module))
}

#[test]
fn every_module_of_a_layered_folder_has_a_layer() {
    let tree = tree();
    for (folder, layers) in FOLDER_LAYERS {
        let modules: BTreeSet<String> = tree
            .iter()
            .filter(|(m, _)| m.len() >= 2 && m[0] == *folder)
            .map(|(m, _)| m[1].clone())
            .collect();
        let unplaced: Vec<_> = modules
            .iter()
            .filter(|m| folder_layer(layers, m).is_none())
            .collect();
        assert!(
            unplaced.is_empty(),
            "modules of {folder}/ not in FOLDER_LAYERS: {unplaced:?}"
        );
        for module in layers.iter().flat_map(|l| l.iter()) {
            assert!(
                modules.contains(*module),
                "FOLDER_LAYERS names {folder}/{module}, which src/ does not hold"
            );
        }
    }
}

#[test]
fn each_module_of_a_layered_folder_uses_only_its_lower_layers() {
    let tree = tree();
    let known: BTreeSet<ModPath> = tree.iter().map(|(m, _)| m.clone()).collect();
    let mut wrong = BTreeSet::new();
    for (module, text) in &tree {
        let Some(layers) = folder_layers(&module[0]) else {
            continue;
        };
        let Some(own) = module.get(1).and_then(|m| folder_layer(layers, m)) else {
            continue;
        };
        let code = code(text);
        for root in ["crate", "super"] {
            for path in paths(&code, root) {
                let Some(to) = resolve(module, &path, root, &known) else {
                    continue;
                };
                if to.len() < 2 || to[0] != module[0] || to[1] == module[1] {
                    continue;
                }
                if folder_layer(layers, &to[1]).is_none_or(|l| l >= own) {
                    wrong.insert(format!("{} uses {}", module.join("/"), to.join("/")));
                }
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "uses against the folder's layers:\n{}",
        Vec::from_iter(wrong).join("\n")
    );
}

#[test]
fn each_module_uses_only_lower_layers() {
    let mut wrong = BTreeSet::new();
    for (module, text) in tree() {
        let Some(own) = layer(&module[0]) else {
            continue;
        };
        for path in paths(&code(&text), "crate") {
            let used = &path[0];
            if *used == module[0] {
                continue;
            }
            if layer(used).is_none_or(|l| l >= own) {
                wrong.insert(format!("{} uses crate::{used}", module.join("/")));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "uses against the layers:\n{}",
        Vec::from_iter(wrong).join("\n")
    );
}

/// The methods a file gives to types: the self type of each `impl` block (`impl<'a> Tree<'a>`;
/// `impl From<A> for B` gives `B`) with the names of the functions in the block (a block runs
/// from its `impl` line to the next line that is a lone `}` at its indentation).
fn impl_methods(code: &str) -> Vec<(String, Vec<String>)> {
    let mut out: Vec<(String, Vec<String>)> = Vec::new();
    let mut open: Option<(String, usize)> = None;
    for line in code.lines() {
        let indent = line.len() - line.trim_start().len();
        if let Some((_, at)) = &open {
            if line.trim() == "}" && indent == *at {
                open = None;
            } else if let Some(rest) = line.trim_start().split("fn ").nth(1)
                && line.trim_start().split("fn ").next().is_some_and(|v| {
                    v.is_empty() || v.trim_end().starts_with("pub") || v.trim() == "const"
                })
            {
                let name: String = rest
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                out.last_mut().expect("open block").1.push(name);
            }
            continue;
        }
        let Some(rest) = line.trim_start().strip_prefix("impl") else {
            continue;
        };
        if !(rest.starts_with(' ') || rest.starts_with('<')) {
            continue;
        }
        let head = rest.split('{').next().unwrap_or("");
        let ty = match head.rfind(" for ") {
            Some(i) => &head[i + 5..],
            // Skip the impl's own generics: the type follows the closing `>`.
            None if head.starts_with('<') => head[head.find('>').map_or(0, |i| i + 1)..].trim(),
            None => head.trim(),
        };
        let name: String = ty
            .trim()
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        if !name.is_empty() && !line.trim_end().ends_with('}') {
            out.push((name.clone(), Vec::new()));
            open = Some((name, indent));
        }
    }
    out
}

/// Whether `code` calls one of `methods` (`.m(` or `::m(`).
fn calls_any(code: &str, methods: &[String]) -> bool {
    methods
        .iter()
        .any(|m| code.contains(&format!(".{m}(")) || code.contains(&format!("::{m}(")))
}

/// The types a file defines (`struct X`, `enum X`, `trait X`, with any visibility).
fn defined_types(code: &str) -> Vec<String> {
    let mut out = Vec::new();
    for line in code.lines() {
        let words: Vec<&str> = line.split_whitespace().collect();
        for w in words.windows(2) {
            if ["struct", "enum", "trait"].contains(&w[0]) {
                let name: String = w[1]
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                out.push(name);
            }
        }
    }
    out
}

/// The file module a path used by `from` resolves to: the longest prefix of it that is a file,
/// or `None` if it leaves the tree (a crate outside, or `std`).
fn resolve(
    from: &ModPath,
    path: &[String],
    root: &str,
    known: &BTreeSet<ModPath>,
) -> Option<ModPath> {
    let mut full: ModPath = match root {
        "crate" => Vec::new(),
        // `super::` in `a/b.rs` is `a`.
        _ => from[..from.len() - 1].to_vec(),
    };
    for segment in path {
        if segment == "super" {
            full.pop();
        } else {
            full.push(segment.clone());
        }
    }
    (1..=full.len())
        .rev()
        .map(|n| full[..n].to_vec())
        .find(|p| known.contains(p))
}

#[test]
fn no_two_files_of_a_folder_use_each_other() {
    let tree = tree();
    let known: BTreeSet<ModPath> = tree.iter().map(|(m, _)| m.clone()).collect();
    // Edges between files, leaving out a file's use of its folder's own file (an ancestor).
    let mut edges: BTreeMap<ModPath, BTreeSet<ModPath>> = BTreeMap::new();
    for (module, text) in &tree {
        let code = code(text);
        for root in ["crate", "super"] {
            for path in paths(&code, root) {
                if let Some(to) = resolve(module, &path, root, &known)
                    && to != *module
                    && !module.starts_with(&to)
                {
                    edges.entry(module.clone()).or_default().insert(to);
                }
            }
        }
    }
    // A file that gives methods to a type another file of its folder defines, and that file
    // calls one of them: an edge the `use` lines do not show.
    for (module, text) in &tree {
        if module.len() < 2 {
            continue;
        }
        for (ty, methods) in impl_methods(&code(text)) {
            for (other, other_text) in &tree {
                let other_code = self::code(other_text);
                if other != module
                    && other.len() == module.len()
                    && other[..other.len() - 1] == module[..module.len() - 1]
                    && defined_types(&other_code).contains(&ty)
                    && calls_any(&other_code, &methods)
                {
                    edges
                        .entry(other.clone())
                        .or_default()
                        .insert(module.clone());
                }
            }
        }
    }
    // A circle is a file that reaches itself.
    let mut circles = Vec::new();
    for start in edges.keys() {
        let mut seen = BTreeSet::new();
        let mut stack: Vec<ModPath> = edges[start].iter().cloned().collect();
        while let Some(m) = stack.pop() {
            if m == *start {
                circles.push(start.join("/"));
                break;
            }
            if seen.insert(m.clone()) {
                stack.extend(edges.get(&m).into_iter().flatten().cloned());
            }
        }
    }
    let deliberate: BTreeSet<String> = DELIBERATE_LOOPS
        .iter()
        .flat_map(|(a, b, _)| [a.to_string(), b.to_string()])
        .collect();
    let found: BTreeSet<String> = circles.into_iter().collect();
    let unexplained: Vec<_> = found.difference(&deliberate).collect();
    assert!(
        unexplained.is_empty(),
        "files that reach themselves through their uses: {unexplained:?}"
    );
    let gone: Vec<_> = deliberate.difference(&found).collect();
    assert!(
        gone.is_empty(),
        "DELIBERATE_LOOPS lists files that no longer reach themselves: {gone:?}"
    );
}

#[test]
fn impl_blocks_name_their_self_type() {
    let code = "impl<'a, 'p> Tree<'a, 'p> {\n    pub(super) fn state1(&mut self) {}\n}\n\
                impl From<Fixes> for CatFixes {\n    fn from(f: Fixes) -> CatFixes {\n    }\n}\n";
    assert_eq!(
        impl_methods(code),
        [
            ("Tree".to_string(), vec!["state1".to_string()]),
            ("CatFixes".to_string(), vec!["from".to_string()])
        ]
    );
    assert!(calls_any(
        "let r = self.state1(n);",
        &["state1".to_string()]
    ));
    assert_eq!(
        defined_types("pub(super) struct Tree<'a> {\npub enum Kind {"),
        ["Tree", "Kind"]
    );
}

#[test]
fn no_command_imports_another() {
    let mut wrong = Vec::new();
    for (module, text) in tree() {
        if module.len() != 2 || module[0] != "cli" {
            continue;
        }
        let code = code(&text);
        let used = paths(&code, "super").into_iter().chain(
            paths(&code, "crate")
                .into_iter()
                .filter(|p| p[0] == "cli")
                .map(|p| p[1..].to_vec()),
        );
        for path in used {
            let first = path.first().map(String::as_str).unwrap_or("");
            if first != "CliError" && !CLI_SHARED.contains(&first) {
                wrong.push(format!("cli/{} uses cli::{first}", module[1]));
            }
        }
    }
    assert!(wrong.is_empty(), "commands importing another: {wrong:?}");
}

#[test]
fn the_path_reader_finds_grouped_and_nested_uses() {
    let code =
        "use crate::{rules::Position, search::{Limits, Preset}};\nlet x = crate::value::MATE;";
    let found: Vec<String> = paths(code, "crate")
        .into_iter()
        .map(|p| p.join("::"))
        .collect();
    assert_eq!(found, ["rules::Position", "search", "value::MATE"]);
    assert_eq!(
        paths("use super::super::hash_table::X;", "super")[0],
        ["super", "hash_table", "X"]
    );
}
