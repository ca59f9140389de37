//! `POST /v1/laser`: the laser of one side (Khet's, the extra `laser` of
//! the games that have it) traced and drawn over the board. Its settings, plan and job for [`super::batch::Way`]; it
//! parses no body and runs nothing on the pool itself.

use polyfen::extras::{self, ExtraArgs};
use polyfen::{Position, Reading};
use serde::Serialize;

use crate::api::answer::ItemError;
use crate::api::batch::{Cost, Plan, Way, Weight};
use crate::api::request::read_request;
use crate::refusal::bad_request;

read_request! {
    struct LaserRequest {
        color: Option<String>,
    }
}

#[derive(Debug, Serialize)]
struct LaserOut {
    notation: &'static str,
    variant: &'static str,
    color: &'static str,
    summary: String,
    removed: Vec<String>,
    diagram: String,
}

/// The extra this endpoint asks for.
const LASER: &str = "laser";

/// `name` with its first letter in upper case: `Khet`.
fn capitalized(name: &str) -> String {
    let mut chars = name.chars();
    chars.next().map(|first| first.to_uppercase().chain(chars).collect()).unwrap_or_default()
}

/// `POST /v1/laser`: traces the laser of `color` (by default the side to
/// move) in a position of a game that has one (Khet) and draws it over the
/// board.
#[allow(clippy::ref_option_ref, reason = "the plan's estimate takes its settings by reference")]
pub(crate) fn laser<W: Way>(way: W) -> W::Answer {
    let settings = |request: LaserRequest| {
        let Some(side) = request.color else { return Ok(None) };
        let sides = extras::sides(LASER);
        sides.iter().copied().find(|&known| known == side).map(Some).ok_or_else(|| {
            let known = sides.join(", ");
            bad_request(format!("\"color\": unknown side {side:?}; known: {known}"))
        })
    };
    let plan = Plan {
        estimate: Some(|&side: &Option<&'static str>, reading: &Reading| Cost {
            reply: crate::estimate::extra(reading, LASER, side),
            nodes: 0,
        }),
        reply_per_input: |_| crate::estimate::extra_most(LASER),
        measures: |_| crate::estimate::Needs::Drawings,
        ..Plan::new(Weight::Heavy)
    };
    way.answer(plan, settings, |&side, _, _, reading| {
        let variant = reading.position.variant();
        if !variant.extras().iter().any(|extra| extra.name == LASER) {
            let owners: Vec<String> =
                extras::owners(LASER).into_iter().map(|owner| capitalized(owner.into())).collect();
            let variant: &str = variant.into();
            return Err(ItemError::message(format!(
                "the laser is {}'s; this is a {variant} position",
                owners.join("/")
            )));
        }
        let ask = ExtraArgs::default().with_side(side).with_style(Some("svg"));
        let shot = reading.position.extra(LASER, &ask).map_err(|e| ItemError::message(e.to_string()))?;
        Ok(LaserOut {
            notation: reading.notation.into(),
            variant: variant.into(),
            color: shot.side,
            summary: shot.text,
            removed: shot.removed,
            diagram: shot.diagram.unwrap_or_default(),
        })
    })
}
