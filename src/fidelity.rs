//! Fidelity: replaying the 1967 games against the recreation. In every position where Mac Hack
//! was to move, what the recreation plays beside what Mac Hack played in 1967 ([`compare`]),
//! what the 1967-68 program (c197) answers there ([`mod@reference`]), and what the surviving 1973
//! program chose; all of it as one page ([`report`]). Matches against other engines are [`crate::matches`]'. The games are the
//! paper's (§15, Table 1: the 1967 tournaments); c197's answers were made by running
//! it (`reference/c197/README.md` says how).

pub mod compare;
pub mod reference;
pub mod report;
