//! The envelope on every `/api/` answer, the JSON 404, messages in the language of `x-locale`.

use crate::helpers::envelope;
use crate::on_both_engines;

on_both_engines! {
    async fn an_unknown_api_path_is_a_json_404_envelope(app) {
        let resp = app.get("/api/no/such/call").await;
        assert_eq!(resp.status(), 404);
        assert!(resp.headers()["content-type"].to_str().unwrap().starts_with("application/json"));
        let body = envelope(resp).await;
        assert_eq!(body["success"], false);
        assert_eq!(body["message"], "Böyle bir API çağrısı yok.");
    }
}

on_both_engines! {
    async fn error_messages_follow_x_locale(app) {
        let en = envelope(app.get_locale("/api/nothing", "en").await).await;
        let en_us = envelope(app.get_locale("/api/nothing", "en-US").await).await;
        let tr = envelope(app.get_locale("/api/nothing", "tr").await).await;
        let unknown = envelope(app.get_locale("/api/nothing", "xx").await).await;
        assert_eq!(en["message"], "There is no such API call.");
        assert_eq!(en_us["message"], en["message"]);
        assert_eq!(tr["message"], "Böyle bir API çağrısı yok.");
        assert_eq!(unknown["message"], tr["message"]);
    }
}

on_both_engines! {
    async fn a_wrong_method_is_an_envelope_too(app) {
        let resp = app.client.delete(app.url("/api/cms/grouped")).send().await.unwrap();
        assert_eq!(resp.status(), 405);
        assert_eq!(envelope(resp).await["success"], false);
    }
}

#[tokio::test]
async fn the_openapi_document_lists_every_call() {
    let app = crate::helpers::spawn_app(crate::helpers::Engine::Sqlite).await;
    let resp = app.get("/api/openapi.json").await;
    assert_eq!(resp.status(), 200);
    let doc: serde_json::Value = resp.json().await.unwrap();
    assert!(doc["openapi"].as_str().unwrap().starts_with("3."));
    let paths = doc["paths"].as_object().unwrap();
    for p in ["/cms/grouped", "/cms/content/{id}", "/cms/coveryjs", "/cms/fingerprintlog"] {
        assert!(paths.contains_key(p), "{p} missing from {:?}", paths.keys().collect::<Vec<_>>());
    }
}
