//! Property tests: random setups are written and read back unchanged, and
//! no input, however broken, makes either reader panic.

use polyfen_core::Color;
use polyfen_khet::{Board, Facing, KhetExtras, Kind, Piece, Pkn, PknOptions, RenderStyle, parse_lenient, render};
use proptest::prelude::*;

fn piece() -> impl Strategy<Value = Piece> {
    (
        prop::sample::select(Color::ALL.to_vec()),
        prop::sample::select(Kind::ALL.to_vec()),
        prop::sample::select(Facing::ALL.to_vec()),
    )
        .prop_map(|(color, kind, facing)| Piece::new(color, kind, facing))
}

/// A random setup with at least one piece (PKN cannot write an empty
/// rotation field, so a board without pieces cannot be written).
fn setup() -> impl Strategy<Value = Pkn> {
    (
        prop::collection::vec(prop::option::weighted(0.35, piece()), 80),
        0usize..80,
        piece(),
        prop::sample::select(Color::ALL.to_vec()),
        any::<u32>(),
    )
        .prop_map(|(cells, forced, forced_piece, turn, turn_counter)| {
            let mut board: Board = [None; 80];
            for (slot, cell) in board.iter_mut().zip(cells) {
                *slot = cell;
            }
            board[forced] = Some(forced_piece);
            Pkn { board, extras: KhetExtras { turn, turn_counter } }
        })
}

/// Strings made mostly of PKN's own characters, to reach deep into the
/// readers.
fn pkn_like() -> impl Strategy<Value = String> {
    "[0-9ARPSXEarpsxenw/ ]{0,120}"
}

proptest! {
    #[test]
    fn write_then_read_is_identity(pkn in setup()) {
        let written = pkn.to_string();
        let read: Pkn = written.parse().map_err(|e| TestCaseError::fail(format!("{written}: {e}")))?;
        prop_assert_eq!(&read, &pkn);
        prop_assert_eq!(read.to_string(), written.clone());
        // the facings are kept exactly, not only up to the scarab's mirror
        prop_assert_eq!(read.board.map(|c| c.map(|p| p.facing)), pkn.board.map(|c| c.map(|p| p.facing)));
        let (lenient, repairs) = parse_lenient(&written).map_err(|e| TestCaseError::fail(format!("{written}: {e}")))?;
        prop_assert_eq!(&lenient, &pkn);
        prop_assert!(repairs.is_empty(), "{:?}", repairs);
    }

    #[test]
    fn canonical_form_reads_as_the_same_setup(pkn in setup()) {
        let written = pkn.to_string_with(&PknOptions { canonical: true });
        let read: Pkn = written.parse().map_err(|e| TestCaseError::fail(format!("{written}: {e}")))?;
        prop_assert_eq!(read, pkn);
    }

    #[test]
    fn lenient_reads_the_setup_without_separators(pkn in setup()) {
        let written = pkn.to_string();
        let flat = written.replacen('/', "", 7);
        let (read, repairs) = parse_lenient(&flat).map_err(|e| TestCaseError::fail(format!("{flat}: {e}")))?;
        prop_assert_eq!(read, pkn);
        prop_assert!(!repairs.is_empty());
        for r in &repairs {
            prop_assert!(r.span.end <= flat.len());
        }
    }

    #[test]
    fn strict_reader_never_panics(input in "\\PC{0,100}") {
        read_anything(&input)?;
    }

    #[test]
    fn readers_never_panic_on_pkn_like_input(input in pkn_like()) {
        read_anything(&input)?;
    }
}

/// Reads `input` both ways; whatever is accepted validates, renders and
/// writes back to something the strict reader reads as the same setup.
fn read_anything(input: &str) -> Result<(), TestCaseError> {
    let strict = input.parse::<Pkn>();
    match &strict {
        Ok(pkn) => settle(pkn)?,
        Err(e) => prop_assert!(e.span.end <= input.len() && e.span.start <= e.span.end, "{e:?}"),
    }
    match parse_lenient(input) {
        Ok((pkn, repairs)) => {
            settle(&pkn)?;
            for r in &repairs {
                prop_assert!(r.span.end <= input.len() && r.span.start <= r.span.end, "{r:?}");
            }
            // what the strict reader takes, the lenient one takes unchanged
            if let Ok(strict) = strict {
                prop_assert_eq!(pkn, strict);
                prop_assert!(repairs.is_empty(), "{:?}", repairs);
            }
        }
        Err(e) => {
            prop_assert!(e.span.end <= input.len() && e.span.start <= e.span.end, "{e:?}");
            prop_assert!(strict.is_err());
        }
    }
    Ok(())
}

fn settle(pkn: &Pkn) -> Result<(), TestCaseError> {
    let _ = pkn.validate().iter().map(ToString::to_string).count();
    let _ = render(pkn, RenderStyle::Unicode);
    let written = pkn.to_string();
    // a setup without pieces writes an empty rotation field, which PKN
    // cannot read back
    if pkn.board.iter().any(Option::is_some) {
        let reread = written.parse::<Pkn>();
        prop_assert_eq!(reread.as_ref(), Ok(pkn));
    }
    Ok(())
}
