//! `POST /v1/laser`: the Khet laser of one side traced and drawn over the
//! board. Its settings, plan and job for [`super::batch::endpoint`]; it
//! parses no body and runs nothing on the pool itself.

use axum::body::Bytes;
use axum::extract::State;
use axum::extract::rejection::BytesRejection;
use axum::http::HeaderMap;
use axum::response::Response;
use polyfen::polyfen_core::Color;
use polyfen::{AnyPosition, Position, Reading};
use serde::Serialize;

use crate::AppState;
use crate::api::answer::ItemError;
use crate::api::batch::{Cost, Plan, Weight, endpoint};
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

/// `POST /v1/laser`: traces the laser of `color` (by default the side to
/// move) in a Khet position and draws it over the board.
pub(crate) async fn laser(
    State(state): State<AppState>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    let settings = |request: LaserRequest| match request.color.as_deref() {
        None => Ok(None),
        Some("silver") => Ok(Some(Color::White)),
        Some("red") => Ok(Some(Color::Black)),
        Some(other) => Err(bad_request(format!("\"color\": unknown side {other:?}; known: silver, red"))),
    };
    let plan = Plan {
        estimate: Some(|&color: &Option<Color>, reading: &Reading| Cost {
            reply: crate::estimate::laser(reading, color),
            nodes: 0,
        }),
        reply_per_input: |_| crate::estimate::LASER_MOST,
        ..Plan::new(Weight::Heavy)
    };
    endpoint(&state, &headers, body, plan, settings, |&color, _, _, reading| {
        let AnyPosition::Khet(khet) = &reading.position else {
            let variant: &str = reading.position.variant().into();
            return Err(ItemError::message(format!("the laser is Khet's; this is a {variant} position")));
        };
        let position = polyfen::polyfen_khet::Position::from_setup(&khet.setup).map_err(|violations| {
            let words: Vec<String> = violations.iter().map(ToString::to_string).collect();
            ItemError::message(format!("illegal position: {}", words.join("; ")))
        })?;
        let color = color.unwrap_or(khet.setup.extras.turn);
        let shot = position.laser(color);
        Ok(LaserOut {
            notation: reading.notation.into(),
            variant: "khet",
            color: if color == Color::White { "silver" } else { "red" },
            summary: shot.to_string(),
            removed: shot.removed().iter().map(|(square, _)| square.to_string()).collect(),
            diagram: polyfen::svg::khet_with_laser(&khet.setup, &shot),
        })
    })
    .await
}
