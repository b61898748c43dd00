//! The sportsbooks the site embeds: Betsy on /spor and /livespor (and their High Rate variants),
//! Betco on /spor/betco. Each is the operator's setting (`KASA_BETSY_URL` with `KASA_BETSY_CID`,
//! `KASA_BETCO_URL`), not site content, because the Content-Security-Policy lets the app frame
//! exactly those origins. At login the server gives the player a token for each configured one
//! (empty fields otherwise): `{book}.{usercode}.{expires ms}.{signature}`, the signature the
//! HMAC-SHA256 of the rest under `KASA_SPORTSBOOK_SECRET`, which the sportsbook shares to check
//! who the player is without calling back. [`Sportsbooks::verify`] is that check.

/// How long a sportsbook token is good for (a login's day of play).
pub const TOKEN_TTL_MS: i64 = 12 * 3600 * 1000;

/// One embedded sportsbook.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Book {
    /// The page the app frames (http or https).
    pub url: String,
    /// Betsy's client id (`cid`); empty for Betco.
    pub cid: String,
}

/// The configured sportsbooks and the secret their tokens are signed with.
#[derive(Clone, Default)]
pub struct Sportsbooks {
    pub betsy: Option<Book>,
    pub betco: Option<Book>,
    secret: Vec<u8>,
}

impl std::fmt::Debug for Sportsbooks {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Sportsbooks").field("betsy", &self.betsy).field("betco", &self.betco).field("secret", &"[redacted]").finish()
    }
}

/// The login data's sportsbook fields.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct LoginFields {
    pub betsy_url: String,
    pub betsy_cid: String,
    pub betsy_token: String,
    pub betco_url: String,
    pub betco_token: String,
}

impl Sportsbooks {
    /// None configured.
    pub fn none() -> Sportsbooks {
        Sportsbooks::default()
    }

    /// The sportsbooks of the settings; the secret is required (16 characters or more) when one is.
    pub fn new(betsy: Option<Book>, betco: Option<Book>, secret: Option<&str>) -> anyhow::Result<Sportsbooks> {
        if betsy.is_none() && betco.is_none() {
            return Ok(Sportsbooks::none());
        }
        let secret = secret.filter(|s| s.len() >= 16).ok_or_else(|| {
            anyhow::anyhow!("KASA_SPORTSBOOK_SECRET (16 characters or more) is needed with KASA_BETSY_URL or KASA_BETCO_URL")
        })?;
        Ok(Sportsbooks { betsy, betco, secret: secret.as_bytes().to_vec() })
    }

    /// Whether any sportsbook is configured.
    pub fn any(&self) -> bool {
        self.betsy.is_some() || self.betco.is_some()
    }

    fn sign(&self, payload: &str) -> String {
        crate::crypto::hmac_sha256_hex(&self.secret, payload.as_bytes())
    }

    /// A token for the player (by usercode) at one sportsbook (`betsy` or `betco`).
    pub fn token(&self, book: &str, usercode: &str, now: i64) -> String {
        let payload = format!("{book}.{usercode}.{}", now + TOKEN_TTL_MS);
        let signature = self.sign(&payload);
        format!("{payload}.{signature}")
    }

    /// Checks a token as the sportsbook does: the book it is for and the player's usercode, when
    /// it is signed by the secret and not expired.
    pub fn verify(&self, token: &str, now: i64) -> Option<(String, String)> {
        if self.secret.is_empty() {
            return None;
        }
        let (payload, signature) = token.rsplit_once('.')?;
        let expected = self.sign(payload);
        let same = crate::crypto::constant_time_eq(expected.as_bytes(), signature.as_bytes());
        let mut parts = payload.splitn(3, '.');
        let (book, usercode, expires) = (parts.next()?, parts.next()?, parts.next()?.parse::<i64>().ok()?);
        (same && now < expires).then(|| (book.to_string(), usercode.to_string()))
    }

    /// What a visitor's sports pages frame: the Betsy sportsbook's URL and client id, no token
    /// (Betco, behind the betting-access guard, is for players only).
    pub fn visitor_fields(&self) -> LoginFields {
        let mut fields = LoginFields::default();
        if let Some(b) = &self.betsy {
            fields.betsy_url = b.url.clone();
            fields.betsy_cid = b.cid.clone();
        }
        fields
    }

    /// The login data's fields for a player: each configured sportsbook's URL and token.
    pub fn login_fields(&self, usercode: &str, now: i64) -> LoginFields {
        let mut fields = LoginFields::default();
        if let Some(b) = &self.betsy {
            fields.betsy_url = b.url.clone();
            fields.betsy_cid = b.cid.clone();
            fields.betsy_token = self.token("betsy", usercode, now);
        }
        if let Some(b) = &self.betco {
            fields.betco_url = b.url.clone();
            fields.betco_token = self.token("betco", usercode, now);
        }
        fields
    }

    /// The login data's fields for a new session: [`Sportsbooks::login_fields`], the Betsy token
    /// bound to the session (its SHA-256 kept in the session's row), so that it lives exactly as
    /// long as the session: a logout, an operator's logout or a password change ends it at once
    /// on every node ([`session_player`]).
    pub async fn issue(&self, conn: &mut sqlx::AnyConnection, session_id: i64, usercode: &str, now: i64) -> sqlx::Result<LoginFields> {
        let fields = self.login_fields(usercode, now);
        if !fields.betsy_token.is_empty() {
            sqlx::query("UPDATE sessions SET sportsbook_token = $1 WHERE id = $2")
                .bind(crate::auth::session::token_hash(&fields.betsy_token))
                .bind(session_id)
                .execute(&mut *conn)
                .await?;
        }
        Ok(fields)
    }

    /// The origins the app may frame (`scheme://host[:port]`).
    pub fn frame_origins(&self) -> Vec<String> {
        [&self.betsy, &self.betco].into_iter().flatten().filter_map(|b| origin_of(&b.url)).collect()
    }
}

/// The player whose live session a Betsy token was issued with, read from the database on every
/// call (so a session ended on any node ends the token everywhere at once); `None` when that
/// session ended, went idle, or the token was never issued with one.
pub async fn session_player(db: &crate::db::Db, token: &str) -> sqlx::Result<Option<i64>> {
    let now = crate::db::now_ms();
    // Not past the player's session time limit either: the sweep that ends such a session runs
    // every few seconds, and the book must not take a stake in between.
    sqlx::query_scalar(
        "SELECT player_id FROM sessions WHERE sportsbook_token = $1 AND ended_at IS NULL AND last_seen_at >= $2 \
           AND (expires_at IS NULL OR expires_at > $3) LIMIT 1",
    )
    .bind(crate::auth::session::token_hash(token))
    .bind(now - crate::auth::session::IDLE_TIMEOUT_MS)
    .bind(now)
    .fetch_optional(&db.pool)
    .await
}

/// The site's own secret for the built-in sportsbook's tokens when the settings give none: made
/// once (32 random bytes, hex) and kept in `settings`, so every node signs and checks alike.
pub async fn site_secret(db: &crate::db::Db) -> sqlx::Result<String> {
    crate::settings::installation_secret(db, "sportsbook.secret").await
}

/// `scheme://host[:port]` of an http(s) URL.
pub fn origin_of(url: &str) -> Option<String> {
    let (scheme, rest) = url.split_once("://")?;
    let host = rest.split(['/', '?', '#']).next()?;
    (matches!(scheme, "http" | "https") && !host.is_empty()).then(|| format!("{scheme}://{host}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn books() -> Sportsbooks {
        let betsy = Book { url: "https://sport.example.com/tr/sportsbook?skin=kasa".into(), cid: "42".into() };
        let betco = Book { url: "https://betco.example.net:8443/".into(), cid: String::new() };
        Sportsbooks::new(Some(betsy), Some(betco), Some("a-shared-secret-of-some-length")).unwrap()
    }

    #[test]
    fn a_token_verifies_for_its_book_and_player_until_it_expires() {
        let s = books();
        let token = s.token("betsy", "1000042", 1_000);

        assert_eq!(s.verify(&token, 2_000), Some(("betsy".into(), "1000042".into())));
        assert_eq!(s.verify(&token, 1_000 + TOKEN_TTL_MS), None, "expired");
        let forged = token.replace("1000042", "1000043");
        assert_eq!(s.verify(&forged, 2_000), None, "another player's usercode breaks the signature");
        let other = Sportsbooks::new(s.betsy.clone(), None, Some("another-secret-entirely")).unwrap();
        assert_eq!(other.verify(&token, 2_000), None, "another secret");
        assert_eq!(Sportsbooks::none().verify(&token, 2_000), None);
    }

    #[test]
    fn the_login_fields_are_empty_without_a_sportsbook_and_filled_for_each_configured_one() {
        assert_eq!(Sportsbooks::none().login_fields("1000001", 0), LoginFields::default());
        let f = books().login_fields("1000001", 0);
        assert_eq!((f.betsy_url.as_str(), f.betsy_cid.as_str()), ("https://sport.example.com/tr/sportsbook?skin=kasa", "42"));
        assert!(f.betsy_token.starts_with("betsy.1000001.") && f.betco_token.starts_with("betco.1000001."));
        assert_eq!(books().frame_origins(), ["https://sport.example.com", "https://betco.example.net:8443"]);
    }

    #[test]
    fn a_sportsbook_needs_the_secret() {
        let betsy = Book { url: "https://sport.example.com/".into(), cid: String::new() };
        assert!(Sportsbooks::new(Some(betsy.clone()), None, None).is_err());
        assert!(Sportsbooks::new(Some(betsy), None, Some("short")).is_err());
        assert!(!Sportsbooks::new(None, None, None).unwrap().any());
    }
}
