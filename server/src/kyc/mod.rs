//! Identity checks (issue 31): the documents a player uploads from Personal Information (identity:
//! a kimlik, passport or driving licence, front and back; proof of address), the operator's review
//! (`kasa admin kyc list|show|approve|reject`), and the rule that a large withdrawal, or any once
//! deposits have passed a total, waits for approved identity.
//!
//! A document is an image (JPEG, PNG) or a PDF of at most 10 MB, recognised by its content, never
//! by its name. Its file lives in the [`files::DocumentStore`] (a folder by default), named by a
//! random key, never by anything the player sent; it is never served to a player, and is deleted
//! once the retention has passed. States only move forward: pending → approved or rejected
//! (with a reason the player reads), approved → expired; a rejected document may be uploaded
//! again, as a new document.

pub mod cli;
pub mod files;
pub mod routes;
mod store;

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::money::Kurus;

pub use routes::{KycState, router};
pub use store::decide_in;
pub(crate) use store::seen;

/// The largest document accepted.
pub const MAX_BYTES: usize = 10 * 1024 * 1024;

/// What a document proves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum DocKind {
    Identity,
    Address,
}

impl DocKind {
    pub fn as_str(self) -> &'static str {
        match self {
            DocKind::Identity => "identity",
            DocKind::Address => "address",
        }
    }
    pub fn parse(s: &str) -> Option<DocKind> {
        [DocKind::Identity, DocKind::Address].into_iter().find(|k| k.as_str() == s)
    }
}

/// The document types each kind accepts.
pub const IDENTITY_TYPES: [&str; 3] = ["kimlik", "passport", "licence"];
pub const ADDRESS_TYPES: [&str; 2] = ["utility_bill", "bank_statement"];

/// Whether `doc_type` (and `side`) fit `kind`: identity documents name their side (a passport its
/// photo page, as the front); proofs of address have none.
pub fn fits(kind: DocKind, doc_type: &str, side: Option<&str>) -> bool {
    match kind {
        DocKind::Identity => IDENTITY_TYPES.contains(&doc_type) && matches!(side, Some("front" | "back")),
        DocKind::Address => ADDRESS_TYPES.contains(&doc_type) && side.is_none(),
    }
}

/// A document's state.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum DocState {
    Pending,
    Approved,
    Rejected,
    Expired,
}

impl DocState {
    pub fn as_str(self) -> &'static str {
        match self {
            DocState::Pending => "pending",
            DocState::Approved => "approved",
            DocState::Rejected => "rejected",
            DocState::Expired => "expired",
        }
    }
    pub fn parse(s: &str) -> Option<DocState> {
        [DocState::Pending, DocState::Approved, DocState::Rejected, DocState::Expired].into_iter().find(|k| k.as_str() == s)
    }
}

/// Where a player's identity (or address) check stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum CheckState {
    NotStarted,
    Pending,
    /// One side of a two-sided document is approved, the other is still to be uploaded.
    Incomplete,
    Approved,
    Rejected,
    Expired,
}

/// The reasons an operator may give for a rejection (the player reads them in their language).
pub const REASONS: [&str; 6] = ["unreadable", "expired_document", "name_mismatch", "birth_date_mismatch", "not_accepted", "incomplete"];

/// A document as the check reads it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Seen {
    pub doc_type: String,
    pub side: Option<String>,
    pub state: DocState,
    pub expires_at: Option<i64>,
}

/// The sides of a document type its check needs approved: a passport its photo page (the front),
/// a kimlik or a driving licence both sides (the back of a kimlik holds the birth place and the
/// issuing office), a proof of address the document itself.
pub fn sides_needed(doc_type: &str) -> &'static [Option<&'static str>] {
    match doc_type {
        "passport" => &[Some("front")],
        "kimlik" | "licence" => &[Some("front"), Some("back")],
        _ => &[None],
    }
}

/// A kind's check from its documents (oldest first) at `now`: approved while every side a
/// document type needs has a valid approval (one document type, both sides of a kimlik); else
/// pending while one waits; else the latest one's rejection; else incomplete while one side stands
/// approved; else not started or expired.
pub fn check(docs: &[Seen], now: i64) -> CheckState {
    let valid = |d: &Seen| d.state == DocState::Approved && d.expires_at.is_none_or(|e| e > now);
    let approved =
        |doc_type: &str, side: Option<&str>| docs.iter().any(|d| valid(d) && d.doc_type == doc_type && d.side.as_deref() == side);
    if docs.iter().filter(|d| valid(d)).any(|d| sides_needed(&d.doc_type).iter().all(|&side| approved(&d.doc_type, side))) {
        return CheckState::Approved;
    }
    if docs.iter().any(|d| d.state == DocState::Pending) {
        return CheckState::Pending;
    }
    match docs.last() {
        None => CheckState::NotStarted,
        Some(d) if d.state == DocState::Rejected => CheckState::Rejected,
        Some(_) if docs.iter().any(valid) => CheckState::Incomplete,
        Some(_) => CheckState::Expired,
    }
}

/// What the content of a file is: JPEG, PNG or PDF by their signatures; anything else `None`.
pub fn sniff(bytes: &[u8]) -> Option<&'static str> {
    if bytes.starts_with(&[0xFF, 0xD8, 0xFF]) {
        Some("image/jpeg")
    } else if bytes.starts_with(&[0x89, b'P', b'N', b'G', 0x0D, 0x0A, 0x1A, 0x0A]) {
        Some("image/png")
    } else if bytes.starts_with(b"%PDF-") {
        Some("application/pdf")
    } else {
        None
    }
}

/// The operator's identity rules (`KASA_KYC_*`, listed in the README), read by the settings.
pub use crate::config::KycRules as Rules;

impl Rules {
    /// Whether withdrawals of `amount` (the last 30 days', together) by a player with `deposited`
    /// (confirmed, all time) ask for approved identity.
    pub fn asks_identity(&self, amount: Kurus, deposited: Kurus) -> bool {
        amount > self.withdrawal_over || deposited > self.deposits_over
    }
}

/// The withdrawals that count together against `withdrawal_over`: a large sum split into smaller
/// requests is still a large withdrawal.
pub const WITHDRAWALS_WINDOW_MS: i64 = 30 * 24 * 3_600_000;

/// Refuses a withdrawal the player has just asked for, inside its transaction (after its hold
/// locked the player's balance, so parallel requests are counted one after the other), when it
/// needs approved identity the player does not have: the player's withdrawals of the last 30 days
/// (pending or paid, this one included) pass `withdrawal_over`, or confirmed deposits passed
/// `deposits_over`.
pub async fn guard_withdrawal_in(conn: &mut sqlx::AnyConnection, rules: &Rules, player_id: i64) -> Result<(), crate::error::AppError> {
    let now = crate::db::now_ms();
    let withdrawn = Kurus::from_minor(store::withdrawn_since(conn, player_id, now - WITHDRAWALS_WINDOW_MS).await?).unwrap_or(Kurus::ZERO);
    let deposited = Kurus::from_minor(store::deposited(conn, player_id).await?).unwrap_or(Kurus::ZERO);
    if !rules.asks_identity(withdrawn, deposited) {
        return Ok(());
    }
    let docs = store::seen(conn, player_id, DocKind::Identity).await?;
    if check(&docs, now) == CheckState::Approved {
        return Ok(());
    }
    Err(crate::error::AppError::BadRequest("kyc.withdrawal_needs_identity"))
}

/// Why the TC kimlik number read from a document was not taken onto the account (said to staff).
#[derive(Debug)]
pub enum NumberError {
    Refused(String),
    Failed(crate::error::AppError),
}

impl<E: Into<crate::error::AppError>> From<E> for NumberError {
    fn from(e: E) -> Self {
        NumberError::Failed(e.into())
    }
}

impl std::fmt::Display for NumberError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NumberError::Refused(why) => f.write_str(why),
            NumberError::Failed(e) => write!(f, "{e:?}"),
        }
    }
}

/// What taking a document's TC kimlik number did.
#[derive(Debug, Default)]
pub struct NumberTaken {
    /// A closure of the person ran on another account: this account is closed with it.
    pub closed: Option<crate::protection::Closed>,
    /// The person's other accounts closed by this tie: a closure running here (or on another of
    /// them) closes them too.
    pub closed_others: Vec<i64>,
    /// Another account holds the number already (one person, two accounts): it stays there, and
    /// the reviewer is told.
    pub also_on: Option<i64>,
    /// The account holds the number now, verified (it had it, or kept it).
    pub kept: bool,
}

/// The audit row of a decision on a document (`entry`: who and on what), the same from the back
/// office and the shell: `kyc.approve` or `kyc.reject`, the state before and after, and what the
/// number read on the document did (never the number itself).
pub fn decision_entry(
    entry: crate::audit::Entry,
    to: DocState,
    reason: Option<&str>,
    expires_at: Option<i64>,
    number_given: bool,
    taken: &NumberTaken,
) -> crate::audit::Entry {
    crate::audit::Entry { action: format!("kyc.{}", if to == DocState::Approved { "approve" } else { "reject" }), ..entry }
        .before(serde_json::json!({ "state": "pending" }))
        .after(serde_json::json!({
            "state": to.as_str(), "reason": reason, "expiresAt": expires_at,
            "number": number_given, "numberKept": taken.kept, "closedWithPerson": taken.closed.is_some(), "othersClosed": taken.closed_others, "numberAlsoOn": taken.also_on,
        }))
}

/// The TC kimlik number the reviewer read on an identity document being approved, in the approval's
/// transaction. It must be the account's when the account has one, and the one an earlier review
/// tied it to (else nothing changes: the reviewer rejects the document); when another account has
/// it, the reviewer must say they compared and it is the same person (`same_person`). The account
/// is then tied to the person of that number, with
/// every other account reviewed the same way: a closure running on any of them closes the others
/// too (same kind, same end) and ends their sessions, and one started later does the same, so the
/// person is excluded whichever account they play from (a number a registration only typed in ties
/// nothing: anyone can type another's number). The account also keeps the number as its own when
/// it had none (a fast registration asks for none) and no other account holds it, so that a
/// registration with it is refused while a closure runs.
pub async fn take_number_in(
    conn: &mut sqlx::AnyConnection,
    doc_id: i64,
    number: &crate::accounts::domain::PersonalNo,
    same_person: bool,
    now: i64,
) -> Result<NumberTaken, NumberError> {
    let (player_id, kind) =
        store::owner_and_kind(conn, doc_id).await?.ok_or_else(|| NumberError::Refused(format!("No document #{doc_id}.")))?;
    if kind != DocKind::Identity.as_str() {
        return Err(NumberError::Refused("Only an identity document carries a TC kimlik number.".into()));
    }
    crate::protection::lock_person(conn, player_id, Some(number.as_str())).await?;
    let own = store::personal_no(conn, player_id).await?;
    if own.as_deref().is_some_and(|own| own != number.as_str()) {
        return Err(NumberError::Refused(
            "The document's TC kimlik number is not the account's: reject the document (name_mismatch).".into(),
        ));
    }
    let tied = crate::protection::tied_number(conn, player_id).await?;
    if tied.as_deref().is_some_and(|tied| tied != number.as_str()) {
        return Err(NumberError::Refused(
            "An earlier review tied the account to another TC kimlik number: reject the document (name_mismatch).".into(),
        ));
    }
    // A number on another account ties this one to that person only when the reviewer has compared
    // the documents and says so: a stranger's leaked document must not tie an account to its owner,
    // whose closures would then close it, and whose account its closures would close.
    let mut others = crate::protection::accounts_of_number(conn, number.as_str()).await?;
    others.extend(store::holder_of_number(conn, number.as_str()).await?);
    others.retain(|&other| other != player_id);
    others.sort_unstable();
    others.dedup();
    if let Some(&other) = others.first().filter(|_| tied.is_none() && !same_person) {
        return Err(NumberError::Refused(format!(
            "The TC kimlik number is on account #{other} too. Compare the documents: if it is the same person, approve again \
             saying so (a closure of either account then closes both); if not, reject the document (name_mismatch)."
        )));
    }
    store::set_verified_no(conn, player_id, number.as_str()).await?;
    let mut closed_others = crate::protection::follow_person_in(conn, number.as_str(), now).await?;
    let closed = match closed_others.iter().position(|&id| id == player_id) {
        Some(at) => {
            closed_others.remove(at);
            crate::protection::closure_state(conn, player_id, now).await?
        }
        None => None,
    };
    let also_on = store::holder_of_number(conn, number.as_str()).await?.filter(|&holder| holder != player_id);
    let kept = also_on.is_none();
    if kept && !store::verify_personal_no(conn, player_id, number.as_str(), now).await? {
        // Another account took the number between the read and the write (PostgreSQL: the
        // transaction is spoilt by the unique key; it rolls back and the reviewer tries again).
        return Err(NumberError::Refused("Another account has just been given this TC kimlik number: try again.".into()));
    }
    Ok(NumberTaken { closed, closed_others, also_on, kept })
}

/// Every `every`: marks approved documents past their validity expired, and deletes the files of
/// documents uploaded longer ago than the retention (the rows stay, their decisions with them).
pub async fn sweep(db: crate::db::Db, files: std::sync::Arc<dyn files::DocumentStore>, rules: Rules, every: std::time::Duration) {
    crate::time::repeat(every, || async {
        if let Err(e) = expire(&db, crate::db::now_ms()).await {
            tracing::warn!(error = %e, "marking expired identity documents failed");
        }
        if let Err(e) = purge(&db, files.as_ref(), &rules).await {
            tracing::warn!(error = %e, "deleting expired identity documents failed");
        }
    })
    .await
}

/// Approved documents whose validity ended by `now` move forward to expired (the check already
/// reads them so; the row, the operator's list and the player's documents say it too). How many.
pub async fn expire(db: &crate::db::Db, now: i64) -> Result<u64, sqlx::Error> {
    let done = store::expire(db, now).await?;
    if done > 0 {
        tracing::info!(documents = done, "identity documents expired");
    }
    Ok(done)
}

/// The retention's deletion, once: how many files it deleted.
pub async fn purge(db: &crate::db::Db, files: &dyn files::DocumentStore, rules: &Rules) -> anyhow::Result<usize> {
    let before = crate::db::now_ms() - rules.retention_days * 24 * 3_600_000;
    let due = store::due_for_purge(db, before).await?;
    for (id, key) in &due {
        files.delete(key).await?;
        store::mark_purged(db, *id).await?;
    }
    if !due.is_empty() {
        tracing::info!(files = due.len(), "identity documents past their retention deleted");
    }
    Ok(due.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_are_recognised_by_content_not_name() {
        assert_eq!(sniff(&[0xFF, 0xD8, 0xFF, 0xE0, 0, 0]), Some("image/jpeg"));
        assert_eq!(sniff(b"\x89PNG\r\n\x1a\nrest"), Some("image/png"));
        assert_eq!(sniff(b"%PDF-1.7\n"), Some("application/pdf"));
        assert_eq!(sniff(b"<html><script>"), None);
        assert_eq!(sniff(b"MZ\x90\x00"), None);
        assert_eq!(sniff(b""), None);
    }

    #[test]
    fn a_check_is_approved_while_a_valid_approval_stands_else_pending_else_the_last_word() {
        let d = |state, expires_at| Seen { doc_type: "passport".into(), side: Some("front".into()), state, expires_at };
        assert_eq!(check(&[], 10), CheckState::NotStarted);
        assert_eq!(check(&[d(DocState::Rejected, None), d(DocState::Pending, None)], 10), CheckState::Pending);
        assert_eq!(check(&[d(DocState::Pending, None), d(DocState::Rejected, None)], 10), CheckState::Pending);
        assert_eq!(check(&[d(DocState::Rejected, None)], 10), CheckState::Rejected);
        assert_eq!(check(&[d(DocState::Approved, Some(20)), d(DocState::Rejected, None)], 10), CheckState::Approved);
        assert_eq!(check(&[d(DocState::Approved, Some(5))], 10), CheckState::Expired);
        assert_eq!(check(&[d(DocState::Expired, None)], 10), CheckState::Expired);
    }

    #[test]
    fn a_kimlik_or_licence_is_approved_only_with_both_sides_and_a_passport_with_its_photo_page() {
        let d = |doc_type: &str, side: &str, state| Seen { doc_type: doc_type.into(), side: Some(side.into()), state, expires_at: None };
        let (approved, pending, rejected) = (DocState::Approved, DocState::Pending, DocState::Rejected);
        assert_eq!(check(&[d("kimlik", "front", approved)], 10), CheckState::Incomplete);
        assert_eq!(check(&[d("kimlik", "front", approved), d("kimlik", "back", pending)], 10), CheckState::Pending);
        assert_eq!(check(&[d("kimlik", "front", approved), d("kimlik", "back", rejected)], 10), CheckState::Rejected);
        assert_eq!(check(&[d("kimlik", "front", approved), d("kimlik", "back", approved)], 10), CheckState::Approved);
        // Two halves of different documents are not one document.
        assert_eq!(check(&[d("kimlik", "front", approved), d("licence", "back", approved)], 10), CheckState::Incomplete);
        assert_eq!(check(&[d("passport", "front", approved)], 10), CheckState::Approved);
        assert_eq!(check(&[d("passport", "back", approved)], 10), CheckState::Incomplete);
        // An approved side that expired no longer counts.
        let mut old = d("licence", "front", approved);
        old.expires_at = Some(5);
        assert_eq!(check(&[old, d("licence", "back", approved)], 10), CheckState::Incomplete);
        let address = Seen { doc_type: "utility_bill".into(), side: None, state: approved, expires_at: None };
        assert_eq!(check(&[address], 10), CheckState::Approved);
    }

    #[test]
    fn identity_documents_name_their_side_and_proofs_of_address_none() {
        assert!(fits(DocKind::Identity, "kimlik", Some("back")));
        assert!(!fits(DocKind::Identity, "kimlik", None));
        assert!(!fits(DocKind::Identity, "utility_bill", Some("front")));
        assert!(fits(DocKind::Address, "bank_statement", None));
        assert!(!fits(DocKind::Address, "bank_statement", Some("front")));
    }

    #[test]
    fn large_withdrawals_or_large_depositors_ask_for_identity() {
        let rules = Rules::default();
        let tl = |lira: i64| Kurus::from_minor(lira * 100).unwrap();
        assert!(!rules.asks_identity(tl(5_000), tl(20_000)));
        assert!(rules.asks_identity(tl(5_001), tl(0)));
        assert!(rules.asks_identity(tl(10), tl(20_001)));
    }
}
