//! Money as an integer count of kuruş (1 lira = 100 kuruş): parsing, conversion and Turkish display.

use std::fmt;
use std::str::FromStr;

/// An amount of Turkish lira in kuruş, within ± one trillion lira. Outside this module it is made
/// only by parsing text, converting lira or [`Kurus::from_minor`] (range-checked), and its
/// arithmetic is checked: nothing overflows silently.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Kurus(i64);

/// Why a text or a number is not an amount of money.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MoneyError {
    #[error("not an amount of money: '{0}'")]
    Malformed(String),
    #[error("an amount has at most two decimals (kuruş): '{0}'")]
    TooPrecise(String),
    #[error("'{0}' could be read with its separator as a decimal mark or as thousands: write 1000 or 1,00")]
    Ambiguous(String),
    #[error("the amount is out of range: '{0}'")]
    OutOfRange(String),
    #[error("the sum is out of range")]
    Overflow,
}

/// The largest amount accepted from outside (one trillion lira): far from `i64` overflow.
const MAX_KURUS: i64 = 100_000_000_000_000;

impl Kurus {
    pub const ZERO: Kurus = Kurus(0);

    /// A whole-lira constant (a setting's default); panics at compile time beyond the range.
    pub const fn from_lira_const(lira: i64) -> Kurus {
        assert!(lira.abs() <= MAX_KURUS / 100);
        Kurus(lira * 100)
    }

    /// An amount from its count of kuruş (as stored or configured), refused beyond ± one trillion lira.
    pub fn from_minor(kurus: i64) -> Result<Kurus, MoneyError> {
        if kurus.checked_abs().is_some_and(|a| a <= MAX_KURUS) { Ok(Kurus(kurus)) } else { Err(MoneyError::OutOfRange(kurus.to_string())) }
    }

    /// The count of kuruş (for storage and arithmetic on the database side).
    pub fn minor(self) -> i64 {
        self.0
    }

    /// The amount in lira, as the API shows it (two decimals are exact for any realistic amount).
    pub fn to_lira(self) -> f64 {
        // Divide in integers first so 1234.56 comes out as the nearest f64 to 1234.56.
        let whole = (self.0 / 100) as f64;
        let cents = (self.0 % 100) as f64 / 100.0;
        whole + cents
    }

    /// The amount for a lira number from a JSON body, read through its shortest decimal text (the
    /// digits that name exactly this double, e.g. `100.0000001`): an amount with a third decimal is
    /// refused, never rounded. NaN, infinities and amounts beyond a trillion lira are refused too.
    pub fn from_lira(lira: f64) -> Result<Kurus, MoneyError> {
        if !lira.is_finite() {
            return Err(MoneyError::Malformed(lira.to_string()));
        }
        Kurus::from_decimal(&lira.to_string())
    }

    /// Reads a decimal number exactly as JSON writes it (`-12.5`, `100`, `1.5e2`): at most two decimals
    /// once the exponent is applied and trailing zeros are dropped, so `10.10` and `1.000` are 10,10 ₺
    /// and 1,00 ₺ while `100.0000001` and `49999.999` are [`MoneyError::TooPrecise`].
    pub fn from_decimal(text: &str) -> Result<Kurus, MoneyError> {
        let malformed = || MoneyError::Malformed(text.to_string());
        let (negative, rest) = match text.strip_prefix('-') {
            Some(r) => (true, r),
            None => (false, text),
        };
        let (mantissa, exponent) = match rest.find(['e', 'E']) {
            Some(at) => {
                let e = &rest[at + 1..];
                let e = e.strip_prefix('+').unwrap_or(e);
                (&rest[..at], e.parse::<i64>().map_err(|_| malformed())?)
            }
            None => (rest, 0),
        };
        let (int_part, frac_part) = mantissa.split_once('.').unwrap_or((mantissa, ""));
        if int_part.is_empty()
            || (mantissa.contains('.') && frac_part.is_empty())
            || !int_part.bytes().chain(frac_part.bytes()).all(|b| b.is_ascii_digit())
        {
            return Err(malformed());
        }
        // The value is digits × 10^(exponent − decimals); kuruş need that power to be at least −2.
        let digits = format!("{int_part}{frac_part}");
        let digits = digits.trim_start_matches('0');
        let trimmed = digits.trim_end_matches('0');
        let power = exponent
            .checked_sub(frac_part.len() as i64)
            .and_then(|p| p.checked_add((digits.len() - trimmed.len()) as i64))
            .ok_or_else(malformed)?;
        if trimmed.is_empty() {
            return Ok(Kurus::ZERO);
        }
        if power < -2 {
            return Err(MoneyError::TooPrecise(text.to_string()));
        }
        let out_of_range = || MoneyError::OutOfRange(text.to_string());
        // At most 15 digits of kuruş fit the range, so a longer number is out of it.
        if power.saturating_add(trimmed.len() as i64 + 2) > 15 {
            return Err(out_of_range());
        }
        let value = trimmed.parse::<i64>().map_err(|_| out_of_range())? * 10i64.pow((power + 2) as u32);
        if value > MAX_KURUS {
            return Err(out_of_range());
        }
        Ok(Kurus(if negative { -value } else { value }))
    }

    /// Parses an amount an operator types: `150`, `-25.5`, `12,50`, `1.234,56`, `1,234.56`, with an
    /// optional `₺` or `TL`. With both separators the last one is the decimal mark; with a single
    /// kind of separator, one occurrence followed by one or two digits is the decimal mark and
    /// groups of three are thousands. A single separator followed by exactly three digits (`1.000`,
    /// `1,005`) could be either, so it is refused as [`MoneyError::Ambiguous`], never guessed.
    pub fn parse(text: &str) -> Result<Kurus, MoneyError> {
        let malformed = || MoneyError::Malformed(text.to_string());
        let mut s = text.trim();
        s = s.strip_suffix('₺').or_else(|| s.strip_suffix("TL")).unwrap_or(s).trim_end();
        s = s.strip_prefix('₺').unwrap_or(s).trim_start();
        let (negative, body) = match s.as_bytes().first() {
            Some(b'-') => (true, s[1..].trim_start()),
            Some(b'+') => (false, s[1..].trim_start()),
            _ => (false, s),
        };
        if body.is_empty() || !body.chars().all(|c| c.is_ascii_digit() || c == '.' || c == ',') {
            return Err(malformed());
        }
        let last_dot = body.rfind('.');
        let last_comma = body.rfind(',');
        let decimal_at = match (last_dot, last_comma) {
            (Some(d), Some(c)) => Some(d.max(c)),
            (Some(p), None) | (None, Some(p)) => {
                let sep = body.as_bytes()[p];
                let count = body.bytes().filter(|&b| b == sep).count();
                let tail = body.len() - p - 1;
                if count == 1 && tail == 3 {
                    return Err(MoneyError::Ambiguous(text.to_string()));
                }
                if count == 1 { Some(p) } else { None }
            }
            (None, None) => None,
        };
        let (int_part, frac_part) = match decimal_at {
            Some(p) => (&body[..p], &body[p + 1..]),
            None => (body, ""),
        };
        if frac_part.contains(['.', ',']) {
            return Err(malformed());
        }
        if frac_part.len() > 2 {
            return Err(MoneyError::TooPrecise(text.to_string()));
        }
        // Thousands separators must group by three.
        let groups: Vec<&str> = int_part.split(['.', ',']).collect();
        if groups.len() > 1
            && (groups[0].is_empty() || groups[0].len() > 3 || groups[0].starts_with('0') || groups[1..].iter().any(|g| g.len() != 3))
        {
            return Err(malformed());
        }
        let digits: String = groups.concat();
        if digits.is_empty() && frac_part.is_empty() {
            return Err(malformed());
        }
        let whole: i64 = if digits.is_empty() { 0 } else { digits.parse().map_err(|_| MoneyError::OutOfRange(text.to_string()))? };
        let cents: i64 = match frac_part.len() {
            0 => 0,
            1 => frac_part.parse::<i64>().map_err(|_| malformed())? * 10,
            _ => frac_part.parse::<i64>().map_err(|_| malformed())?,
        };
        let value = whole
            .checked_mul(100)
            .and_then(|w| w.checked_add(cents))
            .filter(|v| *v <= MAX_KURUS)
            .ok_or_else(|| MoneyError::OutOfRange(text.to_string()))?;
        Ok(Kurus(if negative { -value } else { value }))
    }

    pub fn is_zero(self) -> bool {
        self.0 == 0
    }

    pub fn is_negative(self) -> bool {
        self.0 < 0
    }

    pub fn abs(self) -> Kurus {
        Kurus(self.0.abs())
    }

    pub fn is_positive(self) -> bool {
        self.0 > 0
    }

    /// The sum, or [`MoneyError::Overflow`] beyond the range.
    pub fn checked_add(self, other: Kurus) -> Result<Kurus, MoneyError> {
        self.0.checked_add(other.0).and_then(|v| Kurus::from_minor(v).ok()).ok_or(MoneyError::Overflow)
    }

    /// The difference, or [`MoneyError::Overflow`] beyond the range.
    pub fn checked_sub(self, other: Kurus) -> Result<Kurus, MoneyError> {
        self.0.checked_sub(other.0).and_then(|v| Kurus::from_minor(v).ok()).ok_or(MoneyError::Overflow)
    }

    /// The opposite amount (always in range: the range is symmetric).
    pub fn negated(self) -> Kurus {
        Kurus(-self.0)
    }

    /// `self × numerator ÷ denominator`, rounded down (to split an amount in proportion).
    pub fn share(self, numerator: Kurus, denominator: Kurus) -> Result<Kurus, MoneyError> {
        if denominator.0 == 0 {
            return Err(MoneyError::Overflow);
        }
        let v = (self.0 as i128) * (numerator.0 as i128) / (denominator.0 as i128);
        i64::try_from(v).ok().and_then(|v| Kurus::from_minor(v).ok()).ok_or(MoneyError::Overflow)
    }

    /// The sum of amounts, or [`MoneyError::Overflow`].
    pub fn sum(amounts: impl IntoIterator<Item = Kurus>) -> Result<Kurus, MoneyError> {
        amounts.into_iter().try_fold(Kurus::ZERO, Kurus::checked_add)
    }
}

/// A lira amount in a JSON body, kept as the request wrote it so that it is read exactly, never
/// through a double: `100.000000000000000001` is refused as too precise, not rounded to 100.
#[derive(Debug)]
pub struct JsonLira(Box<serde_json::value::RawValue>);

impl JsonLira {
    /// The amount, or why the JSON value is not one (a string, a third decimal, out of range).
    pub fn kurus(&self) -> Result<Kurus, MoneyError> {
        Kurus::from_decimal(self.0.get().trim())
    }
}

impl<'de> serde::Deserialize<'de> for JsonLira {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<JsonLira, D::Error> {
        Box::<serde_json::value::RawValue>::deserialize(d).map(JsonLira)
    }
}

impl FromStr for Kurus {
    type Err = MoneyError;

    fn from_str(s: &str) -> Result<Kurus, MoneyError> {
        Kurus::parse(s)
    }
}

/// Serialized as its count of kuruş.
impl serde::Serialize for Kurus {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_i64(self.0)
    }
}

impl Kurus {
    /// The amount's sign and digits with `group` between thousands and `decimal` before the
    /// kuruş: `("-", "1.234,56")` (each language's format is [`crate::i18n::money_in`]'s).
    pub fn digits(self, group: char, decimal: char) -> (&'static str, String) {
        let sign = if self.0 < 0 { "-" } else { "" };
        let abs = self.0.unsigned_abs();
        let whole = (abs / 100).to_string();
        let mut grouped = String::with_capacity(whole.len() + whole.len() / 3 + 3);
        for (i, ch) in whole.chars().enumerate() {
            if i > 0 && (whole.len() - i).is_multiple_of(3) {
                grouped.push(group);
            }
            grouped.push(ch);
        }
        (sign, format!("{grouped}{decimal}{:02}", abs % 100))
    }
}

/// Turkish format: `1.234,56 ₺`, `-0,50 ₺`.
impl fmt::Display for Kurus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (sign, digits) = self.digits('.', ',');
        write!(f, "{sign}{digits} ₺")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arithmetic_refuses_to_leave_the_range_instead_of_wrapping() {
        let max = Kurus::from_minor(MAX_KURUS).unwrap();
        assert_eq!(max.checked_add(Kurus(1)), Err(MoneyError::Overflow));
        assert_eq!(max.negated().checked_sub(Kurus(1)), Err(MoneyError::Overflow));
        assert!(Kurus::from_minor(i64::MIN).is_err() && Kurus::from_minor(MAX_KURUS + 1).is_err());
        assert_eq!(Kurus::sum([Kurus(1), Kurus(2)]), Ok(Kurus(3)));
        assert_eq!(Kurus::sum([max, max]), Err(MoneyError::Overflow));
        assert_eq!(Kurus(1000).share(Kurus(1), Kurus(3)), Ok(Kurus(333)));
    }

    #[test]
    fn amounts_display_in_turkish_format() {
        assert_eq!(Kurus(123_456).to_string(), "1.234,56 ₺");
        assert_eq!(Kurus(0).to_string(), "0,00 ₺");
        assert_eq!(Kurus(-50).to_string(), "-0,50 ₺");
        assert_eq!(Kurus(100_000_000).to_string(), "1.000.000,00 ₺");
        assert_eq!(Kurus(99_900).to_string(), "999,00 ₺");
        assert_eq!(Kurus(-MAX_KURUS).to_string(), "-1.000.000.000.000,00 ₺");
    }

    #[test]
    fn lira_numbers_convert_to_kurus_exactly() {
        assert_eq!(Kurus::from_lira(10.10), Ok(Kurus(1010)));
        assert_eq!(Kurus::from_lira(0.29), Ok(Kurus(29)));
        assert_eq!(Kurus::from_lira(-1234.56), Ok(Kurus(-123_456)));
        assert_eq!(Kurus(1010).to_lira(), 10.10);
        assert_eq!(Kurus(-123_456).to_lira(), -1234.56);
        assert!(matches!(Kurus::from_lira(0.001), Err(MoneyError::TooPrecise(_))));
        assert!(Kurus::from_lira(f64::NAN).is_err());
        assert!(Kurus::from_lira(1e300).is_err());
        for too_precise in [100.0000001, 10000.004, 49999.999, 0.001, 1e-7] {
            assert!(matches!(Kurus::from_lira(too_precise), Err(MoneyError::TooPrecise(_))), "{too_precise} should be refused");
        }
    }

    #[test]
    fn json_number_texts_are_read_exactly_or_refused() {
        assert_eq!(Kurus::from_decimal("100"), Ok(Kurus(10_000)));
        assert_eq!(Kurus::from_decimal("10.10"), Ok(Kurus(1010)));
        assert_eq!(Kurus::from_decimal("1.000"), Ok(Kurus(100)));
        assert_eq!(Kurus::from_decimal("-0.29"), Ok(Kurus(-29)));
        assert_eq!(Kurus::from_decimal("1.5e2"), Ok(Kurus(15_000)));
        assert_eq!(Kurus::from_decimal("1234E-2"), Ok(Kurus(1234)));
        assert_eq!(Kurus::from_decimal("12.345e1"), Ok(Kurus(12_345)));
        assert_eq!(Kurus::from_decimal("0.00"), Ok(Kurus(0)));
        assert_eq!(Kurus::from_decimal("1000000000000"), Ok(Kurus(MAX_KURUS)));
        for too_precise in ["100.0000001", "10000.004", "49999.999", "100.000000000000000001", "1e-3", "12.3456e1"] {
            assert!(matches!(Kurus::from_decimal(too_precise), Err(MoneyError::TooPrecise(_))), "{too_precise}");
        }
        for out_of_range in ["1000000000000.01", "1e13", "99999999999999999999999", "1e9223372036854775807"] {
            assert!(matches!(Kurus::from_decimal(out_of_range), Err(MoneyError::OutOfRange(_))), "{out_of_range}");
        }
        for bad in ["", "-", ".5", "5.", "1,5", "1e", "e5", "0x10", "+5", " 5", "1..2", "1e5.5"] {
            assert!(matches!(Kurus::from_decimal(bad), Err(MoneyError::Malformed(_))), "{bad}");
        }
    }

    #[test]
    fn typed_amounts_parse_in_either_notation() {
        assert_eq!(Kurus::parse("150"), Ok(Kurus(15_000)));
        assert_eq!(Kurus::parse("-25.5"), Ok(Kurus(-2550)));
        assert_eq!(Kurus::parse("12,50"), Ok(Kurus(1250)));
        assert_eq!(Kurus::parse("1.234,56 ₺"), Ok(Kurus(123_456)));
        assert_eq!(Kurus::parse("1,234.56"), Ok(Kurus(123_456)));
        assert_eq!(Kurus::parse("1.234.567"), Ok(Kurus(123_456_700)));
        assert_eq!(Kurus::parse("1.000.000"), Ok(Kurus(100_000_000)));
        assert_eq!(Kurus::parse("+ 7 TL"), Ok(Kurus(700)));
        assert_eq!(Kurus::parse(",5"), Ok(Kurus(50)));
        for bad in ["", "-", "abc", "1.2.3", "12,345,6", "1e5", "1,5.5.5", "12.345,678"] {
            assert!(Kurus::parse(bad).is_err(), "{bad} should be refused");
        }
        for ambiguous in ["1.000", "1,005", "10.000 TL", "-1.234"] {
            assert!(matches!(Kurus::parse(ambiguous), Err(MoneyError::Ambiguous(_))), "{ambiguous} should be refused as ambiguous");
        }
        assert!(Kurus::parse("0.005").is_err(), "a leading zero is not a thousands group");
        assert!(Kurus::parse("0,125").is_err(), "a leading zero is not a thousands group");
        assert!(matches!(Kurus::parse("1.5,125"), Err(MoneyError::TooPrecise(_))));
    }
}
