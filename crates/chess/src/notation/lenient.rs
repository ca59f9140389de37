//! The lenient reading of SAN and LAN: the careful reader that takes the
//! forms people type that are not standard, each reported as a
//! [`MoveRepair`], and the error naming that reading where the reading is
//! strict.

use core::ops::Range;

use polyfen_core::MoveRepair;

use super::{MoveError, MoveReader, MoveSyntax, San};
use crate::position::{Move, MoveKind};

/// A move `m` that `text` (its move at `span`) names only when read
/// leniently: with `repairs`, one repair saying it was read as
/// `standard_form`; without, the error naming that reading.
pub(crate) fn lenient_reading(
    text: &str,
    span: Range<usize>,
    m: Move,
    syntax: MoveSyntax,
    standard_form: &str,
    repairs: Option<&mut Vec<MoveRepair>>,
) -> Result<(Move, MoveSyntax), MoveError> {
    let shown = text.get(span.clone()).unwrap_or(text);
    let written = text[span.start..].trim_end();
    match repairs {
        Some(repairs) => {
            repairs.push(MoveRepair::reading(span.start..span.start + written.len(), written, standard_form));
            Ok((m, syntax))
        }
        None => Err(MoveError {
            message: format!(
                "{shown} is not standard {}: only a lenient reading takes it, as {standard_form}",
                if syntax == MoveSyntax::Lan { "LAN" } else { "SAN" }
            ),
            span,
            candidates: vec![m],
            uci: false,
        }),
    }
}

/// SAN or LAN in any form a position `reader` reads: the standard ones,
/// the lenient ones with `repairs` (one [`MoveRepair`] each), and the
/// errors; the careful path of [`MoveReader::read_san_or_lan`].
pub(super) fn read_carefully<R: MoveReader + ?Sized>(
    reader: &R,
    text: &str,
    span: Range<usize>,
    repairs: Option<&mut Vec<MoveRepair>>,
) -> Result<(Move, MoveSyntax), MoveError> {
    let (san, standard) = San::parse_form(text)?;
    let syntax = match san {
        San::Normal { file: Some(_), rank: Some(_), .. } => MoveSyntax::Lan,
        _ => MoveSyntax::San,
    };
    let strict = reader.san_move(san, text, false);
    // `e.p.` is standard only after an en passant capture
    let ep_written = text.as_bytes()[span.end..].iter().any(|b| b.eq_ignore_ascii_case(&b'p'));
    let standard = standard && !(ep_written && strict.as_ref().is_ok_and(|m| m.kind() != MoveKind::EnPassant));
    if standard && strict.is_ok() {
        return strict.map(|m| (m, syntax));
    }
    let m = match strict {
        Ok(m) => m,
        Err(e) => reader.san_move(san, text, true).map_err(|_| e)?,
    };
    let standard_form = reader.standard_form(m, syntax);
    lenient_reading(text, span, m, syntax, &standard_form, repairs)
}
