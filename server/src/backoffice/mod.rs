//! The operator's back office (issue 32): staff accounts apart from players, with roles and a
//! permission per action, signed in with a password and TOTP; its own API under `/admin/api/`
//! (a player's token is refused there, a staff token on `/api/`); the queues that need a decision
//! (withdrawals with four-eyes approval, deposits, identity documents), the player's page and its
//! actions, the audit log and the banners. Every action and sign-in lands in the audit log
//! ([`crate::audit`]) in the action's own transaction.

pub mod cli;
mod content;
mod players;
mod queues;
pub mod reports;
pub mod routes;
mod sports;
pub mod staff;

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

pub use routes::{BackofficeState, document_into, router};

/// A staff member's role; a member may hold several.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    Support,
    Finance,
    Compliance,
    Content,
    Admin,
}

impl Role {
    pub const ALL: [Role; 5] = [Role::Support, Role::Finance, Role::Compliance, Role::Content, Role::Admin];

    pub fn as_str(self) -> &'static str {
        match self {
            Role::Support => "support",
            Role::Finance => "finance",
            Role::Compliance => "compliance",
            Role::Content => "content",
            Role::Admin => "admin",
        }
    }

    pub fn parse(s: &str) -> Option<Role> {
        Role::ALL.into_iter().find(|r| r.as_str() == s.trim().to_ascii_lowercase())
    }

    /// What the role may do. Separation of duties: finance never manages staff; admin never
    /// decides money (nor identity).
    pub fn permissions(self) -> &'static [Permission] {
        use Permission::*;
        match self {
            Role::Support => &[PlayersRead, PlayersNote, PlayersNotify, PlayersSessions, SportsRead],
            Role::Finance => {
                &[PlayersRead, PaymentsRead, PaymentsDecide, PlayersAdjust, PlayersBonus, ReportsRead, SportsRead, SportsManage]
            }
            Role::Compliance => &[PlayersRead, PlayersNote, PlayersExclude, KycRead, KycDecide, AuditRead, ReportsRead, SportsRead],
            Role::Content => &[ContentEdit],
            Role::Admin => &[StaffManage, AuditRead, PlayersRead],
        }
    }
}

/// One action a call needs; checked on the server for every call.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
pub enum Permission {
    #[serde(rename = "players.read")]
    PlayersRead,
    #[serde(rename = "players.note")]
    PlayersNote,
    #[serde(rename = "players.notify")]
    PlayersNotify,
    #[serde(rename = "players.sessions")]
    PlayersSessions,
    #[serde(rename = "players.exclude")]
    PlayersExclude,
    #[serde(rename = "players.adjust")]
    PlayersAdjust,
    #[serde(rename = "players.bonus")]
    PlayersBonus,
    #[serde(rename = "payments.read")]
    PaymentsRead,
    #[serde(rename = "payments.decide")]
    PaymentsDecide,
    #[serde(rename = "kyc.read")]
    KycRead,
    #[serde(rename = "kyc.decide")]
    KycDecide,
    #[serde(rename = "audit.read")]
    AuditRead,
    #[serde(rename = "reports.read")]
    ReportsRead,
    #[serde(rename = "content.edit")]
    ContentEdit,
    #[serde(rename = "staff.manage")]
    StaffManage,
    #[serde(rename = "sports.read")]
    SportsRead,
    /// Results, corrections, voids, suspensions and High Rate prices (the book's money: finance).
    #[serde(rename = "sports.manage")]
    SportsManage,
}

impl Permission {
    pub fn as_str(self) -> &'static str {
        match self {
            Permission::PlayersRead => "players.read",
            Permission::PlayersNote => "players.note",
            Permission::PlayersNotify => "players.notify",
            Permission::PlayersSessions => "players.sessions",
            Permission::PlayersExclude => "players.exclude",
            Permission::PlayersAdjust => "players.adjust",
            Permission::PlayersBonus => "players.bonus",
            Permission::PaymentsRead => "payments.read",
            Permission::PaymentsDecide => "payments.decide",
            Permission::KycRead => "kyc.read",
            Permission::KycDecide => "kyc.decide",
            Permission::AuditRead => "audit.read",
            Permission::ReportsRead => "reports.read",
            Permission::ContentEdit => "content.edit",
            Permission::StaffManage => "staff.manage",
            Permission::SportsRead => "sports.read",
            Permission::SportsManage => "sports.manage",
        }
    }
}

/// Roles from their stored comma list (unknown names are dropped).
pub fn parse_roles(list: &str) -> Vec<Role> {
    let mut roles: Vec<Role> = list.split(',').filter_map(Role::parse).collect();
    roles.sort_by_key(|r| r.as_str());
    roles.dedup();
    roles
}

/// Every permission the roles give, each once, in a fixed order.
pub fn permissions_of(roles: &[Role]) -> Vec<Permission> {
    let mut out: Vec<Permission> = Vec::new();
    for p in roles.iter().flat_map(|r| r.permissions()) {
        if !out.contains(p) {
            out.push(*p);
        }
    }
    out.sort_by_key(|p| p.as_str());
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finance_cannot_manage_staff_and_admin_cannot_decide_money_or_identity() {
        assert!(!Role::Finance.permissions().contains(&Permission::StaffManage));
        assert!(!Role::Admin.permissions().contains(&Permission::PaymentsDecide));
        assert!(!Role::Admin.permissions().contains(&Permission::PlayersAdjust));
        assert!(!Role::Admin.permissions().contains(&Permission::KycDecide));
    }

    #[test]
    fn roles_parse_from_their_list_once_each_and_unknown_ones_are_dropped() {
        assert_eq!(parse_roles("finance, Compliance,finance,root"), vec![Role::Compliance, Role::Finance]);
    }

    #[test]
    fn several_roles_give_the_union_of_their_permissions_once() {
        let p = permissions_of(&[Role::Support, Role::Compliance]);
        assert!(p.contains(&Permission::PlayersNotify) && p.contains(&Permission::KycDecide));
        assert_eq!(p.iter().filter(|x| **x == Permission::PlayersRead).count(), 1);
    }

    #[test]
    fn a_permission_serialises_as_its_name() {
        for role in Role::ALL {
            for p in role.permissions() {
                assert_eq!(serde_json::to_value(p).unwrap(), serde_json::Value::String(p.as_str().into()));
            }
        }
    }
}
