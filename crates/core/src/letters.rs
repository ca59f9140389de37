//! The 256-entry table that reads a piece letter without a branch, built
//! at compile time from a game's alphabet, and the loop such compile-time
//! tables are built with.

/// A 256-entry table of `Option<PIECE>`, one entry per byte, built at
/// compile time from a `const fn(u8) -> Option<PIECE>` that reads one letter
/// of the game's alphabet: reading a letter is then one lookup, with no
/// branch.
///
/// ```
/// const fn digit(b: u8) -> Option<u8> {
///     if b.is_ascii_digit() { Some(b - b'0') } else { None }
/// }
/// const DIGITS: [Option<u8>; 256] = polyfen_core::letter_table!(u8, digit);
/// assert_eq!((DIGITS[b'7' as usize], DIGITS[b'x' as usize]), (Some(7), None));
/// ```
#[macro_export]
macro_rules! letter_table {
    ($piece:ty, $of_letter:expr) => {{
        let mut table: [::core::option::Option<$piece>; 256] = [::core::option::Option::None; 256];
        $crate::const_for!(b in 0..256 => {
            table[b] = $of_letter(b as u8);
        });
        table
    }};
}

/// `for $i in 0..$end $body` in a `const` context, where a `for` loop
/// cannot stand: the loop the games' compile-time tables are built with,
/// over sides, squares and directions. The body must not `continue` (the
/// count would not advance).
///
/// ```
/// const SQUARES: [usize; 4] = {
///     let mut t = [0; 4];
///     polyfen_core::const_for!(i in 0..4 => {
///         t[i] = i * i;
///     });
///     t
/// };
/// assert_eq!(SQUARES, [0, 1, 4, 9]);
/// ```
#[macro_export]
macro_rules! const_for {
    ($i:ident in 0..$end:expr => $body:block) => {
        let mut $i = 0;
        while $i < $end {
            $body
            $i += 1;
        }
    };
}
