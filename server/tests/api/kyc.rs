//! Identity checks (issue 31), on both engines: documents recognised by content and size, kept
//! outside the rows, served to their owner only, reviewed forward only with reasons the player
//! reads, a cap on pending uploads that a burst cannot pass, the retention's deletion, and large
//! withdrawals waiting for approved identity.

use serde_json::{Value, json};

use kasa::kyc::cli::KycCommand;
use kasa::kyc::files::{DocumentStore, Folder};

use crate::helpers::{TestApp, burst, count_status, envelope};
use crate::on_both_engines;
use crate::rounds::make_player;

/// The smallest real PNG: a 1×1 pixel.
const PNG: &[u8] = &[
    0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00,
    0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1F, 0x15, 0xC4, 0x89, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9C, 0x63,
    0x00, 0x01, 0x00, 0x00, 0x05, 0x00, 0x01, 0x0D, 0x0A, 0x2D, 0xB4, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60,
    0x82,
];

fn folder() -> Folder {
    Folder(std::env::temp_dir().join("kasa-documents"))
}

pub(crate) async fn upload(
    app: &TestApp,
    token: &str,
    kind: &str,
    doc_type: &str,
    side: Option<&str>,
    bytes: Vec<u8>,
    name: &str,
) -> (u16, Value) {
    let mut form = reqwest::multipart::Form::new().text("kind", kind.to_string()).text("docType", doc_type.to_string());
    if let Some(s) = side {
        form = form.text("side", s.to_string());
    }
    form = form.part("file", reqwest::multipart::Part::bytes(bytes).file_name(name.to_string()));
    let resp =
        app.client.post(app.url("/api/kyc/documents")).bearer_auth(token).header("x-locale", "en").multipart(form).send().await.unwrap();
    let status = resp.status().as_u16();
    (status, envelope(resp).await)
}

async fn checks(app: &TestApp, token: &str) -> Value {
    envelope(app.client.get(app.url("/api/kyc")).bearer_auth(token).header("x-locale", "en").send().await.unwrap()).await["data"].clone()
}

async fn operator(app: &TestApp, command: KycCommand) -> anyhow::Result<()> {
    kasa::kyc::cli::run(&app.db, &folder(), command).await
}

on_both_engines! {
    async fn a_document_is_taken_by_its_content_kept_outside_the_rows_and_reviewed_forward_only(app) {
        // Arrange
        let (player, token) = make_player(&app, "kycer").await;

        // Act
        let (ok, body) = upload(&app, &token, "identity", "kimlik", Some("front"), PNG.to_vec(), "front.pdf").await;
        let (html, html_body) = upload(&app, &token, "identity", "kimlik", Some("back"), b"<html><script>alert(1)</script>".to_vec(), "back.png").await;
        let mut big = PNG.to_vec();
        big.resize(10 * 1024 * 1024 + 1, 0);
        let (too_big, _) = upload(&app, &token, "identity", "kimlik", Some("back"), big, "back.png").await;
        let (no_side, _) = upload(&app, &token, "identity", "kimlik", None, PNG.to_vec(), "x.png").await;
        let (pdf, _) = upload(&app, &token, "address", "utility_bill", None, b"%PDF-1.7\n1 0 obj\n".to_vec(), "bill").await;
        let (id, key): (i64, String) = sqlx::query_as("SELECT id, file_key FROM kyc_documents WHERE player_id = $1 AND kind = 'identity'")
            .bind(player).fetch_one(&app.db.pool).await.unwrap();
        let pending = checks(&app, &token).await;
        operator(&app, KycCommand::Reject { id, reason: "birth_date_mismatch".into(), note: Some("born 1991 on the card".into()) }).await.unwrap();
        let rejected = checks(&app, &token).await;
        let approve_late = operator(&app, KycCommand::Approve { id, expires: None, number: None, same_person: false }).await;
        let (again, _) = upload(&app, &token, "identity", "kimlik", Some("front"), PNG.to_vec(), "front.png").await;

        // Assert
        assert_eq!(ok, 200, "{body}");
        assert_eq!((html, html_body["message"].as_str()), (415, Some("Upload a JPEG or PNG image, or a PDF.")));
        assert_eq!((too_big, no_side, pdf), (413, 422, 200));
        assert_eq!(folder().get(&key).await.unwrap(), PNG, "the file is kept in the document store, by a random key");
        assert!(!key.contains("front"), "never named by what the player sent");
        assert_eq!((&pending["identity"]["state"], &pending["address"]["state"]), (&json!("pending"), &json!("pending")));
        assert_eq!(rejected["identity"]["state"], "rejected");
        assert_eq!(rejected["identity"]["reason"], "The birth date on the document is not the one on your account.");
        assert!(approve_late.is_err(), "a decided document stays decided: states move forward");
        assert_eq!(again, 200, "a rejected document may be uploaded again");
        assert_eq!(checks(&app, &token).await["identity"]["state"], "pending");
    }
}

on_both_engines! {
    async fn a_player_sees_only_their_own_documents_and_a_burst_of_uploads_keeps_the_pending_cap(app) {
        // Arrange
        let (_, owner) = make_player(&app, "owner").await;
        let (_, stranger) = make_player(&app, "stranger").await;
        upload(&app, &owner, "identity", "passport", Some("front"), PNG.to_vec(), "p.png").await;

        // Act
        let mine = checks(&app, &owner).await;
        let theirs = checks(&app, &stranger).await;
        let url = app.url("/api/kyc/documents");
        let answers = burst(&app, 15, move |_, c| {
            let form = reqwest::multipart::Form::new()
                .text("kind", "address")
                .text("docType", "bank_statement")
                .part("file", reqwest::multipart::Part::bytes(PNG.to_vec()).file_name("s.png"));
            c.post(&url).bearer_auth(&stranger).multipart(form)
        })
        .await;

        // Assert
        assert_eq!((mine["documents"].as_array().unwrap().len(), &mine["identity"]["state"]), (1, &json!("pending")));
        assert_eq!(theirs["documents"], json!([]), "another player's documents are never listed");
        assert_eq!(theirs["identity"]["state"], "not_started");
        assert_eq!((count_status(&answers, 200), count_status(&answers, 409)), (10, 5), "{answers:?}");
    }
}

on_both_engines! {
    async fn a_large_withdrawal_waits_for_approved_identity_and_files_go_after_the_retention(app) {
        // Arrange
        let (player, token) = make_player(&app, "big").await;
        crate::rounds::fund(&app, player, 1_000_000).await;
        let withdraw = |lira: i64| {
            let body = json!({"id": 4, "target": "pay", "detail": {"Iban": "TR36 0001 0001 2345 6789 0123 45", "AccountName": "Big Player", "Amount": lira}});
            app.client.post(app.url("/api/payment/withdraw")).bearer_auth(token.clone()).header("x-locale", "en").json(&body).send()
        };

        // Act
        let refused = withdraw(6_000).await.unwrap();
        let refused_status = refused.status().as_u16();
        let refused_body = envelope(refused).await;
        let small = withdraw(1_000).await.unwrap().status().as_u16();
        // A kimlik's front approved is half a document: the back is still needed.
        upload(&app, &token, "identity", "kimlik", Some("front"), PNG.to_vec(), "f.png").await;
        let front: i64 = sqlx::query_scalar("SELECT id FROM kyc_documents").fetch_one(&app.db.pool).await.unwrap();
        operator(&app, KycCommand::Approve { id: front, expires: Some("2099-01-01".into()), number: None, same_person: false }).await.unwrap();
        let half = checks(&app, &token).await["identity"]["state"].clone();
        let on_half = withdraw(6_000).await.unwrap().status().as_u16();
        upload(&app, &token, "identity", "kimlik", Some("back"), PNG.to_vec(), "b.png").await;
        let back: i64 = sqlx::query_scalar("SELECT MAX(id) FROM kyc_documents").fetch_one(&app.db.pool).await.unwrap();
        operator(&app, KycCommand::Approve { id: back, expires: Some("2099-01-01".into()), number: None, same_person: false }).await.unwrap();
        let approved = withdraw(6_000).await.unwrap().status().as_u16();
        sqlx::query("UPDATE kyc_documents SET uploaded_at = uploaded_at - 2 * 86400000").execute(&app.db.pool).await.unwrap();
        let keys: Vec<String> = sqlx::query_scalar("SELECT file_key FROM kyc_documents ORDER BY id").fetch_all(&app.db.pool).await.unwrap();
        let rules = kasa::kyc::Rules { retention_days: 1, ..Default::default() };
        let purged = kasa::kyc::purge(&app.db, &folder(), &rules).await.unwrap();

        // Assert
        assert_eq!(refused_status, 400);
        assert!(refused_body["message"].as_str().unwrap().starts_with("This withdrawal needs your identity to be verified first"), "{refused_body}");
        assert_eq!((small, approved), (200, 200));
        assert_eq!(half, "incomplete");
        assert_eq!(on_half, 400, "one side of a kimlik does not verify an identity");
        assert_eq!(purged, 2);
        for key in &keys {
            assert!(folder().get(key).await.is_err(), "the file is gone");
        }
        let left: Vec<Option<String>> = sqlx::query_scalar("SELECT file_key FROM kyc_documents").fetch_all(&app.db.pool).await.unwrap();
        assert_eq!(left, vec![None, None], "the rows and their decisions stay");
        assert_eq!(checks(&app, &token).await["identity"]["state"], "approved");
    }
}

on_both_engines! {
    async fn once_confirmed_deposits_pass_the_total_every_withdrawal_waits_for_identity_and_a_pending_one_does_not_count(app) {
        // Arrange: 15.000 TL deposited and confirmed, 6.000 TL more asked for (pending).
        let (player, token) = make_player(&app, "depositor").await;
        crate::rounds::fund(&app, player, 100_000).await;
        let deposit = |lira: i64| {
            let body = json!({"id": 1, "target": "pay", "detail": {"Amount": lira}});
            app.client.post(app.url("/api/payment/deposit")).bearer_auth(token.clone()).header("x-locale", "en").json(&body).send()
        };
        let withdraw = || {
            let body = json!({"id": 4, "target": "pay", "detail": {"Iban": "TR36 0001 0001 2345 6789 0123 45", "AccountName": "Dep Player", "Amount": 100}});
            app.client.post(app.url("/api/payment/withdraw")).bearer_auth(token.clone()).header("x-locale", "en").json(&body).send()
        };
        let first = envelope(deposit(15_000).await.unwrap()).await["data"]["id"].as_i64().unwrap();
        kasa::payments::approve(&app.db, first).await.unwrap();
        let second = envelope(deposit(6_000).await.unwrap()).await["data"]["id"].as_i64().unwrap();

        // Act
        let under_total = withdraw().await.unwrap().status().as_u16();
        let before = checks(&app, &token).await["withdrawalNeedsIdentity"].clone();
        kasa::payments::approve(&app.db, second).await.unwrap();
        let over_total = withdraw().await.unwrap();
        let over_status = over_total.status().as_u16();
        let over_body = envelope(over_total).await;
        let after = checks(&app, &token).await["withdrawalNeedsIdentity"].clone();

        // Assert: 15.000 confirmed is under the 20.000 total (the pending 6.000 does not count);
        // 21.000 confirmed is over it, and even 100 TL waits for an approved identity.
        assert_eq!(under_total, 200);
        assert_eq!(before, json!(false));
        assert_eq!(over_status, 400, "{over_body}");
        assert!(over_body["message"].as_str().unwrap().starts_with("This withdrawal needs your identity to be verified first"), "{over_body}");
        assert_eq!(after, json!(true));
    }
}

on_both_engines! {
    async fn an_approved_document_past_its_validity_moves_forward_to_expired_once(app) {
        // Arrange: a passport approved until 2099, whose validity is then moved into the past.
        let (_, token) = make_player(&app, "expiring").await;
        upload(&app, &token, "identity", "passport", Some("front"), PNG.to_vec(), "p.png").await;
        let id: i64 = sqlx::query_scalar("SELECT id FROM kyc_documents").fetch_one(&app.db.pool).await.unwrap();
        operator(&app, KycCommand::Approve { id, expires: Some("2099-01-01".into()), number: None, same_person: false }).await.unwrap();
        let now = kasa::db::now_ms();
        let untouched = kasa::kyc::expire(&app.db, now).await.unwrap();
        sqlx::query("UPDATE kyc_documents SET expires_at = $1").bind(now - 1).execute(&app.db.pool).await.unwrap();

        // Act
        let first = kasa::kyc::expire(&app.db, now).await.unwrap();
        let second = kasa::kyc::expire(&app.db, now).await.unwrap();
        let approve_again = operator(&app, KycCommand::Approve { id, expires: None, number: None, same_person: false }).await;

        // Assert
        assert_eq!((untouched, first, second), (0, 1, 0));
        let seen = checks(&app, &token).await;
        assert_eq!(seen["identity"]["state"], "expired", "{seen}");
        assert_eq!(seen["documents"][0]["state"], "expired", "the player's list says it too: {seen}");
        assert!(approve_again.is_err(), "an expired document is not approved again: states move forward");
    }
}

on_both_engines! {
    async fn a_large_withdrawal_split_into_a_burst_of_smaller_ones_still_waits_for_identity(app) {
        // Arrange: 60.000 TL to withdraw, no identity verified; 5.000 TL is the most without it.
        let (player, token) = make_player(&app, "splitter").await;
        crate::rounds::fund(&app, player, 6_000_000).await;
        let base = app.address.clone();

        // Act: twelve withdrawals of 5.000 TL at once.
        let answers = burst(&app, 12, move |_, client| {
            let body = json!({"id": 4, "target": "pay", "detail": {"Iban": "TR36 0001 0001 2345 6789 0123 45", "AccountName": "Split Player", "Amount": 5_000}});
            client.post(format!("{base}/api/payment/withdraw")).bearer_auth(&token).header("x-locale", "en").json(&body)
        })
        .await;

        // Assert: one of them is 5.000 TL, within the rule; the rest together would pass it.
        assert_eq!(count_status(&answers, 200), 1, "{answers:?}");
        assert_eq!(count_status(&answers, 400), 11, "{answers:?}");
        let held: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM payment_requests WHERE player_id = $1 AND kind = 2").bind(player).fetch_one(&app.db.pool).await.unwrap();
        assert_eq!(held, 1, "a refused request leaves no row");
        assert_eq!(kasa::wallet::balances(&app.db, player).await.unwrap().real.minor(), 5_500_000);
        crate::rounds::assert_ledger_holds(&app).await;
    }
}

/// A passport's photo page uploaded by the player: the document's id.
async fn passport(app: &TestApp, player: i64, token: &str) -> i64 {
    let (status, body) = upload(app, token, "identity", "passport", Some("front"), PNG.to_vec(), "passport.png").await;
    assert_eq!(status, 200, "{body}");
    sqlx::query_scalar("SELECT MAX(id) FROM kyc_documents WHERE player_id = $1").bind(player).fetch_one(&app.db.pool).await.unwrap()
}

/// A pending identity document (its front) of `doc_type`, written as staff would find it in the
/// queue (no file: for tests of the decision only). Its id.
pub(crate) async fn pending_identity(app: &TestApp, player: i64, doc_type: &str) -> i64 {
    sqlx::query_scalar(
        "INSERT INTO kyc_documents (player_id, kind, doc_type, side, state, mime, size, sha256, uploaded_at) \
         VALUES ($1, 'identity', $2, 'front', 'pending', 'image/png', 1, 'x', $3) RETURNING id",
    )
    .bind(player)
    .bind(doc_type)
    .bind(kasa::db::now_ms())
    .fetch_one(&app.db.pool)
    .await
    .unwrap()
}

async fn personal_no(app: &TestApp, player: i64) -> Option<String> {
    sqlx::query_scalar("SELECT personal_no FROM players WHERE id = $1").bind(player).fetch_one(&app.db.pool).await.unwrap()
}

on_both_engines! {
    async fn the_tc_number_read_at_identity_review_ties_a_fast_account_to_the_person_and_brings_their_exclusion_along(app) {
        // Arrange: a person's first account (registered fast: no TC number) has its identity approved
        // with the number on the document, then excludes itself for six months.
        const TC: &str = "20000000114";
        let (first, first_token) = make_player(&app, "firstacct").await;
        let first_doc = passport(&app, first, &first_token).await;
        operator(&app, KycCommand::Approve { id: first_doc, expires: None, number: Some(TC.into()), same_person: false }).await.unwrap();
        let (excluded, _) = app.call(reqwest::Method::POST, "/api/protection/close", &first_token, Some(json!({"term": "6m", "confirm": true})), "en").await;
        let first_end: i64 = sqlx::query_scalar("SELECT ends_at FROM exclusions WHERE player_id = $1").bind(first).fetch_one(&app.db.pool).await.unwrap();
        // The same person's second account: new phone, new e-mail, no TC number either.
        let (second, second_token) = make_player(&app, "secondacct").await;
        let second_doc = passport(&app, second, &second_token).await;
        // A third account that gave another TC number at registration.
        let (third, third_token) = make_player(&app, "thirdacct").await;
        sqlx::query("UPDATE players SET personal_no = '10000000078' WHERE id = $1").bind(third).execute(&app.db.pool).await.unwrap();
        let third_doc = passport(&app, third, &third_token).await;

        // Act
        let malformed = operator(&app, KycCommand::Approve { id: second_doc, expires: None, number: Some("20000000115".into()), same_person: false }).await;
        let unconfirmed = operator(&app, KycCommand::Approve { id: second_doc, expires: None, number: Some(TC.into()), same_person: false }).await;
        let unconfirmed_state: String = sqlx::query_scalar("SELECT state FROM kyc_documents WHERE id = $1").bind(second_doc).fetch_one(&app.db.pool).await.unwrap();
        let approved = operator(&app, KycCommand::Approve { id: second_doc, expires: None, number: Some(TC.into()), same_person: true }).await;
        let (session, _) = app.call(reqwest::Method::GET, "/api/protection", &second_token, None, "en").await;
        let second_closures: Vec<(String, Option<i64>, String)> =
            sqlx::query_as("SELECT kind, ends_at, set_by FROM exclusions WHERE player_id = $1").bind(second).fetch_all(&app.db.pool).await.unwrap();
        // The second account's renewed passport, approved with the same number: nothing copied twice.
        // (Its session ended: the document is written as staff would find it.)
        let renewed: i64 = pending_identity(&app, second, "passport").await;
        operator(&app, KycCommand::Approve { id: renewed, expires: None, number: Some(TC.into()), same_person: false }).await.unwrap();
        let copies: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM exclusions WHERE player_id = $1").bind(second).fetch_one(&app.db.pool).await.unwrap();
        // Another document of the second account, approved with another person's number: refused,
        // the account stays tied to the first person.
        let other: i64 = pending_identity(&app, second, "kimlik").await;
        let retied = operator(&app, KycCommand::Approve { id: other, expires: None, number: Some("10000000146".into()), same_person: true }).await;
        let tied: Option<String> = sqlx::query_scalar("SELECT verified_no FROM players WHERE id = $1").bind(second).fetch_one(&app.db.pool).await.unwrap();
        let mismatch = operator(&app, KycCommand::Approve { id: third_doc, expires: None, number: Some(TC.into()), same_person: false }).await;
        let third_state: String = sqlx::query_scalar("SELECT state FROM kyc_documents WHERE id = $1").bind(third_doc).fetch_one(&app.db.pool).await.unwrap();

        // Assert
        assert_eq!(excluded, 200);
        assert_eq!(personal_no(&app, first).await.as_deref(), Some(TC), "a fast account keeps the number its identity showed");
        assert!(malformed.unwrap_err().to_string().contains("11-digit TC kimlik number"), "a number failing its check digits is refused");
        let unconfirmed = unconfirmed.unwrap_err().to_string();
        assert!(unconfirmed.contains(&format!("on account #{first} too")), "a number on another account needs the reviewer's word: {unconfirmed}");
        assert_eq!(unconfirmed_state, "pending", "the refused approval changed nothing");
        approved.unwrap();
        assert_eq!(session, 401, "the second account's session ended with the closure it took");
        assert_eq!(second_closures, vec![("exclusion".to_string(), Some(first_end), "person".to_string())], "the same exclusion, to the same end");
        assert_eq!(copies, 1, "a closure is copied once");
        assert!(retied.unwrap_err().to_string().contains("another TC kimlik number"), "a tie is never swapped for another");
        assert_eq!(tied.as_deref(), Some(TC));
        assert_eq!(personal_no(&app, second).await, None, "the number stays with the account that had it first");
        assert!(mismatch.unwrap_err().to_string().contains("not the account's"), "a number other than the account's is refused");
        assert_eq!(third_state, "pending", "a refused approval changes nothing");
        assert_eq!(personal_no(&app, third).await.as_deref(), Some("10000000078"));
    }
}

on_both_engines! {
    async fn a_tc_number_only_typed_in_at_registration_brings_no_closure_along(app) {
        // Arrange: someone registers with another person's TC number (its check digits are public)
        // and excludes themselves for good; the number was never read on a document.
        const TC: &str = "10000000078";
        let (typed, typed_token) = make_player(&app, "typedin").await;
        sqlx::query("UPDATE players SET personal_no = $1 WHERE id = $2").bind(TC).bind(typed).execute(&app.db.pool).await.unwrap();
        let (excluded, _) = app.call(reqwest::Method::POST, "/api/protection/close", &typed_token, Some(json!({"term": "permanent", "confirm": true})), "en").await;
        // The number's owner, registered fast, has their identity approved with it.
        let (owner, owner_token) = make_player(&app, "realowner").await;
        let doc = passport(&app, owner, &owner_token).await;

        // Act
        let unconfirmed = operator(&app, KycCommand::Approve { id: doc, expires: None, number: Some(TC.into()), same_person: false }).await;
        operator(&app, KycCommand::Approve { id: doc, expires: None, number: Some(TC.into()), same_person: true }).await.unwrap();
        let (session, _) = app.call(reqwest::Method::GET, "/api/protection", &owner_token, None, "en").await;
        let closures: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM exclusions WHERE player_id = $1").bind(owner).fetch_one(&app.db.pool).await.unwrap();

        // Assert
        assert_eq!(excluded, 200);
        assert!(unconfirmed.is_err(), "the number is on the typed-in account: the reviewer must compare first");
        assert_eq!((session, closures), (200, 0), "the owner's account stays open");
        assert_eq!(personal_no(&app, owner).await, None, "the number stays where it was typed; the reviewer is told of both accounts");
    }
}

on_both_engines! {
    async fn a_closure_started_later_on_any_account_identity_review_tied_to_a_person_closes_the_others(app) {
        // Arrange: one person, two accounts: the first registered with its TC number, the second
        // fast (no number); identity review reads the same number on both. A stranger's account
        // beside them.
        const TC: &str = "20000000114";
        let (first, first_token) = make_player(&app, "personone").await;
        sqlx::query("UPDATE players SET personal_no = $1 WHERE id = $2").bind(TC).bind(first).execute(&app.db.pool).await.unwrap();
        let first_doc = passport(&app, first, &first_token).await;
        operator(&app, KycCommand::Approve { id: first_doc, expires: None, number: Some(TC.into()), same_person: false }).await.unwrap();
        let (second, second_token) = make_player(&app, "persontwo").await;
        let second_doc = passport(&app, second, &second_token).await;
        operator(&app, KycCommand::Approve { id: second_doc, expires: None, number: Some(TC.into()), same_person: true }).await.unwrap();
        let (stranger, stranger_token) = make_player(&app, "stranger").await;
        // A third account of the person uploads its passport, then excludes itself for good before
        // anyone has reviewed it.
        let (third, third_token) = make_player(&app, "personthree").await;
        let third_doc = passport(&app, third, &third_token).await;
        let (excluded, _) = app.call(reqwest::Method::POST, "/api/protection/close", &third_token, Some(json!({"term": "permanent", "confirm": true})), "en").await;

        // Act: the second account takes a 7-day time-out; then the third's passport is approved.
        let (timed_out, _) = app.call(reqwest::Method::POST, "/api/protection/close", &second_token, Some(json!({"term": "7d", "confirm": true})), "en").await;
        let (first_session, _) = app.call(reqwest::Method::GET, "/api/protection", &first_token, None, "en").await;
        let (stranger_session, _) = app.call(reqwest::Method::GET, "/api/protection", &stranger_token, None, "en").await;

        // Assert
        assert_eq!(timed_out, 200);
        assert_eq!(first_session, 401, "the first account's session ended with the second's time-out");
        assert_eq!(stranger_session, 200, "another person's account stays open");
        let closures = |id: i64| {
            let pool = app.db.pool.clone();
            async move {
                sqlx::query_as::<_, (String, Option<i64>, String, Option<i64>)>(
                    "SELECT kind, ends_at, set_by, source_id FROM exclusions WHERE player_id = $1 ORDER BY id",
                )
                .bind(id)
                .fetch_all(&pool)
                .await
                .unwrap()
            }
        };
        let second_rows = closures(second).await;
        let first_rows = closures(first).await;
        assert_eq!(second_rows.len(), 1);
        assert_eq!(first_rows.len(), 1, "copied once");
        let (kind, ends, set_by, _) = &first_rows[0];
        assert_eq!((kind.as_str(), *ends, set_by.as_str()), ("timeout", second_rows[0].1, "person"), "the same time-out, to the same end");
        assert_eq!(closures(stranger).await.len(), 0);

        // Act: the third account is tied to the person: its running exclusion closes the others,
        // and theirs closes it.
        operator(&app, KycCommand::Approve { id: third_doc, expires: None, number: Some(TC.into()), same_person: true }).await.unwrap();

        // Assert
        assert_eq!(excluded, 200);
        let kinds = |rows: Vec<(String, Option<i64>, String, Option<i64>)>| {
            let mut kinds: Vec<(String, Option<i64>)> = rows.into_iter().map(|(k, e, _, _)| (k, e)).collect();
            kinds.sort();
            kinds
        };
        let (first_rows, second_rows, third_rows) = (kinds(closures(first).await), kinds(closures(second).await), kinds(closures(third).await));
        assert_eq!(first_rows, second_rows, "the two tied first carry the same closures");
        assert_eq!(first_rows, third_rows, "the third carries the same");
        assert_eq!(first_rows.len(), 2, "the time-out and the permanent exclusion, once each: {first_rows:?}");
        assert!(first_rows.iter().any(|(kind, ends)| kind == "exclusion" && ends.is_none()), "{first_rows:?}");
    }
}

on_both_engines! {
    async fn accounts_of_one_person_closing_at_the_same_moment_each_carry_every_closure_and_none_fails(app) {
        // Arrange: four accounts identity review tied to one TC number, each with a session.
        const TC: &str = "20000000114";
        let mut accounts = Vec::new();
        for i in 0..4 {
            let (id, token) = make_player(&app, &format!("sameperson{i}")).await;
            let doc = passport(&app, id, &token).await;
            operator(&app, KycCommand::Approve { id: doc, expires: None, number: Some(TC.into()), same_person: true }).await.unwrap();
            accounts.push((id, token));
        }
        let tokens: Vec<String> = accounts.iter().map(|(_, t)| t.clone()).collect();
        let url = format!("{}/api/protection/close", app.address);

        // Act: each account takes a 24-hour time-out at once.
        let answers = burst(&app, 4, move |i, c| {
            c.post(&url).bearer_auth(&tokens[i]).header("x-locale", "en").json(&json!({"term": "24h", "confirm": true}))
        })
        .await;

        // Assert: no answer failed (a lock taken out of order would deadlock one on PostgreSQL);
        // the ones that came after another's closure found their session ended already.
        assert_eq!(count_status(&answers, 500), 0, "{answers:?}");
        assert!(count_status(&answers, 200) >= 1, "{answers:?}");
        assert_eq!(count_status(&answers, 200) + count_status(&answers, 401), 4, "{answers:?}");
        let originals: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM exclusions WHERE source_id IS NULL").fetch_one(&app.db.pool).await.unwrap();
        assert_eq!(originals as usize, count_status(&answers, 200));
        for (id, _) in &accounts {
            let held: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM exclusions WHERE player_id = $1").bind(id).fetch_one(&app.db.pool).await.unwrap();
            assert_eq!(held, originals, "account {id} carries each closure of the person once");
        }
    }
}

on_both_engines! {
    async fn the_operators_shell_decisions_and_exclusions_are_written_to_the_audit_chain(app) {
        // Arrange: two players, each with a pending passport.
        let (first, first_token) = make_player(&app, "shellone").await;
        let (second, second_token) = make_player(&app, "shelltwo").await;
        let approved = passport(&app, first, &first_token).await;
        let rejected = passport(&app, second, &second_token).await;

        // Act: the operator approves one with its number, rejects the other and closes the first
        // player's account from the shell.
        operator(&app, KycCommand::Approve { id: approved, expires: None, number: Some("20000000114".into()), same_person: false }).await.unwrap();
        operator(&app, KycCommand::Reject { id: rejected, reason: "unreadable".into(), note: None }).await.unwrap();
        kasa::protection::cli::exclude(&app.db, first, "6m", &crate::protection::CutShort).await.unwrap();
        let rows: Vec<(String, String, String, Option<String>)> =
            sqlx::query_as("SELECT action, target, actor, after FROM audit_log ORDER BY seq").fetch_all(&app.db.pool).await.unwrap();

        // Assert
        let seen: Vec<(&str, String)> = rows.iter().map(|(a, t, _, _)| (a.as_str(), t.clone())).collect();
        assert_eq!(
            seen,
            vec![
                ("kyc.approve", format!("document:{approved}")),
                ("kyc.reject", format!("document:{rejected}")),
                ("player.exclude", format!("player:{first}")),
            ]
        );
        assert!(rows.iter().all(|(_, _, actor, _)| actor.starts_with("shell:")), "{rows:?}");
        assert!(rows[0].3.as_deref().is_some_and(|a| a.contains("\"numberKept\":true") && !a.contains("20000000114")), "{rows:?}");
        assert!(rows[1].3.as_deref().is_some_and(|a| a.contains("unreadable")));
        assert_eq!(kasa::audit::verify(&app.db).await.unwrap().broken_at, None);
    }
}
