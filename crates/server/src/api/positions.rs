//! The handlers that read positions and write them back: `convert`,
//! `validate` and `render`. Each is its settings, its plan and one job per
//! input for [`super::batch::Way`]; none parses a body or runs work on
//! the pool itself.

use polyfen::{EnPassantPolicy, Notation, Position, Reading, RenderStyle, WriteOptions};
use serde::Serialize;

use crate::api::answer::{ItemError, RepairOut, repairs_out};
use crate::api::batch::{Cost, Plan, Way, Weight};
use crate::api::request::{parse_id, read_request};
use crate::refusal::bad_request;

read_request! {
    struct ConvertRequest {
        to: String,
        letters: Option<String>,
        #[serde(default)]
        canonical: bool,
        en_passant: Option<String>,
    }
}

#[derive(Debug, Serialize)]
struct Converted {
    notation: &'static str,
    variant: &'static str,
    output: String,
    warnings: Vec<String>,
    repairs: Vec<RepairOut>,
}

/// `POST /v1/convert`.
pub(crate) fn convert<W: Way>(way: W) -> W::Answer {
    let settings = |request: ConvertRequest| {
        let to: Notation = parse_id(&request.to, "notation", "to")?;
        let mut options = WriteOptions::default().with_canonical(request.canonical);
        if let Some(letters) = &request.letters {
            let letters = polyfen::letter_set(letters).ok_or_else(|| {
                let known = polyfen::letter_sets().join(", ");
                bad_request(format!("\"letters\": unknown letter set {letters:?}; known: {known}"))
            })?;
            options = options.with_letters(letters);
        }
        if let Some(policy) = &request.en_passant {
            options = options.with_en_passant(parse_id::<EnPassantPolicy>(policy, "en passant policy", "en_passant")?);
        }
        Ok((to, options))
    };
    way.answer(Plan::new(Weight::Light), settings, |(to, options), _, input, reading| {
        let written = reading.position.to_notation(*to, options).map_err(|e| ItemError::message(e.to_string()))?;
        Ok(Converted {
            notation: reading.notation.into(),
            variant: reading.position.variant().into(),
            output: written.text,
            warnings: written.warnings,
            repairs: repairs_out(input, &reading.repairs),
        })
    })
}

// ---------------------------------------------------------------- validate

read_request! {
    struct ValidateRequest {}
}

#[derive(Debug, Serialize)]
struct Validated {
    notation: &'static str,
    variant: &'static str,
    valid: bool,
    violations: Vec<String>,
    repairs: Vec<RepairOut>,
}

/// `POST /v1/validate`.
pub(crate) fn validate<W: Way>(way: W) -> W::Answer {
    way.answer(
        Plan::new(Weight::Light),
        |_: ValidateRequest| Ok(()),
        |(), _, input, reading| {
            let violations = reading.position.violations();
            Ok(Validated {
                notation: reading.notation.into(),
                variant: reading.position.variant().into(),
                valid: violations.is_empty(),
                violations,
                repairs: repairs_out(input, &reading.repairs),
            })
        },
    )
}

// ---------------------------------------------------------------- render

read_request! {
    struct RenderRequest {
        style: Option<String>,
    }
}

#[derive(Debug, Serialize)]
struct Rendered {
    notation: &'static str,
    variant: &'static str,
    style: &'static str,
    diagram: String,
    /// Where an SVG diagram draws each square of this position's board
    /// (a game whose rules are data draws each rules variant's own).
    #[serde(skip_serializing_if = "Option::is_none")]
    squares: Option<Vec<polyfen::polyfen_game::svg::SquareBox>>,
}

/// `POST /v1/render`.
pub(crate) fn render<W: Way>(way: W) -> W::Answer {
    let settings = |request: RenderRequest| {
        request.style.as_deref().map_or(Ok(RenderStyle::Svg), |s| parse_id(s, "style", "style"))
    };
    let plan = Plan {
        estimate: Some(|&style: &RenderStyle, reading: &Reading| Cost {
            reply: crate::estimate::render(reading, style),
            nodes: 0,
        }),
        reply_per_input: |&style| crate::estimate::render_most(style),
        measures: |_| crate::estimate::Needs::Drawings,
        ..Plan::new(Weight::Heavy)
    };
    way.answer(plan, settings, |&style, _, _, reading| {
        let diagram = reading.position.render(style).map_err(|e| ItemError::message(e.to_string()))?;
        let squares = (style == RenderStyle::Svg).then(|| reading.position.square_boxes());
        Ok(Rendered {
            notation: reading.notation.into(),
            variant: reading.position.variant().into(),
            style: style.into(),
            diagram,
            squares,
        })
    })
}
