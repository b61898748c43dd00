//! The OpenAPI document: it lists exactly the router's `/api/` calls (and the games' and the back
//! office's), each with its schemas, the bearer (or staff) scheme where a session is needed and the 400 and 401 answers the server really gives;
//! the committed copy the app's types come from is what `kasa openapi` prints.

use std::collections::{BTreeMap, BTreeSet};
use std::process::Command;

use serde_json::Value;

use crate::helpers::{Engine, envelope, spawn_app};
use crate::on_both_engines;

/// The route that serves the document itself (not an envelope call, so not in it).
const DOCUMENT: &str = "/api/openapi.json";
const COMMITTED: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../web/shared/api/openapi.json");
const METHODS: [&str; 9] = ["get", "head", "post", "put", "patch", "delete", "options", "trace", "connect"];

/// The routes of a router as (METHOD, path). axum has no listing of its routes, but the `Debug`
/// form of a router names, in its path router, every route's path (`RouteId(7): "/api/x"`) and
/// each method a route answers (`get: Route`, `post: None`, ...): read from there.
fn routes_of(router: &axum::Router) -> BTreeSet<(String, String)> {
    let text = format!("{router:?}");
    let path_router = text.split("fallback_router").next().unwrap();
    let (routes, paths) = path_router.split_once("node: Node { paths: {").expect("the router's paths in its Debug form");
    let path_of: BTreeMap<&str, &str> = paths
        .split("RouteId(")
        .skip(1)
        .map(|entry| {
            let (id, rest) = entry.split_once("): \"").expect("RouteId(N): \"PATH\"");
            (id, rest.split('"').next().unwrap())
        })
        .collect();
    let mut out = BTreeSet::new();
    for entry in routes.split("RouteId(").skip(1) {
        let (id, endpoint) = entry.split_once(')').unwrap();
        let path = path_of.get(id).unwrap_or_else(|| panic!("route {id} has no path"));
        for method in METHODS {
            let answered = [format!(" {method}: Route"), format!(" {method}: BoxedHandler")].iter().any(|m| endpoint.contains(m.as_str()));
            if answered {
                out.insert((method.to_uppercase(), path.to_string()));
            }
        }
    }
    out
}

/// The document's calls as (METHOD, full path) with their operation: under `/api`, or under the
/// server a path names itself (the studio games' `/games/api/`, server `/`).
fn calls_of(doc: &Value) -> BTreeMap<(String, String), Value> {
    let mut out = BTreeMap::new();
    for (path, item) in doc["paths"].as_object().expect("paths") {
        let base = item["servers"][0]["url"].as_str().map(|u| u.trim_end_matches('/')).unwrap_or("/api");
        for method in METHODS {
            if let Some(op) = item.get(method) {
                out.insert((method.to_uppercase(), format!("{base}{path}")), op.clone());
            }
        }
    }
    out
}

/// Whether a documented call takes the studio's game session token instead of the player's.
fn needs_game_session(op: &Value) -> bool {
    op["security"].as_array().is_some_and(|s| s.iter().any(|r| r.get("gameSession").is_some()))
}

fn document() -> Value {
    serde_json::to_value(kasa::app::api_doc()).unwrap()
}

fn needs_session(op: &Value) -> bool {
    op["security"].as_array().is_some_and(|s| s.iter().any(|r| r.get("bearer").is_some()))
}

/// Whether a documented call takes a staff session (the back office's `/admin/api/`).
fn needs_staff(op: &Value) -> bool {
    op["security"].as_array().is_some_and(|s| s.iter().any(|r| r.get("staff").is_some()))
}

/// Whether a call answers a file instead of the envelope (a document's image, a CSV export).
fn answers_a_file(op: &Value) -> bool {
    let ok = &op["responses"]["200"]["content"];
    ok["application/octet-stream"].is_object() || ok["text/csv"].is_object()
}

/// The schema reference of an answer's JSON body.
fn answer_schema<'a>(op: &'a Value, status: &str) -> Option<&'a str> {
    op["responses"][status]["content"]["application/json"]["schema"]["$ref"].as_str()
}

#[tokio::test]
async fn the_document_lists_every_api_route_of_the_router_and_no_other() {
    // Arrange: the router a node serves.
    let app = spawn_app(Engine::Sqlite).await;
    let router = kasa::build_router(kasa::AppState::new(app.db.clone()));

    // Act
    let routed: BTreeSet<(String, String)> = routes_of(&router)
        .into_iter()
        .filter(|(_, path)| ["/api/", "/games/api/", "/admin/api/"].iter().any(|p| path.starts_with(p)) && path != DOCUMENT)
        .collect();
    let documented: BTreeSet<(String, String)> = calls_of(&document()).into_keys().collect();

    // Assert
    assert!(routed.contains(&("GET".to_string(), "/api/cms/grouped".to_string())), "the router's routes were not read: {routed:?}");
    let undocumented: Vec<_> = routed.difference(&documented).collect();
    let unrouted: Vec<_> = documented.difference(&routed).collect();
    assert!(undocumented.is_empty(), "routes missing from the OpenAPI document: {undocumented:?}");
    assert!(unrouted.is_empty(), "documented calls the router does not have: {unrouted:?}");
}

#[test]
fn every_call_has_its_schemas_and_the_bearer_scheme_is_declared() {
    let doc = document();
    assert_eq!(doc["components"]["securitySchemes"]["bearer"]["type"], "http");
    assert_eq!(doc["components"]["securitySchemes"]["bearer"]["scheme"], "bearer");
    for ((method, path), op) in calls_of(&doc) {
        if let Some(stream) = op["responses"]["200"]["content"]["text/event-stream"]["schema"]["$ref"].as_str() {
            // A stream of server-sent events: each event's data has its schema.
            assert!(stream.starts_with("#/components/schemas/"), "{method} {path}: {stream}");
            continue;
        }
        if answers_a_file(&op) {
            assert!(needs_staff(&op), "{method} {path}: only the back office answers files");
            continue;
        }
        let ok = answer_schema(&op, "200").unwrap_or_else(|| panic!("{method} {path}: no 200 schema"));
        assert!(ok.starts_with("#/components/schemas/Envelope") || ok.ends_with("/EmptyEnvelope"), "{method} {path}: 200 is {ok}");
        if method == "POST" && !needs_staff(&op) {
            // JSON, or a form with a file (an identity document's upload). (A back-office decision
            // such as an approval names everything in its path.)
            let content = &op["requestBody"]["content"];
            let body = content["application/json"]["schema"].as_object().or(content["multipart/form-data"]["schema"].as_object());
            assert!(body.is_some_and(|s| !s.is_empty()), "{method} {path}: no request schema");
        }
        for status in ["400", "401", "422"] {
            if let Some(schema) = answer_schema(&op, status) {
                assert!(schema.contains("Envelope"), "{method} {path}: {status} is {schema}, not the envelope");
            }
        }
        if op["requestBody"].is_object() {
            assert!(answer_schema(&op, "400").is_some(), "{method} {path} takes a body but documents no 400");
        }
        if needs_session(&op) || needs_game_session(&op) || needs_staff(&op) {
            assert!(answer_schema(&op, "401").is_some(), "{method} {path} needs a session but documents no 401");
        }
    }
    assert_eq!(doc["components"]["securitySchemes"]["staff"]["scheme"], "bearer");
}

on_both_engines! {
    async fn the_documented_400_and_401_answers_are_the_ones_the_server_gives(app) {
        // Arrange: a player's token, and every documented call.
        let token = crate::accounts::registered(&app).await;
        let calls = calls_of(&document());
        assert!(calls.len() >= 19, "{}", calls.len());

        for ((method, path), op) in calls {
            let url = app.url(&concrete(&path));
            let method = reqwest::Method::from_bytes(method.as_bytes()).unwrap();
            let takes_body = op["requestBody"].is_object();
            let request = |token: Option<&str>| {
                let mut req = app.client.request(method.clone(), &url).header("x-locale", "en");
                if let Some(t) = token {
                    req = req.bearer_auth(t);
                }
                if takes_body {
                    req = req.header("content-type", "application/json").body("{not json");
                }
                req
            };

            // Act: the call without a token (and, when it takes one, with a body that is not JSON).
            let resp = request(None).send().await.unwrap();
            let status = resp.status().as_u16();
            if resp.headers().get("content-type").is_some_and(|v| v.as_bytes().starts_with(b"text/event-stream")) {
                // A stream (the sportsbook's live prices) stays open: that it is served is the answer.
                assert_eq!(status, 200, "{method} {path}");
                assert!(op["responses"]["200"]["content"]["text/event-stream"].is_object(), "{method} {path} documents its stream");
                continue;
            }
            let body = envelope(resp).await;

            // Assert: the route exists; a session is needed exactly where the document says so.
            assert_ne!(body["message"], "There is no such API call.", "{method} {path} is not routed");
            assert_ne!(status, 405, "{method} {path}: method not allowed");
            if needs_session(&op) || needs_game_session(&op) || needs_staff(&op) {
                assert_eq!(status, 401, "{method} {path} is documented as needing a session: {body}");
                assert!(answer_schema(&op, "401").is_some(), "{method} {path}");
            } else {
                assert_ne!(status, 401, "{method} {path} needs a session but has no security(bearer): {body}");
            }
            if takes_body && !needs_session(&op) && !needs_game_session(&op) && !needs_staff(&op) {
                assert_eq!(status, 400, "{method} {path}: a body that is not JSON: {body}");
            }

            // With the player's token, a body that is not JSON is a documented 400.
            // (A player's token is no game session nor a staff one: those calls answer 401 to it.)
            if needs_staff(&op) {
                let resp = request(Some(&token)).send().await.unwrap();
                assert_eq!(resp.status(), 401, "{method} {path}: a player's token on the back office");
            }
            if takes_body && needs_session(&op) {
                let resp = request(Some(&token)).send().await.unwrap();
                assert_eq!(resp.status(), 400, "{method} {path}");
                assert_eq!(envelope(resp).await["success"], false);
            }
            if takes_body {
                assert!(answer_schema(&op, "400").is_some(), "{method} {path} answers 400 but does not document it");
            }
        }
    }
}

/// A documented path with each `{parameter}` filled in.
fn concrete(path: &str) -> String {
    path.split('/').map(|seg| if seg.starts_with('{') && seg.ends_with('}') { "3" } else { seg }).collect::<Vec<_>>().join("/")
}

#[test]
fn the_committed_copy_of_the_document_is_what_kasa_openapi_prints() {
    // Act
    let out = Command::new(env!("CARGO_BIN_EXE_kasa")).arg("openapi").env("KASA_LOG", "error").output().expect("run kasa openapi");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let printed = String::from_utf8(out.stdout).unwrap();
    let committed = std::fs::read_to_string(COMMITTED).unwrap_or_default();

    // Assert
    let doc: Value = serde_json::from_str(&printed).expect("kasa openapi prints JSON");
    assert_eq!(doc, document());
    assert!(
        committed == printed,
        "web/shared/api/openapi.json is not the current OpenAPI document: run \
         `cargo run --bin kasa -- openapi > web/shared/api/openapi.json` and commit it"
    );
}

#[tokio::test]
async fn the_served_document_is_the_printed_one() {
    let app = spawn_app(Engine::Sqlite).await;
    let resp = app.get(DOCUMENT).await;
    assert_eq!(resp.status(), 200);
    let served: Value = resp.json().await.unwrap();
    assert_eq!(served, document());
}
