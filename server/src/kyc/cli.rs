//! `kasa admin kyc list|show|approve|reject`: the operator reviews identity documents (until the
//! back office gives a screen). A decision moves a pending document only: states move forward.

use clap::Subcommand;

use super::files::DocumentStore;
use super::{DocState, REASONS, store};
use crate::accounts::domain::PersonalNo;
use crate::audit::Entry;
use crate::db::{Db, now_ms};
use crate::protection::Closed;

#[derive(Subcommand)]
pub enum KycCommand {
    /// List documents (the pending ones by default), oldest first.
    List {
        /// pending, approved, rejected, expired or all.
        #[arg(long, default_value = "pending")]
        state: String,
        #[arg(long, default_value_t = 100)]
        limit: i64,
    },
    /// Show a document's details; with --out, write its file there to look at it.
    Show {
        #[arg(long)]
        id: i64,
        #[arg(long)]
        out: Option<std::path::PathBuf>,
    },
    /// Approve a pending document, valid until --expires (YYYY-MM-DD, the document's own expiry) if given.
    Approve {
        #[arg(long)]
        id: i64,
        #[arg(long)]
        expires: Option<String>,
        /// The TC kimlik number printed on an identity document: kept on an account that has none
        /// (a fast registration), checked against one that has; a closure of the person on another
        /// account then closes this one too.
        #[arg(long)]
        number: Option<String>,
        /// The number is on another account too and the documents show the same person: tie the
        /// two (a closure of either then closes both). Without it such an approval is refused.
        #[arg(long)]
        same_person: bool,
    },
    /// Reject a pending document with a reason the player reads: unreadable, expired_document,
    /// name_mismatch, birth_date_mismatch (the document's birth date is not the account's),
    /// not_accepted or incomplete.
    Reject {
        #[arg(long)]
        id: i64,
        #[arg(long)]
        reason: String,
        /// The operator's own note (not shown to the player).
        #[arg(long)]
        note: Option<String>,
    },
}

fn line(d: &store::Document) -> String {
    format!(
        "#{} player {} {} {} {} {} {} bytes uploaded {}{}",
        d.id,
        d.player_id,
        d.kind,
        d.doc_type,
        d.side.as_deref().unwrap_or("-"),
        d.state,
        d.size,
        crate::time::iso_utc(d.uploaded_at),
        d.reason.as_deref().map(|r| format!(" reason {r}")).unwrap_or_default()
    )
}

/// Runs a command, printing what it did.
pub async fn run(db: &Db, files: &dyn DocumentStore, command: KycCommand) -> anyhow::Result<()> {
    match command {
        KycCommand::List { state, limit } => {
            let filter = (state != "all").then_some(state.as_str());
            if let Some(s) = filter {
                anyhow::ensure!(DocState::parse(s).is_some(), "unknown state '{s}' (pending, approved, rejected, expired, all)");
            }
            for d in store::list(db, filter, limit).await? {
                println!("{}", line(&d));
            }
        }
        KycCommand::Show { id, out } => {
            let d = store::by_id(db, id).await?.ok_or_else(|| anyhow::anyhow!("no document #{id}"))?;
            println!("{}\nmime {} sha256 {}", line(&d), d.mime, d.sha256);
            if let (Some(at), Some(by)) = (d.decided_at, &d.decided_by) {
                println!("decided {} by {by}", crate::time::iso_utc(at));
            }
            if let Some(note) = &d.note {
                println!("note {note}");
            }
            if let Some(path) = out {
                let key = d.file_key.as_deref().ok_or_else(|| anyhow::anyhow!("document #{id}'s file was deleted (retention)"))?;
                std::fs::write(&path, files.get(key).await?)?;
                println!("file written to {}", path.display());
            }
        }
        KycCommand::Approve { id, expires, number, same_person } => {
            let expires_at = match expires {
                Some(day) => {
                    let date =
                        crate::time::Date::parse_iso(&day).ok_or_else(|| anyhow::anyhow!("--expires must be YYYY-MM-DD, not '{day}'"))?;
                    Some((date.days() + 1) * 86_400_000)
                }
                None => None,
            };
            anyhow::ensure!(expires_at.is_none_or(|e| e > now_ms()), "the document has expired already: reject it as expired_document");
            let number = number
                .map(|n| PersonalNo::parse(&n).map_err(|_| anyhow::anyhow!("--number is an 11-digit TC kimlik number, not '{n}'")))
                .transpose()?;
            let now = now_ms();
            let mut tx = db.begin_write().await?;
            anyhow::ensure!(
                super::decide_in(&mut tx, id, DocState::Approved, None, None, expires_at, now, "operator").await?,
                "document #{id} is not pending"
            );
            let taken = match &number {
                Some(n) => super::take_number_in(&mut tx, id, n, same_person, now).await.map_err(|e| anyhow::anyhow!("{e}"))?,
                None => super::NumberTaken::default(),
            };
            let entry = super::decision_entry(
                Entry::new("", format!("document:{id}")).from_shell(),
                DocState::Approved,
                None,
                expires_at,
                number.is_some(),
                &taken,
            );
            crate::audit::append(&mut tx, &entry).await?;
            tx.commit().await?;
            println!("document #{id} approved");
            if let Some(other) = taken.also_on {
                println!("the TC kimlik number is on account #{other} too: one person, two accounts");
            }
            for other in &taken.closed_others {
                println!("a closure of this person runs here or on another of their accounts: account #{other} is closed with it");
            }
            if let Some(c) = taken.closed {
                let how = match c {
                    Closed::Forever => "for good".to_string(),
                    Closed::Until { until, .. } => format!("until {}", crate::time::iso_utc(until)),
                    Closed::Reopening { at } => format!("until it reopens {}", crate::time::iso_utc(at)),
                    Closed::AskToReopen { .. } => "until the player asks to reopen".to_string(),
                };
                println!("a closure of this person runs on another account: this account is closed with it, {how}");
            }
        }
        KycCommand::Reject { id, reason, note } => {
            anyhow::ensure!(REASONS.contains(&reason.as_str()), "unknown reason '{reason}' ({})", REASONS.join(", "));
            let mut tx = db.begin_write().await?;
            anyhow::ensure!(
                super::decide_in(&mut tx, id, DocState::Rejected, Some(&reason), note.as_deref(), None, now_ms(), "operator").await?,
                "document #{id} is not pending"
            );
            let entry = super::decision_entry(
                Entry::new("", format!("document:{id}")).from_shell(),
                DocState::Rejected,
                Some(&reason),
                None,
                false,
                &super::NumberTaken::default(),
            );
            crate::audit::append(&mut tx, &entry).await?;
            tx.commit().await?;
            println!("document #{id} rejected: {reason}");
        }
    }
    Ok(())
}
