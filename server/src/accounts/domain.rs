//! Parse-don't-validate types for what a player types in: each rule of the spec's section 5, and the
//! rules a real Turkish site adds (TC kimlik no checksum, 18+, Turkish mobile numbers).

use crate::error::AppError;
pub use crate::mask::mask_middle;
pub use crate::time::Date;

fn invalid(field: &'static str, key: &'static str) -> AppError {
    AppError::Validation { field, key }
}

fn char_len(s: &str) -> usize {
    s.chars().count()
}

/// A username at registration: 5 to 30 letters and digits.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Username(String);

impl Username {
    pub fn parse(raw: &str) -> Result<Username, AppError> {
        let s = raw.trim();
        if !(5..=30).contains(&char_len(s)) || !s.chars().all(|c| c.is_ascii_alphanumeric()) {
            return Err(invalid("username", "v.username"));
        }
        Ok(Username(s.to_string()))
    }
    pub fn as_str(&self) -> &str {
        &self.0
    }
    /// The form usernames are compared in (case-insensitive).
    pub fn key(&self) -> String {
        self.0.to_lowercase()
    }
}

/// A first name or surname: 2 to 100 letters (Turkish letters too), words separated by single spaces.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PersonName(String);

impl PersonName {
    pub fn parse(raw: &str, field: &'static str) -> Result<PersonName, AppError> {
        let key = if field == "surname" { "v.surname" } else { "v.name" };
        let s = raw.trim();
        let ok = (2..=100).contains(&char_len(s)) && s.split(' ').all(|w| !w.is_empty() && w.chars().all(char::is_alphabetic));
        if !ok {
            return Err(invalid(field, key));
        }
        Ok(PersonName(s.to_string()))
    }
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// An e-mail address: 5 to 100 characters, one `@`, a dotted domain, no spaces.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Email(String);

impl Email {
    pub fn parse(raw: &str) -> Result<Email, AppError> {
        let s = raw.trim();
        let bad = || invalid("email", "v.email");
        if !(5..=100).contains(&char_len(s)) || s.chars().any(|c| c.is_whitespace() || c.is_control()) {
            return Err(bad());
        }
        let (local, domain) = s.split_once('@').ok_or_else(bad)?;
        let labels: Vec<&str> = domain.split('.').collect();
        let ok = !local.is_empty()
            && !domain.contains('@')
            && labels.len() >= 2
            && labels.iter().all(|l| !l.is_empty() && l.chars().all(|c| c.is_alphanumeric() || c == '-'))
            && labels.last().is_some_and(|tld| tld.chars().count() >= 2);
        if !ok {
            return Err(bad());
        }
        Ok(Email(s.to_string()))
    }
    pub fn as_str(&self) -> &str {
        &self.0
    }
    pub fn key(&self) -> String {
        self.0.to_lowercase()
    }
}

/// A Turkish mobile number: `90` then 10 digits starting with 5 (`905321234567`). Spaces, dashes,
/// brackets and a leading `+` from a mask are dropped; anything else that is not a digit is refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Phone(String);

impl Phone {
    pub fn parse(raw: &str) -> Result<Phone, AppError> {
        let s: String = raw.trim().trim_start_matches('+').chars().filter(|c| !matches!(c, ' ' | '-' | '(' | ')')).collect();
        if !(5..=20).contains(&s.len()) || !s.chars().all(|c| c.is_ascii_digit()) {
            return Err(invalid("phone", "v.phone"));
        }
        if s.len() != 12 || !s.starts_with("905") {
            return Err(invalid("phone", "v.phone_mobile"));
        }
        Ok(Phone(s))
    }
    pub fn as_str(&self) -> &str {
        &self.0
    }
    /// The number with its middle hidden, for log lines: `90532*****67`.
    pub fn masked(&self) -> String {
        mask_middle(&self.0, 5, 2)
    }
}

/// A Turkish national ID number (TC kimlik no): 11 digits, not starting with 0, with valid check digits.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PersonalNo(String);

impl PersonalNo {
    pub fn parse(raw: &str) -> Result<PersonalNo, AppError> {
        let s = raw.trim();
        if s.len() != 11 || !s.chars().all(|c| c.is_ascii_digit()) {
            return Err(invalid("PersonalNo", "v.personal_no"));
        }
        let d: Vec<i64> = s.bytes().map(|b| (b - b'0') as i64).collect();
        let odd = d[0] + d[2] + d[4] + d[6] + d[8];
        let even = d[1] + d[3] + d[5] + d[7];
        let tenth = (odd * 7 - even).rem_euclid(10);
        let eleventh = d[..10].iter().sum::<i64>() % 10;
        if d[0] == 0 || d[9] != tenth || d[10] != eleventh {
            return Err(invalid("PersonalNo", "v.personal_no_checksum"));
        }
        Ok(PersonalNo(s.to_string()))
    }
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A password as chosen: at least 5 characters, at most 100.
#[derive(Clone)]
pub struct Password(String);

impl std::fmt::Debug for Password {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Password(***)")
    }
}

impl Password {
    /// A new password and its confirmation: both at least 5 characters and equal.
    pub fn parse_pair(password: &str, confirm: &str, field: &'static str, confirm_field: &'static str) -> Result<Password, AppError> {
        if !(5..=100).contains(&char_len(password)) {
            return Err(invalid(field, "v.password"));
        }
        if !(5..=100).contains(&char_len(confirm)) {
            return Err(invalid(confirm_field, "v.password"));
        }
        if password != confirm {
            return Err(invalid(confirm_field, "v.password_mismatch"));
        }
        Ok(Password(password.to_string()))
    }
    pub fn expose(&self) -> &str {
        &self.0
    }
}

/// A 6-digit code as typed (the mask's dashes or spaces are dropped).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SmsCode(String);

impl SmsCode {
    pub fn parse(raw: &str) -> Result<SmsCode, AppError> {
        let s: String = raw.chars().filter(|c| !matches!(c, '-' | ' ')).collect();
        if s.len() != 6 || !s.chars().all(|c| c.is_ascii_digit()) {
            return Err(invalid("code", "v.code"));
        }
        Ok(SmsCode(s))
    }
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A birth date: `birthDate` (year-month-day) is authoritative; the three boxes, when sent, must agree
/// with it (2, 2 and 4 digits); the player is at least 18 today.
pub fn parse_birth_date(
    iso: Option<&str>,
    day: Option<&str>,
    month: Option<&str>,
    year: Option<&str>,
    today: Date,
) -> Result<Date, AppError> {
    let parts_given = day.is_some() || month.is_some() || year.is_some();
    let from_parts = || -> Result<Date, AppError> {
        let (d, m, y) = (day.unwrap_or("").trim(), month.unwrap_or("").trim(), year.unwrap_or("").trim());
        let digits = |s: &str, n: usize| s.len() == n && s.chars().all(|c| c.is_ascii_digit());
        if !digits(d, 2) {
            return Err(invalid("birthDateDay", "v.birth_day"));
        }
        if !digits(m, 2) {
            return Err(invalid("birthDateMonth", "v.birth_month"));
        }
        if !digits(y, 4) {
            return Err(invalid("birthDateYear", "v.birth_year"));
        }
        Date::new(y.parse().unwrap_or(0), m.parse().unwrap_or(0), d.parse().unwrap_or(0)).ok_or(invalid("birthDate", "v.birth_date"))
    };
    let date = match iso.map(str::trim).filter(|s| !s.is_empty()) {
        Some(iso) => {
            let date = Date::parse_iso(iso).ok_or(invalid("birthDate", "v.birth_date"))?;
            if parts_given && from_parts()? != date {
                return Err(invalid("birthDate", "v.birth_mismatch"));
            }
            date
        }
        None if parts_given => from_parts()?,
        None => return Err(invalid("birthDate", "v.birth_date")),
    };
    if date.year < 1900 || date > today {
        return Err(invalid("birthDate", "v.birth_date"));
    }
    if date.age_on(today) < 18 {
        return Err(invalid("birthDate", "v.underage"));
    }
    Ok(date)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn field(e: AppError) -> (&'static str, &'static str) {
        match e {
            AppError::Validation { field, key } => (field, key),
            other => panic!("not a validation error: {other:?}"),
        }
    }

    #[test]
    fn a_valid_tc_kimlik_no_passes_and_a_wrong_check_digit_fails() {
        assert!(PersonalNo::parse("10000000146").is_ok());
        assert_eq!(field(PersonalNo::parse("10000000147").unwrap_err()).1, "v.personal_no_checksum");
        assert_eq!(field(PersonalNo::parse("00000000000").unwrap_err()).1, "v.personal_no_checksum");
        assert_eq!(field(PersonalNo::parse("1234567890").unwrap_err()).1, "v.personal_no");
        assert_eq!(field(PersonalNo::parse("1000000014a").unwrap_err()).1, "v.personal_no");
    }

    #[test]
    fn names_take_turkish_letters_and_single_spaces_only() {
        assert!(PersonName::parse("Çağrı Şükrü", "name").is_ok());
        assert!(PersonName::parse("İlkay Öğüt", "name").is_ok());
        assert!(PersonName::parse("Ali  Veli", "name").is_err());
        assert!(PersonName::parse("A", "name").is_err());
        assert!(PersonName::parse("R2D2", "name").is_err());
        assert_eq!(field(PersonName::parse("x", "surname").unwrap_err()), ("surname", "v.surname"));
    }

    #[test]
    fn phones_must_be_turkish_mobiles() {
        assert_eq!(Phone::parse("+90 532 123 45 67").unwrap().as_str(), "905321234567");
        assert_eq!(field(Phone::parse("902121234567").unwrap_err()).1, "v.phone_mobile");
        assert_eq!(field(Phone::parse("90532abc").unwrap_err()).1, "v.phone");
        assert_eq!(field(Phone::parse("9053").unwrap_err()).1, "v.phone");
        assert_eq!(Phone::parse("905321234567").unwrap().masked(), "90532*****67");
    }

    #[test]
    fn usernames_are_5_to_30_letters_and_digits() {
        assert!(Username::parse("ahmet42").is_ok());
        assert!(Username::parse("abcd").is_err());
        assert!(Username::parse(&"a".repeat(31)).is_err());
        assert!(Username::parse("ahmet_42").is_err());
        assert!(Username::parse("çağrı1").is_err());
    }

    #[test]
    fn emails_need_a_dotted_domain() {
        assert!(Email::parse("oyuncu@kasa.bet").is_ok());
        assert!(Email::parse("oyuncu@kasa").is_err());
        assert!(Email::parse("oyuncu kasa@x.com").is_err());
        assert!(Email::parse("@kasa.bet").is_err());
    }

    #[test]
    fn passwords_must_match_and_have_five_characters() {
        assert!(Password::parse_pair("gizli1", "gizli1", "password", "password2").is_ok());
        assert_eq!(field(Password::parse_pair("abcd", "abcd", "password", "password2").unwrap_err()), ("password", "v.password"));
        assert_eq!(
            field(Password::parse_pair("abcde", "abcdf", "password", "password2").unwrap_err()),
            ("password2", "v.password_mismatch")
        );
    }

    #[test]
    fn sms_codes_are_six_digits_with_or_without_the_mask() {
        assert_eq!(SmsCode::parse("12-34-56").unwrap().as_str(), "123456");
        assert_eq!(SmsCode::parse("123-456").unwrap().as_str(), "123456");
        assert!(SmsCode::parse("12345").is_err());
        assert!(SmsCode::parse("12345a").is_err());
    }

    #[test]
    fn birth_dates_agree_with_their_parts_and_make_an_adult() {
        let today = Date::new(2026, 11, 22).unwrap();
        let ok = parse_birth_date(Some("1970-01-01"), Some("01"), Some("01"), Some("1970"), today).unwrap();
        assert_eq!(ok.iso(), "1970-01-01");
        assert_eq!(
            field(parse_birth_date(Some("1970-01-01"), Some("02"), Some("01"), Some("1970"), today).unwrap_err()).1,
            "v.birth_mismatch"
        );
        assert_eq!(field(parse_birth_date(Some("2008-11-23"), None, None, None, today).unwrap_err()).1, "v.underage");
        assert!(parse_birth_date(Some("2008-11-22"), None, None, None, today).is_ok());
        assert_eq!(field(parse_birth_date(Some("1990-02-30"), None, None, None, today).unwrap_err()).1, "v.birth_date");
        assert_eq!(field(parse_birth_date(None, Some("1"), Some("01"), Some("1990"), today).unwrap_err()).0, "birthDateDay");
    }

    #[test]
    fn days_since_the_epoch_become_civil_dates() {
        assert_eq!(Date::from_days(0), Date::new(1970, 1, 1).unwrap());
        assert_eq!(Date::from_days(20_414), Date::new(2025, 11, 22).unwrap());
        assert_eq!(Date::from_days(11_016), Date::new(2000, 2, 29).unwrap());
    }
}
