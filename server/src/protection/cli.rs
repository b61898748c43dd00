//! `kasa admin player exclude`: the operator starts a time-out or a self-exclusion for a player
//! (as the player could); none can be lifted early, by the operator either.

use super::{Closing, Term, exclusion};
use crate::db::Db;
use crate::i18n::Locale;

/// Starts the closure and says until when, in Turkey's time.
pub async fn exclude(db: &Db, player_id: i64, term: &str, then: &dyn Closing) -> anyhow::Result<String> {
    let term = Term::parse(term)
        .ok_or_else(|| anyhow::anyhow!("unknown term '{term}' (24h, 7d, 1m, 6w: time-out; 6m, 1y, 5y, permanent: exclusion)"))?;
    let audit = crate::audit::Entry::new("player.exclude", format!("player:{player_id}")).from_shell();
    let until = exclusion::close(db, player_id, term, "operator", then, Some(&audit)).await.map_err(|e| anyhow::anyhow!("{e}"))?;
    Ok(match until {
        Some(u) => format!("{} until {} (Turkey time)", term.closure().as_str(), exclusion::turkey_time(u, Locale::En)),
        None => "permanent exclusion".to_string(),
    })
}
