//! `kasa admin backup PATH` (issue 33): a consistent copy of a SQLite database while nodes serve
//! from it, made with SQLite's online backup API in one step (a read transaction on the source for
//! the copy's length: writers go on, the copy is the database as of its start). A PostgreSQL
//! database is backed up with `pg_dump` (see the README): the command says so.

use std::path::Path;
use std::str::FromStr;
use std::time::Duration;

use anyhow::{Context, bail};
use sqlx::sqlite::SqliteConnectOptions;

use crate::db::{Db, Engine};

/// How many times a step that found the source busy is tried again.
const BUSY_TRIES: u32 = 50;

/// Writes a copy of the database to `path` (a new file: an existing one is never overwritten).
pub async fn backup(db: &Db, path: &Path) -> anyhow::Result<u64> {
    if db.engine == Engine::Postgres {
        bail!("a PostgreSQL database is backed up with pg_dump -Fc (see the README's Backups), not with kasa admin backup");
    }
    if path.exists() {
        bail!("{} exists already: a backup never overwrites a file", path.display());
    }
    let source = SqliteConnectOptions::from_str(&db.url)?.get_filename().to_path_buf();
    let target = path.to_path_buf();
    tokio::task::spawn_blocking(move || copy(&source, &target)).await.context("the backup thread")?
}

fn copy(source: &Path, target: &Path) -> anyhow::Result<u64> {
    use rusqlite::backup::{Backup, StepResult};
    use rusqlite::{Connection, OpenFlags};
    let from = Connection::open_with_flags(source, OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX)
        .with_context(|| format!("opening {}", source.display()))?;
    from.busy_timeout(Duration::from_secs(5))?;
    let mut to = Connection::open(target).with_context(|| format!("creating {}", target.display()))?;
    {
        let backup = Backup::new(&from, &mut to)?;
        let mut tries = 0;
        // Every page in one step: the copy is of one moment, however busy the writers are.
        loop {
            match backup.step(-1)? {
                StepResult::Done => break,
                StepResult::More => continue,
                StepResult::Busy | StepResult::Locked if tries < BUSY_TRIES => {
                    tries += 1;
                    std::thread::sleep(Duration::from_millis(100));
                }
                other => bail!("the source stayed busy ({other:?}): try again"),
            }
        }
    }
    // A copy of a database in WAL mode is in WAL mode too: checkpoint it into one file.
    to.pragma_update(None, "journal_mode", "DELETE")?;
    let check: String = to.query_row("PRAGMA integrity_check", [], |r| r.get(0))?;
    if check != "ok" {
        bail!("the copy failed its integrity check: {check}");
    }
    Ok(std::fs::metadata(target)?.len())
}
