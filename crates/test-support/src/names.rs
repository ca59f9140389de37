//! The names other programs give the chess variants.

/// The names lichess and python-chess write for the chess variants (in a
/// PGN's `Variant` tag, or asked for by name), each with the id of the
/// variant it names. Not `Giveaway`: python-chess and Fairy-Stockfish play
/// it with castling rights, unlike lichess's antichess (it names
/// Fairy-Stockfish's `giveaway`).
pub const CHESS_VARIANT_NAMES: [(&str, &str); 9] = [
    ("Crazyhouse", "crazyhouse"),
    ("Three-check", "three-check"),
    ("3check", "three-check"),
    ("King of the Hill", "king-of-the-hill"),
    ("kingOfTheHill", "king-of-the-hill"),
    ("Atomic", "atomic"),
    ("Antichess", "antichess"),
    ("Horde", "horde"),
    ("Racing Kings", "racing-kings"),
];
