//! The search status that CECP analyze mode reports when the interface sends `.` (spec §12,
//! "Analyze Mode"): `stat01: time nodes ply mvleft mvtot mvname`, the time in centiseconds, the
//! nodes searched so far, the search depth, the top-level moves still to begin and their total,
//! and the move being searched (optional since xboard 4.4.0; left out once the search is done).

use crate::game::engine::Thought;
use crate::interface::Progress;
use crate::notation::san;
use crate::rules::Position;
use std::time::{Duration, Instant};

/// How far the current (or last) analysis search has got.
#[derive(Clone, Debug)]
pub struct Status {
    started: Instant,
    /// Set when the search has finished: its total time.
    finished: Option<Duration>,
    depth: u32,
    nodes: u64,
    /// Top-level moves begun so far.
    begun: usize,
    total: usize,
    /// The move being searched, in SAN.
    current: Option<String>,
}

impl Status {
    /// The status of a search of `depth` plies starting now.
    pub fn start(depth: u32) -> Status {
        Status {
            started: Instant::now(),
            finished: None,
            depth,
            nodes: 0,
            begun: 0,
            total: 0,
            current: None,
        }
    }

    /// A deeper search begins (deepening): `depth` plies, its top-level moves still to come.
    pub fn deeper(&mut self, depth: u32) {
        self.depth = depth;
        self.begun = 0;
        self.current = None;
    }

    /// Takes in a progress report of the search of `pos`.
    pub fn update(&mut self, pos: &Position, p: &Progress) {
        match p {
            Progress::Examining {
                index,
                mv,
                total,
                nodes,
                ..
            } => {
                self.begun = index + 1;
                self.total = (*total).max(self.begun);
                self.nodes = *nodes;
                self.current = pos.is_legal(*mv).then(|| san::format(pos, *mv));
            }
            Progress::NewBest { nodes, .. } | Progress::Searched { nodes, .. } => {
                self.nodes = *nodes
            }
        }
    }

    /// The search has ended with `t`: every move considered, nothing being searched.
    pub fn finish(&mut self, t: &Thought) {
        self.finished = Some(t.elapsed);
        self.nodes = t.nodes;
        self.begun = self.total;
        self.current = None;
    }

    /// The `stat01:` line.
    pub fn line(&self) -> String {
        let time = self.finished.unwrap_or_else(|| self.started.elapsed());
        let mut line = format!(
            "stat01: {} {} {} {} {}",
            time.as_millis() / 10,
            self.nodes,
            self.depth,
            self.total - self.begun,
            self.total
        );
        if let Some(m) = &self.current {
            line.push(' ');
            line.push_str(m);
        }
        line
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_finished_search_reports_its_time_nodes_and_no_move() {
        let pos = Position::startpos();
        let mut s = Status::start(4);
        let mv = crate::notation::parse_any(&pos, "e2e4").unwrap();
        s.update(
            &pos,
            &Progress::Examining {
                index: 0,
                mv,
                total: 15,
                plausibility: 0,
                nodes: 1,
            },
        );
        assert!(s.line().ends_with(" 1 4 14 15 e4"), "{}", s.line());
        s.finish(&Thought {
            best: Some(mv),
            value: 0,
            pv: vec![mv],
            lines: vec![crate::interface::Line {
                value: 0,
                pv: vec![mv],
            }],
            depth: 4,
            nodes: 1234,
            elapsed: Duration::from_millis(5670),
            stopped: false,
            stopped_at: None,
            approximations: Vec::new(),
        });
        assert_eq!(s.line(), "stat01: 567 1234 4 0 15");
    }
}
