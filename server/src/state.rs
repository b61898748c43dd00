//! The application state: what the node holds (database, senders, limits, hub, caches), and the
//! sub-state each area takes of it (`FromRef`), so no area depends on the whole.

use std::sync::Arc;

use axum::extract::FromRef;

use crate::accounts::AccountsState;
use crate::auth::password::Hashing;
use crate::casino::hub88::Hub88State;
use crate::casino::provider::ProviderSettings;
use crate::cms::{self, CmsState};
use crate::config::{Edge, Limits, Settings};
use crate::db::Db;
use crate::http::client::TrustProxy;
use crate::hub::{Hub, HubCaps, HubState, HubTimings};
use crate::outbox::{self, OutboxSender, Sender};
use crate::payments::{Gateway, PaymentsState};

impl FromRef<AppState> for crate::backoffice::BackofficeState {
    fn from_ref(s: &AppState) -> Self {
        crate::backoffice::BackofficeState {
            db: s.db.clone(),
            hashing: s.hashing.clone(),
            trust_proxy: s.trust_proxy,
            documents: s.documents.clone(),
            four_eyes_over: s.four_eyes_over,
            on_close: Arc::new(crate::sports::betting::RefundOnClose { db: s.db.clone() }),
            login_ip: s.limits.login_ip,
        }
    }
}

impl FromRef<AppState> for crate::protection::ProtectionState {
    fn from_ref(s: &AppState) -> Self {
        crate::protection::ProtectionState {
            db: s.db.clone(),
            on_close: Arc::new(crate::sports::betting::RefundOnClose { db: s.db.clone() }),
        }
    }
}

impl FromRef<AppState> for crate::kyc::KycState {
    fn from_ref(s: &AppState) -> Self {
        crate::kyc::KycState { db: s.db.clone(), files: s.documents.clone(), rules: s.kyc_rules }
    }
}

/// What every handler can reach.
#[derive(Clone, Debug)]
pub struct AppState {
    pub db: Db,
    /// Sends SMS codes (the outbox by default).
    pub sms: Arc<dyn Sender>,
    /// Sends e-mail (the outbox by default).
    pub mail: Arc<dyn Sender>,
    pub limits: Limits,
    /// This node's real-time connections.
    pub hub: Arc<Hub>,
    /// Request size and time limits, hub caps.
    pub edge: Edge,
    /// Bounded password hashing.
    pub hashing: Arc<Hashing>,
    /// This node's name (its journal cursor); `HOSTNAME:PORT` when `None`.
    pub node_id: Option<String>,
    /// This node's `cms/grouped` answers, rebuilt when the content changes.
    pub content: Arc<cms::ContentCache>,
    /// This node's crash game feed (and the game's rhythm).
    pub crash: Arc<crate::studio::crash::feed::CrashFeed>,
    /// The live chat's origin, allowed by the Content-Security-Policy besides the site.
    pub live_chat_origin: Option<String>,
    /// The hosted card gateway: its callback secret and the site's public address.
    pub gateway: Arc<Gateway>,
    /// Digitain's static host (`KASA_DIGITAIN_STATIC_URL`), proxied under `/launch/digitain/`.
    pub digitain_static_url: Option<Arc<str>>,
    /// The outside game providers' settings (Hub88's).
    pub providers: ProviderSettings,
    /// Whether the caller's address is read from `X-Forwarded-For` (`KASA_TRUST_PROXY`).
    pub trust_proxy: TrustProxy,
    /// The Amusnet jackpot's source (`KASA_AMUSNET_JACKPOT_URL`), read by `casino/eqyptquest`.
    pub amusnet_jackpot_url: Option<Arc<str>>,
    /// The built-in sportsbook's feed speed on this node (`None`: the feed does not run here).
    pub sports_feed: Option<f64>,
    /// The embedded sportsbooks (their URLs, the secret of the players' tokens).
    pub sportsbooks: Arc<crate::accounts::sportsbooks::Sportsbooks>,
    /// The built-in sportsbook's live prices for the node's open frames.
    pub sports_live: Arc<crate::sports::live::Live>,
    /// Where identity documents' files are kept (`KASA_DOCUMENTS_DIR`).
    pub documents: Arc<dyn crate::kyc::files::DocumentStore>,
    /// The identity checks' thresholds and retention (`KASA_KYC_*`).
    pub kyc_rules: crate::kyc::Rules,
    /// A withdrawal over this needs two staff approvals (`KASA_FOUR_EYES_OVER`).
    pub four_eyes_over: crate::money::Kurus,
    /// Set when the node begins to stop: `/health/ready` answers 503 from then on.
    pub draining: crate::health::Draining,
    /// How long a stopping node keeps serving (not ready) before it stops accepting
    /// (`KASA_DRAIN_SECS`, default 0): time for the load balancer to take it out.
    pub drain_delay: std::time::Duration,
}

impl AppState {
    /// A state with the default senders (the outbox table), the default limits and the development
    /// card gateway (its public secret, [`crate::payments::card::DEVELOPMENT_SECRET`]), the crash game
    /// not running: the tests' state.
    pub fn new(db: Db) -> AppState {
        let outbox: Arc<dyn Sender> = Arc::new(OutboxSender { db: db.clone() });
        let mut state = AppState::with(db, outbox.clone(), outbox, Limits::default(), Edge::default());
        // The crash game's clock and feed only where a test asks for them.
        let quiet = crate::studio::crash::Timings { running: false, ..Default::default() };
        state.crash = Arc::new(crate::studio::crash::feed::CrashFeed::new(quiet));
        state
    }

    /// A state configured by the node's settings (senders, limits, the edge, its name).
    pub fn from_settings(db: Db, settings: &Settings) -> anyhow::Result<AppState> {
        let (sms, mail) = outbox::senders(&db, settings)?;
        let mut state = AppState::with(db, sms, mail, settings.limits.clone(), settings.edge);
        state.providers = ProviderSettings::from_settings(settings)?;
        state.trust_proxy = TrustProxy(settings.trust_proxy);
        state.node_id = settings.node_id.clone();
        state.live_chat_origin = settings.live_chat_origin.clone();
        state.gateway = Arc::new(Gateway::new(settings.payment_callback_secret.clone(), settings.public_url.clone()));
        state.digitain_static_url = settings.digitain_static_url.as_deref().map(Arc::from);
        state.amusnet_jackpot_url = settings.amusnet_jackpot_url.as_deref().map(Arc::from);
        state.sports_feed = settings.sports_feed_speed;
        state.documents = Arc::new(crate::kyc::files::Folder(settings.documents_dir.clone()));
        state.kyc_rules = settings.kyc;
        state.four_eyes_over = settings.four_eyes_over;
        state.drain_delay = settings.drain_delay;
        let book =
            |url: &Option<String>, cid: &str| url.clone().map(|url| crate::accounts::sportsbooks::Book { url, cid: cid.to_string() });
        state.sportsbooks = Arc::new(crate::accounts::sportsbooks::Sportsbooks::new(
            book(&settings.betsy_url, &settings.betsy_cid),
            book(&settings.betco_url, ""),
            settings.sportsbook_secret.as_deref(),
        )?);
        Ok(state)
    }

    fn with(db: Db, sms: Arc<dyn Sender>, mail: Arc<dyn Sender>, limits: Limits, edge: Edge) -> AppState {
        let hashing = Arc::new(Hashing::new(edge.hash_threads, edge.hash_queue));
        let content = Arc::new(cms::ContentCache::new(db.clone(), live_jackpots));
        AppState {
            db,
            sms,
            mail,
            limits,
            hub: Arc::new(Hub::new(HubTimings::default())),
            edge,
            hashing,
            content,
            crash: Arc::new(crate::studio::crash::feed::CrashFeed::new(crate::studio::crash::Timings::default())),
            node_id: None,
            live_chat_origin: None,
            gateway: Arc::new(Gateway::development()),
            digitain_static_url: None,
            amusnet_jackpot_url: None,
            providers: ProviderSettings::default(),
            trust_proxy: TrustProxy::default(),
            sportsbooks: Arc::new(crate::accounts::sportsbooks::Sportsbooks::none()),
            sports_live: Arc::new(crate::sports::live::Live::default()),
            sports_feed: None,
            // A folder of the node's own until the settings name one (tests, `AppState::new`).
            documents: Arc::new(crate::kyc::files::Folder(std::env::temp_dir().join("kasa-documents"))),
            kyc_rules: crate::kyc::Rules::default(),
            four_eyes_over: crate::config::DEFAULT_FOUR_EYES_OVER,
            draining: crate::health::Draining::default(),
            drain_delay: std::time::Duration::ZERO,
        }
    }

    /// Changes the edge settings (and the password hashing bound that follows from them).
    pub fn set_edge(&mut self, edge: Edge) {
        self.hashing = Arc::new(Hashing::new(edge.hash_threads, edge.hash_queue));
        self.edge = edge;
    }
}

/// The studio's jackpots as the content's bootstrap shows them (the content area cannot read them).
fn live_jackpots(db: &Db) -> futures_util::future::BoxFuture<'_, sqlx::Result<Vec<serde_json::Value>>> {
    Box::pin(crate::studio::jackpots::live_cards(db))
}

impl FromRef<AppState> for AccountsState {
    fn from_ref(s: &AppState) -> AccountsState {
        AccountsState {
            db: s.db.clone(),
            sms: s.sms.clone(),
            mail: s.mail.clone(),
            limits: s.limits.clone(),
            hashing: s.hashing.clone(),
            sportsbooks: s.sportsbooks.clone(),
            trust_proxy: s.trust_proxy,
            on_verified: Arc::new(crate::bonus::TrialOnVerify { db: s.db.clone() }),
        }
    }
}

impl FromRef<AppState> for CmsState {
    fn from_ref(s: &AppState) -> CmsState {
        CmsState { db: s.db.clone(), write_ip: s.limits.write_ip, content: s.content.clone(), trust_proxy: s.trust_proxy }
    }
}

/// The content cache alone: the app's page carries its bootstrap.
impl FromRef<AppState> for Arc<cms::ContentCache> {
    fn from_ref(s: &AppState) -> Arc<cms::ContentCache> {
        s.content.clone()
    }
}

impl FromRef<AppState> for PaymentsState {
    fn from_ref(s: &AppState) -> PaymentsState {
        PaymentsState { db: s.db.clone(), gateway: s.gateway.clone(), kyc: s.kyc_rules }
    }
}

impl FromRef<AppState> for HubState {
    fn from_ref(s: &AppState) -> HubState {
        HubState {
            db: s.db.clone(),
            hub: s.hub.clone(),
            caps: HubCaps { per_ip: s.edge.hub_max_per_ip, per_session: s.edge.hub_max_per_session },
            trust_proxy: s.trust_proxy,
        }
    }
}

impl FromRef<AppState> for Hub88State {
    fn from_ref(s: &AppState) -> Hub88State {
        Hub88State { db: s.db.clone(), hub88: s.providers.hub88.clone() }
    }
}

impl FromRef<AppState> for TrustProxy {
    fn from_ref(s: &AppState) -> TrustProxy {
        s.trust_proxy
    }
}

impl FromRef<AppState> for Db {
    fn from_ref(s: &AppState) -> Db {
        s.db.clone()
    }
}
