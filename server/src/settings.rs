//! The installation's settings (`settings`, a key and a text value): the one module that writes
//! them, for every area that keeps a value there (the site's domains and trial bonus, the
//! catalogue's version, the installation's secrets).

use sqlx::AnyConnection;

use crate::db::Db;

/// How a setting is read (also by a caller that reads in place on SQLite).
pub const READ_SQL: &str = "SELECT value FROM settings WHERE key = $1";

/// A setting's value, if it is set.
pub async fn get(db: &Db, key: &str) -> sqlx::Result<Option<String>> {
    sqlx::query_scalar(READ_SQL).bind(key).fetch_optional(&db.pool).await
}

/// Sets a setting (inside the caller's transaction), replacing its value.
pub async fn put(conn: &mut AnyConnection, key: &str, value: &str) -> sqlx::Result<()> {
    sqlx::query("INSERT INTO settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = excluded.value")
        .bind(key)
        .bind(value)
        .execute(conn)
        .await?;
    Ok(())
}

/// Removes these settings (inside the caller's transaction).
pub async fn remove(conn: &mut AnyConnection, keys: &[&str]) -> sqlx::Result<()> {
    for key in keys {
        sqlx::query("DELETE FROM settings WHERE key = $1").bind(key).execute(&mut *conn).await?;
    }
    Ok(())
}

/// An installation's secret kept under `key`: 32 random bytes in hex, made by the first node that
/// asks (the insert of a racing node changes nothing), read by every other, so every node of the
/// installation holds the same one. Never logged.
pub async fn installation_secret(db: &Db, key: &str) -> sqlx::Result<String> {
    if let Some(value) = get(db, key).await? {
        return Ok(value);
    }
    let fresh = hex::encode(rand::random::<[u8; 32]>());
    sqlx::query("INSERT INTO settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING")
        .bind(key)
        .bind(&fresh)
        .execute(&db.pool)
        .await?;
    sqlx::query_scalar::<_, String>(READ_SQL).bind(key).fetch_one(&db.pool).await
}
