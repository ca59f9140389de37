//! A laser shot: the squares each beam crosses, where it bounces, and how it
//! ends.

use core::fmt;

use polyfen_core::Color;

use crate::color_name;
use crate::types::{Facing, Kind, Piece, Square};

/// A laser shot, as [`crate::Position::laser`] traces it.
///
/// The first beam leaves the sphinx. An eye of Horus splits a beam: the
/// beam goes on reflected (as off a scarab) and a new beam, listed after
/// it, starts at the eye going straight on. Removals happen after the whole
/// shot is traced.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Laser {
    /// Whose laser fired.
    pub color: Color,
    /// The sphinx that fired.
    pub sphinx: Square,
    /// The way the sphinx fired.
    pub direction: Facing,
    /// The beams: the sphinx's first, then the split ones in the order
    /// they were traced.
    pub beams: Vec<Beam>,
}

/// One beam of a shot: from the sphinx, or from an eye of Horus it split
/// at.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Beam {
    /// Where the beam starts (the sphinx, or the eye it split at); not part
    /// of [`Beam::path`].
    pub start: Square,
    /// The way it leaves `start`.
    pub direction: Facing,
    /// The squares it enters, in order, including the one it ends on.
    pub path: Vec<Square>,
    /// Each mirror that turned it, in order.
    pub bounces: Vec<Bounce>,
    /// How it ends.
    pub end: BeamEnd,
}

/// A mirror turning a beam.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Bounce {
    /// The mirror's square.
    pub square: Square,
    /// The way the beam travelled before.
    pub from: Facing,
    /// The way it travels after.
    pub to: Facing,
}

/// How a beam ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BeamEnd {
    /// It left the board from `square` (the last square it crossed; the
    /// start square when it leaves at once), travelling `direction`.
    LeftBoard {
        /// The last square on the board.
        square: Square,
        /// The way it went off.
        direction: Facing,
    },
    /// A piece absorbed it (an anubis' shield, a sphinx).
    Absorbed {
        /// Where.
        square: Square,
        /// The piece.
        piece: Piece,
    },
    /// It hit a piece on an unprotected side; the piece is removed.
    Removed {
        /// Where.
        square: Square,
        /// The piece removed.
        piece: Piece,
    },
    /// It came back to an eye of Horus the way an earlier beam crossed it,
    /// so it repeats that beam from here on and is not traced again.
    Repeats {
        /// The eye's square.
        square: Square,
    },
}

impl Laser {
    /// The pieces the shot removes, each once, in the order the beams
    /// reach them.
    #[must_use]
    pub fn removed(&self) -> Vec<(Square, Piece)> {
        let mut removed: Vec<(Square, Piece)> = Vec::new();
        for beam in &self.beams {
            if let BeamEnd::Removed { square, piece } = beam.end
                && !removed.iter().any(|&(s, _)| s == square)
            {
                removed.push((square, piece));
            }
        }
        removed
    }

    /// The sides whose pharaoh the shot removes (these sides lose).
    #[must_use]
    pub fn pharaohs_hit(&self) -> Vec<Color> {
        let mut sides: Vec<Color> =
            self.removed().iter().filter(|(_, p)| p.kind == Kind::Pharaoh).map(|(_, p)| p.color).collect();
        sides.sort_by_key(|c| c.index());
        sides.dedup();
        sides
    }
}

/// A piece in words: `red pyramid`.
pub(crate) fn piece_words(piece: Piece) -> String {
    format!("{} {}", color_name(piece.color), piece.kind.name())
}

impl fmt::Display for BeamEnd {
    /// `left the board at h8 going north`, `absorbed at d8 by the red
    /// anubis`, `removed the red pyramid at h4`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            BeamEnd::LeftBoard { square, direction } => {
                write!(f, "left the board at {square} going {}", direction.name())
            }
            BeamEnd::Absorbed { square, piece } => write!(f, "absorbed at {square} by the {}", piece_words(piece)),
            BeamEnd::Removed { square, piece } => {
                write!(f, "removed the {} at {square}", piece_words(piece))?;
                if piece.kind == Kind::Pharaoh {
                    write!(f, ": {} loses", color_name(piece.color))?;
                }
                Ok(())
            }
            BeamEnd::Repeats { square } => write!(f, "came back to the eye at {square} the way a beam already went"),
        }
    }
}

impl fmt::Display for Laser {
    /// The shot in lines: who fired, then for each beam its path, bounces
    /// and outcome.
    ///
    /// ```text
    /// silver laser from j1, fired north
    /// path: j2 j3 j4 i4 h4 h5 h6 h7 h8
    /// bounces: j4 north to west, h4 west to north
    /// outcome: left the board at h8 going north
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{} laser from {}, fired {}", color_name(self.color), self.sphinx, self.direction.name())?;
        for (i, beam) in self.beams.iter().enumerate() {
            if i > 0 {
                writeln!(
                    f,
                    "split beam {}: straight on through the eye at {}, going {}",
                    i + 1,
                    beam.start,
                    beam.direction.name()
                )?;
            }
            f.write_str("path:")?;
            if beam.path.is_empty() {
                f.write_str(" none")?;
            }
            for square in &beam.path {
                write!(f, " {square}")?;
            }
            f.write_str("\nbounces:")?;
            if beam.bounces.is_empty() {
                f.write_str(" none")?;
            }
            for (j, bounce) in beam.bounces.iter().enumerate() {
                let sep = if j == 0 { " " } else { ", " };
                write!(f, "{sep}{} {} to {}", bounce.square, bounce.from.name(), bounce.to.name())?;
            }
            writeln!(f, "\noutcome: {}", beam.end)?;
        }
        Ok(())
    }
}
