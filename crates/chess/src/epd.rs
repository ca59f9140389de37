//! EPD: the first four FEN fields plus operations.

use core::fmt;
use core::str::FromStr;

use polyfen_core::{Fields, Leniency, ParseError, ParseErrorKind, Setup};

use crate::{Chess, ChessExtras, Fen, FenOptions, parse_position_fields, write_position_fields};

/// One EPD operation: an opcode and its operands as written (`bm Nf3`,
/// `id "WAC.001"`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Operation {
    /// The opcode, such as `bm` or `id`.
    pub opcode: String,
    /// The operands exactly as written between the opcode and the `;`,
    /// without the surrounding white space; empty for none.
    pub operands: String,
}

/// An EPD record: a position (the four EPD fields; clocks from the `hmvc`
/// and `fmvn` operations when present) and its operations in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Epd {
    /// The position. Its clocks come from `hmvc` / `fmvn`, else 0 and 1.
    pub setup: Fen,
    /// The operations, in the order written.
    pub operations: Vec<Operation>,
}

impl Epd {
    /// Reads an EPD record.
    ///
    /// # Errors
    ///
    /// A [`ParseError`] for a bad field or an unterminated operation.
    pub fn parse(input: &str) -> Result<Epd, ParseError> {
        let mut fields = Fields::new(input);
        let placement = fields.expect("placement", "an EPD record")?;
        let mut board = [None; 64];
        polyfen_core::codec::decode_placement::<Chess>(
            placement.text,
            placement.start,
            &Leniency::default(),
            &mut board,
            &mut Vec::new(),
        )?;
        let mut probe = fields.clone();
        for (field, expected) in [
            ("side to move", "'w' or 'b'"),
            ("castling field", "castling rights or '-'"),
            ("en passant square", "a square or '-'"),
        ] {
            probe.expect(field, expected)?;
        }
        let mut extras: ChessExtras = parse_position_fields(&mut fields)?;
        let operations = match fields.take_rest() {
            Some(rest) => parse_operations(rest.text, rest.start)?,
            None => Vec::new(),
        };
        for op in &operations {
            let value =
                |max| polyfen_core::Field { text: op.operands.as_str(), start: 0 }.number("clock operand", 0, max).ok();
            match op.opcode.as_str() {
                "hmvc" => extras.halfmove = value(u32::MAX).unwrap_or(extras.halfmove),
                "fmvn" => extras.fullmove = value(u32::MAX).unwrap_or(extras.fullmove),
                _ => {}
            }
        }
        Ok(Epd { setup: Setup { board, extras }, operations })
    }

    /// Writes the record with `options`: four fields, then each operation as
    /// `opcode operands;`, separated by single spaces.
    pub fn write(&self, options: &FenOptions, out: &mut String) {
        polyfen_core::codec::encode_placement::<Chess>(
            &self.setup.board,
            options,
            polyfen_core::WriteStyle::default(),
            out,
        );
        write_position_fields(&self.setup.extras, &self.setup.board, *options, out);
        for op in &self.operations {
            out.push(' ');
            out.push_str(&op.opcode);
            if !op.operands.is_empty() {
                out.push(' ');
                out.push_str(&op.operands);
            }
            out.push(';');
        }
    }

    /// The record written with `options`.
    #[must_use]
    pub fn to_string_with(&self, options: &FenOptions) -> String {
        let mut out = String::with_capacity(96);
        self.write(options, &mut out);
        out
    }
}

fn parse_operations(text: &str, offset: usize) -> Result<Vec<Operation>, ParseError> {
    let bytes = text.as_bytes();
    let mut ops = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        while i < bytes.len() && bytes[i].is_ascii_whitespace() {
            i += 1;
        }
        if i >= bytes.len() {
            break;
        }
        let start = i;
        if !bytes[i].is_ascii_alphabetic() {
            return Err(
                ParseError::unexpected(text, i, "EPD operation", "an opcode starting with a letter").shifted(offset)
            );
        }
        while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_') {
            i += 1;
        }
        let opcode = &text[start..i];
        let operand_start = i;
        let mut in_string = false;
        while i < bytes.len() && (in_string || bytes[i] != b';') {
            if bytes[i] == b'"' {
                in_string = !in_string;
            }
            i += 1;
        }
        if i >= bytes.len() {
            let message = if in_string {
                format!("the operands of {opcode:?} open a string that is never closed")
            } else {
                format!("operation {opcode:?} does not end with ';'")
            };
            return Err(ParseError::new(
                ParseErrorKind::Invalid { field: "EPD operation", message: message.into() },
                offset + start..offset + bytes.len(),
            ));
        }
        if operand_start < bytes.len() && !bytes[operand_start].is_ascii_whitespace() && bytes[operand_start] != b';' {
            return Err(ParseError::unexpected(
                text,
                operand_start,
                "EPD operation",
                "a space or ';' after the opcode",
            )
            .shifted(offset));
        }
        ops.push(Operation { opcode: opcode.to_owned(), operands: text[operand_start..i].trim().to_owned() });
        i += 1;
    }
    Ok(ops)
}

impl FromStr for Epd {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Epd, ParseError> {
        Epd::parse(s)
    }
}

impl fmt::Display for Epd {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_string_with(&FenOptions::default()))
    }
}
