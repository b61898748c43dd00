//! Payments (issue 13): methods and their forms, field validation and limits, withdrawals as holds
//! that the operator posts or voids, bank-transfer and e-wallet deposits that the operator credits
//! or the player cancels, Financial Activities, and all of it under concurrency, on both engines.

use std::sync::Arc;

use serde_json::{Value, json};

use crate::accounts::registered;
use crate::helpers::{TestApp, burst, count_status, envelope};
use crate::on_both_engines;

/// Demo methods (content/payment_methods.json).
const BANK_DEPOSIT: i64 = 1;
const CARD_DEPOSIT: i64 = 2;
const EWALLET_DEPOSIT: i64 = 3;
const BANK_WITHDRAW: i64 = 4;
const EWALLET_WITHDRAW: i64 = 5;

const IBAN: &str = "TR36 0001 0001 2345 6789 0123 45";

/// A logged-in player: the token and the player's id.
struct Player {
    token: String,
    id: i64,
}

async fn player(app: &TestApp) -> Player {
    let token = registered(app).await;
    let id: i64 = sqlx::query_scalar("SELECT id FROM players WHERE username = 'aysegul1'").fetch_one(&app.db.pool).await.unwrap();
    Player { token, id }
}

impl TestApp {
    async fn pay(&self, p: &Player, path: &str, body: Value, locale: &str) -> (u16, Value) {
        let resp = self.client.post(self.url(path)).bearer_auth(&p.token).header("x-locale", locale).json(&body).send().await.unwrap();
        let status = resp.status().as_u16();
        (status, envelope(resp).await)
    }

    async fn withdraw(&self, p: &Player, method: i64, detail: Value) -> (u16, Value) {
        self.pay(p, "/api/payment/withdraw", json!({"id": method, "target": "pay", "detail": detail}), "en").await
    }

    async fn deposit(&self, p: &Player, method: i64, detail: Value) -> (u16, Value) {
        self.pay(p, "/api/payment/deposit", json!({"id": method, "target": "pay", "detail": detail}), "en").await
    }

    async fn get_json(&self, p: &Player, path: &str) -> (u16, Value) {
        let resp = self.client.get(self.url(path)).bearer_auth(&p.token).header("x-locale", "en").send().await.unwrap();
        let status = resp.status().as_u16();
        (status, envelope(resp).await)
    }

    /// Real (spendable) and held money, kuruş.
    async fn money(&self, p: &Player) -> (i64, i64) {
        let b = kasa::wallet::balances(&self.db, p.id).await.unwrap();
        (b.real.minor(), b.held.minor())
    }

    /// Funds the player through a bank-transfer deposit that the operator approves.
    async fn fund(&self, p: &Player, lira: i64) {
        let (status, body) = self.deposit(p, BANK_DEPOSIT, json!({"Amount": lira})).await;
        assert_eq!(status, 200, "{body}");
        kasa::payments::approve(&self.db, body["data"]["id"].as_i64().unwrap()).await.unwrap();
    }

    async fn requests(&self) -> i64 {
        sqlx::query_scalar("SELECT COUNT(*) FROM payment_requests").fetch_one(&self.db.pool).await.unwrap()
    }

    async fn assert_ledger_holds(&self) {
        let check = kasa::wallet::check(&self.db).await.unwrap();
        assert!(check.is_ok(), "{check}");
    }
}

fn to_iban(lira: Value) -> Value {
    json!({"Iban": IBAN, "AccountName": "Ayşe Gül Yılmaz", "Amount": lira})
}

on_both_engines! {
    async fn the_enabled_methods_of_each_type_are_listed_and_their_forms_described(app) {
        // Arrange
        let p = player(&app).await;

        // Act
        let (_, deposits) = app.get_json(&p, "/api/payment/methods?type=1").await;
        let (_, withdrawals) = app.get_json(&p, "/api/payment/methods?type=2").await;
        let (_, ewallet) = app.pay(&p, "/api/payment/detail", json!({"id": EWALLET_DEPOSIT, "type": 1}), "en").await;
        let (_, bank_out) = app.pay(&p, "/api/payment/detail", json!({"id": BANK_WITHDRAW, "type": 2}), "tr").await;

        // Assert
        let ids = |v: &Value| v["data"].as_array().unwrap().iter().map(|m| m["id"].as_i64().unwrap()).collect::<Vec<_>>();
        assert_eq!(ids(&deposits), vec![BANK_DEPOSIT, CARD_DEPOSIT, EWALLET_DEPOSIT]);
        assert_eq!(ids(&withdrawals), vec![BANK_WITHDRAW, EWALLET_WITHDRAW]);
        assert_eq!(deposits["data"][0]["title"], "Bank transfer");
        assert_eq!((deposits["data"][0]["min"].as_f64(), deposits["data"][0]["max"].as_f64()), (Some(100.0), Some(50000.0)));
        assert_eq!(ewallet["data"][0]["objectType"], "Dropdown");
        assert_eq!(ewallet["data"][0]["option"][0], json!({"id": 1, "name": "Papara"}));
        let keys: Vec<&str> = bank_out["data"].as_array().unwrap().iter().map(|f| f["key"].as_str().unwrap()).collect();
        assert_eq!(keys, vec!["Iban", "AccountName", "Amount"]);
        assert_eq!(bank_out["data"][2]["objectType"], "Decimal");
    }
}

on_both_engines! {
    async fn an_unknown_disabled_or_mistyped_method_fails_clearly_in_the_players_language(app) {
        // Arrange
        let p = player(&app).await;
        sqlx::query("UPDATE payment_methods SET enabled = 0 WHERE id = $1").bind(EWALLET_WITHDRAW).execute(&app.db.pool).await.unwrap();

        // Act
        let unknown = app.pay(&p, "/api/payment/detail", json!({"id": 999, "type": 1}), "en").await;
        let disabled = app.pay(&p, "/api/payment/detail", json!({"id": EWALLET_WITHDRAW, "type": 2}), "tr").await;
        let wrong_type = app.pay(&p, "/api/payment/detail", json!({"id": BANK_DEPOSIT, "type": 2}), "en").await;
        let listed = app.get_json(&p, "/api/payment/methods?type=2").await;
        let bad_type = app.get_json(&p, "/api/payment/methods?type=3").await;

        // Assert
        assert_eq!(unknown.0, 404);
        assert_eq!((unknown.1["success"].clone(), unknown.1["message"].clone()), (json!(false), json!("This payment method is not available. Please choose another one.")));
        assert_eq!(disabled.0, 404);
        assert_eq!(disabled.1["message"], "Bu ödeme yöntemi kullanılamıyor. Lütfen başka bir yöntem seçin.");
        assert_eq!(wrong_type.0, 404);
        assert_eq!(listed.1["data"].as_array().unwrap().len(), 1);
        assert_eq!(bad_type.0, 422);
        let withdraw = app.withdraw(&p, EWALLET_WITHDRAW, json!({"Wallet": 1, "WalletNumber": "123", "Amount": 100})).await;
        assert_eq!(withdraw.0, 404);
    }
}

on_both_engines! {
    async fn each_bad_field_is_refused_naming_the_field_and_changes_nothing(app) {
        // Arrange
        let p = player(&app).await;
        app.fund(&p, 1_000).await;
        let before = (app.money(&p).await, app.requests().await);

        // Act
        let cases = [
            (BANK_WITHDRAW, json!({"Iban": "TR36 0001 0001 2345 6789 0123 46", "AccountName": "Ayşe", "Amount": 200}), "Iban", "Iban: this IBAN is not valid. Please check it."),
            (BANK_WITHDRAW, json!({"Iban": "DE89 3704 0044 0532 0130 00", "AccountName": "Ayşe", "Amount": 200}), "Iban", "Iban: enter a 26-character IBAN starting with TR."),
            (BANK_WITHDRAW, json!({"Iban": IBAN, "AccountName": " ", "Amount": 200}), "AccountName", "AccountName is required."),
            (BANK_WITHDRAW, to_iban(json!(99.99)), "Amount", "Amount must be at least ₺100.00."),
            (BANK_WITHDRAW, to_iban(json!(50_000.01)), "Amount", "Amount can be at most ₺50,000.00."),
            (BANK_WITHDRAW, to_iban(json!(150.255)), "Amount", "Amount can have at most two decimals."),
            (BANK_WITHDRAW, to_iban(json!("yüz")), "Amount", "Amount has an invalid value."),
            (EWALLET_WITHDRAW, json!({"Wallet": 7, "WalletNumber": "5551234", "Amount": 100}), "Wallet", "Wallet: choose one of the options."),
            (EWALLET_WITHDRAW, json!({"Wallet": 1, "WalletNumber": 5551234, "Amount": 100}), "WalletNumber", "WalletNumber has an invalid value."),
        ];
        let mut answers = Vec::new();
        for (method, detail, _, _) in &cases {
            answers.push(app.withdraw(&p, *method, detail.clone()).await);
        }
        let deposit = app.deposit(&p, EWALLET_DEPOSIT, json!({"Wallet": "9", "Amount": 100})).await;
        let turkish = app.pay(&p, "/api/payment/withdraw", json!({"id": BANK_WITHDRAW, "target": "pay", "detail": to_iban(json!(20))}), "tr").await;

        // Assert
        for ((status, body), (_, _, field, message)) in answers.iter().zip(&cases) {
            assert_eq!(*status, 422, "{body}");
            assert_eq!(body["data"]["field"], *field, "{body}");
            assert_eq!(body["message"], *message, "{body}");
        }
        assert_eq!((deposit.0, deposit.1["data"]["field"].clone()), (422, json!("Wallet")));
        assert_eq!(turkish.1["message"], "Amount en az 100,00 ₺ olmalıdır.");
        assert_eq!((app.money(&p).await, app.requests().await), before);
    }
}

on_both_engines! {
    async fn a_withdrawal_holds_the_amount_a_rejection_returns_it_and_an_approval_sends_it(app) {
        // Arrange
        let p = player(&app).await;
        app.fund(&p, 1_000).await;

        // Act: a request holds 300 ₺ at once...
        let (status, requested) = app.withdraw(&p, BANK_WITHDRAW, to_iban(json!("300,00"))).await;
        assert_eq!(status, 200, "{requested}");
        let first = requested["data"]["id"].as_i64().unwrap();
        let held = app.money(&p).await;
        // ...which a rejection gives back, and an approval of another request sends.
        kasa::payments::reject(&app.db, first, "The name does not match the account.").await.unwrap();
        let after_reject = app.money(&p).await;
        let (_, second) = app.withdraw(&p, EWALLET_WITHDRAW, json!({"Wallet": "2", "WalletNumber": "5551234", "Amount": 400})).await;
        let second = second["data"]["id"].as_i64().unwrap();
        kasa::payments::approve(&app.db, second).await.unwrap();

        // Assert
        assert_eq!(requested["message"], "Your withdrawal request of ₺300.00 has been received and awaits approval.");
        assert_eq!(held, (70_000, 30_000));
        assert_eq!(after_reject, (100_000, 0));
        assert_eq!(app.money(&p).await, (60_000, 0));
        assert!(kasa::payments::reject(&app.db, second, "late").await.is_err(), "a decided request stays decided");
        let rejected = kasa::payments::store::request_by_id(&app.db, first).await.unwrap().unwrap();
        assert_eq!(rejected.reason.as_deref(), Some("The name does not match the account."));
        assert!(rejected.decided_at.is_some());
        assert_eq!(rejected.detail["Iban"], "TR360001000123456789012345");
        // The notifications are written in every language: the player reads theirs (English here).
        let texts: Vec<String> =
            sqlx::query_scalar("SELECT texts FROM notifications WHERE player_id = $1 AND type = 2 ORDER BY id").bind(p.id).fetch_all(&app.db.pool).await.unwrap();
        let english: Vec<Value> = texts.iter().map(|t| serde_json::from_str::<Value>(t).unwrap()["en"].clone()).collect();
        let withdraw_notes: Vec<&str> = english.iter().map(|w| w["note"].as_str().unwrap()).collect();
        assert_eq!(withdraw_notes.len(), 4, "request and decision of each: {withdraw_notes:?}");
        assert!(withdraw_notes[1].contains("The name does not match the account."), "{withdraw_notes:?}");
        assert!(withdraw_notes[1].starts_with("Your withdrawal request of ₺300.00"), "{withdraw_notes:?}");
        assert!(withdraw_notes[3].starts_with("Your withdrawal of ₺400.00"), "{withdraw_notes:?}");
        assert!(english.iter().all(|w| w["title"] == "Withdrawal"), "{english:?}");
        let report = kasa::wallet::report(&app.db, None, None).await.unwrap();
        assert_eq!((report.deposits["havale"], report.withdrawals["ewallet"]), (100_000, 40_000));
        assert!(!report.withdrawals.contains_key("havale"), "a voided hold is no withdrawal");
        app.assert_ledger_holds().await;
    }
}

on_both_engines! {
    async fn a_withdrawal_with_an_active_bonus_forfeits_the_bonus_and_says_so(app) {
        // Arrange: 200 ₺ real, a 100 ₺ bonus.
        let p = player(&app).await;
        app.fund(&p, 200).await;
        crate::bonus::set_promotions(&app, &[crate::bonus::promotion("gift", -1, None, Some(json!({"amount": 100, "wagering": 20, "maxBet": 50, "days": 7})))]).await;
        kasa::bonus::grant_by_operator(&app.db, "aysegul1", "gift").await.unwrap();
        let before = kasa::wallet::balances(&app.db, p.id).await.unwrap();

        // Act
        let (status, body) = app.withdraw(&p, BANK_WITHDRAW, to_iban(json!(100))).await;

        // Assert
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["message"], "Your withdrawal request of ₺100.00 has been received and awaits approval. Your active bonus was forfeited and its remaining bonus money removed.");
        assert_eq!((before.real.minor(), before.bonus.minor()), (20_000, 10_000));
        let after = kasa::wallet::balances(&app.db, p.id).await.unwrap();
        assert_eq!((after.real.minor(), after.held.minor(), after.bonus.minor()), (10_000, 10_000, 0));
        let state: String = sqlx::query_scalar("SELECT state FROM bonuses WHERE player_id = $1").bind(p.id).fetch_one(&app.db.pool).await.unwrap();
        assert_eq!(state, "forfeited");
        app.assert_ledger_holds().await;
    }
}

on_both_engines! {
    async fn an_amount_with_more_than_two_decimals_is_refused_never_rounded_and_changes_nothing(app) {
        // Arrange
        let p = player(&app).await;
        app.fund(&p, 50_000).await;
        app.fund(&p, 10_000).await;
        let before = (app.money(&p).await, app.requests().await);
        let raw = |path: &str, method: i64, amount: &str| {
            let body = format!(r#"{{"id":{method},"target":"pay","detail":{{"Iban":"{IBAN}","AccountName":"Ayşe","Amount":{amount}}}}}"#);
            app.client.post(app.url(path)).bearer_auth(&p.token).header("x-locale", "en").header("content-type", "application/json").body(body).send()
        };

        // Act
        let mut answers = Vec::new();
        for amount in ["100.0000001", "10000.004", "49999.999", "100.000000000000000001", "\"1.000\"", "\"150,255\"", "1e-3"] {
            for (path, method) in [("/api/payment/withdraw", BANK_WITHDRAW), ("/api/payment/deposit", BANK_DEPOSIT)] {
                let resp = raw(path, method, amount).await.unwrap();
                answers.push((amount, path, resp.status().as_u16(), envelope(resp).await));
            }
        }

        // Assert
        for (amount, path, status, body) in &answers {
            assert_eq!(*status, 422, "{amount} at {path}: {body}");
            assert_eq!(body["data"]["field"], "Amount", "{amount} at {path}");
            assert_eq!(body["message"], "Amount can have at most two decimals.", "{amount} at {path}");
        }
        assert_eq!((app.money(&p).await, app.requests().await), before, "nothing was held, credited or requested");
        app.assert_ledger_holds().await;
    }
}

on_both_engines! {
    async fn a_withdrawal_beyond_the_real_money_is_refused_naming_what_can_be_withdrawn_and_writes_nothing(app) {
        // Arrange: 150 ₺ real and a 100 ₺ bonus: 250 ₺ in the header, 150 ₺ withdrawable.
        let p = player(&app).await;
        app.fund(&p, 150).await;
        crate::bonus::set_promotions(&app, &[crate::bonus::promotion("gift", -1, None, Some(json!({"amount": 100, "wagering": 20, "maxBet": 50, "days": 7})))]).await;
        kasa::bonus::grant_by_operator(&app.db, "aysegul1", "gift").await.unwrap();
        let requests = app.requests().await;

        // Act
        let (status, body) = app.withdraw(&p, BANK_WITHDRAW, to_iban(json!(150.01))).await;

        // Assert
        assert_eq!(status, 400, "{body}");
        assert_eq!(body["message"], "You can withdraw at most ₺150.00: bonus money cannot be withdrawn.");
        let balances = kasa::wallet::balances(&app.db, p.id).await.unwrap();
        assert_eq!((balances.real.minor(), balances.bonus.minor(), balances.held.minor()), (15_000, 10_000, 0));
        assert_eq!(app.requests().await, requests);
        let notes: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM notifications WHERE type = 2").fetch_one(&app.db.pool).await.unwrap();
        assert_eq!(notes, 0);
    }
}

on_both_engines! {
    async fn twenty_simultaneous_withdrawals_of_sixty_percent_leave_exactly_one_pending(app) {
        // Arrange
        let p = player(&app).await;
        app.fund(&p, 1_000).await;
        let (url, token) = (app.url("/api/payment/withdraw"), p.token.clone());

        // Act
        let answers = burst(&app, 20, move |_, client| {
            client.post(&url).bearer_auth(&token).json(&json!({"id": BANK_WITHDRAW, "target": "pay", "detail": to_iban(json!(600))}))
        })
        .await;

        // Assert
        assert_eq!(count_status(&answers, 200), 1, "{answers:?}");
        assert_eq!(count_status(&answers, 400), 19, "{answers:?}");
        let pending: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM payment_requests WHERE kind = 2 AND status = 'pending'")
            .fetch_one(&app.db.pool)
            .await
            .unwrap();
        assert_eq!(pending, 1);
        assert_eq!(app.money(&p).await, (40_000, 60_000));
        app.assert_ledger_holds().await;
    }
}

on_both_engines! {
    async fn a_concurrent_approve_and_reject_of_one_request_has_exactly_one_winner(app) {
        // Arrange: a pending withdrawal and a pending deposit.
        let p = player(&app).await;
        app.fund(&p, 1_000).await;
        let (_, w) = app.withdraw(&p, BANK_WITHDRAW, to_iban(json!(500))).await;
        let (_, d) = app.deposit(&p, BANK_DEPOSIT, json!({"Amount": 250})).await;
        let ids = [w["data"]["id"].as_i64().unwrap(), d["data"]["id"].as_i64().unwrap()];

        // Act: eight approvals and eight rejections of each, released together.
        let barrier = Arc::new(tokio::sync::Barrier::new(32));
        let tasks: Vec<_> = (0..32)
            .map(|i| {
                let (db, barrier, id) = (app.db.clone(), barrier.clone(), ids[i % 2]);
                tokio::spawn(async move {
                    barrier.wait().await;
                    let r = if i % 4 < 2 { kasa::payments::approve(&db, id).await } else { kasa::payments::reject(&db, id, "duplicate").await };
                    (id, r.map(|r| r.id))
                })
            })
            .collect();
        let mut wins = Vec::new();
        for t in tasks {
            let (id, r) = t.await.unwrap();
            match r {
                Ok(_) => wins.push(id),
                Err(kasa::payments::DecisionError::NotPending(..)) => {}
                Err(e) => panic!("unexpected {e:?}"),
            }
        }

        // Assert
        wins.sort();
        assert_eq!(wins, ids.to_vec(), "one decision per request");
        let w = kasa::payments::store::request_by_id(&app.db, ids[0]).await.unwrap().unwrap();
        let d = kasa::payments::store::request_by_id(&app.db, ids[1]).await.unwrap().unwrap();
        let real = 50_000 + if d.status == kasa::payments::RequestStatus::Confirmed { 25_000 } else { 0 }
            + if w.status == kasa::payments::RequestStatus::Rejected { 50_000 } else { 0 };
        assert_eq!(app.money(&p).await, (real, 0));
        let decisions: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM notifications WHERE player_id = $1 AND note LIKE '%KS%'")
            .bind(p.id)
            .fetch_one(&app.db.pool)
            .await
            .unwrap();
        assert_eq!(decisions, 1 + 1 + 1 + 1, "the funding credit, the withdrawal's request, and one per decision");
        app.assert_ledger_holds().await;
    }
}

on_both_engines! {
    async fn many_concurrent_deposits_and_approvals_credit_each_deposit_once_and_at_most_three_wait(app) {
        let p = player(&app).await;
        let (url, token) = (app.url("/api/payment/deposit"), p.token.clone());
        let mut expected = 0;
        for round in 0..4 {
            // Arrange: six deposits requested at once, of which three may wait at a time.
            let url = url.clone();
            let token = token.clone();
            let answers = burst(&app, 6, move |i, client| {
                let lira = 100 + round * 10 + i as i64;
                let detail = if i % 2 == 0 { json!({"Amount": lira}) } else { json!({"Wallet": 1, "Amount": lira}) };
                let method = if i % 2 == 0 { BANK_DEPOSIT } else { EWALLET_DEPOSIT };
                client.post(&url).bearer_auth(&token).header("x-locale", "en").json(&json!({"id": method, "target": "pay", "detail": detail}))
            })
            .await;
            assert_eq!(count_status(&answers, 200), 3, "{answers:?}");
            assert_eq!(count_status(&answers, 409), 3, "{answers:?}");
            assert!(answers.iter().filter(|(s, _)| *s == 409).all(|(_, b)| b["message"].as_str().unwrap().starts_with("You already have 3 pending deposits")));
            let accepted: Vec<(i64, f64)> = answers
                .iter()
                .filter(|(s, _)| *s == 200)
                .map(|(_, b)| (b["data"]["id"].as_i64().unwrap(), b["data"]["amount"].as_f64().unwrap()))
                .collect();
            expected += accepted.iter().map(|(_, lira)| (*lira * 100.0) as i64).sum::<i64>();

            // Act: each approved twice, all at once.
            let barrier = Arc::new(tokio::sync::Barrier::new(6));
            let tasks: Vec<_> = (0..6)
                .map(|i| {
                    let (db, barrier, id) = (app.db.clone(), barrier.clone(), accepted[i % 3].0);
                    tokio::spawn(async move {
                        barrier.wait().await;
                        kasa::payments::approve(&db, id).await.is_ok()
                    })
                })
                .collect();
            let mut approved = 0;
            for t in tasks {
                approved += usize::from(t.await.unwrap());
            }
            assert_eq!(approved, 3, "each of round {round}'s deposits approved once");
        }

        // Assert
        assert_eq!(app.money(&p).await, (expected, 0));
        let credits: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM transfers WHERE kind = 'deposit'").fetch_one(&app.db.pool).await.unwrap();
        assert_eq!(credits, 12);
        let notes: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM notifications WHERE player_id = $1 AND type = 1").bind(p.id).fetch_one(&app.db.pool).await.unwrap();
        assert_eq!(notes, 12);
        app.assert_ledger_holds().await;
    }
}

on_both_engines! {
    async fn a_bank_transfer_deposit_answers_where_to_pay_and_moves_nothing_until_approved(app) {
        // Arrange
        let p = player(&app).await;

        // Act
        let (status, body) = app.deposit(&p, BANK_DEPOSIT, json!({"Amount": "1.250,50"})).await;
        let card = app.deposit(&p, CARD_DEPOSIT, json!({"Amount": 100})).await;
        let (_, ewallet) = app.pay(&p, "/api/payment/deposit", json!({"id": EWALLET_DEPOSIT, "target": "pay", "detail": {"Wallet": 3, "Amount": 75}}), "tr").await;

        // Assert
        assert_eq!(status, 200, "{body}");
        let reference = body["data"]["reference"].as_str().unwrap();
        assert_eq!(
            body["message"],
            format!("Send ₺1,250.50 by bank transfer to Kasa Ödeme Hizmetleri A.Ş., IBAN TR33 0006 1005 1978 6457 8413 26, with {reference} as the payment description. It is added to your balance once confirmed.")
        );
        assert!(ewallet["message"].as_str().unwrap().starts_with("75,00 ₺ tutarını Jeton hesabınızdan"), "{ewallet}");
        assert_eq!(card.0, 200, "{card:?}");
        assert!(card.1["data"].as_str().unwrap().starts_with("http"), "{card:?}");
        assert_eq!(app.money(&p).await, (0, 0));
        kasa::payments::approve(&app.db, body["data"]["id"].as_i64().unwrap()).await.unwrap();
        assert_eq!(app.money(&p).await, (125_050, 0));
        let note: String = sqlx::query_scalar("SELECT note FROM notifications WHERE player_id = $1 AND type = 1").bind(p.id).fetch_one(&app.db.pool).await.unwrap();
        assert!(note.contains(reference), "{note}");
        app.assert_ledger_holds().await;
    }
}

on_both_engines! {
    async fn a_player_cancels_a_pending_deposit_but_never_a_withdrawal(app) {
        // Arrange
        let p = player(&app).await;
        app.fund(&p, 500).await;
        let (_, d) = app.deposit(&p, EWALLET_DEPOSIT, json!({"Wallet": 1, "Amount": 100})).await;
        let (_, w) = app.withdraw(&p, BANK_WITHDRAW, to_iban(json!(200))).await;
        let (deposit, withdrawal) = (d["data"]["id"].as_i64().unwrap(), w["data"]["id"].as_i64().unwrap());

        // Act
        let by_another = kasa::payments::cancel(&app.db, p.id + 1, deposit).await;
        let cancelled = app.pay(&p, "/api/payment/cancel", json!({"id": deposit}), "en").await;
        let again = app.pay(&p, "/api/payment/cancel", json!({"id": deposit}), "en").await;
        let not_a_deposit = app.pay(&p, "/api/payment/cancel", json!({"id": withdrawal}), "en").await;

        // Assert
        assert!(by_another.is_err(), "another player's deposit is not theirs to cancel");
        assert_eq!((cancelled.0, cancelled.1["message"].clone()), (200, json!("Your deposit request has been cancelled.")));
        assert_eq!(again.0, 409);
        assert_eq!(not_a_deposit.0, 409);
        assert_eq!(app.money(&p).await, (30_000, 20_000), "the withdrawal is still held");
        assert!(matches!(kasa::payments::approve(&app.db, deposit).await, Err(kasa::payments::DecisionError::NotPending(..))));
        app.assert_ledger_holds().await;
    }
}

on_both_engines! {
    async fn financial_activities_list_deposits_and_withdrawals_newest_first_with_their_states(app) {
        // Arrange: a confirmed deposit, a rejected and a pending withdrawal, a cancelled deposit.
        let p = player(&app).await;
        app.fund(&p, 1_000).await;
        let (_, w1) = app.withdraw(&p, BANK_WITHDRAW, to_iban(json!(100))).await;
        kasa::payments::reject(&app.db, w1["data"]["id"].as_i64().unwrap(), "Wrong name").await.unwrap();
        app.withdraw(&p, BANK_WITHDRAW, to_iban(json!(200))).await;
        let (_, d) = app.deposit(&p, BANK_DEPOSIT, json!({"Amount": 300})).await;
        app.pay(&p, "/api/payment/cancel", json!({"id": d["data"]["id"]}), "en").await;

        // Act
        let (_, all) = app.get_json(&p, "/api/payment/transactions").await;
        let (_, withdrawals) = app.get_json(&p, "/api/payment/transactions?kind=2&skip=1&take=1").await;
        let (_, none) = app.get_json(&p, "/api/payment/transactions?from=2000-01-01&to=2000-12-31").await;
        let (bad, _) = app.get_json(&p, "/api/payment/transactions?from=yesterday").await;

        // Assert
        let items = all["data"]["items"].as_array().unwrap();
        let states: Vec<(i64, f64, i64, i64, bool)> = items
            .iter()
            .map(|i| (i["kind"].as_i64().unwrap(), i["amount"].as_f64().unwrap(), i["status"].as_i64().unwrap(), i["processState"].as_i64().unwrap(), i["cancellable"].as_bool().unwrap()))
            .collect();
        assert_eq!(states, vec![(1, 300.0, 5, 3, false), (2, 200.0, 2, 1, false), (2, 100.0, 4, 3, false), (1, 1000.0, 1, 2, false)]);
        assert_eq!(all["data"]["total"], 4);
        assert_eq!(items[2]["reason"], "Wrong name");
        assert_eq!(items[0]["method"], "Bank transfer");
        assert!(items[1]["decidedAt"].is_null() && items[2]["decidedAt"].is_string());
        assert_eq!(withdrawals["data"]["total"], 2);
        assert_eq!(withdrawals["data"]["items"].as_array().unwrap().len(), 1);
        assert_eq!(withdrawals["data"]["items"][0]["amount"], 100.0);
        assert_eq!(none["data"]["total"], 0);
        assert_eq!(bad, 422);
    }
}

on_both_engines! {
    async fn the_operator_lists_approves_and_rejects_requests_from_the_command_line(app) {
        // Arrange
        let p = player(&app).await;
        let (_, d) = app.deposit(&p, BANK_DEPOSIT, json!({"Amount": 500})).await;
        let deposit = d["data"]["id"].as_i64().unwrap().to_string();
        let kasa = |args: &[&str]| {
            std::process::Command::new(env!("CARGO_BIN_EXE_kasa"))
                .args(["admin", "payments"])
                .args(args)
                .args(["--database-url", &app.db.url])
                .env("KASA_LOG", "error")
                .output()
                .unwrap()
        };

        // Act
        let listed = kasa(&["list", "--status", "pending", "--json"]);
        let approved = kasa(&["approve", &deposit]);
        let twice = kasa(&["approve", &deposit]);
        let (_, w) = app.withdraw(&p, BANK_WITHDRAW, to_iban(json!(200))).await;
        let rejected = kasa(&["reject", &w["data"]["id"].as_i64().unwrap().to_string(), "--reason", "Account closed"]);
        let text = kasa(&["list"]);

        // Assert
        assert!(listed.status.success(), "{}", String::from_utf8_lossy(&listed.stderr));
        let list: Value = serde_json::from_slice(&listed.stdout).unwrap();
        assert_eq!(list.as_array().unwrap().len(), 1);
        assert_eq!((list[0]["amount"].clone(), list[0]["status"].clone()), (json!(50_000), json!("pending")));
        assert!(approved.status.success(), "{}", String::from_utf8_lossy(&approved.stderr));
        assert!(!twice.status.success());
        assert!(String::from_utf8_lossy(&twice.stderr).contains("is not pending: it is confirmed"));
        assert!(rejected.status.success(), "{}", String::from_utf8_lossy(&rejected.stderr));
        let text = String::from_utf8_lossy(&text.stdout);
        assert!(text.contains("rejected") && text.contains("Account closed") && text.contains("confirmed"), "{text}");
        assert_eq!(app.money(&p).await, (50_000, 0));
        app.assert_ledger_holds().await;
    }
}

// The card deposit through the hosted payment page.

const TEST_CARD: &str = "4111 1111 1111 1111";

/// A card deposit's page: its link, its token and its request's id.
struct CardDeposit {
    link: String,
    token: String,
    id: i64,
}

impl TestApp {
    async fn card_deposit(&self, p: &Player, lira: i64) -> CardDeposit {
        let (status, body) = self.deposit(p, CARD_DEPOSIT, json!({"Amount": lira})).await;
        assert_eq!(status, 200, "{body}");
        let link = body["data"].as_str().unwrap().to_string();
        let token = link.rsplit('/').next().unwrap().to_string();
        let id: i64 = sqlx::query_scalar("SELECT MAX(id) FROM payment_requests WHERE player_id = $1")
            .bind(p.id)
            .fetch_one(&self.db.pool)
            .await
            .unwrap();
        CardDeposit { link, token, id }
    }

    /// Submits the page's form; the status and the page.
    async fn submit_card(&self, d: &CardDeposit, form: &[(&str, &str)], lang: &str) -> (u16, String) {
        let resp = self.client.post(self.url(&format!("/pay/{}?lang={lang}", d.token))).form(form).send().await.unwrap();
        let status = resp.status().as_u16();
        (status, resp.text().await.unwrap())
    }

    async fn pay_card(&self, d: &CardDeposit, number: &str) -> (u16, String) {
        self.submit_card(
            d,
            &[("action", "pay"), ("number", number), ("expiry", "12/39"), ("cvc", "123"), ("name", "Ayşe Gül Yılmaz")],
            "en",
        )
        .await
    }

    async fn callback(&self, body: &[u8], signature: Option<&str>) -> u16 {
        let mut req = self.client.post(self.url("/callbacks/payments/card")).header("content-type", "application/json").body(body.to_vec());
        if let Some(sig) = signature {
            req = req.header("x-signature", sig);
        }
        req.send().await.unwrap().status().as_u16()
    }

    async fn status_of(&self, id: i64) -> String {
        sqlx::query_scalar("SELECT status FROM payment_requests WHERE id = $1").bind(id).fetch_one(&self.db.pool).await.unwrap()
    }

    async fn deposit_notes(&self, p: &Player) -> Vec<String> {
        sqlx::query_scalar("SELECT note FROM notifications WHERE player_id = $1 AND type = 1 ORDER BY id")
            .bind(p.id)
            .fetch_all(&self.db.pool)
            .await
            .unwrap()
    }

    async fn credits(&self, id: i64) -> i64 {
        sqlx::query_scalar("SELECT COUNT(*) FROM transfers WHERE payment_id = $1 AND kind = 'deposit'")
            .bind(id.to_string())
            .fetch_one(&self.db.pool)
            .await
            .unwrap()
    }
}

fn signed(id: i64, kurus: i64) -> (Vec<u8>, String) {
    let body = serde_json::to_vec(&json!({"paymentId": id, "amount": kurus, "status": "paid", "transactionId": "ch_test"})).unwrap();
    let sig = kasa::payments::card::sign(kasa::payments::card::DEVELOPMENT_SECRET.as_bytes(), &body);
    (body, sig)
}

on_both_engines! {
    async fn a_card_deposit_left_at_its_page_waits_for_payment_can_be_opened_again_and_cancelled(app) {
        // Arrange: a card deposit the player left at its page, and another player.
        let p = player(&app).await;
        let d = app.card_deposit(&p, 500).await;
        let other_token = crate::accounts::registered_as(&app, "baskasi1", "905329990000").await;

        // Act
        let (_, listed) = app.get_json(&p, "/api/payment/transactions").await;
        let resumed = app.pay(&p, "/api/payment/resume", json!({"id": d.id}), "en").await;
        let by_other = app.client.post(app.url("/api/payment/resume")).bearer_auth(&other_token).json(&json!({"id": d.id})).send().await.unwrap().status().as_u16();
        let new_link = resumed.1["data"].as_str().unwrap_or_default().to_string();
        let old_page = app.client.get(&d.link).send().await.unwrap().status().as_u16();
        let new_page = app.client.get(&new_link).send().await.unwrap().status().as_u16();
        let cancelled = app.pay(&p, "/api/payment/cancel", json!({"id": d.id}), "en").await;
        let after = app.pay(&p, "/api/payment/resume", json!({"id": d.id}), "en").await;

        // Assert: shown as waiting for payment, with its deadline; opened again with a new link
        // (the old one no longer works); never by another player; cancelled, it is over.
        let item = &listed["data"]["items"][0];
        assert_eq!((item["awaitingPayment"].as_bool(), item["cancellable"].as_bool()), (Some(true), Some(true)), "{item}");
        assert!(item["expiresAt"].as_str().is_some_and(|e| e > item["createdAt"].as_str().unwrap()), "{item}");
        assert_eq!(resumed.0, 200, "{}", resumed.1);
        assert!(new_link.contains("/pay/") && new_link != d.link);
        assert_eq!(by_other, 409);
        assert_ne!(old_page, 200, "the old link stopped working");
        assert_eq!(new_page, 200);
        assert_eq!(cancelled.0, 200, "{}", cancelled.1);
        assert_eq!(app.status_of(d.id).await, "cancelled");
        assert_eq!(after.0, 409);
        assert_eq!(app.money(&p).await, (0, 0));
    }
}

on_both_engines! {
    async fn a_card_deposit_answers_the_link_of_its_page_in_turkish_or_english_with_the_security_headers(app) {
        // Arrange
        let p = player(&app).await;

        // Act
        let d = app.card_deposit(&p, 250).await;
        let turkish = app.client.get(&d.link).header("accept-language", "tr-TR,tr;q=0.9").send().await.unwrap();
        let english = app.client.get(format!("{}?lang=en", d.link)).send().await.unwrap();
        let headers = turkish.headers().clone();
        let (turkish, english) = (turkish.text().await.unwrap(), english.text().await.unwrap());
        let unknown = app.get(&format!("/pay/{}", "0".repeat(64))).await.status();

        // Assert
        assert!(d.link.starts_with(&app.address) && d.link.contains("/pay/"), "{}", d.link);
        assert_eq!(d.token.len(), 64);
        let stored: String = sqlx::query_scalar("SELECT token_hash FROM card_sessions WHERE request_id = $1").bind(d.id).fetch_one(&app.db.pool).await.unwrap();
        assert_ne!(stored, d.token, "only the token's hash is stored");
        for (page, pay, cancel) in [(&turkish, ">Öde<", ">İptal<"), (&english, ">Pay<", ">Cancel<")] {
            assert!(page.contains(pay) && page.contains(cancel), "{page}");
            assert!(page.contains("250,00 ₺") && page.contains("name=\"number\"") && page.contains("name=\"cvc\""), "{page}");
            assert!(!page.contains("<script"), "no script on the page");
            assert!(page.contains("<svg") && !page.contains('🔒'), "the padlock is drawn: {page}");
        }
        // The deadline in Turkey's time (UTC+3), as the player reads a clock.
        let deadline: i64 = sqlx::query_scalar("SELECT expires_at FROM card_sessions WHERE request_id = $1").bind(d.id).fetch_one(&app.db.pool).await.unwrap();
        let local = kasa::time::iso_utc(deadline + 3 * 3_600_000)[..16].replace('T', " ");
        assert!(turkish.contains(&format!("(Türkiye saati): {local}")), "{turkish}");
        assert!(english.contains(&format!("(Turkey time): {local}")), "{english}");
        assert!(headers["content-type"].to_str().unwrap().starts_with("text/html"));
        assert_eq!(headers["x-content-type-options"], "nosniff");
        let csp = headers["content-security-policy"].to_str().unwrap();
        assert!(csp.contains("form-action 'self'") && csp.contains("style-src 'self' 'unsafe-inline'"), "{csp}");
        assert!(!csp.contains("script-src 'self' 'unsafe-inline'"), "{csp}");
        assert_eq!(unknown, 404);
        assert_eq!(app.money(&p).await, (0, 0));
    }
}

on_both_engines! {
    async fn paying_with_a_test_card_credits_once_and_notifies_and_a_bad_card_changes_nothing(app) {
        // Arrange
        let p = player(&app).await;
        let d = app.card_deposit(&p, 300).await;

        // Act: a card that fails the Luhn check, then an expired one, then a good one, then again.
        let (bad_status, bad_page) = app.pay_card(&d, "4111 1111 1111 1112").await;
        let after_bad = (app.money(&p).await, app.status_of(d.id).await);
        let (expired_status, expired_page) =
            app.submit_card(&d, &[("action", "pay"), ("number", TEST_CARD), ("expiry", "01/20"), ("cvc", "123"), ("name", "Ayşe")], "tr").await;
        let (status, page) = app.pay_card(&d, "5555 5555 5555 4444").await;
        let (again, again_page) = app.pay_card(&d, TEST_CARD).await;

        // Assert
        assert_eq!(bad_status, 422);
        assert!(bad_page.contains("The card number is not valid") && bad_page.contains(">Pay<"), "{bad_page}");
        assert_eq!(after_bad, ((0, 0), "pending".to_string()));
        assert_eq!(expired_status, 422);
        assert!(expired_page.contains("Son kullanma tarihi geçersiz"), "{expired_page}");
        assert_eq!(status, 200, "{page}");
        assert!(page.contains("Payment received") && page.contains("Return to the site") && page.contains("close this window"), "{page}");
        assert_eq!(again, 200);
        assert!(again_page.contains("Payment received") && !again_page.contains(">Pay<"));
        assert_eq!(app.money(&p).await, (30_000, 0));
        assert_eq!(app.status_of(d.id).await, "confirmed");
        assert_eq!(app.credits(d.id).await, 1);
        let notes = app.deposit_notes(&p).await;
        assert_eq!(notes.len(), 1, "{notes:?}");
        let (_, list) = app.get_json(&p, "/api/payment/transactions").await;
        assert_eq!((list["data"]["items"][0]["status"].as_i64(), list["data"]["items"][0]["processState"].as_i64()), (Some(1), Some(2)));
        app.assert_ledger_holds().await;
    }
}

on_both_engines! {
    async fn a_callback_with_a_bad_or_missing_signature_changes_nothing_and_a_signed_one_credits_once(app) {
        // Arrange
        let p = player(&app).await;
        let d = app.card_deposit(&p, 120).await;
        let (body, sig) = signed(d.id, 12_000);
        let forged = kasa::payments::card::sign(b"not the secret", &body);
        let (more, more_sig) = signed(d.id, 99_000);

        // Act
        let missing = app.callback(&body, None).await;
        let bad = app.callback(&body, Some(&forged)).await;
        let tampered = app.callback(&more, Some(&sig)).await;
        let wrong_amount = app.callback(&more, Some(&more_sig)).await;
        let after_bad = (app.money(&p).await, app.status_of(d.id).await, app.deposit_notes(&p).await.len());
        let first = app.callback(&body, Some(&sig)).await;
        let replay = app.callback(&body, Some(&sig)).await;

        // Assert
        assert_eq!((missing, bad, tampered, wrong_amount), (401, 401, 401, 400));
        assert_eq!(after_bad, ((0, 0), "pending".to_string(), 0));
        assert_eq!((first, replay), (200, 200));
        assert_eq!(app.money(&p).await, (12_000, 0));
        assert_eq!(app.credits(d.id).await, 1);
        assert_eq!(app.deposit_notes(&p).await.len(), 1);
        app.assert_ledger_holds().await;
    }
}

on_both_engines! {
    async fn the_same_signed_callback_twenty_times_at_once_credits_once(app) {
        // Arrange
        let p = player(&app).await;
        let d = app.card_deposit(&p, 500).await;
        let (body, sig) = signed(d.id, 50_000);
        let url = app.url("/callbacks/payments/card");
        let barrier = Arc::new(tokio::sync::Barrier::new(20));

        // Act
        let tasks: Vec<_> = (0..20)
            .map(|_| {
                let (body, sig, url, barrier) = (body.clone(), sig.clone(), url.clone(), barrier.clone());
                tokio::spawn(async move {
                    let client = reqwest::Client::new();
                    barrier.wait().await;
                    client.post(url).header("x-signature", sig).body(body).send().await.unwrap().status().as_u16()
                })
            })
            .collect();
        let mut statuses = Vec::new();
        for t in tasks {
            statuses.push(t.await.unwrap());
        }

        // Assert
        assert!(statuses.iter().all(|s| *s == 200), "{statuses:?}");
        assert_eq!(app.money(&p).await, (50_000, 0));
        assert_eq!(app.credits(d.id).await, 1);
        assert_eq!(app.deposit_notes(&p).await.len(), 1);
        app.assert_ledger_holds().await;
    }
}

on_both_engines! {
    async fn cancel_on_the_page_cancels_the_deposit_and_a_later_callback_credits_nothing(app) {
        // Arrange
        let p = player(&app).await;
        let d = app.card_deposit(&p, 150).await;

        // Act
        let (status, page) = app.submit_card(&d, &[("action", "cancel")], "tr").await;
        let (body, sig) = signed(d.id, 15_000);
        let late = app.callback(&body, Some(&sig)).await;
        let (_, list) = app.get_json(&p, "/api/payment/transactions").await;

        // Assert
        assert_eq!(status, 200);
        assert!(page.contains("Ödeme iptal edildi") && page.contains("Siteye dön"), "{page}");
        assert_eq!(app.status_of(d.id).await, "cancelled");
        assert_eq!(late, 200, "a decided deposit answers its status, so the gateway stops retrying");
        assert_eq!(app.money(&p).await, (0, 0));
        assert_eq!(app.credits(d.id).await, 0);
        assert_eq!(list["data"]["items"][0]["cancellable"], false);
        assert_eq!((list["data"]["items"][0]["status"].as_i64(), list["data"]["items"][0]["processState"].as_i64()), (Some(5), Some(3)));
        app.assert_ledger_holds().await;
    }
}

on_both_engines! {
    async fn an_unpaid_card_deposit_expires_after_thirty_minutes_with_a_notification_and_cannot_be_paid_after(app) {
        // Arrange
        let p = player(&app).await;
        let swept = app.card_deposit(&p, 100).await;
        let late = app.card_deposit(&p, 200).await;
        let fresh = app.card_deposit(&p, 300).await;
        let now = kasa::db::now_ms();

        // Act: the sweep 29 minutes on expires nothing; 31 minutes on, the first (the others are moved
        // past their deadline afterwards, as if the sweep had not run yet).
        let early = kasa::payments::card::expire_due(&app.db, now + 29 * 60_000).await.unwrap();
        sqlx::query("UPDATE card_sessions SET expires_at = $1 WHERE request_id = $2").bind(now - 1).bind(swept.id).execute(&app.db.pool).await.unwrap();
        let expired = kasa::payments::card::expire_due(&app.db, now).await.unwrap();
        let again = kasa::payments::card::expire_due(&app.db, now).await.unwrap();
        sqlx::query("UPDATE card_sessions SET expires_at = $1 WHERE request_id IN ($2, $3)")
            .bind(now - 1)
            .bind(late.id)
            .bind(fresh.id)
            .execute(&app.db.pool)
            .await
            .unwrap();
        let (paid_status, paid_page) = app.pay_card(&late, TEST_CARD).await;
        let (body, sig) = signed(fresh.id, 30_000);
        let callback = app.callback(&body, Some(&sig)).await;
        let (_, list) = app.get_json(&p, "/api/payment/transactions").await;

        // Assert
        assert_eq!((early, expired, again), (0, 1, 0));
        for id in [swept.id, late.id, fresh.id] {
            assert_eq!(app.status_of(id).await, "expired", "{id}");
        }
        assert_eq!(paid_status, 200);
        assert!(paid_page.contains("Payment expired") && !paid_page.contains(">Pay<"), "{paid_page}");
        assert_eq!(callback, 409);
        assert_eq!(app.money(&p).await, (0, 0));
        let notes = app.deposit_notes(&p).await;
        assert_eq!(notes.len(), 3, "{notes:?}");
        assert!(notes.iter().all(|n| n.contains("30")), "{notes:?}");
        let states: Vec<(i64, i64)> = list["data"]["items"].as_array().unwrap().iter().map(|i| (i["status"].as_i64().unwrap(), i["processState"].as_i64().unwrap())).collect();
        assert_eq!(states, vec![(5, 4); 3]);
        app.assert_ledger_holds().await;
    }
}

/// Deposit bonuses (issue 30): a welcome bonus with a first deposit, a weekday's reload on its day.
mod deposit_bonuses {
    use serde_json::{Value, json};

    use super::{BANK_DEPOSIT, EWALLET_DEPOSIT, Player, player};
    use crate::helpers::TestApp;
    use crate::on_both_engines;

    /// Today's weekday in Turkey (1 Monday to 7 Sunday) and another day.
    fn today_and_another() -> (u8, u8) {
        let today = kasa::bonus::deposit::turkey_day(kasa::db::now_ms()).1;
        (today, today % 7 + 1)
    }

    async fn set_deposit_promotions(app: &TestApp) {
        let (today, other) = today_and_another();
        let deposit = |percent: i64, min: i64, first: bool, weekday: Option<u8>, cap: i64| {
            let mut d = json!({"percent": percent, "minDeposit": min, "firstDeposit": first});
            if let Some(w) = weekday {
                d["weekday"] = json!(w);
            }
            Some(json!({"amount": cap, "wagering": 25, "maxBet": 100, "days": 30, "sportsWageringPercent": 0, "deposit": d}))
        };
        crate::bonus::set_promotions(
            app,
            &[
                crate::bonus::promotion("welcome", -1, None, deposit(100, 100, true, None, 5_000)),
                crate::bonus::promotion("reload", -1, None, deposit(50, 200, false, Some(today), 2_500)),
                crate::bonus::promotion("other-day", -1, None, deposit(50, 200, false, Some(other), 2_500)),
            ],
        )
        .await;
    }

    async fn offered(app: &TestApp, p: &Player) -> Vec<String> {
        let (status, body) = app.get_json(p, "/api/payment/depositbonuses").await;
        assert_eq!(status, 200, "{body}");
        body["data"].as_array().unwrap().iter().map(|o| o["slug"].as_str().unwrap().to_string()).collect()
    }

    async fn deposit_with(app: &TestApp, p: &Player, amount: i64, bonus: &str) -> (u16, Value) {
        app.pay(
            p,
            "/api/payment/deposit",
            json!({"id": EWALLET_DEPOSIT, "target": "pay", "detail": {"Wallet": 1, "Amount": amount}, "bonus": bonus}),
            "en",
        )
        .await
    }

    async fn bonuses(app: &TestApp, p: &Player) -> Vec<(String, i64, i64)> {
        sqlx::query_as("SELECT promotion, amount, wager_required FROM bonuses WHERE player_id = $1 ORDER BY id")
            .bind(p.id)
            .fetch_all(&app.db.pool)
            .await
            .unwrap()
    }

    on_both_engines! {
        async fn a_first_deposit_that_opts_into_the_welcome_bonus_is_matched_when_confirmed_and_only_once(app) {
            // Arrange
            set_deposit_promotions(&app).await;
            let p = player(&app).await;
            assert_eq!(offered(&app, &p).await, ["welcome", "reload"], "the other day's reload is not offered today");

            // Act: below the least deposit, then 300 ₺ with the welcome bonus, confirmed.
            let (low, low_body) = deposit_with(&app, &p, 50, "welcome").await;
            let requests_after_low = app.requests().await;
            let (status, body) = deposit_with(&app, &p, 300, "welcome").await;
            assert_eq!(status, 200, "{body}");
            let id = body["data"]["id"].as_i64().unwrap();
            assert!(bonuses(&app, &p).await.is_empty(), "nothing before the deposit is confirmed");
            kasa::payments::approve(&app.db, id).await.unwrap();
            let claim = app.pay(&p, "/api/bonus/claim", json!({"slug": "welcome"}), "en").await;

            // Assert
            assert_eq!((low, low_body["message"].as_str()), (400, Some("This bonus requires a deposit of at least ₺100.00.")));
            assert_eq!(requests_after_low, 0, "a refused deposit writes nothing");
            assert_eq!(bonuses(&app, &p).await, [("welcome".to_string(), 30_000, 30_000 * 25)]);
            let b = kasa::wallet::balances(&app.db, p.id).await.unwrap();
            assert_eq!((b.real.minor(), b.bonus.minor()), (30_000, 30_000));
            assert_eq!(offered(&app, &p).await, ["reload"], "the welcome bonus is had");
            assert_eq!(claim.0, 400, "a deposit bonus is never claimed: {}", claim.1);
            let (again, _) = deposit_with(&app, &p, 300, "welcome").await;
            assert_eq!(again, 400);
            app.assert_ledger_holds().await;
        }
    }

    on_both_engines! {
        async fn a_weekday_reload_is_capped_and_two_deposits_opting_into_one_bonus_credit_it_once(app) {
            // Arrange: two deposits opt into the welcome bonus before either is confirmed, and two
            // into today's reload.
            set_deposit_promotions(&app).await;
            let p = player(&app).await;
            let (_, w1) = deposit_with(&app, &p, 1_000, "welcome").await;
            let (_, w2) = deposit_with(&app, &p, 2_000, "welcome").await;
            let (_, r1) = deposit_with(&app, &p, 10_000, "reload").await;
            let ids: Vec<i64> = [&w1, &w2, &r1].iter().map(|b| b["data"]["id"].as_i64().expect("a request")).collect();

            // Act: all confirmed at once.
            let approvals = futures_util::future::join_all(ids.iter().map(|&id| kasa::payments::approve(&app.db, id))).await;

            // Assert: every deposit credited, one welcome bonus (of whichever was confirmed first,
            // even after the reload's deposit: it was chosen before any was confirmed) and the
            // reload at its cap.
            assert!(approvals.iter().all(|a| a.is_ok()), "{approvals:?}");
            let had = bonuses(&app, &p).await;
            let welcome: Vec<_> = had.iter().filter(|b| b.0 == "welcome").collect();
            assert_eq!(welcome.len(), 1, "{had:?}");
            assert!([100_000, 200_000].contains(&welcome[0].1), "{had:?}");
            let day = kasa::bonus::deposit::turkey_day(kasa::db::now_ms()).0;
            assert!(had.contains(&(format!("reload:{day}"), 250_000, 250_000 * 25)), "50% of 10.000 ₺ capped at 2.500 ₺: {had:?}");
            let b = kasa::wallet::balances(&app.db, p.id).await.unwrap();
            assert_eq!((b.real.minor(), b.bonus.minor()), (1_300_000, welcome[0].1 + 250_000));
            assert_eq!(offered(&app, &p).await, Vec::<String>::new(), "both had today");
            app.assert_ledger_holds().await;
        }
    }

    on_both_engines! {
        async fn a_deposit_naming_a_bonus_it_may_not_have_is_refused_and_writes_nothing(app) {
            // Arrange
            set_deposit_promotions(&app).await;
            let p = player(&app).await;
            let bank = |bonus: &str| json!({"id": BANK_DEPOSIT, "target": "pay", "detail": {"Amount": 500}, "bonus": bonus});

            // Act
            let other_day = deposit_with(&app, &p, 500, "other-day").await;
            let unknown = deposit_with(&app, &p, 500, "nope").await;
            let bank_other_day = app.pay(&p, "/api/payment/deposit", bank("other-day"), "tr").await;

            // Assert
            assert_eq!((other_day.0, other_day.1["message"].as_str()), (400, Some("This deposit bonus is not available to you right now.")));
            assert_eq!(unknown.0, 400);
            assert_eq!(bank_other_day.0, 400, "{}", bank_other_day.1);
            assert_eq!(app.requests().await, 0);
        }
    }
}

on_both_engines! {
    async fn a_decision_notifies_the_player_in_the_language_they_read_in_whatever_language_they_asked_in(app) {
        // Arrange: a deposit asked for in Turkish.
        let p = player(&app).await;
        let (_, d) = app.pay(&p, "/api/payment/deposit", json!({"id": EWALLET_DEPOSIT, "target": "pay", "detail": {"Wallet": 1, "Amount": 100}}), "tr").await;
        let id = d["data"]["id"].as_i64().unwrap();

        // Act: the operator approves it; the player reads the list in English, then in Turkish.
        kasa::payments::approve(&app.db, id).await.unwrap();
        let list = |lang: &'static str| {
            let req = app.client.post(app.url("/api/customer/notification")).bearer_auth(&p.token).header("x-locale", lang).json(&json!({"skip": 0, "take": 10}));
            async move { crate::helpers::envelope(req.send().await.unwrap()).await }
        };
        let (english, turkish) = (list("en").await, list("tr").await);

        // Assert
        let first = |l: &Value| (l["data"][0]["title"].as_str().unwrap_or_default().to_string(), l["data"][0]["note"].as_str().unwrap_or_default().to_string());
        let (en_title, en_note) = first(&english);
        let (tr_title, tr_note) = first(&turkish);
        assert_eq!(en_title, "Deposit", "{english}");
        assert!(en_note.starts_with("Your deposit of ₺100.00"), "{en_note}");
        assert_eq!(tr_title, "Yatırım", "{turkish}");
        assert!(tr_note.contains("100,00 ₺") && !tr_note.starts_with("Your"), "{tr_note}");
    }
}

on_both_engines! {
    async fn resumes_a_cancel_and_the_gateways_callback_racing_on_one_card_deposit_credit_it_at_most_once(app) {
        // Arrange: a card deposit waiting at its page.
        let p = player(&app).await;
        let d = app.card_deposit(&p, 500).await;
        let (body, sig) = signed(d.id, 50_000);
        let (resume_url, cancel_url, callback_url) = (app.url("/api/payment/resume"), app.url("/api/payment/cancel"), app.url("/callbacks/payments/card"));
        let token = p.token.clone();

        // Act: ten resumes, one cancel and three deliveries of the paid callback, at once.
        let answers = burst(&app, 14, move |i, c| match i {
            0..=9 => c.post(&resume_url).bearer_auth(&token).json(&json!({"id": d.id})),
            10 => c.post(&cancel_url).bearer_auth(&token).json(&json!({"id": d.id})),
            _ => c.post(&callback_url).header("content-type", "application/json").header("x-signature", &sig).body(body.clone()),
        })
        .await;

        // Assert: confirmed and credited once, or cancelled and credited never; every resume
        // that answered 200 gave a page of the deposit while it waited.
        let status = app.status_of(d.id).await;
        let credits = app.credits(d.id).await;
        assert!(matches!((status.as_str(), credits), ("confirmed", 1) | ("cancelled", 0)), "{status} {credits} {answers:?}");
        assert_eq!(app.money(&p).await.0, if credits == 1 { 50_000 } else { 0 });
        assert!(answers[..10].iter().all(|(s, _)| *s == 200 || *s == 409), "{answers:?}");
        app.assert_ledger_holds().await;
    }
}

on_both_engines! {
    async fn a_deposit_paid_after_the_account_closed_is_credited_without_its_bonus_and_the_page_then_charges_nothing(app) {
        // Arrange: a card deposit of 500 TL with the welcome bonus, another of 300 TL left at its
        // page; then the player takes a 24-hour break.
        let p = player(&app).await;
        let (status, body) = app
            .pay(&p, "/api/payment/deposit", json!({"id": CARD_DEPOSIT, "target": "pay", "detail": {"Amount": 500}, "bonus": "welcome"}), "en")
            .await;
        assert_eq!(status, 200, "{body}");
        let with_bonus: i64 = sqlx::query_scalar("SELECT MAX(id) FROM payment_requests").fetch_one(&app.db.pool).await.unwrap();
        let left = app.card_deposit(&p, 300).await;
        let (closed, answer) = app.pay(&p, "/api/protection/close", json!({"term": "24h", "confirm": true}), "en").await;
        assert_eq!(closed, 200, "{answer}");

        // Act: the gateway says the first was paid; the player tries to pay the second.
        let (paid, signature) = signed(with_bonus, 50_000);
        let callback = app.callback(&paid, Some(&signature)).await;
        let (page_status, page) = app.pay_card(&left, TEST_CARD).await;

        // Assert: the paid money is there, the bonus is not; the second card was not charged.
        assert_eq!(callback, 200);
        assert_eq!(app.status_of(with_bonus).await, "confirmed");
        assert_eq!(app.money(&p).await, (50_000, 0));
        let bonuses: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM bonuses WHERE player_id = $1").bind(p.id).fetch_one(&app.db.pool).await.unwrap();
        assert_eq!(bonuses, 0, "no marketing reaches a closed account");
        assert_eq!(page_status, 200, "{page}");
        assert!(page.contains("Your card was not charged."), "{page}");
        assert_eq!(app.status_of(left.id).await, "cancelled");
        assert_eq!(app.credits(left.id).await, 0);
        crate::rounds::assert_ledger_holds(&app).await;
    }
}
