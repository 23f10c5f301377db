//! Fidelity: replaying the 1967 games against the recreation. In every position where Mac Hack
//! was to move, what the recreation plays beside what Mac Hack played in 1967 ([`compare`]),
//! what the 1967-68 program (c197) answers there ([`mod@reference`]), and what the surviving 1973
//! program chose. Matches against other engines are [`crate::matches`]'.

pub mod compare;
pub mod reference;
