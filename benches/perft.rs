//! Perft speed against Stockfish's `go perft` on the same machine in the same run.
//!
//! `cargo bench --bench perft`. Both programs count the last ply without making its moves.
//! Stockfish is looked for at `/usr/games/stockfish` (Debian package `stockfish`) or `$STOCKFISH`.

use machack::rules::{Position, perft};
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::time::Instant;

const CASES: [(&str, &str, u32, u64); 2] = [
    (
        "start position",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        6,
        119_060_324,
    ),
    (
        "Kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        5,
        193_690_690,
    ),
];

/// Nodes and seconds of Stockfish's `go perft` (timed from the command to its node-count line).
fn stockfish_perft(path: &str, fen: &str, depth: u32) -> Option<(u64, f64)> {
    let mut child = Command::new(path)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .ok()?;
    let mut stdin = child.stdin.take()?;
    let mut lines = BufReader::new(child.stdout.take()?).lines();
    writeln!(stdin, "uci\nisready").ok()?;
    lines
        .by_ref()
        .map_while(Result::ok)
        .find(|l| l == "readyok")?;
    writeln!(stdin, "position fen {fen}").ok()?;
    let start = Instant::now();
    writeln!(stdin, "go perft {depth}").ok()?;
    let line = lines
        .by_ref()
        .map_while(Result::ok)
        .find(|l| l.starts_with("Nodes searched"))?;
    let secs = start.elapsed().as_secs_f64();
    let _ = writeln!(stdin, "quit");
    let _ = child.wait();
    Some((line.split(':').nth(1)?.trim().parse().ok()?, secs))
}

fn main() {
    let stockfish = std::env::var("STOCKFISH").unwrap_or_else(|_| "/usr/games/stockfish".into());
    machack::rules::attacks::init();
    for (name, fen, depth, expected) in CASES {
        let mut pos = Position::from_fen(fen).unwrap();
        let start = Instant::now();
        let nodes = perft::perft(&mut pos, depth);
        let secs = start.elapsed().as_secs_f64();
        assert_eq!(nodes, expected);
        let ours = nodes as f64 / secs;
        print!(
            "{name} depth {depth}: machack {nodes} nodes in {secs:.2} s = {:.1} Mnps",
            ours / 1e6
        );
        match stockfish_perft(&stockfish, fen, depth) {
            Some((sf_nodes, sf_secs)) => {
                assert_eq!(sf_nodes, expected);
                let theirs = sf_nodes as f64 / sf_secs;
                println!(
                    "; stockfish {sf_secs:.2} s = {:.1} Mnps; ratio {:.0}%",
                    theirs / 1e6,
                    100.0 * ours / theirs
                );
            }
            None => println!("; stockfish not found at {stockfish}"),
        }
    }
}
