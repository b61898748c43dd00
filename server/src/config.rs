//! A node's settings: the flags (`Config`) and every `KASA_*` variable (`Settings`), typed and
//! read once at start; a bad value stops `kasa` with one line naming the variable.

use std::net::SocketAddr;
use std::time::Duration;

/// What a node needs to serve: where to listen and which database to use.
#[derive(Debug, Clone)]
pub struct Config {
    pub addr: SocketAddr,
    pub database_url: String,
}

pub const DEFAULT_ADDR: &str = "127.0.0.1:8080";
pub const DEFAULT_DATABASE_URL: &str = "sqlite://data/kasa.db?mode=rwc";

/// The request and hub edge: how big and how slow a request may be, how many hub connections an
/// IP or a session may hold. Read from `KASA_*` variables; a bad value stops `kasa` naming it.
#[derive(Debug, Clone, Copy)]
pub struct Edge {
    /// Largest request body, in bytes (`KASA_BODY_LIMIT_BYTES`, default 64 KiB): larger ones get 413.
    pub body_limit: usize,
    /// A client must send its request headers within this time (`KASA_HEADER_TIMEOUT_SECS`, 15).
    pub header_timeout: Duration,
    /// A request (its body and its answer) must be done within this time (`KASA_REQUEST_TIMEOUT_SECS`, 30).
    pub request_timeout: Duration,
    /// Hub connections one IP may hold on a node (`KASA_HUB_MAX_PER_IP`, default 100).
    pub hub_max_per_ip: usize,
    /// Hub connections one session may hold on a node (`KASA_HUB_MAX_PER_SESSION`, default 10).
    pub hub_max_per_session: usize,
    /// Password hashes running at once (`KASA_HASH_THREADS`, default the number of cores).
    pub hash_threads: usize,
    /// Password hashes that may wait for a thread (`KASA_HASH_QUEUE`, default 16 per thread).
    pub hash_queue: usize,
}

impl Default for Edge {
    fn default() -> Self {
        let cores = std::thread::available_parallelism().map(|n| n.get()).unwrap_or(2);
        Edge {
            body_limit: 64 * 1024,
            header_timeout: Duration::from_secs(15),
            request_timeout: Duration::from_secs(30),
            hub_max_per_ip: 100,
            hub_max_per_session: 10,
            hash_threads: cores,
            hash_queue: cores * 16,
        }
    }
}

/// At most `max` hits per `window_secs` seconds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limit {
    pub max: i64,
    pub window_secs: i64,
}

impl Limit {
    /// Reads `MAX/SECONDS` (e.g. `5/900`).
    pub fn parse(raw: &str) -> Option<Limit> {
        let (max, window) = raw.trim().split_once('/')?;
        let limit = Limit { max: max.trim().parse().ok()?, window_secs: window.trim().parse().ok()? };
        // Hits older than a day are pruned, so no window may be longer.
        (limit.max > 0 && (1..=86_400).contains(&limit.window_secs)).then_some(limit)
    }
}

/// Every limit of the site, configurable through `KASA_LIMIT_*` variables as `MAX/SECONDS`.
#[derive(Debug, Clone)]
pub struct Limits {
    /// Failed logins per username (`KASA_LIMIT_LOGIN_USER`, default 5 per 15 minutes).
    pub login_user: Limit,
    /// Failed logins per IP (`KASA_LIMIT_LOGIN_IP`, default 20 per 15 minutes).
    pub login_ip: Limit,
    /// Registrations per IP (`KASA_LIMIT_REGISTER_IP`, default 10 per hour: a household may share an IP).
    pub register_ip: Limit,
    /// Registration attempts per phone (`KASA_LIMIT_REGISTER_PHONE`, default 5 per hour).
    pub register_phone: Limit,
    /// SMS codes per phone (`KASA_LIMIT_SMS_PHONE`, default 5 per hour).
    pub sms_phone: Limit,
    /// SMS codes per IP (`KASA_LIMIT_SMS_IP`, default 10 per hour).
    pub sms_ip: Limit,
    /// Password-reset e-mails per IP (`KASA_LIMIT_RESET_IP`, default 10 per hour).
    pub reset_ip: Limit,
    /// One-time code checks per username or player (`KASA_LIMIT_CODE_USER`, default 10 per 15 minutes).
    pub code_user: Limit,
    /// One-time code checks per IP (`KASA_LIMIT_CODE_IP`, default 30 per 15 minutes).
    pub code_ip: Limit,
    /// Unauthenticated writes (the fingerprint log) per IP (`KASA_LIMIT_WRITE_IP`, default 30 per hour).
    pub write_ip: Limit,
    /// Seconds before a new SMS to the same phone (`KASA_SMS_RESEND_SECS`, default 60).
    pub sms_resend_secs: i64,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            login_user: Limit { max: 5, window_secs: 900 },
            login_ip: Limit { max: 20, window_secs: 900 },
            register_ip: Limit { max: 10, window_secs: 3600 },
            register_phone: Limit { max: 5, window_secs: 3600 },
            sms_phone: Limit { max: 5, window_secs: 3600 },
            sms_ip: Limit { max: 10, window_secs: 3600 },
            reset_ip: Limit { max: 10, window_secs: 3600 },
            code_user: Limit { max: 10, window_secs: 900 },
            code_ip: Limit { max: 30, window_secs: 900 },
            write_ip: Limit { max: 30, window_secs: 3600 },
            sms_resend_secs: 60,
        }
    }
}

impl Limits {
    /// The resend rule as a limit: one SMS per phone per `sms_resend_secs` (none when it is 0).
    pub fn sms_resend(&self) -> Option<Limit> {
        (self.sms_resend_secs > 0).then_some(Limit { max: 1, window_secs: self.sms_resend_secs })
    }
}

/// Where SMS codes go instead of the outbox: an HTTP gateway.
#[derive(Debug, Clone)]
pub struct SmsGateway {
    /// `KASA_SMS_GATEWAY_URL`
    pub url: String,
    /// `KASA_SMS_GATEWAY_TOKEN`
    pub token: Option<String>,
}

/// Where e-mail goes instead of the outbox: an SMTP server.
#[derive(Debug, Clone)]
pub struct Smtp {
    /// `KASA_SMTP_URL` (`smtps://user:pass@host`)
    pub url: String,
    /// `KASA_SMTP_FROM`
    pub from: String,
}

/// Hub88's Operator API (`KASA_HUB88_*`, all four or none).
#[derive(Clone)]
pub struct Hub88Settings {
    /// `KASA_HUB88_BASE_URL`: Hub88's API base (`https://api.server1.ih.testenv.io`).
    pub base_url: String,
    /// `KASA_HUB88_OPERATOR_ID`: our operator id at Hub88.
    pub operator_id: i64,
    /// `KASA_HUB88_PRIVATE_KEY`: our RSA private key (PEM, or the path of a PEM file), signing our
    /// calls and answers; Hub88 holds its public key. Never logged.
    pub private_key: String,
    /// `KASA_HUB88_PUBLIC_KEY`: Hub88's RSA public key (PEM, or the path of a PEM file), checking its calls.
    pub public_key: String,
}

impl std::fmt::Debug for Hub88Settings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Hub88Settings").field("base_url", &self.base_url).field("operator_id", &self.operator_id).finish_non_exhaustive()
    }
}

/// Every `KASA_*` setting of a node (the README's table lists them all).
#[derive(Clone)]
pub struct Settings {
    /// `KASA_LIMIT_*`, `KASA_SMS_RESEND_SECS`
    pub limits: Limits,
    /// `KASA_BODY_LIMIT_BYTES`, `KASA_HEADER_TIMEOUT_SECS`, `KASA_REQUEST_TIMEOUT_SECS`, `KASA_HUB_MAX_PER_*`, `KASA_HASH_*`
    pub edge: Edge,
    /// `KASA_NODE_ID`: this node's name (its journal cursor); `HOSTNAME:PORT` when unset.
    pub node_id: Option<String>,
    /// `KASA_TRUST_PROXY`: the client's IP from `X-Forwarded-For`.
    pub trust_proxy: bool,
    /// `KASA_LOG`: the log filter.
    pub log: String,
    /// `KASA_LOG_FORMAT=json`
    pub log_json: bool,
    pub smtp: Option<Smtp>,
    pub sms_gateway: Option<SmsGateway>,
    /// `KASA_LIVE_CHAT_ORIGIN` (`https://HOST[:PORT]`): the live chat's scripts, styles, frames,
    /// images and connections come from there; the Content-Security-Policy allows it besides the site.
    pub live_chat_origin: Option<String>,
    /// `KASA_PAYMENT_CALLBACK_SECRET`: the HMAC-SHA256 key of the card gateway's callbacks (never
    /// logged). Unset: card deposits are unavailable, except under `--demo`, which uses a public
    /// development secret.
    pub payment_callback_secret: Option<String>,
    /// `KASA_PUBLIC_URL` (`https://HOST[:PORT]`): the base of the links the server gives out (the
    /// hosted payment page); the request's `Host` when unset.
    pub public_url: Option<String>,
    /// `KASA_HUB88_*`: Hub88's Operator API; unset, Hub88's games are unavailable.
    pub hub88: Option<Hub88Settings>,
    /// `KASA_DIGITAIN_STATIC_URL` (`https://HOST[:PORT][/PATH]`): Digitain's static host. Its launch
    /// URLs are rewritten to `/launch/digitain/`, which the server proxies there; unset, that path
    /// answers 404.
    pub digitain_static_url: Option<String>,
    /// `KASA_AMUSNET_JACKPOT_URL` (`https://HOST[:PORT][/PATH]`): where `casino/eqyptquest` reads
    /// the Amusnet jackpot's levels (JSON with currentLevelI..IV); unset, it answers success false.
    pub amusnet_jackpot_url: Option<String>,
    /// `KASA_BETSY_URL` (http(s)) and `KASA_BETSY_CID`: the sportsbook of /spor and /livespor;
    /// unset, the built-in one ([`BUILT_IN_SPORTSBOOK`], client id `kasa`); `off`, none.
    pub betsy_url: Option<String>,
    pub betsy_cid: String,
    /// `KASA_BETCO_URL` (http(s)): the sportsbook of /spor/betco.
    pub betco_url: Option<String>,
    /// `KASA_SPORTS_SPEED`: the built-in sportsbook's simulated feed, simulated seconds per real
    /// second (1, real time, by default); `off` stops it on this node.
    pub sports_feed_speed: Option<f64>,
    /// `KASA_SPORTSBOOK_SECRET`: the key the players' sportsbook tokens are signed with (never
    /// logged); needed with an outside sportsbook. Unset with the built-in one, the site's own
    /// secret kept in the database (made once, shared by every node) signs them.
    pub sportsbook_secret: Option<String>,
    /// `KASA_SEED_KEY`: 32 bytes (64 hex digits or base64) sealing the studio's unrevealed server
    /// seeds and the crash chains' starts in the database (never logged). Unset: `--demo` uses a
    /// public development key; a node without `--demo` refuses the studio's games.
    pub seed_key: Option<[u8; 32]>,
    /// `KASA_DOCUMENTS_DIR`: where identity documents' files are kept (default `data/documents`).
    pub documents_dir: std::path::PathBuf,
    /// `KASA_KYC_WITHDRAWAL_OVER`, `KASA_KYC_DEPOSITS_OVER` (lira), `KASA_KYC_RETENTION_DAYS`.
    pub kyc: KycRules,
    /// `KASA_FOUR_EYES_OVER` (lira, default 10.000): a withdrawal over it needs the approvals of two
    /// different staff members in the back office.
    pub four_eyes_over: crate::money::Kurus,
    /// `KASA_DRAIN_SECS` (default 0, at most 300): after SIGTERM the node answers `/health/ready`
    /// with 503 and keeps serving this long before it stops accepting connections.
    pub drain_delay: Duration,
    /// `KASA_METRICS_ADDR`: where `/metrics` is served (Prometheus text); unset, nowhere.
    pub metrics_addr: Option<std::net::SocketAddr>,
}

/// A withdrawal over 10.000 ₺ needs two staff approvals unless `KASA_FOUR_EYES_OVER` says otherwise.
pub const DEFAULT_FOUR_EYES_OVER: crate::money::Kurus = crate::money::Kurus::from_lira_const(10_000);

/// The identity checks' thresholds and retention (`KASA_KYC_*`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KycRules {
    /// A withdrawal over this waits for approved identity (`KASA_KYC_WITHDRAWAL_OVER`, lira,
    /// default 5.000).
    pub withdrawal_over: crate::money::Kurus,
    /// Once confirmed deposits pass this total, every withdrawal does (`KASA_KYC_DEPOSITS_OVER`,
    /// lira, default 20.000).
    pub deposits_over: crate::money::Kurus,
    /// Document files are deleted this long after their upload (`KASA_KYC_RETENTION_DAYS`,
    /// default 1825: five years).
    pub retention_days: i64,
}

impl Default for KycRules {
    fn default() -> KycRules {
        KycRules {
            withdrawal_over: crate::money::Kurus::from_minor(500_000).unwrap_or(crate::money::Kurus::ZERO),
            deposits_over: crate::money::Kurus::from_minor(2_000_000).unwrap_or(crate::money::Kurus::ZERO),
            retention_days: 1825,
        }
    }
}

/// The built-in sportsbook's page (issue 17), the demo's and every site's default.
pub const BUILT_IN_SPORTSBOOK: &str = "/sportsbook/";
/// The built-in sportsbook's client id.
pub const BUILT_IN_CID: &str = "kasa";

impl std::fmt::Debug for Secret<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(if self.0.is_some() { "Some([redacted])" } else { "None" })
    }
}

/// Shows whether a secret is set, never its value.
struct Secret<'a>(&'a Option<String>);

impl Default for Settings {
    fn default() -> Self {
        Settings {
            limits: Limits::default(),
            edge: Edge::default(),
            node_id: None,
            trust_proxy: false,
            log: DEFAULT_LOG.to_string(),
            log_json: false,
            smtp: None,
            sms_gateway: None,
            live_chat_origin: None,
            payment_callback_secret: None,
            public_url: None,
            hub88: None,
            digitain_static_url: None,
            amusnet_jackpot_url: None,
            betsy_url: Some(BUILT_IN_SPORTSBOOK.to_string()),
            betsy_cid: BUILT_IN_CID.to_string(),
            betco_url: None,
            sportsbook_secret: None,
            sports_feed_speed: Some(1.0),
            seed_key: None,
            documents_dir: std::path::PathBuf::from("data/documents"),
            kyc: KycRules::default(),
            four_eyes_over: DEFAULT_FOUR_EYES_OVER,
            drain_delay: Duration::ZERO,
            metrics_addr: None,
        }
    }
}

impl std::fmt::Debug for Settings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Settings")
            .field("limits", &self.limits)
            .field("edge", &self.edge)
            .field("node_id", &self.node_id)
            .field("trust_proxy", &self.trust_proxy)
            .field("log", &self.log)
            .field("log_json", &self.log_json)
            .field("smtp", &self.smtp.as_ref().map(|s| &s.from))
            .field("sms_gateway", &self.sms_gateway.as_ref().map(|g| &g.url))
            .field("live_chat_origin", &self.live_chat_origin)
            .field("payment_callback_secret", &Secret(&self.payment_callback_secret))
            .field("public_url", &self.public_url)
            .field("hub88", &self.hub88)
            .field("digitain_static_url", &self.digitain_static_url)
            .field("amusnet_jackpot_url", &self.amusnet_jackpot_url)
            .field("seed_key", &self.seed_key.map(|_| "[redacted]"))
            .finish()
    }
}

pub const DEFAULT_LOG: &str = "info,sqlx=warn,tower_http=info";

impl Settings {
    /// Reads the process environment.
    pub fn from_env() -> anyhow::Result<Settings> {
        Settings::from_lookup(|name| std::env::var(name).ok())
    }

    /// Reads the settings through `get` (the environment, or a map in tests). An empty value counts as unset.
    pub fn from_lookup(get: impl Fn(&str) -> Option<String>) -> anyhow::Result<Settings> {
        let get = |name: &str| get(name).map(|v| v.trim().to_string()).filter(|v| !v.is_empty());
        let number = |name: &str, min: u64, max: u64| -> anyhow::Result<Option<u64>> {
            get(name)
                .map(|v| {
                    v.parse::<u64>()
                        .ok()
                        .filter(|n| (min..=max).contains(n))
                        .ok_or_else(|| anyhow::anyhow!("{name} must be a whole number from {min} to {max}, not '{v}'"))
                })
                .transpose()
        };
        let flag = |name: &str| -> anyhow::Result<bool> {
            match get(name).as_deref() {
                None | Some("0" | "false" | "no") => Ok(false),
                Some("1" | "true" | "yes") => Ok(true),
                Some(v) => anyhow::bail!("{name} must be 1 or 0 (true or false), not '{v}'"),
            }
        };
        let mut s = Settings::default();
        let limits = &mut s.limits;
        for (name, into) in [
            ("KASA_LIMIT_LOGIN_USER", &mut limits.login_user),
            ("KASA_LIMIT_LOGIN_IP", &mut limits.login_ip),
            ("KASA_LIMIT_REGISTER_IP", &mut limits.register_ip),
            ("KASA_LIMIT_REGISTER_PHONE", &mut limits.register_phone),
            ("KASA_LIMIT_SMS_PHONE", &mut limits.sms_phone),
            ("KASA_LIMIT_SMS_IP", &mut limits.sms_ip),
            ("KASA_LIMIT_RESET_IP", &mut limits.reset_ip),
            ("KASA_LIMIT_CODE_USER", &mut limits.code_user),
            ("KASA_LIMIT_CODE_IP", &mut limits.code_ip),
            ("KASA_LIMIT_WRITE_IP", &mut limits.write_ip),
        ] {
            if let Some(v) = get(name) {
                *into = Limit::parse(&v)
                    .ok_or_else(|| anyhow::anyhow!("{name} must look like MAX/SECONDS (at most 86400 seconds), e.g. 5/900, not '{v}'"))?;
            }
        }
        if let Some(n) = number("KASA_SMS_RESEND_SECS", 0, 86_400)? {
            limits.sms_resend_secs = n as i64;
        }
        let e = &mut s.edge;
        if let Some(n) = number("KASA_BODY_LIMIT_BYTES", 1024, 64 * 1024 * 1024)? {
            e.body_limit = n as usize;
        }
        if let Some(n) = number("KASA_HEADER_TIMEOUT_SECS", 1, 3600)? {
            e.header_timeout = Duration::from_secs(n);
        }
        if let Some(n) = number("KASA_REQUEST_TIMEOUT_SECS", 1, 3600)? {
            e.request_timeout = Duration::from_secs(n);
        }
        if let Some(n) = number("KASA_HUB_MAX_PER_IP", 1, 1_000_000)? {
            e.hub_max_per_ip = n as usize;
        }
        if let Some(n) = number("KASA_HUB_MAX_PER_SESSION", 1, 1_000_000)? {
            e.hub_max_per_session = n as usize;
        }
        if let Some(n) = number("KASA_HASH_THREADS", 1, 1024)? {
            e.hash_threads = n as usize;
            e.hash_queue = e.hash_threads * 16;
        }
        if let Some(n) = number("KASA_HASH_QUEUE", 0, 100_000)? {
            e.hash_queue = n as usize;
        }
        s.node_id = get("KASA_NODE_ID");
        s.trust_proxy = flag("KASA_TRUST_PROXY")?;
        if let Some(log) = get("KASA_LOG") {
            s.log = log;
        }
        s.log_json = match get("KASA_LOG_FORMAT").as_deref() {
            None | Some("text") => false,
            Some("json") => true,
            Some(v) => anyhow::bail!("KASA_LOG_FORMAT must be json or text, not '{v}'"),
        };
        s.smtp =
            get("KASA_SMTP_URL").map(|url| Smtp { url, from: get("KASA_SMTP_FROM").unwrap_or_else(|| "Kasa <destek@kasa.bet>".into()) });
        s.sms_gateway = get("KASA_SMS_GATEWAY_URL").map(|url| SmsGateway { url, token: get("KASA_SMS_GATEWAY_TOKEN") });
        s.live_chat_origin = get("KASA_LIVE_CHAT_ORIGIN")
            .map(|v| {
                parse_origin(&v).ok_or_else(|| {
                    anyhow::anyhow!("KASA_LIVE_CHAT_ORIGIN must be an origin such as https://chat.example.com (no path), not '{v}'")
                })
            })
            .transpose()?;
        s.payment_callback_secret = get("KASA_PAYMENT_CALLBACK_SECRET");
        if s.payment_callback_secret.as_ref().is_some_and(|v| v.len() < 16) {
            anyhow::bail!("KASA_PAYMENT_CALLBACK_SECRET must be at least 16 characters long");
        }
        s.public_url = get("KASA_PUBLIC_URL")
            .map(|v| {
                parse_origin(&v).ok_or_else(|| {
                    anyhow::anyhow!("KASA_PUBLIC_URL must be the site's origin such as https://kasa.example.com (no path), not '{v}'")
                })
            })
            .transpose()?;
        s.hub88 = hub88(&get)?;
        let http = |name: &str, v: String| {
            if !is_http_address(&v) {
                anyhow::bail!("{name} must be an http(s) address such as https://sport.example.com/, not '{v}'");
            }
            Ok(v)
        };
        s.betsy_url = match get("KASA_BETSY_URL") {
            None => Some(BUILT_IN_SPORTSBOOK.to_string()),
            Some(v) if v == "off" => None,
            Some(v) => Some(http("KASA_BETSY_URL", v)?),
        };
        s.betco_url = get("KASA_BETCO_URL").map(|v| http("KASA_BETCO_URL", v)).transpose()?;
        let built_in = s.betsy_url.as_deref() == Some(BUILT_IN_SPORTSBOOK);
        s.betsy_cid = get("KASA_BETSY_CID").unwrap_or_else(|| if built_in { BUILT_IN_CID.to_string() } else { String::new() });
        s.sports_feed_speed = match get("KASA_SPORTS_SPEED").as_deref() {
            None => Some(1.0),
            Some("off") => None,
            Some(v) => Some(v.parse::<f64>().ok().filter(|x| (0.1..=600.0).contains(x)).ok_or_else(|| {
                anyhow::anyhow!("KASA_SPORTS_SPEED must be off or a speed from 0.1 to 600 (simulated seconds per second), not '{v}'")
            })?),
        };
        s.sportsbook_secret = get("KASA_SPORTSBOOK_SECRET");
        let outside = (s.betsy_url.is_some() && !built_in) || s.betco_url.is_some();
        if s.sportsbook_secret.as_ref().is_some_and(|v| v.len() < 16) || (outside && s.sportsbook_secret.is_none()) {
            anyhow::bail!("KASA_SPORTSBOOK_SECRET (16 characters or more) is needed with KASA_BETSY_URL or KASA_BETCO_URL");
        }
        if let Some(dir) = get("KASA_DOCUMENTS_DIR") {
            s.documents_dir = std::path::PathBuf::from(dir);
        }
        let lira = |n: u64| crate::money::Kurus::from_minor(n as i64 * 100).unwrap_or(crate::money::Kurus::ZERO);
        if let Some(n) = number("KASA_KYC_WITHDRAWAL_OVER", 0, 10_000_000)? {
            s.kyc.withdrawal_over = lira(n);
        }
        if let Some(n) = number("KASA_KYC_DEPOSITS_OVER", 0, 100_000_000)? {
            s.kyc.deposits_over = lira(n);
        }
        if let Some(n) = number("KASA_DRAIN_SECS", 0, 300)? {
            s.drain_delay = Duration::from_secs(n);
        }
        if let Some(raw) = get("KASA_METRICS_ADDR") {
            s.metrics_addr = Some(raw.trim().parse().map_err(|_| anyhow::anyhow!("KASA_METRICS_ADDR must be HOST:PORT, not '{raw}'"))?);
        }
        if let Some(n) = number("KASA_FOUR_EYES_OVER", 0, 100_000_000)? {
            s.four_eyes_over = lira(n);
        }
        if let Some(n) = number("KASA_KYC_RETENTION_DAYS", 1, 36_500)? {
            s.kyc.retention_days = n as i64;
        }
        s.seed_key = get("KASA_SEED_KEY")
            .map(|v| {
                key_bytes(&v)
                    .ok_or_else(|| anyhow::anyhow!("KASA_SEED_KEY must be 32 bytes as 64 hex digits or base64 (e.g. openssl rand -hex 32)"))
            })
            .transpose()?;
        s.digitain_static_url = get("KASA_DIGITAIN_STATIC_URL")
            .map(|v| {
                if !is_http_address(&v) || v.contains(['?', '#']) {
                    anyhow::bail!("KASA_DIGITAIN_STATIC_URL must be an http(s) address such as https://static.example.com, not '{v}'");
                }
                Ok(v.trim_end_matches('/').to_string())
            })
            .transpose()?;
        s.amusnet_jackpot_url = get("KASA_AMUSNET_JACKPOT_URL")
            .map(|v| {
                if !is_http_address(&v) {
                    anyhow::bail!(
                        "KASA_AMUSNET_JACKPOT_URL must be an http(s) address such as https://jackpots.example.com/egypt-quest, not '{v}'"
                    );
                }
                Ok(v)
            })
            .transpose()?;
        Ok(s)
    }
}

/// Reads `KASA_HUB88_*`: all four or none. A key is PEM text (`\n` may stand for its line breaks)
/// or the path of a PEM file.
fn hub88(get: &dyn Fn(&str) -> Option<String>) -> anyhow::Result<Option<Hub88Settings>> {
    const NAMES: [&str; 4] = ["KASA_HUB88_BASE_URL", "KASA_HUB88_OPERATOR_ID", "KASA_HUB88_PRIVATE_KEY", "KASA_HUB88_PUBLIC_KEY"];
    let values: Vec<Option<String>> = NAMES.iter().map(|n| get(n)).collect();
    if values.iter().all(Option::is_none) {
        return Ok(None);
    }
    if let Some(i) = values.iter().position(Option::is_none) {
        anyhow::bail!("{} must be set with the other KASA_HUB88_* settings", NAMES[i]);
    }
    let [base_url, operator_id, private_key, public_key] =
        <[Option<String>; 4]>::try_from(values).unwrap_or_default().map(Option::unwrap_or_default);
    let base_url = base_url.trim_end_matches('/').to_string();
    if !(base_url.starts_with("https://") || base_url.starts_with("http://")) {
        anyhow::bail!("KASA_HUB88_BASE_URL must be an http(s) URL, not '{base_url}'");
    }
    let operator_id = operator_id
        .parse::<i64>()
        .ok()
        .filter(|n| *n > 0)
        .ok_or_else(|| anyhow::anyhow!("KASA_HUB88_OPERATOR_ID must be a positive whole number, not '{operator_id}'"))?;
    let pem = |name: &str, value: String| -> anyhow::Result<String> {
        if value.starts_with("-----BEGIN") {
            return Ok(value.replace("\\n", "\n"));
        }
        std::fs::read_to_string(&value).map_err(|e| anyhow::anyhow!("{name} is neither a PEM key nor a readable file ({e})"))
    };
    Ok(Some(Hub88Settings {
        base_url,
        operator_id,
        private_key: pem("KASA_HUB88_PRIVATE_KEY", private_key)?,
        public_key: pem("KASA_HUB88_PUBLIC_KEY", public_key)?,
    }))
}

/// Reads an `http(s)://HOST[:PORT]` origin (a trailing `/` is dropped); `None` for anything else.
fn parse_origin(raw: &str) -> Option<String> {
    let raw = raw.trim().trim_end_matches('/');
    let (scheme, rest) = raw.split_once("://")?;
    let scheme = scheme.to_ascii_lowercase();
    let (host, port) = match rest.rsplit_once(':') {
        Some((host, port)) => (host, Some(port)),
        None => (rest, None),
    };
    let host_ok =
        !host.is_empty() && host.split('.').all(|label| !label.is_empty() && label.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-'));
    let port_ok = port.is_none_or(|p| p.parse::<u16>().is_ok_and(|p| p > 0));
    (matches!(scheme.as_str(), "http" | "https") && host_ok && port_ok).then(|| format!("{scheme}://{}", rest.to_ascii_lowercase()))
}

/// Whether `v` is an http(s) address with a host and no whitespace.
fn is_http_address(v: &str) -> bool {
    let lower = v.to_ascii_lowercase();
    let host = lower.strip_prefix("https://").or_else(|| lower.strip_prefix("http://")).unwrap_or("");
    !host.is_empty() && !host.starts_with('/') && !v.chars().any(char::is_whitespace)
}

/// A 32-byte key from a setting: 64 hex digits or base64 (either alphabet, padded or not).
pub fn key_bytes(raw: &str) -> Option<[u8; 32]> {
    use base64::Engine as _;
    use base64::engine::general_purpose::{STANDARD, STANDARD_NO_PAD, URL_SAFE, URL_SAFE_NO_PAD};
    let raw = raw.trim();
    if raw.len() == 64
        && let Ok(bytes) = hex::decode(raw)
    {
        return bytes.try_into().ok();
    }
    [STANDARD, STANDARD_NO_PAD, URL_SAFE, URL_SAFE_NO_PAD]
        .iter()
        .find_map(|engine| engine.decode(raw).ok())
        .and_then(|bytes| bytes.try_into().ok())
}

#[cfg(test)]
mod tests;
