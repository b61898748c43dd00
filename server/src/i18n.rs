//! The server's own messages in the player's language, chosen by the `x-locale` header.

use std::collections::HashMap;
use std::sync::LazyLock;

use axum::extract::FromRequestParts;
use axum::http::request::Parts;

/// A language the server writes its messages in. Turkish is the default.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Locale {
    #[default]
    Tr,
    En,
}

impl Locale {
    /// Reads an `x-locale` value such as `en`, `en-US` or `TR`; anything unknown is Turkish.
    pub fn parse(raw: &str) -> Locale {
        match language_code(raw).as_deref() {
            Some("en") => Locale::En,
            _ => Locale::Tr,
        }
    }

    pub fn code(self) -> &'static str {
        match self {
            Locale::Tr => "tr",
            Locale::En => "en",
        }
    }

    /// The locale of the request being handled (set by the locale middleware), Turkish outside one.
    pub fn current() -> Locale {
        CURRENT.try_with(|l| *l).unwrap_or_default()
    }
}

tokio::task_local! {
    static CURRENT: Locale;
}

/// Runs `fut` with `locale` as the request's locale, so errors rendered inside it speak that language.
pub async fn scope<F: Future>(locale: Locale, fut: F) -> F::Output {
    CURRENT.scope(locale, fut).await
}

/// The raw `x-locale` value of a request, kept for areas (content, translations) that serve more
/// languages than the server's own messages.
#[derive(Debug, Clone)]
pub struct RequestLocale(pub String);

impl<S: Send + Sync> FromRequestParts<S> for RequestLocale {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        Ok(RequestLocale(header_locale(&parts.headers)))
    }
}

/// The lower-cased language code of the `x-locale` header (`tr` when missing).
pub fn header_locale(headers: &axum::http::HeaderMap) -> String {
    headers.get("x-locale").and_then(|v| v.to_str().ok()).and_then(language_code).unwrap_or_else(|| "tr".to_string())
}

/// The language part of a locale (`en-GB` → `en`), lower-cased; None when it is not a plausible code.
fn language_code(raw: &str) -> Option<String> {
    let code = raw.trim().split(['-', '_']).next().unwrap_or("").to_ascii_lowercase();
    (!code.is_empty() && code.len() <= 8 && code.chars().all(|c| c.is_ascii_alphabetic())).then_some(code)
}

static CATALOG: LazyLock<HashMap<&'static str, HashMap<String, String>>> = LazyLock::new(|| {
    let parse = |s: &str| serde_json::from_str::<HashMap<String, String>>(s).expect("server message catalogue is valid JSON");
    HashMap::from([("tr", parse(include_str!("../locales/tr.json"))), ("en", parse(include_str!("../locales/en.json")))])
});

/// The text of message `key` in `locale`; falls back to Turkish, then to the key itself.
pub fn text(key: &str, locale: Locale) -> String {
    CATALOG
        .get(locale.code())
        .and_then(|m| m.get(key))
        .or_else(|| CATALOG.get("tr").and_then(|m| m.get(key)))
        .cloned()
        .unwrap_or_else(|| key.to_string())
}

/// The text of `key` in the current request's language.
pub fn t(key: &str) -> String {
    text(key, Locale::current())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_message_exists_in_both_languages() {
        let tr: Vec<_> = CATALOG["tr"].keys().collect();
        for k in &tr {
            assert!(CATALOG["en"].contains_key(*k), "{k} missing in en");
        }
        assert_eq!(CATALOG["tr"].len(), CATALOG["en"].len());
    }

    #[test]
    fn amounts_are_written_in_each_language_as_the_app_writes_them() {
        use crate::money::Kurus;
        let k = |n| Kurus::from_minor(n).unwrap();
        assert_eq!(money_in(k(123_456), Locale::En), "₺1,234.56");
        assert_eq!(money_in(k(-50), Locale::En), "-₺0.50");
        assert_eq!(money_in(k(123_456), Locale::Tr), "1.234,56 ₺");
    }

    #[test]
    fn unknown_locales_fall_back_to_turkish() {
        assert_eq!(Locale::parse("de"), Locale::Tr);
        assert_eq!(Locale::parse("en-GB"), Locale::En);
    }
}

/// Words to render in any language: a catalogue key and the values of its placeholders (what a
/// notification keeps, so each reader reads it in their own language). A value is plain text, an
/// amount (written in the reader's number format) or a text of its own in each language.
#[derive(Debug, Clone)]
pub struct Words {
    key: &'static str,
    values: Vec<(&'static str, Value)>,
}

/// An amount in the language's number format, as the app writes it: `1.234,56 ₺` in Turkish,
/// `₺1,234.56` in English.
pub fn money_in(amount: crate::money::Kurus, locale: Locale) -> String {
    match locale {
        Locale::Tr => amount.to_string(),
        Locale::En => {
            let (sign, digits) = amount.digits(',', '.');
            format!("{sign}₺{digits}")
        }
    }
}

/// An amount in the language of the request being answered.
pub fn money(amount: crate::money::Kurus) -> String {
    money_in(amount, Locale::current())
}

/// A placeholder's value in [`Words`].
#[derive(Debug, Clone)]
pub enum Value {
    Plain(String),
    Money(crate::money::Kurus),
    /// By locale code; Turkish when the reader's language is missing.
    Texts(std::collections::BTreeMap<String, String>),
}

impl Value {
    fn render(&self, locale: Locale) -> String {
        match self {
            Value::Plain(text) => text.clone(),
            Value::Money(amount) => money_in(*amount, locale),
            Value::Texts(by) => by.get(locale.code()).or_else(|| by.get("tr")).or_else(|| by.values().next()).cloned().unwrap_or_default(),
        }
    }
}

impl From<crate::money::Kurus> for Value {
    fn from(amount: crate::money::Kurus) -> Value {
        Value::Money(amount)
    }
}
impl From<&str> for Value {
    fn from(text: &str) -> Value {
        Value::Plain(text.to_string())
    }
}
impl From<&String> for Value {
    fn from(text: &String) -> Value {
        Value::Plain(text.clone())
    }
}
impl From<String> for Value {
    fn from(text: String) -> Value {
        Value::Plain(text)
    }
}
impl From<&std::collections::BTreeMap<String, String>> for Value {
    fn from(by: &std::collections::BTreeMap<String, String>) -> Value {
        Value::Texts(by.clone())
    }
}

impl Words {
    pub fn new(key: &'static str) -> Words {
        Words { key, values: Vec::new() }
    }

    /// With `{name}` standing for `value`.
    pub fn with(mut self, name: &'static str, value: impl Into<Value>) -> Words {
        self.values.push((name, value.into()));
        self
    }

    pub fn render(&self, locale: Locale) -> String {
        self.values.iter().fold(text(self.key, locale), |s, (name, value)| s.replace(name, &value.render(locale)))
    }
}
