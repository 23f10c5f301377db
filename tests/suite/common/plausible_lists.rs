// Shared by the `machack plausible` tests (through `common`) and the unit tests of c197's `LMG`
// (which `include!` this file): both read the running program's lists from one file.

/// A root list the running c197 printed, from `reference/c197/plausible-lists.txt` (where it
/// says how): the game's moves in coordinates, and the list as `SAN plausibility` with a `*`
/// for a developmentally poor move.
#[allow(dead_code)] // not every test binary reads the lists
pub fn printed(name: &str) -> (String, Vec<String>) {
    let text = include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/reference/c197/plausible-lists.txt"
    ));
    let lines: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
    let at = lines
        .iter()
        .position(|l| *l == format!("[{name}]"))
        .unwrap();
    let moves = lines[at + 1]
        .strip_prefix("moves")
        .unwrap()
        .trim()
        .to_string();
    let list = lines[at + 2..]
        .iter()
        .take_while(|l| !l.is_empty())
        .map(|l| l.to_string())
        .collect();
    (moves, list)
}
