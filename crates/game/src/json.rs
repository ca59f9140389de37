//! Reading a game's JSON form with errors that point into the text: the
//! helpers each game's `from_json` uses, so that a value that is no part
//! of a position is reported with the byte span of that value.

use std::collections::BTreeMap;
use std::fmt;
use std::ops::Range;

use polyfen_core::{Color, ParseError, ParseErrorKind};
pub use serde;
use serde::Deserializer;
use serde::de::{self, DeserializeOwned, MapAccess, Visitor};

/// Declares the document a game's JSON form is read from: the fields of
/// the game's JSON struct `$json` plus the `variant` tag as a field of its
/// own, unknown fields refused, and `From<$doc> for $json`. Read with
/// [`read_document`], directly rather than through serde's buffering of
/// internally tagged enums, so that serde's errors keep their positions.
/// The crate that calls it depends on `serde`.
///
/// Given the JSON struct itself, written `pub struct $json read from $doc
/// { ... }` (every field public), it declares the struct as written and
/// its document from the same fields, each with its attributes.
#[macro_export]
macro_rules! document {
    (
        $(#[$struct_attr:meta])*
        pub struct $json:ident read from $doc:ident {
            $($(#[$attr:meta])* pub $field:ident: $ty:ty,)*
        }
    ) => {
        $(#[$struct_attr])*
        pub struct $json {
            $($(#[$attr])* pub $field: $ty,)*
        }

        $crate::document!($doc => $json { $($(#[$attr])* $field: $ty,)* });
    };
    ($doc:ident => $json:ident { $($(#[$attr:meta])* $field:ident: $ty:ty,)* }) => {
        #[derive(serde::Deserialize)]
        #[serde(deny_unknown_fields)]
        #[doc = concat!("The document a [`", stringify!($json), "`] is read from: its fields and the `variant` tag.")]
        pub struct $doc {
            #[serde(rename = "variant")]
            _variant: serde::de::IgnoredAny,
            $($(#[$attr])* $field: $ty,)*
        }

        impl From<$doc> for $json {
            fn from(doc: $doc) -> $json {
                $json { $($field: doc.$field,)* }
            }
        }
    };
}

/// The message of a duplicate key in a square map; [`from_json`] finds the
/// duplicate by it.
const DUPLICATE: &str = "the square ";

/// A map from square names that refuses a square named twice (a
/// `BTreeMap` would keep the last one silently).
struct SquareMap(&'static str);

impl<'de> Visitor<'de> for SquareMap {
    type Value = BTreeMap<String, String>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "an object from square names to strings")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let mut out = BTreeMap::new();
        while let Some((square, value)) = map.next_entry::<String, String>()? {
            if out.contains_key(&square) {
                return Err(de::Error::custom(format_args!("{DUPLICATE}{square:?} appears twice in {}", self.0)));
            }
            out.insert(square, value);
        }
        Ok(out)
    }
}

/// Reads a `board` map: square names to strings, a square named twice
/// refused (for `#[serde(deserialize_with)]`).
///
/// # Errors
///
/// The deserializer's, and a square named twice.
pub fn board_map<'de, D: Deserializer<'de>>(deserializer: D) -> Result<BTreeMap<String, String>, D::Error> {
    deserializer.deserialize_map(SquareMap("board"))
}

/// Reads a `facing` map as [`board_map`] reads `board`.
///
/// # Errors
///
/// As [`board_map`].
pub fn facing_map<'de, D: Deserializer<'de>>(deserializer: D) -> Result<BTreeMap<String, String>, D::Error> {
    deserializer.deserialize_map(SquareMap("facing"))
}

/// An error about a JSON position at `span`.
pub fn json_error(message: String, span: Range<usize>) -> ParseError {
    ParseError::new(ParseErrorKind::Invalid { field: "JSON position", message: message.into() }, span)
}

/// The side to move a JSON form's `side_to_move` names: a name of
/// `first` ([`Color::White`]) or of `second` ([`Color::Black`]); else an
/// error at the value that says the first name of each.
///
/// # Errors
///
/// A name of neither side.
pub fn side_to_move(input: &str, side: &str, first: &[&str], second: &[&str]) -> Result<Color, ParseError> {
    if first.contains(&side) {
        Ok(Color::White)
    } else if second.contains(&side) {
        Ok(Color::Black)
    } else {
        let (first, second) = (first.first().unwrap_or(&""), second.first().unwrap_or(&""));
        Err(at_value(input, &["side_to_move"], format!("side_to_move {side:?} is not {first:?} or {second:?}")))
    }
}

/// An error about the value of the key at `path` (each key found after the
/// one before it), pointing at the value; at the start when it cannot be
/// found.
pub fn at_value(input: &str, path: &[&str], message: String) -> ParseError {
    let span = find_key(input, path, 0).map_or(0..0, |key| value_span(input, key.end));
    json_error(message, span)
}

/// An error about the key at `path` itself, pointing at the key.
pub fn at_key(input: &str, path: &[&str], message: String) -> ParseError {
    json_error(message, find_key(input, path, 0).unwrap_or(0..0))
}

/// The span of the quoted key at the end of `path`, each key looked for
/// after the one before, skipping the first `skip` matches of the last.
///
/// A key is a quoted string followed by `:`, so values that read like a key
/// are not taken for one.
fn find_key(input: &str, path: &[&str], skip: usize) -> Option<Range<usize>> {
    let mut from = 0;
    let mut found = None;
    for (i, key) in path.iter().enumerate() {
        let quoted = format!("\"{key}\"");
        let mut skip = if i + 1 == path.len() { skip } else { 0 };
        loop {
            let at = from + input.get(from..)?.find(&quoted)?;
            let end = at + quoted.len();
            from = end;
            let rest = input.get(end..)?.trim_start();
            if rest.starts_with(':') {
                if skip == 0 {
                    found = Some(at..end);
                    break;
                }
                skip -= 1;
            }
        }
    }
    found
}

/// The span of the value after the key ending at `key_end`: a string with
/// its quotes, or a number or literal.
fn value_span(input: &str, key_end: usize) -> Range<usize> {
    let Some(after) = input.get(key_end..) else {
        return key_end..key_end;
    };
    let colon = after.find(':').map_or(0, |i| i + 1);
    let rest = &after[colon..];
    let start = key_end + colon + (rest.len() - rest.trim_start().len());
    let value = &input[start..];
    let len = if let Some(body) = value.strip_prefix('"') {
        let mut escaped = false;
        body.char_indices()
            .find(|&(_, c)| {
                let close = c == '"' && !escaped;
                escaped = c == '\\' && !escaped;
                close
            })
            .map_or(value.len(), |(i, _)| i + 2)
    } else {
        value.find([',', '}', ']', ' ', '\t', '\n', '\r']).unwrap_or(value.len())
    };
    start..start + len
}

/// A serde error as a [`ParseError`] pointing at where serde stopped, or at
/// the start of the value it stopped after, or at a duplicate square.
pub fn serde_error(input: &str, e: &serde_json::Error) -> ParseError {
    let mut message = e.to_string();
    let suffix = format!(" at line {} column {}", e.line(), e.column());
    if let Some(stripped) = message.strip_suffix(&suffix) {
        message.truncate(stripped.len());
    }
    let mut at = byte_offset(input, e.line(), e.column());
    if e.is_data() {
        if let Some(span) = duplicate_span(input, &message) {
            return json_error(message, span);
        }
        // serde stops just after the value it could not take: point at the value
        at = token_start(input, at);
    }
    json_error(message, at..at)
}

/// The span of the second entry of a duplicate square, from its message.
fn duplicate_span(input: &str, message: &str) -> Option<Range<usize>> {
    let rest = message.strip_prefix(DUPLICATE)?;
    let square: String = rest.strip_prefix('"')?.chars().take_while(|&c| c != '"').collect();
    let map = rest.rsplit(' ').next()?;
    find_key(input, &[map, &square], 1)
}

/// The start of the token that ends just before byte `at` (a string, a
/// number, a literal or a key), or `at` when there is none.
fn token_start(input: &str, at: usize) -> usize {
    let Some(before) = input.get(..at) else {
        return at;
    };
    let trimmed = before.trim_end();
    if let Some(body) = trimmed.strip_suffix('"') {
        // the opening quote: the last quote not escaped
        let mut i = body.len();
        while let Some(q) = body[..i].rfind('"') {
            let backslashes = body[..q].bytes().rev().take_while(|&b| b == b'\\').count();
            if backslashes % 2 == 0 {
                return q;
            }
            i = q;
        }
        return at;
    }
    let start = trimmed.rfind([',', ':', '{', '[', ' ', '\t', '\n', '\r']);
    match start {
        Some(s) if s + 1 < trimmed.len() => s + 1,
        _ => at,
    }
}

/// Reads the document `T` (declared with [`document!`](crate::document))
/// from `input`.
///
/// # Errors
///
/// A [`ParseError`] at serde's position, or at the value serde refused.
pub fn read_document<T: DeserializeOwned>(input: &str) -> Result<T, ParseError> {
    serde_json::from_str(input).map_err(|e| serde_error(input, &e))
}

fn byte_offset(input: &str, line: usize, column: usize) -> usize {
    let line_start: usize = input.split_inclusive('\n').take(line.saturating_sub(1)).map(str::len).sum();
    let mut at = (line_start + column.saturating_sub(1)).min(input.len());
    while !input.is_char_boundary(at) {
        at -= 1;
    }
    at
}
