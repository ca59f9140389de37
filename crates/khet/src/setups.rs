//! The named start positions of Khet, as PKN strings.
//!
//! Each setup is symmetric under a half turn of the board with the colours
//! swapped, silver moves first, and the turn counter starts at 0. The `2`
//! setups replace one scarab of each side with an eye of Horus.

/// The Classic setup.
pub const CLASSIC: &str = "2PARA3X/7P2/6p3/p1P1SS1p1P/p1P1ss1p1P/3P6/2p7/x3arap2 wnnnnneewwsnsnsneewwssssse s 0";

/// The Imhotep setup.
pub const IMHOTEP: &str = "2SARA3X/0/3P2p3/pP2Sp2pP/pP2Ps2pP/3P2p3/0/x3aras2 wnnnnseewwwnsnseeewwnsssse s 0";

/// The Dynasty setup.
pub const DYNASTY: &str = "3PAP3X/4R5/3SAP3P/3p1p1S1P/p1s1P1P3/p3pas3/5r4/x3pap3 wnnnnennswenweswensswsssse s 0";

/// The Classic setup with an eye of Horus for one scarab of each side.
pub const CLASSIC2: &str = "2PARA3X/7P2/6p3/p1P1ES1p1P/p1P1se1p1P/3P6/2p7/x3arap2 wnnnnneewwsnsnsneewwssssse s 0";

/// The Imhotep setup with an eye of Horus for one scarab of each side.
pub const IMHOTEP2: &str = "2SARA3X/0/3P2p3/pP2Ep2pP/pP2Pe2pP/3P2p3/0/x3aras2 wnnnnseewwwnsnseeewwnsssse s 0";

/// The Dynasty setup with an eye of Horus for one scarab of each side.
pub const DYNASTY2: &str = "3PAP3X/4R5/3SAP3P/3p1p1E1P/p1e1P1P3/p3pas3/5r4/x3pap3 wnnnnennswenweswensswsssse s 0";

/// Every named setup as `(name, pkn)`, with lowercase names: `classic`,
/// `imhotep`, `dynasty`, `classic2`, `imhotep2`, `dynasty2`.
pub const SETUPS: &[(&str, &str)] = &[
    ("classic", CLASSIC),
    ("imhotep", IMHOTEP),
    ("dynasty", DYNASTY),
    ("classic2", CLASSIC2),
    ("imhotep2", IMHOTEP2),
    ("dynasty2", DYNASTY2),
];

/// The PKN of a named setup, the name matched without regard to case.
///
/// # Examples
///
/// ```
/// use polyfen_khet::{named_setup, Pkn, IMHOTEP};
///
/// assert_eq!(named_setup("Imhotep"), Some(IMHOTEP));
/// assert_eq!(named_setup("senet"), None);
/// let pkn: Pkn = named_setup("dynasty2").ok_or("no such setup")?.parse()?;
/// assert!(pkn.validate().is_empty());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn named_setup(name: &str) -> Option<&'static str> {
    SETUPS.iter().find(|(n, _)| n.eq_ignore_ascii_case(name)).map(|&(_, pkn)| pkn)
}
