//! Where identity documents' files are kept: outside the database rows, behind one interface (a
//! folder here; object storage would implement the same). Files are named by a random key.

use std::path::PathBuf;

/// A store of document files by key.
#[async_trait::async_trait]
pub trait DocumentStore: Send + Sync + std::fmt::Debug {
    /// Keeps `bytes` under a new random key and returns it.
    async fn put(&self, bytes: &[u8]) -> anyhow::Result<String>;
    async fn get(&self, key: &str) -> anyhow::Result<Vec<u8>>;
    /// Deletes the file (a missing one is no error).
    async fn delete(&self, key: &str) -> anyhow::Result<()>;
}

/// A folder of files (`KASA_DOCUMENTS_DIR`, default `data/documents`), created when first used,
/// readable by the server's user only.
#[derive(Debug, Clone)]
pub struct Folder(pub PathBuf);

impl Folder {
    fn path(&self, key: &str) -> anyhow::Result<PathBuf> {
        // Keys are ours (hex); anything else never reaches the file system.
        anyhow::ensure!(key.len() == 32 && key.bytes().all(|b| b.is_ascii_hexdigit()), "not a document key");
        Ok(self.0.join(key))
    }
}

#[async_trait::async_trait]
impl DocumentStore for Folder {
    async fn put(&self, bytes: &[u8]) -> anyhow::Result<String> {
        let mut raw = [0u8; 16];
        rand::RngCore::fill_bytes(&mut rand::rng(), &mut raw);
        let key = hex::encode(raw);
        tokio::fs::create_dir_all(&self.0).await?;
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let _ = tokio::fs::set_permissions(&self.0, std::fs::Permissions::from_mode(0o700)).await;
        }
        tokio::fs::write(self.path(&key)?, bytes).await?;
        Ok(key)
    }

    async fn get(&self, key: &str) -> anyhow::Result<Vec<u8>> {
        Ok(tokio::fs::read(self.path(key)?).await?)
    }

    async fn delete(&self, key: &str) -> anyhow::Result<()> {
        match tokio::fs::remove_file(self.path(key)?).await {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(e.into()),
            _ => Ok(()),
        }
    }
}
