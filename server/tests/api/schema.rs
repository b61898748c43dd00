//! One schema on both engines: the two migration folders hold the same migrations, and once
//! migrated, SQLite and PostgreSQL have the same tables, columns (name and kind) and indexes.

use std::collections::BTreeSet;
use std::path::Path;

use sqlx::Row;

use crate::helpers::{Engine, fresh_database, postgres_available};

/// The kind of a column, as both engines agree on it.
fn kind(declared: &str) -> &'static str {
    let d = declared.to_lowercase();
    if d.contains("int") {
        "integer"
    } else if d.contains("char") || d.contains("text") {
        "text"
    } else if d.contains("real") || d.contains("double") || d.contains("numeric") {
        "real"
    } else if d.contains("bool") {
        "boolean"
    } else if d.contains("blob") || d.contains("bytea") {
        "bytes"
    } else {
        "other"
    }
}

/// `table.column kind` for every column, and `table:index` for every index that is not a key's own.
async fn shape(engine: Engine) -> (BTreeSet<String>, BTreeSet<String>) {
    let (url, _dir) = fresh_database(engine).await;
    let db = kasa::serve::prepare(&url, false).await.unwrap();
    let (columns_sql, indexes_sql) = match engine {
        Engine::Sqlite => (
            "SELECT m.name, p.name, p.type FROM sqlite_master m JOIN pragma_table_info(m.name) p \
             WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%' AND m.name NOT LIKE '_sqlx%'",
            "SELECT tbl_name, name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL",
        ),
        Engine::Postgres => (
            "SELECT table_name::text, column_name::text, data_type::text FROM information_schema.columns \
             WHERE table_schema = 'public' AND table_name NOT LIKE '_sqlx%'",
            "SELECT tablename::text, indexname::text FROM pg_indexes i WHERE schemaname = 'public' \
             AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)",
        ),
    };
    let columns = sqlx::query(columns_sql).fetch_all(&db.pool).await.unwrap();
    let columns =
        columns.iter().map(|r| format!("{}.{} {}", r.get::<String, _>(0), r.get::<String, _>(1), kind(&r.get::<String, _>(2)))).collect();
    let indexes = sqlx::query(indexes_sql).fetch_all(&db.pool).await.unwrap();
    let indexes = indexes.iter().map(|r| format!("{}:{}", r.get::<String, _>(0), r.get::<String, _>(1))).collect();
    (columns, indexes)
}

fn migration_names(folder: &str) -> BTreeSet<String> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("migrations").join(folder);
    std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().to_string()).collect()
}

#[test]
fn both_migration_folders_hold_the_same_migrations() {
    assert_eq!(migration_names("sqlite"), migration_names("postgres"));
}

#[tokio::test]
async fn sqlite_and_postgres_hold_the_same_tables_columns_and_indexes() {
    if !postgres_available("the schema parity check") {
        return;
    }
    // Act
    let (sqlite_columns, sqlite_indexes) = shape(Engine::Sqlite).await;
    let (pg_columns, pg_indexes) = shape(Engine::Postgres).await;

    // Assert
    assert!(sqlite_columns.len() > 50, "{sqlite_columns:?}");
    let only = |a: &BTreeSet<String>, b: &BTreeSet<String>| a.difference(b).cloned().collect::<Vec<_>>();
    assert_eq!(
        (only(&sqlite_columns, &pg_columns), only(&pg_columns, &sqlite_columns)),
        (vec![], vec![]),
        "columns only on SQLite, only on PostgreSQL"
    );
    assert_eq!(
        (only(&sqlite_indexes, &pg_indexes), only(&pg_indexes, &sqlite_indexes)),
        (vec![], vec![]),
        "indexes only on SQLite, only on PostgreSQL"
    );
}
