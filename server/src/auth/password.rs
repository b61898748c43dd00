//! argon2id password hashing, off the async threads and bounded: at most `threads` hashes run at
//! once (each takes 19 MiB), at most `queue` more wait their turn, and any beyond that are refused
//! at once (503) instead of piling up memory and threads.

use std::sync::mpsc::TrySendError;
use std::sync::{Arc, Mutex};

use argon2::password_hash::phc::PasswordHash;
use argon2::password_hash::{PasswordHasher, PasswordVerifier};
use argon2::{Algorithm, Argon2, Params, Version};
use tokio::sync::{OnceCell, oneshot};

use crate::error::AppError;

fn hasher() -> Argon2<'static> {
    // OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane.
    let params = Params::new(19 * 1024, 2, 1, None).expect("valid argon2 parameters");
    Argon2::new(Algorithm::Argon2id, Version::V0x13, params)
}

/// A job for a hashing thread.
type Job = Box<dyn FnOnce() + Send>;

/// The node's password hasher: a fixed set of threads that do nothing else, fed through a bounded
/// queue. Fixed threads also bound the memory the allocator keeps after hashing (one arena each).
#[derive(Debug)]
pub struct Hashing {
    jobs: std::sync::mpsc::SyncSender<Job>,
    dummy: OnceCell<String>,
}

impl Hashing {
    /// `threads` hashes at once (at least one), `queue` more may wait.
    pub fn new(threads: usize, queue: usize) -> Hashing {
        let (jobs, rx) = std::sync::mpsc::sync_channel::<Job>(queue);
        let rx = Arc::new(Mutex::new(rx));
        for i in 0..threads.max(1) {
            let rx = rx.clone();
            let spawned = std::thread::Builder::new().name(format!("kasa-hash-{i}")).spawn(move || {
                loop {
                    // The lock is held only while taking a job; the hash runs without it.
                    let job = match rx.lock() {
                        Ok(rx) => rx.recv(),
                        Err(_) => return,
                    };
                    match job {
                        Ok(job) => job(),
                        // Every sender is gone: the node is stopping.
                        Err(_) => return,
                    }
                }
            });
            if let Err(e) = spawned {
                tracing::error!(error = %e, "cannot start a password hashing thread");
            }
        }
        Hashing { jobs, dummy: OnceCell::new() }
    }

    /// Runs `work` on a hashing thread; refuses at once when the queue is full.
    async fn run<T: Send + 'static>(&self, work: impl FnOnce() -> T + Send + 'static) -> Result<T, AppError> {
        let (done, result) = oneshot::channel();
        let job: Job = Box::new(move || {
            let _ = done.send(work());
        });
        match self.jobs.try_send(job) {
            Ok(()) => {}
            Err(TrySendError::Full(_)) => {
                tracing::warn!("password hashing is saturated: request refused");
                return Err(AppError::Busy);
            }
            Err(TrySendError::Disconnected(_)) => return Err(AppError::Internal(anyhow::anyhow!("no password hashing thread"))),
        }
        result.await.map_err(|_| AppError::Internal(anyhow::anyhow!("a password hashing job was lost")))
    }

    /// Hashes a password (PHC string).
    pub async fn hash(&self, password: String) -> Result<String, AppError> {
        self.run(move || hasher().hash_password(password.as_bytes()).map(|h| h.to_string()))
            .await?
            .map_err(|e| AppError::Internal(anyhow::anyhow!("password hashing failed: {e}")))
    }

    /// Whether `password` matches the stored PHC hash.
    pub async fn verify(&self, password: String, stored: String) -> Result<bool, AppError> {
        self.run(move || {
            let Ok(parsed) = PasswordHash::new(&stored) else { return false };
            hasher().verify_password(password.as_bytes(), &parsed).is_ok()
        })
        .await
    }

    /// A hash of a random password, verified against when the username is unknown so that an
    /// unknown user takes as long to refuse as a wrong password.
    pub async fn dummy_hash(&self) -> Result<String, AppError> {
        self.dummy.get_or_try_init(|| self.hash(format!("{:032x}", rand::random::<u128>()))).await.cloned()
    }
}
