//! The handlers of the rules: `moves` (the legal moves), `move` (play a
//! list of moves) and `perft` (with `divide`). Each is its settings, its
//! plan — `move`'s budget of moves, perft's estimated nodes, the reply
//! bounds — and one job per input for [`super::batch::Way`]; none
//! parses a body or runs work on the pool itself.

use http::StatusCode;
use polyfen::RuleError;
use polyfen::rules::PerftControl;
use polyfen::{AnyPosition, Notation, Position, Reading, RulesError, WriteOptions};
use serde::Serialize;

use crate::api::answer::{ItemError, rules_error};
use crate::api::batch::{Cost, Plan, Way, Weight};
use crate::api::request::{RuleFields, Rules, parse_id, read_request};
use crate::refusal::{Refusal, bad_request, plural, thousands};

/// How many moves `move` plays between looks at whether its request ended.
const CANCEL_EVERY: usize = 256;

read_request! {
    rules struct MovesRequest {}
}

#[derive(Debug, Serialize)]
#[allow(clippy::struct_field_names)] // the JSON keys
struct Moves {
    notation: &'static str,
    variant: &'static str,
    move_notation: &'static str,
    moves: Vec<String>,
    #[serde(flatten)]
    standing: StandingOut,
}

/// `POST /v1/moves`.
pub(crate) fn moves<W: Way>(way: W) -> W::Answer {
    let plan = Plan {
        estimate: Some(|rules: &Rules, reading: &Reading| Cost {
            reply: crate::estimate::moves(reading, rules.options),
            nodes: 0,
        }),
        reply_per_input: |_| crate::estimate::moves_most(),
        measures: |_| crate::estimate::Needs::Moves,
        ..Plan::new(Weight::Heavy)
    };
    way.answer(
        plan,
        |request: MovesRequest| request.rules(),
        |rules, _, _, reading| {
            let variant = reading.position.variant();
            let notation = rules.move_notation(variant)?;
            let moves = reading.position.legal_moves(notation, &rules.options).map_err(|e| rules_error(&e, None))?;
            Ok(Moves {
                notation: reading.notation.into(),
                variant: variant.into(),
                move_notation: notation.into(),
                moves,
                standing: StandingOut::of(&reading.position, &rules.options),
            })
        },
    )
}

read_request! {
    rules struct PlayRequest {
        moves: Vec<String>,
        to: Option<String>,
    }
}

#[derive(Debug, Serialize)]
#[allow(clippy::struct_field_names)] // the JSON keys
struct Played {
    notation: &'static str,
    variant: &'static str,
    move_notation: &'static str,
    played: Vec<String>,
    to: &'static str,
    output: String,
    #[serde(flatten)]
    standing: StandingOut,
}

/// What a board shows of the game beside its pieces (the facade's
/// `Standing`), as the `moves` and `move` answers write it: each field
/// left out when it says nothing.
#[derive(Debug, Default, Serialize)]
struct StandingOut {
    #[serde(skip_serializing_if = "Option::is_none")]
    status: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    result: Option<&'static str>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    check: Vec<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    counters: Vec<polyfen::Counter>,
}

impl StandingOut {
    /// The standing of `position` under `options`; nothing for a game
    /// without a status.
    fn of(position: &AnyPosition, options: &polyfen::RuleOptions) -> StandingOut {
        let Ok(standing) = position.standing(options) else { return StandingOut::default() };
        StandingOut {
            status: Some(standing.status.into()),
            result: standing.result,
            check: standing.check,
            counters: standing.counters,
        }
    }
}

/// `POST /v1/move`: plays a list of moves from each input position.
pub(crate) fn play<W: Way>(way: W) -> W::Answer {
    let settings = |request: PlayRequest| {
        let rules = request.rules()?;
        let to = request.to.as_deref().map(|id| parse_id::<Notation>(id, "notation", "to")).transpose()?;
        Ok((rules, to, request.moves))
    };
    let plan = Plan {
        upfront: |(_, _, moves): &(Rules, Option<Notation>, Vec<String>), inputs, config| {
            let asked = moves.len().saturating_mul(inputs);
            if asked <= config.max_moves {
                return Ok(());
            }
            Err(Refusal(
                StatusCode::PAYLOAD_TOO_LARGE,
                format!(
                    "this request asks for {} moves ({} x {}); the limit is {} moves per request (serve --max-moves)",
                    thousands(asked as u64),
                    plural(inputs, "input", "inputs"),
                    thousands(moves.len() as u64),
                    thousands(config.max_moves as u64)
                ),
            ))
        },
        reply_per_input: |(_, _, moves)| 512 + 16 * moves.len(),
        ..Plan::new(Weight::Heavy)
    };
    way.answer(plan, settings, |(rules, to, moves), ctx, _, reading| {
        let variant = reading.position.variant();
        let notation = rules.move_notation(variant)?;
        let mut position: AnyPosition = reading.position.clone();
        let mut played = Vec::with_capacity(moves.len());
        for (index, text) in moves.iter().enumerate() {
            if index % CANCEL_EVERY == CANCEL_EVERY - 1 && ctx.stopped() {
                return Err(ItemError::message("stopped: the request ended"));
            }
            match position.play(text, notation, &rules.options) {
                Ok(written) => played.push(written),
                Err(RulesError::Rule(RuleError::Move { error, .. })) => {
                    return Err(rules_error(&RulesError::Rule(RuleError::Move { index, error }), Some(moves)));
                }
                Err(e) => return Err(rules_error(&e, None)),
            }
        }
        // The position is written in the notation asked for, else the one
        // read (when it is of this game), else the game's own.
        let to = to.unwrap_or(match reading.notation.variant() {
            Some(v) if v != variant => variant.default_notation(),
            _ => reading.notation,
        });
        let written =
            position.to_notation(to, &WriteOptions::default()).map_err(|e| ItemError::message(e.to_string()))?;
        Ok(Played {
            notation: reading.notation.into(),
            variant: variant.into(),
            move_notation: notation.into(),
            played,
            to: to.into(),
            output: written.text,
            standing: StandingOut::of(&position, &rules.options),
        })
    })
}

read_request! {
    #[allow(clippy::struct_excessive_bools)] // the JSON keys
    rules struct PerftRequest {
        depth: u32,
        #[serde(default)]
        divide: bool,
    }
}

#[derive(Debug, Serialize)]
struct DividedOut {
    #[serde(rename = "move")]
    text: String,
    nodes: u64,
}

#[derive(Debug, Serialize)]
struct Perft {
    notation: &'static str,
    variant: &'static str,
    depth: u32,
    nodes: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    divide: Option<Vec<DividedOut>>,
}

/// `POST /v1/perft`: counts on a blocking thread, at most
/// [`crate::Config::max_jobs`] at once.
pub(crate) fn perft<W: Way>(way: W) -> W::Answer {
    let max = way.config().max_perft_depth;
    let settings = move |request: PerftRequest| {
        if request.depth > max {
            return Err(bad_request(format!("\"depth\": {} is deeper than the limit of {max}", request.depth)));
        }
        Ok((request.rules()?, request.depth, request.divide))
    };
    let plan = Plan {
        estimate: Some(|&(rules, depth, divide): &(Rules, u32, bool), reading: &Reading| Cost {
            reply: if divide { 2 * crate::estimate::moves(reading, rules.options) } else { 256 },
            nodes: crate::estimate::perft(reading, depth, rules.options),
        }),
        reply_per_input: |&(_, _, divide)| if divide { 2 * crate::estimate::moves_most() } else { 256 },
        measures: |&(_, _, divide)| {
            if divide { crate::estimate::Needs::Moves } else { crate::estimate::Needs::Nothing }
        },
        ..Plan::new(Weight::Heavy)
    };
    way.answer(plan, settings, |&(rules, depth, divide), ctx, _, reading| {
        let variant = reading.position.variant();
        let control = PerftControl::new().with_cancel(&ctx.cancelled).with_node_budget(ctx.nodes_left.get());
        let (nodes, divided) = if divide {
            let notation = rules.move_notation(variant)?;
            let divided = reading
                .position
                .divide_with(depth, notation, &rules.options, &control)
                .map_err(|e| rules_error(&e, None))?;
            let nodes = divided.iter().map(|d| d.nodes).sum();
            (nodes, Some(divided.into_iter().map(|d| DividedOut { text: d.text, nodes: d.nodes }).collect()))
        } else {
            (reading.position.perft_with(depth, &rules.options, &control).map_err(|e| rules_error(&e, None))?, None)
        };
        ctx.nodes_left.set(ctx.nodes_left.get().saturating_sub(nodes));
        Ok(Perft { notation: reading.notation.into(), variant: variant.into(), depth, nodes, divide: divided })
    })
}
