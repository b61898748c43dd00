"""The realistic mix of `make bench`'s load test (issue 33), for locust.

Four kinds of users, weighted as on a busy Saturday night:
- Visitor: loads the home page (the bootstrap inside it) and `cms/grouped`, browses.
- Player: registers, deposits by card through the hosted page (whose form posts the gateway's
  signed callback), holds a hub (SignalR) connection, polls the balance every 3 s.
- Slots player: the same, and spins a studio slot.
- Bettor: the same, and places sportsbook singles.

Every acknowledged money move (a paid card deposit's reference, a spin's round, a bet's id) is
appended to KASA_BENCH_RECORD, so the bench can check afterwards that each is in the database
once. Hub connections that drop (a node killed) reconnect with the app's delays (0, 2, 5, 10, 30 s)
and their reconnections are recorded too.
"""

import json
import os
import random
import re
import string
import threading
import time

import websocket
from locust import HttpUser, between, constant, events, task

RECORD = os.environ.get("KASA_BENCH_RECORD", "/tmp/kasa-bench-record.jsonl")
_lock = threading.Lock()
RETRY_DELAYS = [0, 2, 5, 10, 30]


def record(kind, **fields):
    with _lock, open(RECORD, "a", encoding="utf-8") as f:
        f.write(json.dumps({"kind": kind, "at": time.time(), **fields}) + "\n")


def digits(n):
    return "".join(random.choice(string.digits) for _ in range(n))


class Visitor(HttpUser):
    weight = 4
    wait_time = between(2, 5)

    @task(3)
    def home(self):
        self.client.get("/", name="page /")

    @task(2)
    def grouped(self):
        self.client.get("/api/cms/grouped", name="cms/grouped", headers={"x-locale": random.choice(["tr", "en"])})

    @task(1)
    def casino_page(self):
        self.client.get("/casino", name="page /casino")


class Player(HttpUser):
    """A registered player with money, a hub connection, polling the balance every 3 s."""

    weight = 3
    wait_time = constant(3)
    abstract = False

    def on_start(self):
        self.token = None
        self.hub_stop = threading.Event()
        name = "b" + "".join(random.choice(string.ascii_lowercase) for _ in range(6)) + digits(6)
        body = {
            "name": "Yük",
            "surname": "Testi",
            "username": name,
            "email": f"{name}@bench.kasa",
            "phone": f"905{digits(9)}",
            "password": "gizli12345",
            "password2": "gizli12345",
            "acceptTerms": True,
            "isFast": True,
        }
        with self.client.post("/api/auth/register", json=body, name="auth/register", catch_response=True) as r:
            data = r.json() if r.headers.get("content-type", "").startswith("application/json") else {}
            if not data.get("success"):
                r.failure(f"register: {r.status_code} {str(data)[:120]}")
                return
            self.token = data["data"]["token"]
        self.auth = {"authorization": f"Bearer {self.token}", "x-locale": "tr"}
        self.deposit(500)
        threading.Thread(target=self.hub, daemon=True).start()

    def on_stop(self):
        self.hub_stop.set()

    def deposit(self, lira):
        """A card deposit: the request, then the hosted page's form (which posts the signed callback)."""
        if not self.token:
            return
        body = {"id": 2, "target": "pay", "detail": {"Amount": lira}}
        with self.client.post("/api/payment/deposit", json=body, headers=self.auth, name="payment/deposit card", catch_response=True) as r:
            data = r.json() if r.status_code == 200 else {}
            if not data.get("success"):
                r.failure(f"deposit: {r.status_code}")
                return
            link = data["data"]
        token = link.rstrip("/").rsplit("/", 1)[-1]
        form = {"action": "pay", "number": "4111 1111 1111 1111", "expiry": "12/39", "cvc": "123", "name": "Yuk Testi"}
        with self.client.post(f"/pay/{token}?lang=en", data=form, name="pay/{token} (callback)", catch_response=True) as r:
            if r.status_code != 200:
                r.failure(f"card page: {r.status_code}")
                return
            record("deposit", token=token[:12], lira=lira)

    def hub(self):
        """Holds a hub connection; when it drops, reconnects with the app's delays."""
        base = self.host.replace("http://", "ws://").replace("https://", "wss://")
        attempt = 0
        while not self.hub_stop.is_set():
            started = time.time()
            try:
                ws = websocket.create_connection(f"{base}/hub/frnotify?access_token={self.token}", timeout=40)
                ws.send('{"protocol":"json","version":1}\x1e')
                ws.recv()
                if attempt:
                    record("hub_reconnected", after=attempt)
                attempt = 0
                while not self.hub_stop.is_set():
                    frame = ws.recv()
                    if not frame:
                        break
                    for rec in frame.split("\x1e"):
                        if rec.startswith('{"type":6'):
                            ws.send('{"type":6}\x1e')
            except Exception:
                pass
            if self.hub_stop.is_set():
                return
            delay = RETRY_DELAYS[min(attempt, len(RETRY_DELAYS) - 1)]
            attempt += 1
            record("hub_dropped", lived=round(time.time() - started, 1))
            time.sleep(delay)

    @task
    def balance(self):
        if self.token:
            self.client.get("/api/user/balance", headers=self.auth, name="user/balance")


class SlotsPlayer(Player):
    weight = 2
    wait_time = between(1, 2)

    def on_start(self):
        super().on_start()
        self.session = None
        if not self.token:
            return
        r = self.client.post("/api/casino/kasalaunchurl", json={"code": "kasa-sultans-gold", "isMobile": False}, headers=self.auth, name="casino/kasalaunchurl")
        url = (r.json() or {}).get("data") or ""
        launch = re.search(r"token=([^&]+)", url)
        if not launch:
            return
        r = self.client.post("/games/api/session", json={"token": launch.group(1)}, name="games/api/session")
        if r.status_code == 200:
            self.session = r.json()["data"]["sessionToken"]

    @task(4)
    def spin(self):
        if not self.session:
            return
        with self.client.post("/games/api/spin", json={"bet": 100}, headers={"authorization": f"Bearer {self.session}"}, name="games/api/spin", catch_response=True) as r:
            if r.status_code == 200:
                data = r.json().get("data") or {}
                record("spin", round=data.get("roundId") or data.get("round", {}).get("id"))
            elif r.status_code == 400:
                r.success()  # short of money: the player deposits again
                self.deposit(500)
            else:
                r.failure(f"spin: {r.status_code}")


def first_selection(view):
    """A selection (id, price) of an event view, wherever its markets are."""
    stack = [view]
    while stack:
        v = stack.pop()
        if isinstance(v, dict):
            if "selections" in v and v["selections"]:
                s = v["selections"][0]
                if isinstance(s, dict) and "id" in s and "price" in s:
                    return s["id"], s["price"]
            stack.extend(v.values())
        elif isinstance(v, list):
            stack.extend(v)
    return None


class Bettor(Player):
    weight = 1
    wait_time = between(3, 6)

    @task(2)
    def bet(self):
        if not self.token:
            return
        r = self.client.get("/api/sportsbook/events?sport=football", name="sportsbook/events")
        events_ = (r.json() or {}).get("data") or [] if r.status_code == 200 else []
        if not events_:
            return
        sel = first_selection(random.choice(events_))
        if not sel:
            return
        body = {"legs": [{"selectionId": sel[0], "price": sel[1]}], "kind": "single", "stake": 10, "oddsChoice": "any"}
        with self.client.post("/api/sportsbook/bets", json=body, headers=self.auth, name="sportsbook/bets", catch_response=True) as r:
            if r.status_code == 200:
                for placed in (r.json().get("data") or []) if isinstance(r.json().get("data"), list) else [r.json().get("data")]:
                    if isinstance(placed, dict) and "id" in placed:
                        record("bet", id=placed["id"])
            elif r.status_code in (400, 409, 422):
                r.success()  # a price moved or the market closed: a refusal, not an error
            else:
                r.failure(f"bet: {r.status_code}")
