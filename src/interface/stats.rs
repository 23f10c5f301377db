//! Search statistics (paper §13, debugging aid 6): time, plausible-move generations, feedovers,
//! static evaluations, and more.

use std::fmt;
use std::time::Duration;

/// One PMG call on the PDP-6 took about 80 ms (paper §1).
pub const PMG_CALL_1967_MS: u64 = 80;

/// Counters of one search.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Statistics {
    /// Nodes entered (every position the search visits, plausible-capture nodes included).
    pub nodes: u64,
    /// Plausible-move generator calls.
    pub pmg_calls: u64,
    /// Static evaluations.
    pub static_evaluations: u64,
    /// Feedovers started, by reason: [in check, condition 1, condition 2, condition 3].
    pub feedovers: [u64; 4],
    /// Nodes at or past the basic depth that went to plausible captures.
    pub plausible_capture_searches: u64,
    /// Beta cut-offs.
    pub cutoffs: u64,
    /// Table use.
    pub table: TableStats,
    /// Table entries whose bounds ended the node.
    pub table_cutoffs: u64,
    /// Stored moves found illegal in the probing position (lock collisions) and ignored.
    pub table_moves_rejected: u64,
    /// Secondary searches run.
    pub secondary_searches: u64,
    /// Secondary searches that lowered a top-level value.
    pub secondary_changes: u64,
    /// Positions scored as draws by repetition.
    pub repetitions: u64,
    /// Positions scored as draws by the fifty-move rule.
    pub fifty_move_draws: u64,
    /// Moves ignored because they lose to mate (width heuristic 4).
    pub mated_moves_ignored: u64,
    /// Wall-clock time.
    pub time: Duration,
    /// The node count at which a limit or the stop flag ended the search (a multiple of
    /// [`LIMIT_CHECK_NODES`](super::params::LIMIT_CHECK_NODES), where the limits are checked):
    /// a search given this many nodes as its limit stops at the same node, so a search stopped
    /// by time is repeated exactly (the nodes counted after it, while the search unwinds, are
    /// not part of it).
    pub stopped_at: Option<u64>,
}

impl Statistics {
    /// All feedovers.
    pub fn feedovers_total(&self) -> u64 {
        self.feedovers.iter().sum()
    }

    /// What the search would have taken in 1967: PMG calls × 80 ms.
    pub fn time_1967(&self) -> Duration {
        Duration::from_millis(self.pmg_calls * PMG_CALL_1967_MS)
    }
}

impl std::ops::AddAssign<&Statistics> for Statistics {
    /// Adds every counter and the time of another search (the depths of a deepening search).
    fn add_assign(&mut self, s: &Statistics) {
        // Spelled out whole, so that a new counter cannot be forgotten here.
        let Statistics {
            nodes,
            pmg_calls,
            static_evaluations,
            feedovers,
            plausible_capture_searches,
            cutoffs,
            table:
                TableStats {
                    probes,
                    hits,
                    stores,
                    replacements,
                    refused,
                    most_in_use,
                },
            table_cutoffs,
            table_moves_rejected,
            secondary_searches,
            secondary_changes,
            repetitions,
            fifty_move_draws,
            mated_moves_ignored,
            time,
            stopped_at,
        } = s;
        self.nodes += nodes;
        self.pmg_calls += pmg_calls;
        self.static_evaluations += static_evaluations;
        for (t, f) in self.feedovers.iter_mut().zip(feedovers) {
            *t += f;
        }
        self.plausible_capture_searches += plausible_capture_searches;
        self.cutoffs += cutoffs;
        self.table.probes += probes;
        self.table.hits += hits;
        self.table.stores += stores;
        self.table.replacements += replacements;
        self.table.refused += refused;
        // Not summed: the most in use at once, the most of either.
        self.table.most_in_use = self.table.most_in_use.max(*most_in_use);
        self.table_cutoffs += table_cutoffs;
        self.table_moves_rejected += table_moves_rejected;
        self.secondary_searches += secondary_searches;
        self.secondary_changes += secondary_changes;
        self.repetitions += repetitions;
        self.fifty_move_draws += fifty_move_draws;
        self.mated_moves_ignored += mated_moves_ignored;
        self.time += *time;
        // Not summed: a node count of one search, which only that search can repeat.
        let _ = stopped_at;
    }
}

impl fmt::Display for Statistics {
    /// Several lines, `name value` each.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let secs = self.time.as_secs_f64();
        writeln!(f, "nodes               {}", self.nodes)?;
        writeln!(f, "pmg calls           {}", self.pmg_calls)?;
        writeln!(f, "static evaluations  {}", self.static_evaluations)?;
        writeln!(
            f,
            "feedovers           {} (in check {}, cond 1 {}, cond 2 {}, cond 3 {})",
            self.feedovers_total(),
            self.feedovers[0],
            self.feedovers[1],
            self.feedovers[2],
            self.feedovers[3]
        )?;
        writeln!(f, "capture searches    {}", self.plausible_capture_searches)?;
        writeln!(f, "cut-offs            {}", self.cutoffs)?;
        writeln!(
            f,
            "hash                {} probes, {} hits, {} cut-offs, {} stores, {} replacements, {} bad moves",
            self.table.probes,
            self.table.hits,
            self.table_cutoffs,
            self.table.stores,
            self.table.replacements,
            self.table_moves_rejected
        )?;
        if self.table.most_in_use > 0 {
            writeln!(
                f,
                "hash fill           {} entries at most",
                self.table.most_in_use
            )?;
        }
        writeln!(
            f,
            "secondary searches  {} ({} lowered a value)",
            self.secondary_searches, self.secondary_changes
        )?;
        writeln!(
            f,
            "draws found         {} repetitions, {} fifty-move",
            self.repetitions, self.fifty_move_draws
        )?;
        writeln!(f, "mated moves ignored {}", self.mated_moves_ignored)?;
        if let Some(n) = self.stopped_at {
            writeln!(f, "stopped at node     {n} (by a limit or the stop flag)")?;
        }
        writeln!(
            f,
            "time                {:.3} s ({:.0} nodes/s)",
            secs,
            self.nodes as f64 / secs.max(1e-9)
        )?;
        write!(
            f,
            "1967 time           {:.1} s ({} PMG calls x {} ms)",
            self.time_1967().as_secs_f64(),
            self.pmg_calls,
            PMG_CALL_1967_MS
        )
    }
}

/// Counters of table use.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct TableStats {
    /// Lookups.
    pub probes: u64,
    /// Lookups that found the position (lock matched).
    pub hits: u64,
    /// Entries written.
    pub stores: u64,
    /// Writes that replaced another position's entry.
    pub replacements: u64,
    /// Writes refused by the replacement rule.
    pub refused: u64,
    /// The most entries in use at once (c197's table, whose pending entries are freed on the
    /// way back; 0 for the paper's, which does not count them).
    pub most_in_use: u64,
}
