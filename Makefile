# Kasa: `make run` serves the demo site on http://127.0.0.1:8080, `make test` runs every test.
SHELL := /bin/bash
CARGO ?= cargo
KASA_ADDR ?= 127.0.0.1:8080
DATABASE_URL ?= sqlite://data/kasa.db?mode=rwc
export KASA_ADDR DATABASE_URL
# Where cargo builds (CARGO_TARGET_DIR when set: CI keeps its compiled dependencies there).
TARGET_DIR := $(or $(CARGO_TARGET_DIR),$(CURDIR)/target)

.PHONY: bench-load run build test test-rust test-web test-e2e test-rust-run test-e2e-run test-build check-web lint-web web web-deps lint bench clean size

## run: install, build (release, app embedded), migrate, load the demo content if empty, serve
run: build
	mkdir -p data
	$(TARGET_DIR)/release/kasa serve --demo

## build: target/release/kasa with the web app embedded
build: web
	$(CARGO) build --release --bin kasa

web-deps: web/node_modules/.installed
web/node_modules/.installed: web/package.json web/package-lock.json
	cd web && npm ci --no-audit --no-fund
	touch $@

# The app is built once for all the targets that need it, and again only when a source changed.
WEB_SOURCES := $(shell find web/src web/shared web/games web/sportsbook web/admin web/public web/scripts -type f 2>/dev/null) \
	$(wildcard web/index.html web/*.config.ts web/tsconfig*.json web/package.json content/translations/*.json)
web: web/node_modules/.built
web/node_modules/.built: web/node_modules/.installed $(WEB_SOURCES)
	cd web && npm run build
	touch $@

## test: Rust (SQLite, and PostgreSQL when KASA_TEST_POSTGRES_URL is set), Vitest, Playwright
# The web app's checks run beside the Rust build (most of a build leaves a core idle), then the Rust
# tests, then the browser tests. The build is linted as it compiles (see LINTED_BUILD): one debug
# build serves Clippy, the Rust tests and the browser tests' server.
test: web
	$(MAKE) -j2 --output-sync=target check-web test-build
	$(MAKE) test-rust-run
	$(MAKE) test-e2e-run

# Clippy as the workspace's compiler (cargo's RUSTC_WORKSPACE_WRAPPER) with warnings as errors:
# the debug build fails on any Clippy or compiler warning, as `make lint` would, without a second
# build of every dependency for the lint. Dependencies are built with --cap-lints allow as ever.
LINTED_BUILD := RUSTC_WORKSPACE_WRAPPER=clippy-driver RUSTFLAGS="$(RUSTFLAGS) -Dwarnings"

## lint: the app (ESLint, Prettier) and the server (rustfmt, clippy with warnings as errors)
lint: lint-web
	$(CARGO) fmt --all --check
	$(CARGO) clippy --workspace --all-targets -- -D warnings

lint-web: web-deps
	cd web && npm run lint && npm run format:check

# What `make test` runs of the app beside the Rust build: ESLint, Prettier, Vitest, the size budget.
check-web: web
	$(MAKE) lint-web
	$(MAKE) test-web
	$(MAKE) size

# The Rust tests and the server binary, built once and linted (rustfmt first).
test-build:
	$(CARGO) fmt --all --check
	$(LINTED_BUILD) $(CARGO) build --workspace --all-targets

test-web: web-deps
	cd web && npm test

## size: the JavaScript a first visit to / downloads (needs the built app), against its budget
size: web
	cd web && npm run size

test-rust:
	if command -v cargo-nextest >/dev/null 2>&1; then $(CARGO) nextest run --workspace --no-fail-fast; else $(CARGO) test --workspace; fi

# After test-build (nextest builds what is missing, with the same flags, so nothing is rebuilt).
test-rust-run:
	if command -v cargo-nextest >/dev/null 2>&1; then $(LINTED_BUILD) $(CARGO) nextest run --workspace --no-fail-fast; else $(LINTED_BUILD) $(CARGO) test --workspace; fi

test-e2e: web
	$(CARGO) build --bin kasa
	cd web && KASA_BIN=$(TARGET_DIR)/debug/kasa npm run e2e

# After test-build: the browser tests' server is its debug binary.
test-e2e-run: web
	cd web && KASA_BIN=$(TARGET_DIR)/debug/kasa npm run e2e

## bench: benchmarks, numbers written to bench-results/ (HTTP, hub, wallet, studio spins, casino lobby, crash feed, sportsbook settlement, Lighthouse)
bench: build
	mkdir -p bench-results
	$(CARGO) run --release --example bench_http -- bench-results $(TARGET_DIR)/release/kasa
	$(CARGO) run --release --example bench_hub -- bench-results $(TARGET_DIR)/release/kasa
	$(CARGO) run --release --example bench_wallet -- bench-results
	$(CARGO) run --release --example bench_slots -- bench-results
	$(CARGO) run --release --example bench_studio -- bench-results $(TARGET_DIR)/release/kasa
	$(CARGO) run --release --example bench_casino -- bench-results $(TARGET_DIR)/release/kasa
	$(CARGO) run --release --example bench_crash -- bench-results $(TARGET_DIR)/release/kasa
	$(CARGO) run --release --example bench_settlement -- bench-results
	cd web && node bench/lighthouse.mjs ../bench-results $(TARGET_DIR)/release/kasa
	$(MAKE) bench-load

# The load test (issue 33): two release nodes on PostgreSQL behind HAProxy (Debian's package,
# installed when missing), locust's realistic mix from a virtualenv of its own, one node killed
# mid-load; bench-results/load.md and load.json. KASA_BENCH_PG names the PostgreSQL server.
LOAD_VENV := $(TARGET_DIR)/bench-venv
bench-load: build
	command -v haproxy >/dev/null 2>&1 || (apt-get update && apt-get install -y haproxy)
	test -x $(LOAD_VENV)/bin/locust || (python3 -m venv $(LOAD_VENV) && $(LOAD_VENV)/bin/pip install -q locust==2.47.0 websocket-client==1.9.2)
	mkdir -p bench-results
	LOCUST=$(LOAD_VENV)/bin/locust python3 bench/load/run.py --kasa $(TARGET_DIR)/release/kasa --out bench-results

clean:
	rm -rf target web/dist web/node_modules
