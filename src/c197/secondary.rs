//! The secondary search (paper §10): when a top-level move becomes the best so far, its line is
//! played out as far as the generator chose its moves and searched two plies more there; the
//! worse value for the side to move stands. c197 has none (`HACK1` calls `LMG` once, 2212), so
//! this is a reconstruction after CHESS C (`files/rg/c.558` in `PDP-10/its-vault`), `EVM6`
//! (16723-16790): not for a mate (`CAML R,[-67000] / CAIGE Q,67000`); `PLLN` (17407-17417)
//! plays the moves of the line the generator made (`PVMGI` 0); `LMGD2` is set to `HK1V -
//! IVVDD` (`IVVDD: 2`, "EFFECTIVE SETD FOR SEC INV", 2547), so that `LMG` searches `IVVDD`
//! plies to the basic depth from there, with the widths of the levels below the top (`LMGD`
//! is the top level's); `ESLT1` (16896-16897) keeps the earlier value if the new one is better
//! for the side to move. c.558 runs it only from the levels up to `INVD` (0 unless set by
//! command); here at the top level, as the paper has it.

use super::evm::{Node, PvMove, Ret, Tree};

impl Tree<'_, '_> {
    /// The secondary search of `plies` below `child`, the position after a top-level move
    /// whose line from there is `line`: the value (White's) and the line from `child`, the
    /// generator's moves played out and the new search's line after them; None if the search
    /// was stopped.
    pub(super) fn secondary_search(
        &mut self,
        child: &mut Node,
        line: &[PvMove],
        plies: u32,
    ) -> Option<Ret> {
        self.stats.secondary_searches += 1;
        let mut played: Vec<PvMove> = Vec::new();
        let mut end: Option<Box<Node>> = None;
        for pm in line.iter().take_while(|pm| pm.pmg) {
            let at = match end.as_deref_mut() {
                Some(end) => end,
                None => &mut *child,
            };
            let Some((next, mut done)) =
                at.board.program_move(pm.mv).and_then(|m| self.child(at, m))
            else {
                break;
            };
            done.pmg = true;
            played.push(done);
            if let Some(before) = end.replace(next) {
                self.done_with(before);
            }
        }
        let saved = self.lmgd2;
        // LMGD2 counts levels below the top; more plies than the depth start from level 0.
        self.lmgd2 = self.hk1v.saturating_sub(plies);
        let r = match end.as_deref_mut() {
            Some(end) => self.lmg(end),
            None => self.lmg(child),
        };
        self.lmgd2 = saved;
        for pm in played.iter().rev() {
            self.taken_back(pm);
        }
        if let Some(n) = end {
            self.done_with(n);
        }
        if self.stopped {
            return None;
        }
        Some(Ret {
            value: r.value,
            pv: played.into_iter().chain(r.pv).collect(),
        })
    }

    /// The secondary search of `plies` after a top-level move of side `i` to `child`, which
    /// came back with `ret`: the worse value for the side stands (c.558's `ESLT1`, 16756-16759,
    /// 16896-16897), `ret` replaced by the secondary search's unless that is better for the
    /// side. The secondary search's value; None if the search was stopped.
    pub(super) fn secondary_stands(
        &mut self,
        child: &mut Node,
        ret: &mut Ret,
        plies: u32,
        i: usize,
    ) -> Option<i64> {
        let line = self.secondary_search(child, &ret.pv, plies)?;
        let value = line.value;
        let better = if i == 0 {
            value > ret.value
        } else {
            value < ret.value
        };
        if !better {
            if value != ret.value {
                self.stats.secondary_changes += 1;
            }
            *ret = line;
        }
        Some(value)
    }
}

#[cfg(test)]
mod tests {
    use crate::c197::Searcher;
    use crate::interface::{Fixes, Limits, Preset, SearchParams};
    use crate::rules::Position;

    /// Bench positions 6 and 9 (`machack bench`'s, `cli::bench`, which c197 may not use).
    const BENCH_6: &str = "r1bqkb1r/ppp2ppp/2n2n2/3Pp1N1/2B5/8/PPPP1PPP/RNBQK2R b KQkq - 0 5";
    const BENCH_9: &str = "r1bqkb1r/pp3p1p/2np1np1/4p3/4PB2/2NQ1N2/PPP2PPP/R3KB1R w KQkq - 0 8";

    /// The top-level moves given the secondary search in `fen` at c197's own widths: each
    /// with its value and the secondary search's (for the side to move); the searches made
    /// and the values they lowered.
    fn secondary(fen: &str) -> (Vec<(String, i32, i32)>, u64, u64) {
        let pos = Position::from_fen(fen).unwrap();
        let params = SearchParams {
            secondary_search: Some(true),
            ..SearchParams::preset(Preset::Normal)
        };
        let r = Searcher::new(params, Fixes::default()).search(&pos, &[], &Limits::default(), None);
        let searched = r
            .top_level
            .iter()
            .filter_map(|t| Some((t.mv.coordinate(), t.value, t.secondary?)))
            .collect();
        (
            searched,
            r.stats.secondary_searches,
            r.stats.secondary_changes,
        )
    }

    #[test]
    fn the_worse_value_for_the_side_stands() {
        // Each new best top-level move is searched two plies deeper at the end of its line
        // (`IVVDD`); the worse of the two values for the side to move stands (`ESLT1`). Bench
        // position 6, Black: N-QN5's line comes back +0.87 for Black, better than its -0.45,
        // which stands.
        assert_eq!(
            secondary(BENCH_6),
            (
                vec![
                    ("c6e7".into(), -128, -128),
                    ("c6b4".into(), -57, 111),
                    ("f6d5".into(), 9, 9)
                ],
                3,
                0
            )
        );
        // Bench position 9, White: B-KN3's line comes back lower, -1.73, which stands.
        assert_eq!(
            secondary(BENCH_9),
            (
                vec![("f4g3".into(), -173, -173), ("f4e3".into(), 20, 20)],
                2,
                1
            )
        );
    }
}
