//! Pieces in hand: what a player holds off the board and may drop.
//!
//! Shogi's captured pieces change sides and wait in their new owner's hand;
//! crazyhouse does the same with a chess pocket. Both notations write the
//! hand as letters, uppercase for the first player's pieces, and differ only
//! in how they write a count ([`HandStyle`]). A [`HandSpec`] says which kinds
//! a hand holds and in what order they are written; a [`Hand`] is the counts.
//! The codec reads and writes it ([`crate::codec::decode_hand`],
//! [`crate::codec::encode_hand`]).

use crate::color::Color;

/// The most kinds a hand can hold (Shogi has seven).
pub const MAX_KINDS: usize = 8;

/// How a hand writes more than one piece of a kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HandStyle {
    /// A count before the letter when above one (`2P3pb`), `-` for an empty
    /// hand: Shogi's SFEN.
    Counted,
    /// Each piece written once (`RBNNNPPp`), nothing for an empty hand:
    /// the crazyhouse pocket.
    Listed,
}

/// The data that makes one notation's hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HandSpec {
    /// The uppercase letters of the kinds a hand can hold, in the order the
    /// notation writes them (`b"RBGSNLP"` in SFEN, `b"QRBNP"` for
    /// crazyhouse); at most [`MAX_KINDS`]. A kind's index is its place here.
    pub kinds: &'static [u8],
    /// How counts are written.
    pub style: HandStyle,
}

impl HandSpec {
    /// The index of the kind an ASCII letter (either case) stands for, and
    /// the side whose hand it names (uppercase: [`Color::White`]).
    #[must_use]
    pub fn kind_of(&self, letter: u8) -> Option<(Color, usize)> {
        let color = Color::of_ascii_case(letter)?;
        let upper = letter.to_ascii_uppercase();
        let kind = self.kinds.iter().take(MAX_KINDS).position(|&k| k == upper)?;
        Some((color, kind))
    }

    /// The letter of kind `kind` in `color`'s hand.
    #[must_use]
    pub fn letter(&self, color: Color, kind: usize) -> u8 {
        let upper = self.kinds.get(kind).copied().unwrap_or(b'?');
        match color {
            Color::White => upper,
            Color::Black => upper.to_ascii_lowercase(),
        }
    }
}

/// The pieces each side holds: a count per kind of a [`HandSpec`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Hand {
    counts: [[u8; MAX_KINDS]; 2],
}

impl Hand {
    /// Both hands empty.
    pub const EMPTY: Hand = Hand { counts: [[0; MAX_KINDS]; 2] };

    /// How many pieces of kind `kind` `color` holds (0 for a kind out of range).
    #[must_use]
    pub fn count(&self, color: Color, kind: usize) -> u8 {
        self.counts[color.index()].get(kind).copied().unwrap_or(0)
    }

    /// Sets how many pieces of kind `kind` `color` holds (ignored for a
    /// kind out of range).
    pub fn set(&mut self, color: Color, kind: usize, n: u8) {
        if let Some(slot) = self.counts[color.index()].get_mut(kind) {
            *slot = n;
        }
    }

    /// Puts one piece of kind `kind` into `color`'s hand (a count stops at
    /// 255).
    pub fn add(&mut self, color: Color, kind: usize) {
        if let Some(slot) = self.counts[color.index()].get_mut(kind) {
            *slot = slot.saturating_add(1);
        }
    }

    /// Takes one piece of kind `kind` from `color`'s hand; `false` if it
    /// holds none.
    pub fn remove(&mut self, color: Color, kind: usize) -> bool {
        match self.counts[color.index()].get_mut(kind) {
            Some(slot) if *slot > 0 => {
                *slot -= 1;
                true
            }
            _ => false,
        }
    }

    /// Whether both hands are empty.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.counts.iter().flatten().all(|&n| n == 0)
    }

    /// The number of pieces `color` holds.
    #[must_use]
    pub fn total(&self, color: Color) -> u32 {
        self.counts[color.index()].iter().map(|&n| u32::from(n)).sum()
    }

    /// The counts of `color`'s hand, indexed by kind.
    #[must_use]
    pub fn counts(&self, color: Color) -> &[u8; MAX_KINDS] {
        &self.counts[color.index()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SHOGI: HandSpec = HandSpec { kinds: b"RBGSNLP", style: HandStyle::Counted };

    #[test]
    fn counts_add_and_remove() {
        let mut hand = Hand::EMPTY;
        assert!(hand.is_empty());
        hand.add(Color::White, 6);
        hand.add(Color::White, 6);
        hand.add(Color::Black, 0);
        assert_eq!(hand.count(Color::White, 6), 2);
        assert_eq!(hand.total(Color::White), 2);
        assert_eq!(hand.total(Color::Black), 1);
        assert!(hand.remove(Color::Black, 0));
        assert!(!hand.remove(Color::Black, 0));
        assert_eq!(hand.count(Color::White, 99), 0);
        hand.set(Color::White, 6, 0);
        assert!(hand.is_empty());
    }

    #[test]
    fn kinds_and_letters() {
        assert_eq!(SHOGI.kind_of(b'p'), Some((Color::Black, 6)));
        assert_eq!(SHOGI.kind_of(b'R'), Some((Color::White, 0)));
        assert_eq!(SHOGI.kind_of(b'K'), None);
        assert_eq!(SHOGI.kind_of(b'2'), None);
        assert_eq!(SHOGI.letter(Color::Black, 1), b'b');
        assert_eq!(SHOGI.letter(Color::White, 2), b'G');
    }
}
