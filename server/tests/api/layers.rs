//! The server's modules depend downward only: the core imports no area, no area imports the
//! application layer, no two areas import each other, no module reaches itself again through
//! others, the rounds sit below what players play, and the wallet never reads the players.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// Database, money, time, the error envelope, messages, settings, the audit log and their small helpers.
const CORE: &[&str] = &[
    "audit",
    "config",
    "crypto",
    "db",
    "error",
    "health",
    "http",
    "i18n",
    "journal",
    "mask",
    "money",
    "seal",
    "settings",
    "telemetry",
    "time",
];
/// The areas, each a folder holding its routes, logic and SQL.
const AREAS: &[&str] =
    &["accounts", "auth", "bonus", "cms", "hub", "kyc", "notify", "outbox", "payments", "protection", "ratelimit", "rounds", "wallet"];
/// What players play, above the areas: each reaches the ledger through `rounds`.
const PRODUCTS: &[&str] = &["casino", "sports", "studio"];

/// For each top-level module, the other top-level modules its source names as `crate::NAME`.
fn imports() -> BTreeMap<String, BTreeSet<String>> {
    let mut out: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (path, code) in sources() {
        let module = path.split('/').next().unwrap().trim_end_matches(".rs").to_string();
        let names = out.entry(module.clone()).or_default();
        for part in code.split("crate::").skip(1) {
            let name: String = part.chars().take_while(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || *c == '_').collect();
            if !name.is_empty() && name != module {
                names.insert(name);
            }
        }
    }
    out
}

#[test]
fn the_core_imports_no_area() {
    let imports = imports();
    for core in CORE {
        let outside: Vec<&String> = imports.get(*core).into_iter().flatten().filter(|m| !CORE.contains(&m.as_str())).collect();
        assert!(outside.is_empty(), "core module {core} imports {outside:?}");
    }
}

#[test]
fn areas_import_no_application_layer_and_no_two_import_each_other() {
    let imports = imports();
    for area in AREAS {
        let names = imports.get(*area).cloned().unwrap_or_default();
        let upward: Vec<&String> = names.iter().filter(|m| !CORE.contains(&m.as_str()) && !AREAS.contains(&m.as_str())).collect();
        assert!(upward.is_empty(), "area {area} imports the application layer: {upward:?}");
        for other in names.iter().filter(|m| AREAS.contains(&m.as_str())) {
            let back = imports.get(other).is_some_and(|n| n.contains(*area));
            assert!(!back, "areas {area} and {other} import each other");
        }
    }
}

#[test]
fn the_wallet_never_reads_the_players_table() {
    for (path, code) in sources().into_iter().filter(|(p, _)| p.starts_with("wallet/")) {
        let text = code.to_lowercase();
        assert!(!text.contains("from players") && !text.contains("join players"), "{path} reads players");
    }
}

/// Every source file under `src/`, as (its path from `src/` with `/` between folders, its text
/// without comment lines): the one walk every check here reads.
fn sources() -> Vec<(String, String)> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut out = Vec::new();
    let mut stack = vec![src.clone()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else {
                let text = std::fs::read_to_string(&path).unwrap();
                let code: Vec<&str> = text.lines().filter(|l| !l.trim_start().starts_with("//")).collect();
                out.push((path.strip_prefix(&src).unwrap().to_string_lossy().replace('\\', "/"), code.join("\n")));
            }
        }
    }
    out
}

/// The wallet's calls that take a stake, pay a win, undo either, open a provider's account or
/// push a balance after them: the rounds' unit of work makes them, nothing above it.
const PLAY_CALLS: &[&str] = &[
    "wallet::bet(",
    "wallet::win(",
    "wallet::bet_in(",
    "wallet::bet_with_in(",
    "wallet::win_in(",
    "wallet::win_from_in(",
    "wallet::win_many_in(",
    "wallet::reverse_in(",
    "wallet::reverse_with(",
    "wallet::publish_balance_in(",
    "wallet::open_provider_account(",
    "TransferKind::Bet",
    "TransferKind::Win",
];

/// What writes the rounds' own tables (reading them, as player protection sums stakes, is no write).
const ROUND_WRITES: &[&str] =
    &["into rounds", "update rounds", "delete from rounds", "into provider_txs", "update provider_txs", "delete from provider_txs"];

#[test]
fn every_stake_and_payout_reaches_the_wallet_through_the_rounds_unit_of_work() {
    for (path, code) in sources() {
        if path.starts_with("wallet/") || path.starts_with("rounds/") {
            continue;
        }
        for call in PLAY_CALLS {
            assert!(!code.contains(call), "{path} calls {call}: a stake or payout goes through rounds::Work");
        }
        let lower = code.to_lowercase();
        for write in ROUND_WRITES {
            assert!(!lower.contains(write), "{path} writes the rounds' tables ({write}): only the rounds area does");
        }
    }
}

#[test]
fn the_installations_settings_are_written_only_by_their_module() {
    for (path, code) in sources() {
        let lower = code.to_lowercase();
        let writes = ["into settings", "update settings", "delete from settings"].iter().any(|w| lower.contains(w));
        assert!(path == "settings.rs" || !writes, "{path} writes the settings table: crate::settings does");
    }
}

#[test]
fn the_gate_check_sees_a_stake_made_around_the_rounds() {
    // The test above on a file that stakes through the wallet itself: it must be caught.
    let code = "let moved = wallet::bet_in(&mut tx, &key, &mv).await?;";
    assert!(PLAY_CALLS.iter().any(|c| code.contains(c)));
    let sql = "UPDATE rounds SET outcome = $1";
    assert!(ROUND_WRITES.iter().any(|w| sql.to_lowercase().contains(w)));
}

/// The first cycle of imports found from `start`, as the path that closes it.
fn cycle_from(start: &str, imports: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn walk(
        at: &str,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
        imports: &BTreeMap<String, BTreeSet<String>>,
    ) -> Option<Vec<String>> {
        if let Some(i) = path.iter().position(|m| m == at) {
            let mut cycle = path[i..].to_vec();
            cycle.push(at.to_string());
            return Some(cycle);
        }
        if !done.insert(at.to_string()) {
            return None;
        }
        path.push(at.to_string());
        for next in imports.get(at).into_iter().flatten() {
            if let Some(c) = walk(next, path, done, imports) {
                return Some(c);
            }
        }
        path.pop();
        None
    }
    walk(start, &mut Vec::new(), &mut BTreeSet::new(), imports)
}

#[test]
fn no_module_imports_one_that_imports_it_back_even_through_others() {
    let imports = imports();
    for module in imports.keys() {
        assert_eq!(cycle_from(module, &imports), None, "a circle of imports");
    }
}

#[test]
fn a_circle_of_imports_is_found_however_long() {
    let graph: BTreeMap<String, BTreeSet<String>> = [("a", "b"), ("b", "c"), ("c", "a"), ("d", "a")]
        .into_iter()
        .map(|(from, to)| (from.to_string(), BTreeSet::from([to.to_string()])))
        .collect();
    assert_eq!(cycle_from("d", &graph), Some(vec!["a".into(), "b".into(), "c".into(), "a".into()]));
    let line: BTreeMap<String, BTreeSet<String>> =
        [("a", "b"), ("b", "c")].into_iter().map(|(f, t)| (f.to_string(), BTreeSet::from([t.to_string()]))).collect();
    assert_eq!(cycle_from("a", &line), None);
}

#[test]
fn the_rounds_sit_below_what_players_play() {
    let imports = imports();
    let rounds = imports.get("rounds").cloned().unwrap_or_default();
    let upward: Vec<&String> = rounds.iter().filter(|m| PRODUCTS.contains(&m.as_str())).collect();
    assert!(upward.is_empty(), "rounds imports {upward:?}");
    for product in PRODUCTS {
        let names = imports.get(*product).cloned().unwrap_or_default();
        assert!(names.contains("rounds"), "{product} reaches the ledger through rounds");
    }
}

/// Where `line` names a module called `routes` (`crate::cms::routes::X`, `super::routes`,
/// `use super::{routes, store}`); utoipa's `routes!` macro and `.routes(` calls are not one.
fn names_a_routes_module(line: &str) -> bool {
    let is_ident = |c: char| c.is_ascii_alphanumeric() || c == '_';
    let is_use = line.starts_with("use ") || line.starts_with("pub use ") || line.starts_with("pub(crate) use ");
    line.match_indices("routes").any(|(at, _)| {
        let (before, after) = (&line[..at], &line[at + "routes".len()..]);
        let whole = !before.ends_with(is_ident) && !after.starts_with(is_ident);
        let path = before.ends_with("::") || after.starts_with("::");
        whole && !before.ends_with("utoipa_axum::") && !after.starts_with('!') && (path || (is_use && !after.starts_with('(')))
    })
}

#[test]
fn no_file_imports_a_routes_module_but_the_mod_rs_that_mounts_it() {
    let found: BTreeSet<String> = sources()
        .into_iter()
        .filter(|(path, code)| !path.ends_with("/mod.rs") && code.lines().map(str::trim).any(names_a_routes_module))
        .map(|(path, _)| path)
        .collect();
    assert!(found.is_empty(), "these files import a routes module (move what they take into the area's own modules): {found:?}");
}

#[test]
fn a_routes_module_is_seen_however_it_is_named() {
    for line in [
        "use crate::cms::routes::EgtJackpotCard;",
        "use super::routes::{CurrentGame, refused};",
        "use super::routes;",
        "use super::{routes, store};",
        "let v = super::routes::selection_view(&s, 1)?;",
        "app.merge(sports::routes::router())",
    ] {
        assert!(names_a_routes_module(line), "{line}");
    }
    for line in
        ["use utoipa_axum::routes;", ".routes(routes!(grouped))", "OpenApiRouter::new().routes(routes!(a, b))", "let my_routes = 1;"]
    {
        assert!(!names_a_routes_module(line), "{line}");
    }
}
