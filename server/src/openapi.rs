//! The OpenAPI document of every `/api/` call, generated from the handlers' annotations, with the
//! conventions every call shares added by [`finish`].

use utoipa::OpenApi;
use utoipa::openapi::path::{Operation, PathItem};
use utoipa::openapi::security::{Http, HttpAuthScheme, SecurityRequirement, SecurityScheme};
use utoipa::openapi::{ContentBuilder, Ref, RefOr, ResponseBuilder};

use crate::error::{EmptyEnvelope, FieldError};

/// The name of the session token's security scheme; a call that needs a session says
/// `security(("bearer" = []))` in its `#[utoipa::path]`.
pub const BEARER: &str = "bearer";

#[derive(OpenApi)]
#[openapi(
    info(title = "Kasa API", description = "Calls of the Kasa casino and sports betting site. Every response is the envelope {success, message, data}."),
    servers((url = "/api")),
    components(schemas(EmptyEnvelope, FieldError)),
    tags(
        (name = "cms", description = "Site content and the bootstrap data"),
        (name = "auth", description = "Registration, login, logout and password recovery"),
        (name = "customer", description = "The player's account: profile, phone, password, sessions"),
        (name = "wallet", description = "The player's balance"),
        (name = "bonus", description = "Bonuses"),
        (name = "sportsbook", description = "The built-in sportsbook: events, markets and prices"),
        (name = "notifications", description = "The player's notifications"),
        (name = "protection", description = "Player protection: limits, reality checks, time-outs and self-exclusion"),
        (name = "kyc", description = "Identity checks: documents and their review")
    )
)]
pub struct ApiDoc;

/// Adds what every call shares to the document of the calls:
/// - the `bearer` security scheme (`Authorization: Bearer <token>`, the token `auth/login` gives);
/// - a 400 answer on every call with a JSON body (a body that is not JSON of the call's shape is
///   refused before the call runs);
/// - a 401 answer on every call that needs a session (no token, or an ended or unknown one).
///
/// Both answers are the envelope, `success: false` and the message. A call that documents its own
/// 400 (a rule it checks besides) keeps it, its description naming both causes.
pub fn finish(mut doc: utoipa::openapi::OpenApi) -> utoipa::openapi::OpenApi {
    let bearer = Http::builder()
        .scheme(HttpAuthScheme::Bearer)
        .description(Some("The session token of auth/login or auth/register; an ended or unknown one answers 401."))
        .build();
    doc.components.get_or_insert_default().add_security_scheme(BEARER, SecurityScheme::Http(bearer));
    for item in doc.paths.paths.values_mut() {
        for op in operations(item) {
            if op.request_body.is_some() {
                answer(op, "400", "The body is not JSON of the call's shape, or the call refused it.");
            }
            if needs_session(op) {
                answer(op, "401", "No session: the token is missing, unknown or ended (the app logs out).");
            }
        }
    }
    doc
}

/// Whether a documented call requires the session token.
pub fn needs_session(op: &Operation) -> bool {
    let bearer = SecurityRequirement::new(BEARER, Vec::<String>::new());
    op.security.as_ref().is_some_and(|reqs| reqs.contains(&bearer))
}

/// The operations of a path, whatever their method.
pub fn operations(item: &mut PathItem) -> impl Iterator<Item = &mut Operation> {
    [&mut item.get, &mut item.put, &mut item.post, &mut item.delete, &mut item.options, &mut item.head, &mut item.patch, &mut item.trace]
        .into_iter()
        .filter_map(Option::as_mut)
}

/// Documents an envelope answer with `status` unless the call documents its own.
pub fn answer(op: &mut Operation, status: &str, description: &str) {
    op.responses.responses.entry(status.to_string()).or_insert_with(|| {
        let envelope = ContentBuilder::new().schema(Some(Ref::from_schema_name("EmptyEnvelope"))).build();
        RefOr::T(ResponseBuilder::new().description(description).content("application/json", envelope).build())
    });
}

/// Lines of [`to_json`] are at most this wide where a list could be folded onto one.
const WIDTH: usize = 100;

/// The document as JSON in the layout of the committed copy the app's types are generated from,
/// which is Prettier's (the app's formatter checks that file): an object one key a line, a list of
/// plain values on one line when that line fits in 100 columns, else one value a line.
pub fn to_json(doc: &utoipa::openapi::OpenApi) -> serde_json::Result<String> {
    let mut out = String::new();
    layout(&mut out, &serde_json::to_value(doc)?, 0, 0, 0);
    out.push('\n');
    Ok(out)
}

/// Writes `value` at `indent`, after `used` columns of its first line and before `tail` more.
fn layout(out: &mut String, value: &serde_json::Value, indent: usize, used: usize, tail: usize) {
    use serde_json::Value;
    let pad = |out: &mut String, n: usize| out.extend(std::iter::repeat_n(' ', n));
    match value {
        Value::Object(map) if !map.is_empty() => {
            out.push_str("{\n");
            for (i, (key, item)) in map.iter().enumerate() {
                let key = Value::String(key.clone()).to_string();
                pad(out, indent + 2);
                out.push_str(&key);
                out.push_str(": ");
                let last = i + 1 == map.len();
                layout(out, item, indent + 2, indent + 2 + key.chars().count() + 2, usize::from(!last));
                out.push_str(if last { "\n" } else { ",\n" });
            }
            pad(out, indent);
            out.push('}');
        }
        Value::Array(items) if !items.is_empty() => {
            let plain = items.iter().all(|v| !v.is_object() && !v.is_array());
            let line = format!("[{}]", items.iter().map(Value::to_string).collect::<Vec<_>>().join(", "));
            if plain && used + line.chars().count() + tail <= WIDTH {
                out.push_str(&line);
                return;
            }
            out.push_str("[\n");
            for (i, item) in items.iter().enumerate() {
                let last = i + 1 == items.len();
                pad(out, indent + 2);
                layout(out, item, indent + 2, indent + 2, usize::from(!last));
                out.push_str(if last { "\n" } else { ",\n" });
            }
            pad(out, indent);
            out.push(']');
        }
        other => out.push_str(&other.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::layout;

    fn laid_out(value: serde_json::Value) -> String {
        let mut out = String::new();
        layout(&mut out, &value, 0, 0, 0);
        out
    }

    #[test]
    fn objects_take_a_line_per_key_and_short_lists_fold_onto_one() {
        let text = laid_out(json!({"a": {"b": [1, "x", null], "c": {}}, "d": [], "e": [{"f": true}]}));
        assert_eq!(
            text,
            "{\n  \"a\": {\n    \"b\": [1, \"x\", null],\n    \"c\": {}\n  },\n  \"d\": [],\n  \"e\": [\n    {\n      \"f\": true\n    }\n  ]\n}"
        );
    }

    #[test]
    fn a_list_folds_only_when_its_line_and_comma_fit_in_100_columns() {
        // `  "k": ["…"],` is 100 columns with 88 letters: one line; with 89 it is 101.
        let fits = "a".repeat(88);
        let too_long = "a".repeat(89);
        let text = laid_out(json!({"k": [fits], "l": [too_long.clone()], "m": [too_long]}));
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[1].len(), 100);
        assert_eq!(lines[2], "  \"l\": [");
        assert_eq!(lines[5].len(), 100, "the last key has no comma: {}", lines[5]);
    }
}
