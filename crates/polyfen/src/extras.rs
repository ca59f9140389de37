//! Extras: what a game answers beyond its rules, asked by name (Khet's
//! `laser`) through [`Position::extra`], so that a command or an endpoint
//! for one names no game. Which games have an extra, and the sides it may
//! be asked for, come from each game's [`VariantId::extras`].
//!
//! # Examples
//!
//! ```
//! use polyfen::extras::{self, ExtraArgs};
//! use polyfen::{Position, ReadOptions, VariantId, read};
//!
//! assert_eq!(extras::owners("laser"), [VariantId::Khet]);
//! assert_eq!(extras::sides("laser"), ["silver", "red"]);
//! let position = read("khet:classic", None, &ReadOptions::default())?.position;
//! let shot = position.extra("laser", &ExtraArgs::default().with_side(Some("red")))?;
//! assert_eq!(shot.side, "red");
//! assert!(shot.text.starts_with("red laser from a8"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use polyfen_game::GamePosition;
pub use polyfen_game::{Extra, ExtraAnswer, ExtraArgs};
use strum::IntoEnumIterator;

#[cfg(doc)]
use crate::Position;
use crate::per_game::{Listed, rules_error};
use crate::{RulesError, VariantId};

/// The games that have the extra `name`, in the list's order.
#[must_use]
pub fn owners(name: &str) -> Vec<VariantId> {
    VariantId::iter().filter(|variant| variant.extras().iter().any(|extra| extra.name == name)).collect()
}

/// The sides the extra `name` may be asked for, in the words of the games
/// that have it, each once.
#[must_use]
pub fn sides(name: &str) -> Vec<&'static str> {
    let mut sides: Vec<&'static str> = Vec::new();
    for extra in VariantId::iter().flat_map(VariantId::extras).filter(|extra| extra.name == name) {
        for &side in extra.sides {
            if !sides.contains(&side) {
                sides.push(side);
            }
        }
    }
    sides
}

/// The games that have the extra `name` as a list in words:
/// `khet`, `khet, chess`.
#[must_use]
pub fn owner_list(name: &str) -> String {
    let names: Vec<&'static str> = owners(name).into_iter().map(<&'static str>::from).collect();
    names.join(", ")
}

/// [`Position::extra`] for a game of the list: the game answers it when
/// it has the extra.
pub(crate) fn extra<T: Listed>(position: &T, name: &str, args: &ExtraArgs<'_>) -> Result<ExtraAnswer, RulesError> {
    if !T::EXTRAS.iter().any(|extra| extra.name == name) {
        return Err(RulesError::Unsupported { variant: T::VARIANT, feature: "such extra" });
    }
    <T as GamePosition>::extra(position, name, args).map_err(rules_error::<T>)
}
