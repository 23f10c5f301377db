//! Repetition detection (SEARCH-TECHNIQUES §3, seed 002): one stack of keys covering the game
//! history and the current search line, with the index of the root.
//!
//! Mac Hack marked game positions and positions pending in the search in its hash table and
//! treated any hit on either as a repetition; the key stack gives the same answers without the
//! table's collisions. Only every second entry back to the last irreversible move can repeat
//! (same side to move, nothing irreversible in between); the halfmove clock says how far that is.

use crate::interface::RepetitionPolicy;
use crate::rules::Key;

/// What an earlier occurrence of the current position means.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Repetition {
    /// Not a draw by repetition.
    None,
    /// A draw because the position occurred earlier in the search line, at this ply (0 = root).
    /// Only this line makes it a draw: the shadow score treats it as unknown.
    InTree {
        /// The ply of the earlier occurrence.
        ply: u32,
    },
    /// A draw because of the game history: under [`RepetitionPolicy::FirstRepetition`] a single
    /// earlier game occurrence; the value still depends on that history.
    InGame,
    /// The position occurred twice before in the game: a draw whatever the path (threefold).
    Threefold,
}

/// The keys of the game so far and of the line being searched.
#[derive(Clone, Debug, Default)]
pub struct KeyStack {
    keys: Vec<Key>,
    root: usize,
}

impl KeyStack {
    /// A stack holding the game history (oldest first, the root position excluded) and the root.
    pub fn new(history: &[Key], root_key: Key) -> KeyStack {
        let mut keys = history.to_vec();
        keys.push(root_key);
        KeyStack {
            root: keys.len() - 1,
            keys,
        }
    }

    /// Enters a position of the search line.
    #[inline]
    pub fn push(&mut self, key: Key) {
        self.keys.push(key);
    }

    /// Leaves it.
    #[inline]
    pub fn pop(&mut self) {
        debug_assert!(self.keys.len() > self.root + 1);
        self.keys.pop();
    }

    /// Whether the position on top of the stack (with `halfmove_clock` half-moves since the last
    /// irreversible move) is a draw by repetition under `policy`.
    pub fn check(&self, halfmove_clock: u32, policy: RepetitionPolicy) -> Repetition {
        let top = self.keys.len() - 1;
        let key = self.keys[top];
        let reach = (halfmove_clock as usize).min(top);
        let mut in_game = 0;
        let mut in_tree = None;
        let mut back = 2;
        while back <= reach {
            let i = top - back;
            if self.keys[i] == key {
                if i > self.root {
                    // The earliest occurrence inside the search decides the dependency.
                    in_tree = Some((i - self.root) as u32);
                } else {
                    in_game += 1;
                }
            }
            back += 2;
        }
        if in_game >= 2 {
            return Repetition::Threefold;
        }
        if let Some(ply) = in_tree {
            return Repetition::InTree { ply };
        }
        if in_game == 1 {
            // The root itself counts as game history (it is on the board).
            return match policy {
                RepetitionPolicy::FirstRepetition => Repetition::InGame,
                RepetitionPolicy::TreeOrThreefold => Repetition::None,
            };
        }
        Repetition::None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tree_game_and_threefold_repetitions() {
        use RepetitionPolicy::*;
        // Game: 5 9 1, root 9 (index 3): the root repeats the game position at index 1.
        let mut s = KeyStack::new(&[5, 9, 1], 9);
        assert_eq!(s.check(10, FirstRepetition), Repetition::InGame);
        assert_eq!(s.check(10, TreeOrThreefold), Repetition::None);
        s.push(2);
        s.push(9); // third occurrence: indices 1, 3, 5
        assert_eq!(s.check(10, TreeOrThreefold), Repetition::Threefold);
        s.pop();
        s.push(3); // index 5, ply 2
        s.push(4);
        s.push(3); // index 7 repeats index 5
        assert_eq!(s.check(10, TreeOrThreefold), Repetition::InTree { ply: 2 });
        assert_eq!(
            s.check(1, FirstRepetition),
            Repetition::None,
            "irreversible move"
        );
    }

    #[test]
    fn twice_in_the_game_is_threefold() {
        let s = KeyStack::new(&[3, 1, 3, 1], 3);
        assert_eq!(
            s.check(4, RepetitionPolicy::TreeOrThreefold),
            Repetition::Threefold
        );
    }
}
