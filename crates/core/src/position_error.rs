//! The error of a setup that cannot be played from, the same for every
//! game.

use core::fmt;
use core::ops::Deref;

/// Why a setup cannot be played from: every rule it breaks, as the game's
/// validation found them. Displayed as the violations separated by `; `.
///
/// ```
/// use polyfen_core::PositionError;
///
/// let e = PositionError { violations: vec!["white has no king", "black has two kings"] };
/// assert_eq!(e.to_string(), "white has no king; black has two kings");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PositionError<V> {
    /// The violations, in the order the game's validation finds them.
    pub violations: Vec<V>,
}

impl<V: fmt::Display> fmt::Display for PositionError<V> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, v) in self.violations.iter().enumerate() {
            if i > 0 {
                f.write_str("; ")?;
            }
            write!(f, "{v}")?;
        }
        Ok(())
    }
}

impl<V: fmt::Debug + fmt::Display> std::error::Error for PositionError<V> {}

/// The violations, as a slice.
impl<V> Deref for PositionError<V> {
    type Target = [V];

    fn deref(&self) -> &[V] {
        &self.violations
    }
}
