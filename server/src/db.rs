//! The database: one pool over SQLite or PostgreSQL (chosen by the URL), and its migrations.

use std::str::FromStr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use anyhow::{Context, bail};
use sqlx::any::{AnyPoolOptions, install_default_drivers};
use sqlx::migrate::Migrator;
use sqlx::postgres::PgConnectOptions;
use sqlx::sqlite::SqliteConnectOptions;
use sqlx::{AnyPool, ConnectOptions, Executor};

pub use crate::time::{iso_utc, now_ms};

static SQLITE_MIGRATIONS: Migrator = sqlx::migrate!("./migrations/sqlite");
static POSTGRES_MIGRATIONS: Migrator = sqlx::migrate!("./migrations/postgres");

/// Which engine a database runs on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Engine {
    Sqlite,
    Postgres,
}

impl Engine {
    /// The engine a URL names; any other scheme is a configuration error.
    pub fn from_url(url: &str) -> anyhow::Result<Engine> {
        let scheme = url.split(':').next().unwrap_or("");
        match scheme {
            "sqlite" => Ok(Engine::Sqlite),
            "postgres" | "postgresql" => Ok(Engine::Postgres),
            _ => bail!("unknown database URL scheme '{scheme}:' (use sqlite://PATH or postgres://USER@HOST/DB)"),
        }
    }
}

/// A connection pool and the engine behind it. Queries are written once, with `$1` placeholders,
/// BIGINT epoch-millisecond times and TEXT for JSON, so they run on both engines.
#[derive(Debug, Clone)]
pub struct Db {
    pub pool: AnyPool,
    pub engine: Engine,
    /// The URL it was opened with (PostgreSQL's listener opens its own connection with it).
    pub url: String,
    /// On a SQLite file: read-only connections for [`Db::read_in_place`].
    reader: Option<Arc<InPlaceReader>>,
    /// The key sealing unrevealed server seeds ([`crate::studio::seal`]): the public development
    /// key until `kasa serve` sets the node's (`KASA_SEED_KEY`).
    pub seed_key: crate::seal::SeedKey,
}

impl Db {
    /// Connects (creating the SQLite file and its folder if needed) and checks the database answers.
    pub async fn connect(url: &str) -> anyhow::Result<Db> {
        install_default_drivers();
        let engine = Engine::from_url(url)?;
        if engine == Engine::Sqlite {
            create_sqlite_parent_dir(url)?;
            // Validate the URL early so a typo is reported as such.
            SqliteConnectOptions::from_str(url).with_context(|| format!("invalid SQLite URL '{}'", redact(url)))?;
        } else {
            let opts = PgConnectOptions::from_str(url).with_context(|| format!("invalid PostgreSQL URL '{}'", redact(url)))?;
            // One direct attempt first, so an unreachable server is reported with its real cause.
            match tokio::time::timeout(Duration::from_secs(10), opts.connect()).await {
                Ok(Ok(conn)) => drop(conn),
                Ok(Err(e)) => return Err(anyhow::anyhow!(e).context(format!("cannot connect to the database at '{}'", redact(url)))),
                Err(_) => anyhow::bail!("cannot connect to the database at '{}': no answer within 10 s", redact(url)),
            }
        }
        let is_sqlite = engine == Engine::Sqlite;
        let pool = AnyPoolOptions::new()
            .max_connections(if is_sqlite { 8 } else { 16 })
            .acquire_timeout(Duration::from_secs(10))
            // No ping before each use: it is a second round trip (on SQLite, through the
            // connection's worker thread) on every query; a broken connection fails its query and
            // is dropped instead.
            .test_before_acquire(false)
            .after_connect(move |conn, _| {
                Box::pin(async move {
                    if is_sqlite {
                        // A page cache of 32 MiB per connection and reads through a memory map: a big
                        // table's pages are not read again by a system call each (settling a
                        // hundred thousand bets touches many).
                        conn.execute(
                            "PRAGMA journal_mode = WAL; PRAGMA busy_timeout = 10000; PRAGMA foreign_keys = ON; PRAGMA synchronous = NORMAL; \
                             PRAGMA cache_size = -32768; PRAGMA mmap_size = 268435456; PRAGMA temp_store = MEMORY;",
                        )
                        .await?;
                    }
                    Ok(())
                })
            })
            .connect(url)
            .await
            .with_context(|| format!("cannot connect to the database at '{}'", redact(url)))?;
        sqlx::query("SELECT 1").execute(&pool).await.with_context(|| format!("the database at '{}' does not answer", redact(url)))?;
        let reader = match engine {
            Engine::Sqlite => InPlaceReader::for_url(url).map(Arc::new),
            Engine::Postgres => None,
        };
        Ok(Db { pool, engine, url: url.to_string(), reader, seed_key: crate::seal::SeedKey::development() })
    }

    /// The same database with another key sealing the unrevealed server seeds.
    pub fn with_seed_key(mut self, key: crate::seal::SeedKey) -> Db {
        self.seed_key = key;
        self
    }

    /// Runs a short read (a point read by an indexed key, the same SQL text as the pool's) on a
    /// read-only SQLite connection in the calling thread, without the pool's hand-over to a
    /// connection's worker thread, which costs several times the read itself. `None` on PostgreSQL
    /// (and an in-memory SQLite): the caller then reads through the pool. Only for calls made on
    /// every request by every player (the balance poll); WAL readers never wait for a writer.
    pub fn read_in_place<T>(&self, read: impl FnOnce(&rusqlite::Connection) -> rusqlite::Result<T>) -> Option<Result<T, sqlx::Error>> {
        let reader = self.reader.as_ref()?;
        Some(reader.run(read).map_err(|e| sqlx::Error::Protocol(format!("sqlite read: {e}"))))
    }

    /// Begins a transaction that reads and then writes. On SQLite `BEGIN IMMEDIATE` takes the write
    /// lock at once, waiting its turn under the busy timeout, instead of failing with "database is
    /// locked" when a read inside a deferred transaction has to become a write.
    pub async fn begin_write(&self) -> Result<sqlx::Transaction<'static, sqlx::Any>, sqlx::Error> {
        match self.engine {
            Engine::Sqlite => self.pool.begin_with("BEGIN IMMEDIATE").await,
            Engine::Postgres => self.pool.begin().await,
        }
    }

    /// Brings the schema up to date with this binary's migrations for the engine.
    pub async fn migrate(&self) -> anyhow::Result<()> {
        let mut conn = self.pool.acquire().await?;
        self.migrator().run(&mut *conn).await.context("database migration failed")?;
        Ok(())
    }

    /// Applies the migrations up to `version` only (to test a migration on the data before it).
    pub async fn migrate_to(&self, version: i64) -> anyhow::Result<()> {
        let mut conn = self.pool.acquire().await?;
        self.migrator().run_to(version, &mut *conn).await.context("database migration failed")?;
        Ok(())
    }

    /// Whether the database answers and holds exactly this binary's migrations, all applied.
    pub async fn migrations_current(&self) -> Result<bool, sqlx::Error> {
        let latest = self.migrator().iter().map(|m| m.version).max().unwrap_or(0);
        let applied: Option<i64> =
            sqlx::query_scalar("SELECT MAX(version) FROM _sqlx_migrations WHERE success = TRUE").fetch_one(&self.pool).await?;
        Ok(applied == Some(latest))
    }

    fn migrator(&self) -> &'static Migrator {
        match self.engine {
            Engine::Sqlite => &SQLITE_MIGRATIONS,
            Engine::Postgres => &POSTGRES_MIGRATIONS,
        }
    }
}

/// Read-only connections to a SQLite file, taken and given back around each read; there are never
/// more than the threads that read at once.
struct InPlaceReader {
    path: std::path::PathBuf,
    idle: Mutex<Vec<rusqlite::Connection>>,
}

impl std::fmt::Debug for InPlaceReader {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("InPlaceReader").field("path", &self.path).finish_non_exhaustive()
    }
}

impl InPlaceReader {
    fn for_url(url: &str) -> Option<InPlaceReader> {
        let opts = SqliteConnectOptions::from_str(url).ok()?;
        let path = opts.get_filename();
        let name = path.to_string_lossy();
        if name.is_empty() || name.contains(":memory:") || name.starts_with("file:") {
            return None;
        }
        Some(InPlaceReader { path: path.to_path_buf(), idle: Mutex::new(Vec::new()) })
    }

    fn run<T>(&self, read: impl FnOnce(&rusqlite::Connection) -> rusqlite::Result<T>) -> rusqlite::Result<T> {
        let taken = self.idle.lock().unwrap_or_else(|e| e.into_inner()).pop();
        let conn = match taken {
            Some(conn) => conn,
            None => {
                use rusqlite::OpenFlags;
                let conn =
                    rusqlite::Connection::open_with_flags(&self.path, OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX)?;
                conn.busy_timeout(Duration::from_secs(2))?;
                conn
            }
        };
        let out = read(&conn);
        self.idle.lock().unwrap_or_else(|e| e.into_inner()).push(conn);
        out
    }
}

/// Whether a connection talks to PostgreSQL (for the few statements only one engine has).
pub fn is_postgres(conn: &sqlx::AnyConnection) -> bool {
    conn.backend_name().eq_ignore_ascii_case("postgresql")
}

/// A URL with its password hidden, fit for a log line or an error.
pub fn redact(url: &str) -> String {
    match (url.find("://"), url.rfind('@')) {
        (Some(s), Some(at)) if at > s => {
            let creds = &url[s + 3..at];
            match creds.find(':') {
                Some(c) => format!("{}{}:***{}", &url[..s + 3], &creds[..c], &url[at..]),
                None => url.to_string(),
            }
        }
        _ => url.to_string(),
    }
}

fn create_sqlite_parent_dir(url: &str) -> anyhow::Result<()> {
    let opts = SqliteConnectOptions::from_str(url)?;
    let path = opts.get_filename();
    if path.as_os_str() != ":memory:"
        && let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty())
    {
        std::fs::create_dir_all(parent).with_context(|| format!("cannot create the folder {}", parent.display()))?;
    }
    Ok(())
}

/// At most this many parameters in one statement of many rows: SQLite's binding of numbered
/// parameters costs the square of their number, so a few short statements beat one long one.
pub const STATEMENT_PARAMS: usize = 240;

/// How many rows of `cols` parameters one statement takes.
pub fn rows_per_statement(cols: usize) -> usize {
    (STATEMENT_PARAMS / cols.max(1)).max(1)
}

/// `($s, $s+1, …)` rows of `cols` placeholders each, `rows` of them, numbered from `start`.
pub fn value_rows(rows: usize, cols: usize, start: usize) -> String {
    (0..rows)
        .map(|r| {
            let cells: Vec<String> = (0..cols).map(|c| format!("${}", start + r * cols + c)).collect();
            format!("({})", cells.join(", "))
        })
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_password_in_a_database_url_is_hidden() {
        assert_eq!(redact("postgres://kasa:s3cret@db/kasa"), "postgres://kasa:***@db/kasa");
        assert_eq!(redact("sqlite://data/kasa.db"), "sqlite://data/kasa.db");
    }

    #[test]
    fn an_unknown_scheme_is_refused() {
        assert!(Engine::from_url("mysql://x").is_err());
        assert_eq!(Engine::from_url("postgresql://x").unwrap(), Engine::Postgres);
    }
}
