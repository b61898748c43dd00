//! The accounts area's logic: each call's rules, between the handlers and the SQL.

mod codes;
mod login;
mod password;
mod phone;
mod profile;
mod register;

// The parts name the area's domain module as `super::domain` (the profile's masking).
use super::domain;
use crate::auth::session::Origin;
use crate::i18n::t;
use crate::ratelimit;

pub use crate::auth::usercode;
pub use codes::{MAX_CODE_ATTEMPTS, RESET_CODE_TTL_MS, RESET_RESEND_SECS, SMS_CODE_TTL_MS};
pub use login::{LoginData, login};
pub use password::{change_password, change_password_with_code, check_reset_code, send_reset};
pub use phone::{PhoneState, update_phone};
pub use profile::{Profile, profile};
pub use register::{REGISTER_FORM_OPTION, RegisterForm, Terms, register, short_form, terms, wants_trial_bonus};

fn ip_bucket(prefix: &str, origin: &Origin) -> String {
    ratelimit::ip_bucket(prefix, origin.ip.as_deref())
}

/// The message of a success, in the request's language.
pub fn say(key: &str) -> Option<String> {
    Some(t(key))
}
