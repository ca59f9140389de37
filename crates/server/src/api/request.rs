//! Decoding a request: the JSON body (parsed off the async threads when
//! large), the fields every read endpoint shares — the position or the
//! batch, the notation to read it as, leniency — declared with
//! [`read_request!`], the rule fields of the rules endpoints ([`Rules`]),
//! and the ids of notations, styles and options, refused naming the known
//! ones. What is decoded here is checked for its form only: nothing is
//! run, budgeted or answered here.

use std::str::FromStr;
#[cfg(feature = "service")]
use std::sync::Arc;

#[cfg(feature = "service")]
use axum::body::Bytes;
#[cfg(feature = "service")]
use axum::extract::rejection::BytesRejection;
use http::StatusCode;
use polyfen::{CastlingMoves, MoveNotation, Notation, ReadOptions, Reading, RuleOptions, RulesError, VariantId};
use serde::de::DeserializeOwned;
use strum::IntoEnumIterator;

#[cfg(feature = "service")]
use crate::AppState;
use crate::api::answer::{ItemError, rules_error};
use crate::refusal::{Refusal, bad_request};

/// What a body over [`crate::Config::max_body_bytes`] is refused with.
const TOO_LONG: &str = "the request body is larger than the limit";

/// Reads a body handed over by a caller as JSON of `T`, as
/// [`parse_body`] does one the service received: 413 when too long, 400
/// with serde's message (and where in the body) when malformed.
pub(crate) fn parse_now<T: DeserializeOwned>(body: &[u8], config: &crate::Config) -> Result<T, Refusal> {
    if body.len() > config.max_body_bytes {
        return Err(Refusal(StatusCode::PAYLOAD_TOO_LARGE, TOO_LONG.to_owned()));
    }
    serde_json::from_slice(body).map_err(|e| bad_request(format!("malformed request: {e}")))
}

/// Reads the body as JSON of `T`: 413 when too long, 400 with serde's
/// message (and where in the body) when malformed.
#[cfg(feature = "service")]
pub(crate) async fn parse_body<T: DeserializeOwned + Send + 'static>(
    state: &AppState,
    body: Result<Bytes, BytesRejection>,
) -> Result<T, Refusal> {
    let bytes = body.map_err(|rejection| {
        let status = rejection.status();
        if status == StatusCode::PAYLOAD_TOO_LARGE {
            Refusal(status, TOO_LONG.to_owned())
        } else {
            Refusal(status, rejection.body_text())
        }
    })?;
    from_json(state, bytes).await.map_err(|e| bad_request(format!("malformed request: {e}")))
}

/// Bodies up to this size are parsed where they arrive; a larger one (a
/// millisecond or more of parsing) on a blocking thread.
#[cfg(feature = "service")]
pub(crate) const PARSE_INLINE: usize = 16 * 1024;

/// `bytes` parsed as JSON, off the async threads when they are many (a
/// burst of large bodies must not keep the runtime from answering small
/// requests), and no more large bodies at once than there are heavy jobs
/// (each parse holds a second copy of its body's text).
#[cfg(feature = "service")]
async fn from_json<T: DeserializeOwned + Send + 'static>(
    state: &AppState,
    bytes: Bytes,
) -> Result<T, serde_json::Error> {
    if bytes.len() <= PARSE_INLINE {
        return serde_json::from_slice(&bytes);
    }
    let Ok(permit) = Arc::clone(&state.parses).acquire_owned().await else {
        return Err(serde_json::Error::io(std::io::Error::other("the service is shutting down")));
    };
    let parsed = tokio::task::spawn_blocking(move || {
        let _permit = permit;
        serde_json::from_slice(&bytes)
    });
    match parsed.await {
        Ok(parsed) => parsed,
        Err(e) => Err(serde_json::Error::io(std::io::Error::other(e.to_string()))),
    }
}

/// One input or a batch.
#[derive(Debug)]
pub(crate) enum Inputs {
    One(String),
    Batch(Vec<String>),
}

impl Inputs {
    /// How many inputs: 1 for one alone.
    pub(crate) fn len(&self) -> usize {
        match self {
            Inputs::One(_) => 1,
            Inputs::Batch(batch) => batch.len(),
        }
    }

    pub(crate) fn new(
        input: Option<String>,
        inputs: Option<Vec<String>>,
        config: &crate::Config,
    ) -> Result<Inputs, Refusal> {
        match (input, inputs) {
            (Some(one), None) => Ok(Inputs::One(one)),
            (None, Some(batch)) if batch.len() > config.max_batch => Err(Refusal(
                StatusCode::PAYLOAD_TOO_LARGE,
                format!("a batch holds at most {} inputs; this one has {}", config.max_batch, batch.len()),
            )),
            (None, Some(batch)) => Ok(Inputs::Batch(batch)),
            (Some(_), Some(_)) => Err(bad_request("give either \"input\" or \"inputs\", not both")),
            (None, None) => Err(bad_request("missing \"input\" (one position) or \"inputs\" (a batch)")),
        }
    }
}

/// Options of reading every request shares.
#[derive(Clone, Copy, Debug)]
pub(crate) struct ReadSpec {
    from: Option<Notation>,
    lenient: bool,
    rules: Option<&'static str>,
}

/// The game and id of the rules variant a request's `rules` names (its id
/// or another of its names), or the error that lists them.
pub(crate) fn rules_named(name: &str) -> Result<(VariantId, &'static str), String> {
    VariantId::of_rules(name).map(|(game, rules)| (game, rules.id)).ok_or_else(|| {
        let known = VariantId::rules_ids().join(", ");
        format!("\"rules\": unknown rules variant {name:?}; known: {known}")
    })
}

impl ReadSpec {
    pub(crate) fn new(from: Option<&str>, lenient: bool, rules: Option<&str>) -> Result<ReadSpec, Refusal> {
        let from = from.map(|id| parse_id::<Notation>(id, "notation", "from")).transpose()?;
        let rules = rules.map(|name| rules_named(name).map(|(_, id)| id).map_err(bad_request)).transpose()?;
        Ok(ReadSpec { from, lenient, rules })
    }

    pub(crate) fn read(self, input: &str) -> Result<Reading, ItemError> {
        let options = ReadOptions::lenient(self.lenient).with_rules(self.rules);
        polyfen::read(input, self.from, &options).map_err(|e| ItemError {
            message: e.error.kind.to_string(),
            column: Some(e.error.char_column(input)),
            notation: Some(e.notation.into()),
            ..ItemError::default()
        })
    }
}

/// Reads the id of a strum enum, or refuses naming the known ids.
pub(crate) fn parse_id<T: FromStr + IntoEnumIterator + Into<&'static str>>(
    id: &str,
    what: &str,
    field: &str,
) -> Result<T, Refusal> {
    T::from_str(id).map_err(|_| {
        let known: Vec<&'static str> = T::iter().map(Into::into).collect();
        bad_request(format!("\"{field}\": unknown {what} {id:?}; known: {}", known.join(", ")))
    })
}

/// The most bytes of a request's `variants`, the games it defines for
/// itself alone.
pub(crate) const VARIANTS_MOST: usize = 64 * 1024;

/// The games a request's `variants` (the text of a variants file) defines
/// for that request alone; refused over [`VARIANTS_MOST`] bytes, and with
/// every problem of the text (each naming its line in `variants`).
pub(crate) fn scope_of(variants: Option<&str>) -> Result<Option<polyfen::RulesScope>, Refusal> {
    let Some(text) = variants else { return Ok(None) };
    if text.len() > VARIANTS_MOST {
        return Err(Refusal(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!(
                "\"variants\": {} bytes; a request's variants file is at most {} bytes",
                crate::refusal::thousands(text.len() as u64),
                crate::refusal::thousands(VARIANTS_MOST as u64)
            ),
        ));
    }
    polyfen::RulesScope::read("variants", text).map(Some).map_err(|e| bad_request(format!("\"variants\": {e}")))
}

/// Runs `work` in the scope of a request's games, if it has any.
pub(crate) fn in_scope<T>(scope: Option<&polyfen::RulesScope>, work: impl FnOnce() -> T) -> T {
    match scope {
        Some(scope) => scope.run(work),
        None => work(),
    }
}

/// The fields every read request shares: the position or the batch, and
/// how to read it.
pub(crate) struct Source {
    pub(crate) input: Option<String>,
    pub(crate) inputs: Option<Vec<String>>,
    pub(crate) from: Option<String>,
    pub(crate) lenient: bool,
    /// The rules variant to read under (any of its names).
    pub(crate) rules: Option<String>,
    /// A variants file's text defining games for this request alone.
    pub(crate) variants: Option<String>,
}

/// A request body that names positions to read.
pub(crate) trait ReadRequest: DeserializeOwned {
    /// Takes the shared fields out of the request.
    fn source(&mut self) -> Source;
}

/// Declares a request body: the shared fields of [`Source`] (and with
/// `rules`, those of [`RuleFields`]) followed by the endpoint's own.
macro_rules! read_request {
    (@struct $(#[$meta:meta])* $name:ident { $($shared:tt)* } { $($(#[$fmeta:meta])* $field:ident: $ty:ty,)* }) => {
        #[derive(Debug, ::serde::Deserialize)]
        #[serde(deny_unknown_fields)]
        $(#[$meta])*
        struct $name {
            input: Option<String>,
            inputs: Option<Vec<String>>,
            from: Option<String>,
            #[serde(default)]
            lenient: bool,
            rules: Option<String>,
            variants: Option<String>,
            $($shared)*
            $($(#[$fmeta])* $field: $ty,)*
        }

        impl $crate::api::request::ReadRequest for $name {
            fn source(&mut self) -> $crate::api::request::Source {
                $crate::api::request::Source { input: self.input.take(), inputs: self.inputs.take(), from: self.from.take(), lenient: self.lenient, rules: self.rules.take(), variants: self.variants.take() }
            }
        }
    };
    ($(#[$meta:meta])* struct $name:ident { $($body:tt)* }) => {
        $crate::api::request::read_request!(@struct $(#[$meta])* $name {} { $($body)* });
    };
    ($(#[$meta:meta])* rules struct $name:ident { $($body:tt)* }) => {
        $crate::api::request::read_request!(@struct $(#[$meta])* $name {
            move_notation: Option<String>,
            castling: Option<String>,
            #[serde(default)]
            khet_swap_restriction: bool,
            #[serde(default)]
            khet_every_rotation: bool,
            #[serde(default)]
            switches: Vec<String>,
        } { $($body)* });

        impl $crate::api::request::RuleFields for $name {
            fn rules(&self) -> Result<$crate::api::request::Rules, $crate::refusal::Refusal> {
                $crate::api::request::Rules::new(
                    self.move_notation.as_deref(),
                    self.castling.as_deref(),
                    self.khet_swap_restriction,
                    self.khet_every_rotation,
                    &self.switches,
                )
            }
        }
    };
}
pub(crate) use read_request;

/// A request body with the fields of the rules endpoints.
pub(crate) trait RuleFields {
    /// The move notation and rule options asked for.
    fn rules(&self) -> Result<Rules, Refusal>;
}

/// The move notation and rule options of a rules request.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Rules {
    /// The move notation asked for, if any.
    asked: Option<MoveNotation>,
    /// The rule options asked for.
    pub(crate) options: RuleOptions,
}

impl Rules {
    pub(crate) fn new(
        move_notation: Option<&str>,
        castling: Option<&str>,
        swap_restriction: bool,
        every_rotation: bool,
        switches: &[String],
    ) -> Result<Rules, Refusal> {
        let asked =
            move_notation.map(|id| parse_id::<MoveNotation>(id, "move notation", "move_notation")).transpose()?;
        let mut options = RuleOptions::default()
            .with_switch("swap-restriction", swap_restriction)
            .with_switch("every-rotation", every_rotation);
        if switches.len() > polyfen::Switches::MOST {
            return Err(bad_request(format!(
                "\"switches\": {} switches; at most {} may be on at once",
                switches.len(),
                polyfen::Switches::MOST
            )));
        }
        for name in switches {
            let known = VariantId::iter().flat_map(VariantId::rule_switches).find(|s| s.name == name.as_str());
            let Some(known) = known else {
                let names: Vec<&str> = VariantId::iter().flat_map(VariantId::rule_switches).map(|s| s.name).collect();
                return Err(bad_request(format!("\"switches\": unknown switch {name:?}; known: {}", names.join(", "))));
            };
            options = options.with_switch(known.name, true);
        }
        if let Some(castling) = castling {
            options = options.with_castling(parse_id::<CastlingMoves>(castling, "castling style", "castling")?);
        }
        Ok(Rules { asked, options })
    }

    /// The move notation asked for, or the game's default; an error item
    /// when it belongs to another game.
    pub(crate) fn move_notation(self, variant: VariantId) -> Result<MoveNotation, ItemError> {
        let default = variant.move_notations().first().copied().unwrap_or(MoveNotation::Uci);
        match self.asked {
            None => Ok(default),
            Some(notation) if notation.variant() == variant => Ok(notation),
            Some(notation) => Err(rules_error(&RulesError::WrongNotation { variant, notation }, None)),
        }
    }
}
