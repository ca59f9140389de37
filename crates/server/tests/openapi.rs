//! The `OpenAPI` document matches the router: the same routes both ways,
//! each documented route answers (no 404 or 405) and an undocumented one
//! does not, and every example request validates against its schema and is
//! answered with a response that validates against the documented one.

mod common;

use std::collections::BTreeSet;

use common::{client, get, post};
use polyfen_server::{Config, ROUTES, openapi};
use serde_json::Value;

fn document() -> Value {
    serde_json::from_str(openapi()).expect("the document is JSON")
}

/// Resolves a local `$ref`.
fn resolve<'a>(root: &'a Value, schema: &'a Value) -> &'a Value {
    match schema.get("$ref").and_then(Value::as_str) {
        Some(reference) => {
            let pointer = reference.strip_prefix('#').expect("a local reference");
            root.pointer(pointer).unwrap_or_else(|| panic!("{reference} resolves"))
        }
        None => schema,
    }
}

/// Checks `value` against `schema`, for the part of JSON Schema the
/// document uses; returns what does not match.
fn check(root: &Value, schema: &Value, value: &Value, at: &str) -> Result<(), String> {
    let schema = resolve(root, schema);
    if let Some(kind) = schema.get("type").and_then(Value::as_str) {
        let ok = match kind {
            "object" => value.is_object(),
            "array" => value.is_array(),
            "string" => value.is_string(),
            "integer" => value.is_i64() || value.is_u64(),
            "number" => value.is_number(),
            "boolean" => value.is_boolean(),
            "null" => value.is_null(),
            other => return Err(format!("{at}: unknown type {other}")),
        };
        if !ok {
            return Err(format!("{at}: {value} is not of type {kind}"));
        }
    }
    if let Some(allowed) = schema.get("enum").and_then(Value::as_array)
        && !allowed.contains(value)
    {
        return Err(format!("{at}: {value} is not one of {allowed:?}"));
    }
    if let (Some(minimum), Some(number)) = (schema.get("minimum").and_then(Value::as_i64), value.as_i64())
        && number < minimum
    {
        return Err(format!("{at}: {number} is below {minimum}"));
    }
    if let Some(all) = schema.get("allOf").and_then(Value::as_array) {
        for part in all {
            check(root, part, value, at)?;
        }
    }
    if let Some(alternatives) = schema.get("oneOf").and_then(Value::as_array) {
        let errors: Vec<String> = alternatives.iter().filter_map(|s| check(root, s, value, at).err()).collect();
        if alternatives.len() - errors.len() != 1 {
            return Err(format!(
                "{at}: {value} matches {} alternatives of oneOf: {errors:?}",
                alternatives.len() - errors.len()
            ));
        }
    }
    if let Some(object) = value.as_object() {
        let properties = schema.get("properties").and_then(Value::as_object);
        for required in schema.get("required").and_then(Value::as_array).into_iter().flatten() {
            let key = required.as_str().unwrap_or_default();
            if !object.contains_key(key) {
                return Err(format!("{at}: missing required {key}"));
            }
        }
        for (key, item) in object {
            match properties.and_then(|p| p.get(key)) {
                Some(property) => check(root, property, item, &format!("{at}.{key}"))?,
                None if schema.get("additionalProperties") == Some(&Value::Bool(false)) => {
                    return Err(format!("{at}: {key} is not allowed"));
                }
                None => {}
            }
        }
    }
    if let (Some(items), Some(array)) = (schema.get("items"), value.as_array()) {
        for (i, item) in array.iter().enumerate() {
            check(root, items, item, &format!("{at}[{i}]"))?;
        }
    }
    Ok(())
}

#[test]
fn the_document_lists_exactly_the_routes() {
    let doc = document();
    let documented: BTreeSet<(String, String)> = doc["paths"]
        .as_object()
        .expect("paths")
        .iter()
        .flat_map(|(path, item)| {
            item.as_object().expect("a path item").keys().map(move |method| (method.to_uppercase(), path.clone()))
        })
        .collect();
    let routed: BTreeSet<(String, String)> = ROUTES.iter().map(|&(m, p)| (m.to_owned(), p.to_owned())).collect();
    assert_eq!(documented, routed);
    assert_eq!(ROUTES.len(), routed.len(), "no route twice");
}

#[tokio::test]
async fn every_documented_route_answers_and_no_other() {
    let base = common::start(Config::default()).await;
    let c = client();
    for &(method, path) in ROUTES {
        // a path's parameter filled with a name it knows
        let path = &path.replace("{name}", "makruk");
        let status = match method {
            "GET" => get(&c, &base, path).await.0,
            _ => post(&c, &base, path, &serde_json::json!({})).await.0,
        };
        assert!(status != 404 && status != 405, "{method} {path}: {status}");
    }
    for path in ["/v1/convert/", "/v1/laser2", "/v1", "/v2/convert", "/v1/Convert"] {
        let (status, answer) = post(&c, &base, path, &serde_json::json!({})).await;
        assert_eq!(status, 404, "{path}: {answer}");
    }
    let (status, _, _) = get(&c, &base, "/v1/moves").await;
    assert_eq!(status, 405);
}

#[tokio::test]
async fn examples_validate_and_are_answered_as_documented() {
    let doc = document();
    let base = common::start(Config::default()).await;
    let c = client();
    let (status, _, served) = get(&c, &base, "/v1/openapi.json").await;
    assert_eq!(status, 200);
    assert_eq!(serde_json::from_str::<Value>(&served).expect("json"), doc, "the document served is the one built in");
    let mut examples = 0;
    for (path, item) in doc["paths"].as_object().expect("paths") {
        for (method, operation) in item.as_object().expect("operations") {
            let responses = &operation["responses"];
            let answer = if method == "get" {
                let (status, _, body) = get(&c, &base, path).await;
                vec![(status, serde_json::from_str::<Value>(&body).expect("json"))]
            } else {
                let content = &operation["requestBody"]["content"]["application/json"];
                let examples_here = content["examples"].as_object().expect("every POST has examples");
                assert!(!examples_here.is_empty());
                let mut answers = Vec::new();
                for (name, example) in examples_here {
                    let request = &example["value"];
                    check(&doc, &content["schema"], request, &format!("{path} example {name}"))
                        .unwrap_or_else(|e| panic!("{e}"));
                    let (status, answer) = post(&c, &base, path, request).await;
                    assert!(status == 200 || status == 422, "{path} {name}: {status} {answer}");
                    answers.push((status, answer));
                    examples += 1;
                }
                answers
            };
            for (status, body) in answer {
                let response = &responses[status.to_string()];
                assert!(response.is_object(), "{path}: status {status} is documented");
                let schema = &response["content"]["application/json"]["schema"];
                check(&doc, schema, &body, &format!("{path} answer")).unwrap_or_else(|e| panic!("{e}\n{body}"));
            }
        }
    }
    assert!(examples >= ROUTES.len() - 2);
}

#[test]
fn the_validator_rejects_what_it_should() {
    let doc = document();
    let schema = serde_json::json!({"$ref": "#/components/schemas/ConvertRequest"});
    assert!(check(&doc, &schema, &serde_json::json!({"input": "x", "to": "fen"}), "ok").is_ok());
    assert!(check(&doc, &schema, &serde_json::json!({"input": "x"}), "no to").is_err());
    assert!(check(&doc, &schema, &serde_json::json!({"input": "x", "to": "fenn"}), "bad id").is_err());
    assert!(check(&doc, &schema, &serde_json::json!({"input": "x", "to": "fen", "extra": 1}), "extra").is_err());
}

/// The ids the document lists are the library's: every game, notation,
/// move notation and diagram style of the list of games, so that a game
/// added to the library cannot be left out of the API's description.
#[test]
fn the_documents_ids_are_the_librarys() {
    use polyfen::{MoveNotation, Notation, RenderStyle, VariantId};
    use strum::IntoEnumIterator;
    let doc = document();
    let listed = |name: &str| -> Vec<String> {
        doc["components"]["schemas"][name]["enum"]
            .as_array()
            .unwrap_or_else(|| panic!("{name} has an enum"))
            .iter()
            .filter_map(|v| v.as_str().map(str::to_owned))
            .collect()
    };
    let ids = |names: Vec<&str>| names.into_iter().map(str::to_owned).collect::<Vec<_>>();
    assert_eq!(listed("VariantId"), ids(VariantId::iter().map(<&str>::from).collect()));
    assert_eq!(listed("NotationId"), ids(Notation::iter().map(<&str>::from).collect()));
    assert_eq!(listed("MoveNotationId"), ids(MoveNotation::iter().map(<&str>::from).collect()));
    let styles: BTreeSet<String> = listed("StyleId").into_iter().collect();
    let library: BTreeSet<String> = RenderStyle::iter().map(|s| <&str>::from(s).to_owned()).collect();
    assert_eq!(styles, library);
}

/// Every list of a game's ids in the document is a marker filled when it is
/// served, so that a game added to the library needs no edit of the file;
/// the schemas are served filled too.
#[tokio::test]
async fn the_written_document_names_no_game_and_the_served_one_every_game() {
    fn enums(value: &Value, out: &mut Vec<String>) {
        match value {
            Value::Object(o) => {
                if let Some(list) = o.get("enum").and_then(Value::as_array) {
                    out.extend(list.iter().filter_map(|v| v.as_str().map(str::to_owned)));
                }
                o.values().for_each(|v| enums(v, out));
            }
            Value::Array(a) => a.iter().for_each(|v| enums(v, out)),
            _ => {}
        }
    }
    let mut ids: Vec<&str> = Vec::new();
    for list in ["games", "notations", "move-notations", "rules", "switches", "letter-sets"] {
        ids.extend(polyfen::schema::ids(list).expect("a list"));
    }
    // every game's JSON form is no game's own
    ids.retain(|&id| id != "json");
    let written: Value = serde_json::from_str(polyfen_server::OPENAPI_SHARED).expect("json");
    let mut listed = Vec::new();
    enums(&written, &mut listed);
    for id in &listed {
        assert!(!ids.contains(&id.as_str()), "openapi.json lists {id}, which the list of games gives");
    }
    let mut served = Vec::new();
    enums(&document(), &mut served);
    // (a request's `rules` takes any name of a rules variant, not a list)
    let rules = polyfen::schema::ids("rules").expect("a list");
    for id in ids.iter().filter(|id| !rules.contains(id)) {
        assert!(served.iter().any(|s| s == id), "the served document lists {id}");
    }
    let base = common::start(Config::default()).await;
    let c = client();
    for (path, schema) in
        [("/v1/schemas/position", polyfen::schema::position()), ("/v1/schemas/game", polyfen::schema::game())]
    {
        let (status, _, body) = get(&c, &base, path).await;
        assert_eq!(status, 200, "{path}");
        assert_eq!(serde_json::from_str::<Value>(&body).expect("json"), schema, "{path}");
    }
}

/// `switches` turns on a game's rule switch by name, as the older
/// game-named fields do; a name no game has is refused, naming it.
#[tokio::test]
async fn switches_turn_on_a_game_s_rules_by_name() {
    let base = common::start(Config::default()).await;
    let c = client();
    let input = polyfen::polyfen_khet::CLASSIC;
    let by_name =
        post(&c, &base, "/v1/moves", &serde_json::json!({"input": input, "switches": ["every-rotation"]})).await;
    let by_field =
        post(&c, &base, "/v1/moves", &serde_json::json!({"input": input, "khet_every_rotation": true})).await;
    let plain = post(&c, &base, "/v1/moves", &serde_json::json!({"input": input})).await;
    assert_eq!(by_name.0, 200);
    assert_eq!(by_name.1, by_field.1);
    assert_ne!(by_name.1, plain.1, "the switch changes the moves");
    let (status, answer) =
        post(&c, &base, "/v1/moves", &serde_json::json!({"input": input, "switches": ["every-rotaton"]})).await;
    assert_eq!(status, 400);
    assert!(answer.to_string().contains("every-rotaton") && answer.to_string().contains("every-rotation"), "{answer}");
}
