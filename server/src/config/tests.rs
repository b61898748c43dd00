//! The settings' parsing from the environment: defaults, each variable, and clear errors.

use super::*;

fn read(vars: &[(&str, &str)]) -> anyhow::Result<Settings> {
    Settings::from_lookup(|name| vars.iter().find(|(k, _)| *k == name).map(|(_, v)| v.to_string()))
}

#[test]
fn the_built_in_sportsbook_is_the_default_and_off_turns_it_off() {
    let s = read(&[]).unwrap();
    assert_eq!((s.betsy_url.as_deref(), s.betsy_cid.as_str()), (Some(BUILT_IN_SPORTSBOOK), BUILT_IN_CID));
    assert_eq!(s.sportsbook_secret, None, "the built-in book needs no secret in the settings");

    let off = read(&[("KASA_BETSY_URL", "off")]).unwrap();
    assert_eq!((off.betsy_url, off.betsy_cid.as_str()), (None, ""));

    assert!(read(&[("KASA_BETSY_URL", "https://sport.example.com/")]).is_err(), "an outside book needs the secret");
    assert!(read(&[("KASA_BETSY_URL", "/elsewhere/")]).is_err(), "only the built-in page is relative");
    assert!(read(&[("KASA_SPORTSBOOK_SECRET", "short")]).is_err());
    let outside = read(&[("KASA_BETSY_URL", "https://sport.example.com/"), ("KASA_SPORTSBOOK_SECRET", "a-secret-long-enough")]).unwrap();
    assert_eq!((outside.betsy_url.as_deref(), outside.betsy_cid.as_str()), (Some("https://sport.example.com/"), ""));
}

#[test]
fn every_setting_is_read_into_its_typed_field() {
    let s = read(&[
        ("KASA_LIMIT_LOGIN_USER", "3/60"),
        ("KASA_SMS_RESEND_SECS", "0"),
        ("KASA_HEADER_TIMEOUT_SECS", "5"),
        ("KASA_HUB_MAX_PER_IP", "7"),
        ("KASA_HASH_THREADS", "3"),
        ("KASA_TRUST_PROXY", "1"),
        ("KASA_NODE_ID", "node-a"),
        ("KASA_LOG_FORMAT", "json"),
        ("KASA_SMS_GATEWAY_URL", "http://127.0.0.1:9/sms"),
        ("KASA_LIVE_CHAT_ORIGIN", "https://chat.example.com/"),
        ("KASA_PAYMENT_CALLBACK_SECRET", "a-long-enough-callback-secret"),
        ("KASA_PUBLIC_URL", "https://Kasa.example.com/"),
    ])
    .unwrap();
    assert_eq!(s.limits.login_user, Limit { max: 3, window_secs: 60 });
    assert_eq!(s.limits.sms_resend(), None);
    assert_eq!((s.edge.header_timeout, s.edge.hub_max_per_ip, s.edge.hash_threads, s.edge.hash_queue), (Duration::from_secs(5), 7, 3, 48));
    assert!(s.trust_proxy && s.log_json);
    assert_eq!(s.node_id.as_deref(), Some("node-a"));
    assert_eq!(s.sms_gateway.as_ref().unwrap().url, "http://127.0.0.1:9/sms");
    assert!(s.smtp.is_none());
    assert_eq!(s.live_chat_origin.as_deref(), Some("https://chat.example.com"));
    assert_eq!(s.payment_callback_secret.as_deref(), Some("a-long-enough-callback-secret"));
    assert_eq!(s.public_url.as_deref(), Some("https://kasa.example.com"));
    assert!(!format!("{s:?}").contains("a-long-enough-callback-secret"), "the secret is never printed");
}

#[test]
fn hub88_is_all_four_settings_or_none_and_its_key_is_never_printed() {
    assert!(read(&[]).unwrap().hub88.is_none());
    let key = "-----BEGIN PRIVATE KEY-----\\nsecret-key-body\\n-----END PRIVATE KEY-----";
    let all = [
        ("KASA_HUB88_BASE_URL", "https://api.hub88.test/"),
        ("KASA_HUB88_OPERATOR_ID", "42"),
        ("KASA_HUB88_PRIVATE_KEY", key),
        ("KASA_HUB88_PUBLIC_KEY", "-----BEGIN PUBLIC KEY-----\\nx\\n-----END PUBLIC KEY-----"),
    ];
    let s = read(&all).unwrap();
    let h = s.hub88.as_ref().unwrap();
    assert_eq!((h.base_url.as_str(), h.operator_id), ("https://api.hub88.test", 42));
    assert_eq!(h.private_key, "-----BEGIN PRIVATE KEY-----\nsecret-key-body\n-----END PRIVATE KEY-----");
    assert!(!format!("{s:?}").contains("secret-key-body"), "the key is never printed");
    let missing = read(&all[..3]).unwrap_err().to_string();
    assert!(missing.starts_with("KASA_HUB88_PUBLIC_KEY"), "{missing}");
    let mut bad = all;
    bad[1] = ("KASA_HUB88_OPERATOR_ID", "operator");
    assert!(read(&bad).unwrap_err().to_string().starts_with("KASA_HUB88_OPERATOR_ID"));
    bad = all;
    bad[3] = ("KASA_HUB88_PUBLIC_KEY", "/no/such/hub88.pem");
    assert!(read(&bad).unwrap_err().to_string().starts_with("KASA_HUB88_PUBLIC_KEY"));
}

#[test]
fn only_an_http_or_https_origin_is_read_as_the_live_chat_origin() {
    assert_eq!(parse_origin("https://Chat.Example.com/").as_deref(), Some("https://chat.example.com"));
    assert_eq!(parse_origin("http://127.0.0.1:9000").as_deref(), Some("http://127.0.0.1:9000"));
    for bad in ["chat.example.com", "https://chat.example.com/widget.js", "javascript://x", "https://a b", "https://x;y", "https://x:0"] {
        assert_eq!(parse_origin(bad), None, "{bad}");
    }
}

#[test]
fn a_bad_value_is_refused_naming_its_variable() {
    for (name, value) in [
        ("KASA_LIMIT_LOGIN_IP", "lots"),
        ("KASA_LIMIT_CODE_USER", "5/999999"),
        ("KASA_HUB_MAX_PER_SESSION", "0"),
        ("KASA_REQUEST_TIMEOUT_SECS", "-1"),
        ("KASA_TRUST_PROXY", "maybe"),
        ("KASA_LOG_FORMAT", "xml"),
        ("KASA_LIVE_CHAT_ORIGIN", "chat.example.com/widget.js"),
        ("KASA_PUBLIC_URL", "kasa.example.com"),
    ] {
        let err = read(&[(name, value)]).unwrap_err().to_string();
        assert!(err.starts_with(name) && err.contains(value), "{name}: {err}");
    }
    let short = read(&[("KASA_PAYMENT_CALLBACK_SECRET", "short-secret")]).unwrap_err().to_string();
    assert!(short.starts_with("KASA_PAYMENT_CALLBACK_SECRET") && !short.contains("short-secret"), "{short}");
}
