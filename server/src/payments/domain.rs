//! The payments' domain types, parsed once at the edge: Turkish IBANs, field types, a method's
//! server-described fields, a detail validated against them, and a request's status.

use std::collections::BTreeMap;
use std::fmt;

use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

use crate::money::Kurus;

/// A Turkish IBAN: `TR`, two check digits and 22 digits (26 characters), whose mod-97 check holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Iban(String);

/// Why a text is not a Turkish IBAN.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IbanError {
    /// Not `TR` followed by 24 digits.
    Format,
    /// The mod-97 check fails (a mistyped digit).
    Checksum,
}

impl Iban {
    /// Reads an IBAN as typed or pasted: spaces are ignored, letters may be lower-case.
    pub fn parse(raw: &str) -> Result<Iban, IbanError> {
        let compact: String = raw.chars().filter(|c| !c.is_whitespace()).collect::<String>().to_ascii_uppercase();
        let digits = compact.strip_prefix("TR").ok_or(IbanError::Format)?;
        if compact.len() != 26 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(IbanError::Format);
        }
        // The first four characters moved to the end, letters as numbers (A = 10 ... Z = 35).
        let rearranged = format!("{}{}", &compact[4..], &compact[..4]);
        let mut rest: u32 = 0;
        for c in rearranged.chars() {
            let n = c.to_digit(36).ok_or(IbanError::Format)?;
            rest = if n >= 10 { (rest * 100 + n) % 97 } else { (rest * 10 + n) % 97 };
        }
        if rest != 1 {
            return Err(IbanError::Checksum);
        }
        Ok(Iban(compact))
    }

    /// The compact form, `TR330006100519786457841326`.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// Grouped by four, as people read it: `TR33 0006 1005 1978 6457 8413 26`.
impl fmt::Display for Iban {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let groups: Vec<&str> = self.0.as_bytes().chunks(4).map(|c| std::str::from_utf8(c).unwrap_or_default()).collect();
        f.write_str(&groups.join(" "))
    }
}

/// Deposit 1, Withdraw 2 (the spec's Transaction kind).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(try_from = "i64", into = "i64")]
pub enum Kind {
    Deposit = 1,
    Withdraw = 2,
}

impl TryFrom<i64> for Kind {
    type Error = String;
    fn try_from(n: i64) -> Result<Kind, String> {
        match n {
            1 => Ok(Kind::Deposit),
            2 => Ok(Kind::Withdraw),
            other => Err(format!("unknown transaction kind {other} (1 deposit, 2 withdraw)")),
        }
    }
}

impl From<Kind> for i64 {
    fn from(k: Kind) -> i64 {
        k as i64
    }
}

/// How a method's payment is made.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Adapter {
    /// Bank transfer (havale/EFT) to or from an IBAN; the operator confirms.
    Bank,
    /// The hosted card payment page (not in this increment).
    Card,
    /// An e-wallet; the operator confirms.
    Ewallet,
}

impl Adapter {
    pub fn as_str(self) -> &'static str {
        match self {
            Adapter::Bank => "bank",
            Adapter::Card => "card",
            Adapter::Ewallet => "ewallet",
        }
    }

    pub fn parse(s: &str) -> Option<Adapter> {
        match s {
            "bank" => Some(Adapter::Bank),
            "card" => Some(Adapter::Card),
            "ewallet" => Some(Adapter::Ewallet),
            _ => None,
        }
    }
}

/// A field's type as the app reads it (the spec's Field type, by name).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub enum FieldType {
    String,
    Int,
    Long,
    Decimal,
    Dropdown,
}

/// A dropdown's choice.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct FieldOption {
    /// A number or a text.
    #[schema(value_type = Object)]
    pub id: Value,
    pub name: String,
}

/// A server-described field of a payment form (`payment/detail`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Field {
    pub key: String,
    pub object_type: FieldType,
    /// The choices of a Dropdown (its presence makes the field a Dropdown in the app).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub option: Option<Vec<FieldOption>>,
    /// An input mask (deposits).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mask: Option<String>,
}

/// The key of the amount field every method has.
pub const AMOUNT: &str = "Amount";

impl Field {
    fn is_amount(&self) -> bool {
        self.key.eq_ignore_ascii_case(AMOUNT)
    }

    fn is_iban(&self) -> bool {
        self.key.eq_ignore_ascii_case("Iban")
    }
}

/// Why a detail was refused: the field and what is wrong with it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FieldProblem {
    pub field: String,
    pub problem: Problem,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Problem {
    Missing,
    /// Not a value of the field's type (a text for a number, a fraction for an Int, ...).
    NotOfType,
    TooLong,
    Iban(IbanError),
    /// More than two decimals.
    TooPrecise,
    BelowMin(Kurus),
    AboveMax(Kurus),
    NotAnOption,
}

/// A detail that passed its method's fields and limits: the amount and each field's value as
/// stored (text, or the number the app sent).
#[derive(Debug, Clone, PartialEq)]
pub struct ValidDetail {
    pub amount: Kurus,
    pub values: BTreeMap<String, Value>,
}

impl ValidDetail {
    /// The text of a field's value (a dropdown's chosen option by its name).
    pub fn text(&self, key: &str) -> Option<String> {
        self.values.get(key).map(|v| match v {
            Value::String(s) => s.clone(),
            other => other.to_string(),
        })
    }
}

/// Checks a detail `{key: value}` against the fields, in their order (the first problem is named),
/// and the amount against `[min, max]`. Keys the method does not describe are ignored.
pub fn validate(fields: &[Field], min: Kurus, max: Kurus, detail: &serde_json::Map<String, Value>) -> Result<ValidDetail, FieldProblem> {
    let mut values = BTreeMap::new();
    let mut amount = None;
    for field in fields {
        let fail = |problem| FieldProblem { field: field.key.clone(), problem };
        // The app may send the key in another case ('iban' for 'Iban').
        let value = detail
            .get(&field.key)
            .or_else(|| detail.iter().find(|(k, _)| k.eq_ignore_ascii_case(&field.key)).map(|(_, v)| v))
            .filter(|v| !v.is_null() && v.as_str().is_none_or(|s| !s.trim().is_empty()))
            .ok_or_else(|| fail(Problem::Missing))?;
        let stored = match field.object_type {
            FieldType::String => {
                let text = value.as_str().ok_or_else(|| fail(Problem::NotOfType))?.trim();
                if text.chars().count() > 100 {
                    return Err(fail(Problem::TooLong));
                }
                if field.is_iban() {
                    Value::String(Iban::parse(text).map_err(|e| fail(Problem::Iban(e)))?.as_str().to_string())
                } else {
                    Value::String(text.to_string())
                }
            }
            FieldType::Int | FieldType::Long => {
                let n = integer(value).ok_or_else(|| fail(Problem::NotOfType))?;
                if field.object_type == FieldType::Int && i32::try_from(n).is_err() {
                    return Err(fail(Problem::NotOfType));
                }
                Value::from(n)
            }
            FieldType::Decimal => {
                let kurus = decimal(value).map_err(fail)?;
                if field.is_amount() {
                    if kurus < min {
                        return Err(fail(Problem::BelowMin(min)));
                    }
                    if kurus > max {
                        return Err(fail(Problem::AboveMax(max)));
                    }
                    amount = Some(kurus);
                }
                Value::from(kurus.to_lira())
            }
            FieldType::Dropdown => {
                let options = field.option.as_deref().unwrap_or_default();
                let chosen = options.iter().find(|o| same_id(&o.id, value)).ok_or_else(|| fail(Problem::NotAnOption))?;
                chosen.id.clone()
            }
        };
        values.insert(field.key.clone(), stored);
    }
    let amount = amount.ok_or_else(|| FieldProblem { field: AMOUNT.to_string(), problem: Problem::Missing })?;
    Ok(ValidDetail { amount, values })
}

/// An integer sent as a number or as digits.
fn integer(v: &Value) -> Option<i64> {
    match v {
        Value::Number(n) => n.as_i64(),
        Value::String(s) => s.trim().parse().ok(),
        _ => None,
    }
}

/// An amount sent as a number (lira) or as typed text (`150`, `12,50`, `1.234,56`), positive and
/// with at most two decimals.
fn decimal(v: &Value) -> Result<Kurus, Problem> {
    let parsed = match v {
        // The number's shortest decimal text: exact for the double the JSON parser read.
        Value::Number(n) => Kurus::from_decimal(&n.to_string()),
        Value::String(s) => Kurus::parse(s),
        _ => return Err(Problem::NotOfType),
    };
    match parsed {
        Ok(k) if k.is_positive() => Ok(k),
        Ok(_) => Err(Problem::NotOfType),
        Err(crate::money::MoneyError::TooPrecise(_) | crate::money::MoneyError::Ambiguous(_)) => Err(Problem::TooPrecise),
        Err(_) => Err(Problem::NotOfType),
    }
}

/// A dropdown value matches an option's id as a number or as text (`2` and `"2"` alike).
fn same_id(id: &Value, value: &Value) -> bool {
    let text = |v: &Value| match v {
        Value::String(s) => Some(s.trim().to_string()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    };
    matches!((text(id), text(value)), (Some(a), Some(b)) if a == b)
}

/// A request's status as stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum RequestStatus {
    Pending,
    Confirmed,
    Rejected,
    /// Cancelled by the player (a deposit they will not make).
    Cancelled,
    /// An unpaid card deposit after 30 minutes (a later increment).
    Expired,
}

impl RequestStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            RequestStatus::Pending => "pending",
            RequestStatus::Confirmed => "confirmed",
            RequestStatus::Rejected => "rejected",
            RequestStatus::Cancelled => "cancelled",
            RequestStatus::Expired => "expired",
        }
    }

    pub fn parse(s: &str) -> Option<RequestStatus> {
        [RequestStatus::Pending, RequestStatus::Confirmed, RequestStatus::Rejected, RequestStatus::Cancelled, RequestStatus::Expired]
            .into_iter()
            .find(|r| r.as_str() == s)
    }

    /// The spec's Status (None 0, Confirmed 1, Pending 2, Merged 3, Rejected 4, Cancelled 5, Created 6)
    /// and Process state (Processing 1, Completed 2, Cancelled 3, Expired 4), as issue 13 maps them.
    pub fn spec_codes(self) -> (i64, i64) {
        match self {
            RequestStatus::Pending => (2, 1),
            RequestStatus::Confirmed => (1, 2),
            RequestStatus::Rejected => (4, 3),
            RequestStatus::Cancelled => (5, 3),
            RequestStatus::Expired => (5, 4),
        }
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn tl(lira: i64) -> Kurus {
        Kurus::from_minor(lira * 100).unwrap()
    }

    fn fields() -> Vec<Field> {
        serde_json::from_value(json!([
            {"key": "Iban", "objectType": "String"},
            {"key": "Name", "objectType": "String"},
            {"key": "Wallet", "objectType": "Dropdown", "option": [{"id": 1, "name": "Papara"}, {"id": "jeton", "name": "Jeton"}]},
            {"key": "Count", "objectType": "Int"},
            {"key": "Amount", "objectType": "Decimal"}
        ]))
        .unwrap()
    }

    fn check(detail: Value) -> Result<ValidDetail, FieldProblem> {
        validate(&fields(), tl(100), tl(5_000), detail.as_object().unwrap())
    }

    fn good() -> Value {
        json!({"Iban": "TR33 0006 1005 1978 6457 8413 26", "Name": "Ayşe Yılmaz", "Wallet": 1, "Count": "3", "Amount": 150.5})
    }

    fn with(changes: Value) -> Value {
        let mut v = good();
        for (k, x) in changes.as_object().unwrap() {
            v[k] = x.clone();
        }
        v
    }

    #[test]
    fn a_real_turkish_iban_parses_with_or_without_spaces() {
        assert_eq!(Iban::parse("tr33 0006 1005 1978 6457 8413 26").unwrap().as_str(), "TR330006100519786457841326");
        assert_eq!(Iban::parse("TR360001000123456789012345").unwrap().to_string(), "TR36 0001 0001 2345 6789 0123 45");
    }

    #[test]
    fn a_mistyped_digit_fails_the_checksum_and_other_shapes_fail_the_format() {
        assert_eq!(Iban::parse("TR330006100519786457841327"), Err(IbanError::Checksum));
        assert_eq!(Iban::parse("TR3300061005197864578413"), Err(IbanError::Format));
        assert_eq!(Iban::parse("DE89370400440532013000"), Err(IbanError::Format));
        assert_eq!(Iban::parse("TR33000610051978645784132X"), Err(IbanError::Format));
    }

    #[test]
    fn a_valid_detail_gives_the_amount_and_the_stored_values() {
        let valid = check(good()).unwrap();
        assert_eq!(valid.amount, Kurus::from_minor(15_050).unwrap());
        assert_eq!(valid.values["Iban"], json!("TR330006100519786457841326"));
        assert_eq!(valid.values["Count"], json!(3));
        assert_eq!(check(with(json!({"Wallet": "jeton", "Amount": "1.234,56"}))).unwrap().amount, Kurus::from_minor(123_456).unwrap());
        assert_eq!(check(with(json!({"Wallet": "1"}))).unwrap().values["Wallet"], json!(1));
    }

    #[test]
    fn each_bad_value_is_refused_naming_its_field() {
        let problem = |d: Value| check(d).map(|_| ()).unwrap_err();
        let cases = [
            (with(json!({"Iban": "TR330006100519786457841327"})), "Iban", Problem::Iban(IbanError::Checksum)),
            (with(json!({"Name": "  "})), "Name", Problem::Missing),
            (with(json!({"Name": 5})), "Name", Problem::NotOfType),
            (with(json!({"Wallet": 9})), "Wallet", Problem::NotAnOption),
            (with(json!({"Count": 1.5})), "Count", Problem::NotOfType),
            (with(json!({"Count": 3_000_000_000i64})), "Count", Problem::NotOfType),
            (with(json!({"Amount": 10.123})), "Amount", Problem::TooPrecise),
            (with(json!({"Amount": 99.99})), "Amount", Problem::BelowMin(tl(100))),
            (with(json!({"Amount": 5_000.01})), "Amount", Problem::AboveMax(tl(5_000))),
            (with(json!({"Amount": -200})), "Amount", Problem::NotOfType),
            (with(json!({"Amount": "abc"})), "Amount", Problem::NotOfType),
        ];
        for (detail, field, expected) in cases {
            assert_eq!(problem(detail.clone()), FieldProblem { field: field.into(), problem: expected }, "{detail}");
        }
        assert!(check(with(json!({"Amount": 100}))).is_ok() && check(with(json!({"Amount": 5_000}))).is_ok(), "limits are inclusive");
    }
}
