//! The built-in gateway's hosted payment page and its callback, outside `/api/`:
//!
//! - `GET /pay/{token}`: the page, server-rendered in Turkish or English (`lang` query, else
//!   `Accept-Language`): the merchant, the amount, a card form (number, expiry, CVC, name) and the
//!   buttons 'Öde' / 'İptal' ('Pay' / 'Cancel'). No script: a plain form POST, inline styles only,
//!   within the site's Content-Security-Policy. A decided deposit shows what happened instead.
//! - `POST /pay/{token}`: `action=pay` checks the card (Luhn, a future expiry, CVC, name; a bad card
//!   shows the page again with the error and nothing moves), then the simulated gateway notifies
//!   the server exactly as a real gateway would: the signed JSON body sent to the public callback
//!   route below (the same router and handler, given the exact bytes). `action=cancel` cancels.
//! - `POST /callbacks/payments/card`: the gateway's notification `{paymentId, amount, status:
//!   "paid", transactionId}`, signed by `X-Signature: hex(HMAC-SHA256(secret, raw body))`. A missing
//!   or bad signature: 401 and nothing changes. A verified one confirms the deposit once
//!   ([`super::card::confirm`]); a replay answers 200 with the status it already has.

use axum::Router;
use axum::body::{Body, Bytes};
use axum::extract::{Form, Path, Query, State};
use axum::http::{HeaderMap, HeaderValue, Request, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use rand::RngCore;
use serde::Deserialize;
use serde_json::json;
use tower::ServiceExt;

use super::card::{self, CardProblem, ConfirmError, Confirmation, Notification, SIGNATURE_HEADER, Session};
use super::{PaymentsState, RequestStatus};
use crate::db::now_ms;
use crate::i18n::Locale;
use crate::time::{Date, turkey_minute as turkey_time};

/// Where the gateway's notifications arrive.
pub const CALLBACK_PATH: &str = "/callbacks/payments/card";

/// The hosted page and the callback.
pub fn router() -> Router<PaymentsState> {
    Router::new().route("/pay/{token}", get(show).post(submit)).merge(callback_router())
}

/// The callback route alone: what the simulated gateway calls.
fn callback_router() -> Router<PaymentsState> {
    Router::new().route(CALLBACK_PATH, post(callback))
}

#[derive(Debug, Default, Deserialize)]
pub struct PageQuery {
    pub lang: Option<String>,
}

#[derive(Debug, Default, Deserialize)]
pub struct PayForm {
    #[serde(default)]
    pub action: String,
    #[serde(default)]
    pub number: String,
    #[serde(default)]
    pub expiry: String,
    #[serde(default)]
    pub cvc: String,
    #[serde(default)]
    pub name: String,
}

/// The page's language: the `lang` query, else the first language of `Accept-Language`, else Turkish.
fn locale(q: &PageQuery, headers: &HeaderMap) -> Locale {
    if let Some(lang) = q.lang.as_deref().filter(|l| !l.is_empty()) {
        return Locale::parse(lang);
    }
    let accept = headers.get(header::ACCEPT_LANGUAGE).and_then(|v| v.to_str().ok()).unwrap_or("");
    Locale::parse(accept.split(',').next().unwrap_or("").split(';').next().unwrap_or(""))
}

async fn show(State(state): State<PaymentsState>, Path(token): Path<String>, Query(q): Query<PageQuery>, headers: HeaderMap) -> Response {
    let lang = locale(&q, &headers);
    match card::by_token(&state.db, &token).await {
        Ok(Some(session)) => page(lang, &token, &session, None, &PayForm::default(), StatusCode::OK),
        Ok(None) => not_found(lang),
        Err(e) => failure(lang, e),
    }
}

async fn submit(
    State(state): State<PaymentsState>,
    Path(token): Path<String>,
    Query(q): Query<PageQuery>,
    headers: HeaderMap,
    Form(form): Form<PayForm>,
) -> Response {
    let lang = locale(&q, &headers);
    let session = match card::by_token(&state.db, &token).await {
        Ok(Some(s)) => s,
        Ok(None) => return not_found(lang),
        Err(e) => return failure(lang, e),
    };
    if session.request.status != RequestStatus::Pending {
        return page(lang, &token, &session, None, &form, StatusCode::OK);
    }
    let id = session.request.id;
    if form.action == "cancel" {
        if let Err(e) = card::cancel(&state.db, id).await {
            return failure(lang, e);
        }
        return reload(&state, lang, &token).await;
    }
    // An account closed since the deposit began (a time-out, a self-exclusion) deposits nothing:
    // the request is cancelled before any charge, and the page says the card was not charged.
    let closed = match state.db.pool.acquire().await {
        Ok(mut conn) => crate::protection::gate::is_closed(&mut conn, session.request.player_id, now_ms()).await,
        Err(e) => Err(e),
    };
    match closed {
        Ok(false) => {}
        Ok(true) => {
            if let Err(e) = card::cancel(&state.db, id).await {
                return failure(lang, e);
            }
            return reload(&state, lang, &token).await;
        }
        Err(e) => return failure(lang, e),
    }
    let today = Date::from_days(now_ms().div_euclid(86_400_000));
    if let Err(problem) = card::check_card(&form.number, &form.expiry, &form.cvc, &form.name, (today.year, today.month)) {
        return page(lang, &token, &session, Some(words(lang).problem(problem)), &form, StatusCode::UNPROCESSABLE_ENTITY);
    }
    // The simulated gateway charged the card: it notifies the server through the public callback.
    let mut charge = [0u8; 12];
    rand::rng().fill_bytes(&mut charge);
    let notification = Notification {
        payment_id: id,
        amount: session.request.amount.minor(),
        status: "paid".into(),
        transaction_id: format!("ch_{}", hex::encode(charge)),
    };
    let body = serde_json::to_vec(&notification).unwrap_or_default();
    let Some(signature) = state.gateway.sign(&body) else {
        return page(lang, &token, &session, Some(words(lang).failed), &form, StatusCode::SERVICE_UNAVAILABLE);
    };
    let request = Request::post(CALLBACK_PATH)
        .header(header::CONTENT_TYPE, "application/json")
        .header(SIGNATURE_HEADER, signature)
        .body(Body::from(body))
        .expect("a valid request");
    let answer = callback_router().with_state(state.clone()).oneshot(request).await;
    match answer {
        Ok(resp) if resp.status().is_success() || resp.status() == StatusCode::CONFLICT => reload(&state, lang, &token).await,
        Ok(resp) => {
            tracing::warn!(request = id, status = resp.status().as_u16(), "the card callback was refused");
            page(lang, &token, &session, Some(words(lang).failed), &form, StatusCode::BAD_GATEWAY)
        }
        Err(never) => match never {},
    }
}

/// The page as the deposit now is.
async fn reload(state: &PaymentsState, lang: Locale, token: &str) -> Response {
    match card::by_token(&state.db, token).await {
        Ok(Some(s)) => page(lang, token, &s, None, &PayForm::default(), StatusCode::OK),
        Ok(None) => not_found(lang),
        Err(e) => failure(lang, e),
    }
}

async fn callback(State(state): State<PaymentsState>, headers: HeaderMap, body: Bytes) -> Response {
    let response = callback_answer(&state, &headers, &body).await;
    let outcome = match response.status().as_u16() {
        200 => "ok",
        401 => "bad_signature",
        500 => "error",
        _ => "refused",
    };
    metrics::counter!("kasa_payment_callbacks_total", "outcome" => outcome).increment(1);
    response
}

async fn callback_answer(state: &PaymentsState, headers: &HeaderMap, body: &Bytes) -> Response {
    let signature = headers.get(SIGNATURE_HEADER).and_then(|v| v.to_str().ok()).unwrap_or("");
    if !state.gateway.verify(body, signature) {
        tracing::warn!("a card callback with a missing or bad signature was refused");
        return answer(StatusCode::UNAUTHORIZED, json!({"success": false, "message": "invalid signature"}));
    }
    let Ok(n) = serde_json::from_slice::<Notification>(body) else {
        return answer(StatusCode::BAD_REQUEST, json!({"success": false, "message": "invalid body"}));
    };
    match card::confirm(&state.db, &n).await {
        Ok(Confirmation::Credited) => answer(StatusCode::OK, json!({"success": true, "status": "confirmed"})),
        Ok(Confirmation::AlreadyDecided(s)) => answer(StatusCode::OK, json!({"success": true, "status": s.as_str()})),
        Ok(Confirmation::Expired) => answer(StatusCode::CONFLICT, json!({"success": false, "status": "expired"})),
        Err(ConfirmError::Unknown(_)) => answer(StatusCode::NOT_FOUND, json!({"success": false, "message": "unknown payment"})),
        Err(e @ (ConfirmError::Amount | ConfirmError::Status)) => {
            answer(StatusCode::BAD_REQUEST, json!({"success": false, "message": e.to_string()}))
        }
        Err(ConfirmError::Decision(e)) => {
            tracing::error!(error = %e, request = n.payment_id, "a card callback failed");
            answer(StatusCode::INTERNAL_SERVER_ERROR, json!({"success": false, "message": "internal error"}))
        }
    }
}

fn answer(status: StatusCode, body: serde_json::Value) -> Response {
    (status, [(header::CACHE_CONTROL, "no-store")], axum::Json(body)).into_response()
}

/// The page's words in one language.
struct Words {
    lang: &'static str,
    title: &'static str,
    merchant: &'static str,
    amount: &'static str,
    reference: &'static str,
    method: &'static str,
    number: &'static str,
    expiry: &'static str,
    cvc: &'static str,
    name: &'static str,
    pay: &'static str,
    cancel: &'static str,
    valid_until: &'static str,
    test_cards: &'static str,
    secure: &'static str,
    bad_number: &'static str,
    bad_expiry: &'static str,
    bad_cvc: &'static str,
    bad_name: &'static str,
    failed: &'static str,
    paid: (&'static str, &'static str),
    cancelled: (&'static str, &'static str),
    expired: (&'static str, &'static str),
    rejected: (&'static str, &'static str),
    unknown: (&'static str, &'static str),
    close: &'static str,
    back: &'static str,
    other_lang: (&'static str, &'static str),
}

impl Words {
    fn problem(&self, p: CardProblem) -> &'static str {
        match p {
            CardProblem::Number => self.bad_number,
            CardProblem::Expiry => self.bad_expiry,
            CardProblem::Cvc => self.bad_cvc,
            CardProblem::Name => self.bad_name,
        }
    }
}

const TR: Words = Words {
    lang: "tr",
    title: "Güvenli Ödeme",
    merchant: "Üye işyeri",
    amount: "Tutar",
    reference: "Referans",
    method: "Yöntem",
    number: "Kart numarası",
    expiry: "Son kullanma tarihi (AA/YY)",
    cvc: "CVC",
    name: "Kart üzerindeki isim",
    pay: "Öde",
    cancel: "İptal",
    valid_until: "Bu sayfa şu zamana kadar geçerlidir (Türkiye saati):",
    test_cards: "Test kartları: 4111 1111 1111 1111, 5555 5555 5555 4444; ileri bir son kullanma tarihi ve herhangi bir CVC.",
    secure: "Kart bilgileriniz Kasa'da saklanmaz.",
    bad_number: "Kart numarası geçersiz. Lütfen kontrol edin.",
    bad_expiry: "Son kullanma tarihi geçersiz ya da geçmiş (AA/YY).",
    bad_cvc: "CVC 3 veya 4 haneli olmalıdır.",
    bad_name: "Kart üzerindeki ismi yazın.",
    failed: "Ödeme şu anda tamamlanamadı. Lütfen tekrar deneyin.",
    paid: ("Ödeme alındı", "Tutar bakiyenize eklendi."),
    cancelled: ("Ödeme iptal edildi", "Kartınızdan tahsilat yapılmadı."),
    expired: ("Ödeme süresi doldu", "Bu ödeme 30 dakika içinde yapılmadığı için süresi doldu. Siteden yeni bir yatırım başlatabilirsiniz."),
    rejected: ("Ödeme reddedildi", "Kartınızdan tahsilat yapılmadı."),
    unknown: ("Ödeme bulunamadı", "Bu ödeme bağlantısı geçersiz."),
    close: "Bu pencereyi kapatabilirsiniz.",
    back: "Siteye dön",
    other_lang: ("en", "English"),
};

const EN: Words = Words {
    lang: "en",
    title: "Secure Payment",
    merchant: "Merchant",
    amount: "Amount",
    reference: "Reference",
    method: "Method",
    number: "Card number",
    expiry: "Expiry date (MM/YY)",
    cvc: "CVC",
    name: "Name on card",
    pay: "Pay",
    cancel: "Cancel",
    valid_until: "This page is valid until (Turkey time):",
    test_cards: "Test cards: 4111 1111 1111 1111, 5555 5555 5555 4444; any future expiry date and any CVC.",
    secure: "Your card details are not stored by Kasa.",
    bad_number: "The card number is not valid. Please check it.",
    bad_expiry: "The expiry date is not valid or has passed (MM/YY).",
    bad_cvc: "The CVC has 3 or 4 digits.",
    bad_name: "Enter the name on the card.",
    failed: "The payment could not be completed right now. Please try again.",
    paid: ("Payment received", "The amount has been added to your balance."),
    cancelled: ("Payment cancelled", "Your card was not charged."),
    expired: ("Payment expired", "This payment was not made within 30 minutes and has expired. You can start a new deposit on the site."),
    rejected: ("Payment declined", "Your card was not charged."),
    unknown: ("Payment not found", "This payment link is not valid."),
    close: "You can close this window.",
    back: "Return to the site",
    other_lang: ("tr", "Türkçe"),
};

fn words(lang: Locale) -> &'static Words {
    match lang {
        Locale::En => &EN,
        Locale::Tr => &TR,
    }
}

fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

const STYLE: &str = "*{box-sizing:border-box}body{margin:0;background:#eef1f6;font:15px/1.45 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#1c2434}\
main{max-width:440px;margin:32px auto;padding:0 12px}.card{background:#fff;border-radius:14px;box-shadow:0 6px 24px rgba(20,30,60,.12);overflow:hidden}\
header{background:#13203d;color:#fff;padding:16px 20px;display:flex;justify-content:space-between;align-items:center}header h1{font-size:17px;margin:0}\
header a{color:#cfd8ee;font-size:13px}.lock{display:inline-flex;align-items:center;gap:5px;font-size:12px;color:#9fb0d6}.lock svg{flex:none}.sum{padding:16px 20px;border-bottom:1px solid #e6e9f0}\
.sum dl{display:grid;grid-template-columns:auto 1fr;gap:4px 12px;margin:0}.sum dt{color:#66708a}.sum dd{margin:0;text-align:right;font-weight:600}\
.big{font-size:22px}form{padding:16px 20px 20px}label{display:block;font-size:13px;color:#4a5470;margin:10px 0 4px}\
input{width:100%;padding:11px 12px;border:1px solid #c9cfdc;border-radius:8px;font-size:16px}.row{display:grid;grid-template-columns:1fr 1fr;gap:12px}\
.err{background:#fdecec;color:#a11;border:1px solid #f3c2c2;border-radius:8px;padding:10px 12px;margin:12px 20px 0}\
.btns{display:grid;grid-template-columns:2fr 1fr;gap:10px;margin-top:18px}button{padding:12px;border-radius:8px;font-size:16px;font-weight:600;cursor:pointer;border:0}\
.pay{background:#137a46;color:#fff}.cancel{background:#e9ecf2;color:#2a3350}.note{font-size:12px;color:#66708a;padding:0 20px 16px}\
.done{padding:24px 20px;text-align:center}.done h2{margin:0 0 8px}.done a{display:inline-block;margin-top:14px;padding:11px 18px;border-radius:8px;background:#13203d;color:#fff;text-decoration:none}";

/// The page of a card deposit: the form while it is pending, else what happened.
fn page(lang: Locale, token: &str, session: &Session, error: Option<&str>, form: &PayForm, status: StatusCode) -> Response {
    let w = words(lang);
    let r = &session.request;
    let amount = escape(&r.amount.to_string());
    let summary = format!(
        "<div class=\"sum\"><dl><dt>{merchant_l}</dt><dd>Kasa</dd><dt>{method_l}</dt><dd>{method}</dd><dt>{reference_l}</dt><dd>{reference}</dd>\
         <dt>{amount_l}</dt><dd class=\"big\">{amount}</dd></dl></div>",
        merchant_l = w.merchant,
        method_l = w.method,
        method = escape(&r.method_title_in(w.lang)),
        reference_l = w.reference,
        reference = escape(&r.reference),
        amount_l = w.amount,
    );
    let body = match r.status {
        RequestStatus::Pending => {
            let error = error.map(|e| format!("<p class=\"err\" role=\"alert\">{}</p>", escape(e))).unwrap_or_default();
            format!(
                "{error}<form method=\"post\" action=\"/pay/{token}?lang={lang}\" autocomplete=\"on\">\
                 <label for=\"number\">{number_l}</label><input id=\"number\" name=\"number\" inputmode=\"numeric\" autocomplete=\"cc-number\" placeholder=\"0000 0000 0000 0000\" maxlength=\"23\">\
                 <div class=\"row\"><div><label for=\"expiry\">{expiry_l}</label><input id=\"expiry\" name=\"expiry\" autocomplete=\"cc-exp\" placeholder=\"12/30\" maxlength=\"7\" value=\"{expiry}\"></div>\
                 <div><label for=\"cvc\">{cvc_l}</label><input id=\"cvc\" name=\"cvc\" inputmode=\"numeric\" autocomplete=\"cc-csc\" placeholder=\"123\" maxlength=\"4\"></div></div>\
                 <label for=\"name\">{name_l}</label><input id=\"name\" name=\"name\" autocomplete=\"cc-name\" maxlength=\"80\" value=\"{name}\">\
                 <div class=\"btns\"><button class=\"pay\" type=\"submit\" name=\"action\" value=\"pay\">{pay}</button>\
                 <button class=\"cancel\" type=\"submit\" name=\"action\" value=\"cancel\">{cancel}</button></div></form>\
                 <p class=\"note\">{valid_until} {deadline}<br>{test_cards}<br>{secure}</p>",
                lang = w.lang,
                number_l = w.number,
                expiry_l = w.expiry,
                expiry = escape(&form.expiry),
                cvc_l = w.cvc,
                name_l = w.name,
                name = escape(&form.name),
                pay = w.pay,
                cancel = w.cancel,
                valid_until = w.valid_until,
                deadline = turkey_time(session.expires_at),
                test_cards = w.test_cards,
                secure = w.secure,
            )
        }
        decided => {
            let (heading, text) = match decided {
                RequestStatus::Confirmed => w.paid,
                RequestStatus::Cancelled => w.cancelled,
                RequestStatus::Expired => w.expired,
                _ => w.rejected,
            };
            done(w, heading, text)
        }
    };
    document(w, &format!("{summary}{body}"), Some(token), status)
}

fn done(w: &Words, heading: &str, text: &str) -> String {
    format!(
        "<div class=\"done\" role=\"status\"><h2>{heading}</h2><p>{text}</p><p>{close}</p><a href=\"/\">{back}</a></div>",
        close = w.close,
        back = w.back
    )
}

fn document(w: &Words, content: &str, token: Option<&str>, status: StatusCode) -> Response {
    let switch =
        token.map(|t| format!("<a href=\"/pay/{t}?lang={}\" lang=\"{0}\">{}</a>", w.other_lang.0, w.other_lang.1)).unwrap_or_default();
    let html = format!(
        "<!doctype html><html lang=\"{lang}\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width,initial-scale=1\">\
         <meta name=\"robots\" content=\"noindex\"><title>{title} · Kasa</title><style>{STYLE}</style></head>\
         <body><main><div class=\"card\"><header><div><h1>{title}</h1><span class=\"lock\">{PADLOCK}Kasa Pay · 3-D Secure</span></div>{switch}</header>\
         {content}</div></main></body></html>",
        lang = w.lang,
        title = w.title,
    );
    let mut resp = (status, html).into_response();
    let h = resp.headers_mut();
    h.insert(header::CONTENT_TYPE, HeaderValue::from_static("text/html; charset=utf-8"));
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    resp
}

fn not_found(lang: Locale) -> Response {
    let w = words(lang);
    document(w, &done(w, w.unknown.0, w.unknown.1), None, StatusCode::NOT_FOUND)
}

fn failure(lang: Locale, e: impl std::fmt::Display) -> Response {
    tracing::error!(error = %e, "the payment page failed");
    let w = words(lang);
    document(w, &done(w, w.title, w.failed), None, StatusCode::INTERNAL_SERVER_ERROR)
}

/// The page's padlock, drawn (an emoji renders differently on every device, or not at all).
const PADLOCK: &str = "<svg width=\"12\" height=\"12\" viewBox=\"0 0 24 24\" fill=\"none\" stroke=\"currentColor\" stroke-width=\"2.2\" \
     stroke-linecap=\"round\" stroke-linejoin=\"round\" aria-hidden=\"true\"><rect x=\"4.5\" y=\"10.5\" width=\"15\" height=\"10\" rx=\"2\"/>\
     <path d=\"M8 10.5V7.5a4 4 0 0 1 8 0v3\"/></svg>";
