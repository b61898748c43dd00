//! `kasa admin staff ...` (the first staff member, and any later one from the shell) and
//! `kasa admin audit verify|show`: what the operator does on the server's machine. Each command is
//! recorded in the audit log as the operator's shell.

use clap::Subcommand;

use super::{Role, staff};
use crate::audit::{self, Entry};
use crate::auth::password::Hashing;
use crate::db::Db;

#[derive(Subcommand)]
pub enum StaffCommand {
    /// Create a staff member; the password is read from standard input (one line). They enrol an
    /// authenticator app (TOTP) at their first sign-in at /admin/.
    Create {
        #[arg(long)]
        username: String,
        /// support, finance, compliance, content or admin; repeat for several.
        #[arg(long = "role", required = true)]
        roles: Vec<String>,
    },
    /// Every staff member with their roles.
    List,
}

#[derive(Subcommand)]
pub enum AuditCommand {
    /// Walk the hash chain; names the first broken row (exit code 1) or says it holds.
    Verify,
    /// The newest rows (optionally those whose actor, action or target contain --q).
    Show {
        #[arg(long)]
        q: Option<String>,
        #[arg(long, default_value_t = 50)]
        limit: i64,
    },
}

fn shell(action: &str) -> Entry {
    Entry::new(action, "").from_shell()
}

pub async fn staff(db: &Db, command: StaffCommand) -> anyhow::Result<()> {
    match command {
        StaffCommand::Create { username, roles } => {
            let roles: Vec<Role> = roles
                .iter()
                .flat_map(|r| r.split(','))
                .map(|r| Role::parse(r).ok_or_else(|| anyhow::anyhow!("unknown role '{r}' (support, finance, compliance, content, admin)")))
                .collect::<anyhow::Result<_>>()?;
            let mut password = String::new();
            std::io::stdin().read_line(&mut password)?;
            let password = password.trim_end_matches(['\r', '\n']);
            let hashing = Hashing::new(1, 4);
            let id = staff::create(db, &hashing, &username, password, &roles, shell("staff.create"))
                .await
                .map_err(|e| anyhow::anyhow!("{e}"))?;
            println!("staff member #{id} {username} created; they enrol an authenticator app at their first sign-in at /admin/");
        }
        StaffCommand::List => {
            for s in staff::list(db).await? {
                let roles: Vec<&str> = s.roles.iter().map(|r| r.as_str()).collect();
                let state = match (s.disabled_at, s.confirmed, s.enrolled) {
                    (Some(_), _, _) => "disabled",
                    (None, false, _) => "awaiting a second administrator's confirmation",
                    (None, true, true) => "active",
                    (None, true, false) => "not enrolled",
                };
                println!("#{} {} [{}] {state}", s.id, s.username, roles.join(", "));
            }
        }
    }
    Ok(())
}

pub async fn audit(db: &Db, command: AuditCommand) -> anyhow::Result<()> {
    match command {
        AuditCommand::Verify => {
            let v = audit::verify(db).await?;
            match v.broken_at {
                None => println!("audit log: {} rows, the chain holds", v.rows),
                Some(seq) => {
                    println!("audit log: the chain breaks at row {seq} ({} rows before it hold)", v.rows);
                    std::process::exit(1);
                }
            }
        }
        AuditCommand::Show { q, limit } => {
            for r in audit::search(db, q.as_deref(), limit.clamp(1, 10_000)).await? {
                println!(
                    "#{} {} {} {} {} {}{}",
                    r.seq,
                    crate::time::iso_utc(r.at),
                    r.actor,
                    r.action,
                    r.target,
                    r.ip,
                    r.after.as_deref().map(|a| format!(" {a}")).unwrap_or_default()
                );
            }
        }
    }
    Ok(())
}
