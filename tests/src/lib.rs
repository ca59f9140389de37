//! Tests that span the polyfen crates: the public corpus, snapshots of
//! round trips and errors, property tests, and a toy fourth variant
//! ([`minishogi`]) that proves the [`polyfen_core::Variant`] trait general.

pub mod minishogi;

/// The book's introduction, whose examples run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../../docs/src/introduction.md")]
pub struct IntroductionChapter;

/// The book's chapter on adding a game, whose examples run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../../docs/src/adding-a-game.md")]
pub struct AddingAGameChapter;

/// The README's library example, run as a doc test.
#[cfg(doctest)]
#[doc = include_str!("../../README.md")]
pub struct Readme;
