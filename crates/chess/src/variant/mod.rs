//! The chess variants played online (lichess's seven, as shakmaty and
//! python-chess play them): crazyhouse, three-check, king of the hill,
//! atomic, antichess, horde and racing kings.
//!
//! A variant is a set of rules inside the chess game, chosen when a
//! position is made ([`ChessVariant`]); Chess960 stays a property of the
//! castling rights and combines with every variant that castles. The
//! pieces are for the codec in [`fen`] (one codec variant reads every
//! variant's FEN: pockets, promoted marks and check counters),
//! [`validate`] (each variant's own rules for a setup), [`rules`]
//! (legal moves, playing, the game's end and perft, monomorphized per
//! variant so that standard chess keeps its own generator untouched) and
//! `notation` (UCI, SAN and LAN of [`rules::VariantPosition`], read
//! against the variant's legal moves, drops included).
//!
//! Everything the layers above need is reached without naming a variant:
//! [`ChessVariant::ALL`], the ids and names ([`ChessVariant::id`],
//! [`ChessVariant::pgn_name`], `FromStr`), the setups
//! ([`ChessVariant::setup`]), reading a FEN of a variant
//! ([`ChessVariant::parse_fen`]) or guessing it
//! ([`fen::looks_like_crazyhouse`], `str::parse`), and a
//! [`rules::VariantPosition`]'s moves, notations, perft and outcome.

pub mod fen;
mod notation;
pub mod rules;

pub use fen::validate;

use core::fmt;
use core::str::FromStr;

/// The rules a chess position is played by.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ChessVariant {
    /// Standard chess (and Chess960, which is a matter of castling rights).
    #[default]
    Standard,
    /// Captured pieces change sides and may be dropped back (`N@f3`).
    Crazyhouse,
    /// The third check wins.
    ThreeCheck,
    /// A king reaching d4, e4, d5 or e5 wins.
    KingOfTheHill,
    /// Captures explode everything but pawns around the capture square.
    Atomic,
    /// Captures are forced, the king is an ordinary piece, and losing every
    /// piece (or having no move) wins.
    Antichess,
    /// White's horde of pawns and no king against black's army.
    Horde,
    /// No checks, no pawns: the first king on the eighth rank wins.
    RacingKings,
}

/// A name that is not one of a chess variant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownVariant(pub String);

impl fmt::Display for UnknownVariant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?} is not a chess variant (expected one of chess", self.0)?;
        for v in &ChessVariant::ALL[1..] {
            write!(f, ", {}", v.id())?;
        }
        f.write_str(")")
    }
}

impl std::error::Error for UnknownVariant {}

/// The standard start position of chess.
const STANDARD_START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

impl ChessVariant {
    /// Every variant, standard chess first.
    pub const ALL: [ChessVariant; 8] = [
        ChessVariant::Standard,
        ChessVariant::Crazyhouse,
        ChessVariant::ThreeCheck,
        ChessVariant::KingOfTheHill,
        ChessVariant::Atomic,
        ChessVariant::Antichess,
        ChessVariant::Horde,
        ChessVariant::RacingKings,
    ];

    /// The variant's id: `chess` for standard chess, then `crazyhouse`,
    /// `three-check`, `king-of-the-hill`, `atomic`, `antichess`, `horde`,
    /// `racing-kings`.
    #[must_use]
    pub const fn id(self) -> &'static str {
        match self {
            ChessVariant::Standard => "chess",
            ChessVariant::Crazyhouse => "crazyhouse",
            ChessVariant::ThreeCheck => "three-check",
            ChessVariant::KingOfTheHill => "king-of-the-hill",
            ChessVariant::Atomic => "atomic",
            ChessVariant::Antichess => "antichess",
            ChessVariant::Horde => "horde",
            ChessVariant::RacingKings => "racing-kings",
        }
    }

    /// What lichess writes in a game's `[Variant "…"]` tag.
    #[must_use]
    pub const fn pgn_name(self) -> &'static str {
        match self {
            ChessVariant::Standard => "Standard",
            ChessVariant::Crazyhouse => "Crazyhouse",
            ChessVariant::ThreeCheck => "Three-check",
            ChessVariant::KingOfTheHill => "King of the Hill",
            ChessVariant::Atomic => "Atomic",
            ChessVariant::Antichess => "Antichess",
            ChessVariant::Horde => "Horde",
            ChessVariant::RacingKings => "Racing Kings",
        }
    }

    /// The FEN of the variant's start position: the standard one, except
    /// horde's and racing kings' own, antichess without castling rights,
    /// crazyhouse with an empty pocket (`[]`) and three-check with its
    /// remaining checks (`3+3`).
    #[must_use]
    pub const fn start_fen(self) -> &'static str {
        match self {
            ChessVariant::Standard | ChessVariant::KingOfTheHill | ChessVariant::Atomic => STANDARD_START,
            ChessVariant::Crazyhouse => "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1",
            ChessVariant::ThreeCheck => "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1",
            ChessVariant::Antichess => "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
            ChessVariant::Horde => "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1",
            ChessVariant::RacingKings => "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1",
        }
    }

    /// The named setups of the variants: `<id>:standard` with the start
    /// position of each (standard chess's own is the game's `standard`).
    pub const SETUPS: [(&'static str, &'static str); 7] = [
        ("crazyhouse:standard", ChessVariant::Crazyhouse.start_fen()),
        ("three-check:standard", ChessVariant::ThreeCheck.start_fen()),
        ("king-of-the-hill:standard", ChessVariant::KingOfTheHill.start_fen()),
        ("atomic:standard", ChessVariant::Atomic.start_fen()),
        ("antichess:standard", ChessVariant::Antichess.start_fen()),
        ("horde:standard", ChessVariant::Horde.start_fen()),
        ("racing-kings:standard", ChessVariant::RacingKings.start_fen()),
    ];

    /// The variant of a named setup (`atomic:standard`), with its FEN.
    #[must_use]
    pub fn setup(name: &str) -> Option<(ChessVariant, &'static str)> {
        let (id, rest) = name.split_once(':')?;
        if rest != "standard" {
            return None;
        }
        let variant: ChessVariant = id.parse().ok()?;
        Some((variant, variant.start_fen()))
    }

    /// True when the variant has a king that can be checked and mated
    /// (all but antichess; in horde, black's).
    #[must_use]
    pub const fn has_royal_king(self) -> bool {
        !matches!(self, ChessVariant::Antichess)
    }

    /// True when a position of the variant carries a pocket of pieces to
    /// drop.
    #[must_use]
    pub const fn has_pocket(self) -> bool {
        matches!(self, ChessVariant::Crazyhouse)
    }

    /// True when a position of the variant carries check counters.
    #[must_use]
    pub const fn has_check_counters(self) -> bool {
        matches!(self, ChessVariant::ThreeCheck)
    }
}

polyfen_core::display_name!(ChessVariant, id);

impl FromStr for ChessVariant {
    type Err = UnknownVariant;

    /// Reads a variant's id or a name lichess or python-chess write
    /// (`Three-check`, `3check`, `King of the Hill`, `kingOfTheHill`,
    /// `koth`, `Giveaway`, `Racing Kings`, `Standard` …), in any case; the
    /// spaces, dashes and underscores of a name do not matter.
    fn from_str(s: &str) -> Result<ChessVariant, UnknownVariant> {
        let key: String =
            s.trim().chars().filter(|c| !matches!(c, ' ' | '-' | '_')).map(|c| c.to_ascii_lowercase()).collect();
        let variant = match key.as_str() {
            "standard" | "chess" => ChessVariant::Standard,
            "crazyhouse" | "zh" => ChessVariant::Crazyhouse,
            "threecheck" | "3check" => ChessVariant::ThreeCheck,
            "kingofthehill" | "koth" => ChessVariant::KingOfTheHill,
            "atomic" => ChessVariant::Atomic,
            "antichess" | "giveaway" => ChessVariant::Antichess,
            "horde" => ChessVariant::Horde,
            "racingkings" => ChessVariant::RacingKings,
            _ => return Err(UnknownVariant(s.to_owned())),
        };
        Ok(variant)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_and_names_read_back() {
        for v in ChessVariant::ALL {
            assert_eq!(v.id().parse(), Ok(v));
            assert_eq!(v.pgn_name().parse(), Ok(v));
            assert_eq!(v.to_string(), v.id());
        }
        for (name, v) in [
            ("Crazyhouse", ChessVariant::Crazyhouse),
            ("Three-check", ChessVariant::ThreeCheck),
            ("3check", ChessVariant::ThreeCheck),
            ("threecheck", ChessVariant::ThreeCheck),
            ("King of the Hill", ChessVariant::KingOfTheHill),
            ("kingOfTheHill", ChessVariant::KingOfTheHill),
            ("KOTH", ChessVariant::KingOfTheHill),
            ("Giveaway", ChessVariant::Antichess),
            ("Racing Kings", ChessVariant::RacingKings),
            ("racingkings", ChessVariant::RacingKings),
            ("HORDE", ChessVariant::Horde),
            ("Standard", ChessVariant::Standard),
            ("chess", ChessVariant::Standard),
        ] {
            assert_eq!(name.parse(), Ok(v), "{name}");
        }
        let err = "shogi".parse::<ChessVariant>().unwrap_err();
        assert!(err.to_string().contains("racing-kings"), "{err}");
    }

    #[test]
    fn named_setups() {
        assert_eq!(ChessVariant::setup("horde:standard"), Some((ChessVariant::Horde, ChessVariant::Horde.start_fen())));
        assert_eq!(ChessVariant::setup("Racing Kings:standard").map(|s| s.0), Some(ChessVariant::RacingKings));
        assert_eq!(ChessVariant::setup("atomic:other"), None);
        assert_eq!(ChessVariant::SETUPS.len(), 7);
    }
}
