# Ludolab: the two commands are `make serve` and `make test` (see README.md).
SHELL := /bin/bash
.SHELLFLAGS := -euo pipefail -c
PORT ?= 8000
WASM_TARGET := --target wasm32-unknown-unknown
# rustc through sccache when it is installed (scripts/install.sh): a fresh clone
# then compiles only our crate, its dependencies coming from sccache's cache.
# Looked for by each make (scripts/test-steps.sh runs a make per step), so a
# machine's first make test fills the cache from the step after the install on;
# a `?=` would keep the empty value the first make exported before the install.
# `SCCACHE=0 make test` goes without.
ifeq ($(SCCACHE),0)
RUSTC_WRAPPER :=
else ifeq ($(strip $(RUSTC_WRAPPER)),)
RUSTC_WRAPPER := $(shell command -v sccache 2>/dev/null)
endif
export RUSTC_WRAPPER

# Native clippy inside make test's native build: clippy-driver is rustc with clippy's
# lints, and cargo runs it for our crate only (RUSTC_WORKSPACE_WRAPPER, as `cargo
# clippy` does; the dependencies still go through sccache), so the test build lints
# every target it compiles on the way instead of a separate clippy pass
# type-checking the crate again (BENCHMARKS.md, "make test"). CLIPPY_ARGS is how
# `cargo clippy` hands the driver its `-D warnings`. Every target that runs that
# build's tests sets it too, or cargo would compile them again. So is the wasm32
# clippy of make test: the browser tests' shared bundle (dist-test) is built under
# the driver, and test-wasm runs that build's tests. Not for the bundles users get
# (make dist, and dist-test's Snakes bundle, which the loading test weighs): the
# driver turns rustc's MIR optimisations off.
CLIPPY_DRIVER = $(shell rustc --print sysroot)/bin/clippy-driver
CLIPPY_DENY := -D__CLIPPY_HACKERY__warnings__CLIPPY_HACKERY__
LINTED := test-native native-tests records connect4 clippy-probe test-wasm python
$(LINTED): export RUSTC_WORKSPACE_WRAPPER = $(CLIPPY_DRIVER)
$(LINTED): export CLIPPY_ARGS = $(CLIPPY_DENY)

# (scripts/test-steps.sh runs TEST_STEPS one by one)
.PHONY: python wheel bench-python serve test tests dist-test wasm install-build install-test lint lint-native lint-wasm wasm-alone check clippy-probe docs-native test-native native-tests test-wasm e2e records connect4 bench-connect4 bench-parity bench-parity-oink bench-parity-steps test-slow bench bench-web fuzz fuzz-libfuzzer dist sweep estimates lighthouse

## Build the release site (dist/) and serve it as a static host does (compressed) at http://127.0.0.1:$(PORT)
serve: dist
	node scripts/serve.mjs $(PORT) dist

## Everything CI checks: lint, native tests, wasm build and tests, browser tests;
## each step timed, with a summary at the end (scripts/test-steps.sh). The format
## first (check); the native clippy inside the native test build (LINTED below), the
## docs and the wasm32 chain in the lanes of `tests`
TEST_STEPS := install-test check tests
test:
	scripts/test-steps.sh $(TEST_STEPS)

## Two lanes: the native tests (linted as they build) beside the web lane (the
## bundles, then the wasm and the browser tests); alone, each leaves a core idle for
## minutes (the native tests' last binaries, a check's single compiler thread, the
## bundles' single-threaded steps), which the other fills. Then a pool that
## whichever lane ends first takes from, the longest first (scripts/together.sh):
## the Python tests (whose build waits for the native one's command line through
## cargo's lock), the native docs (about a minute here: rustdoc reads the
## dependencies' check metadata, which a build does not make), the wasm32 docs and
## per-family checks. Before stop 88 each of these had a lane, moved as the other
## lane grew (stops 68, 69, 85; BENCHMARKS.md, "make test"): the web lane was the
## longer at stop 68 (1,016 against 837 s), the native one at stop 84 (1,013
## against 918), the web one again at stop 88 (880 against 688). Each part still runs alone too.
tests:
	scripts/together.sh test-native dist-test,test-wasm,e2e -- python docs-native wasm-alone

install-build:
	scripts/install.sh build

install-test:
	scripts/install.sh test

wasm:
	scripts/build-wasm.sh

## The native and the wasm32 chains at once (each mostly one compiler thread; the
## wasm32 one in its own target directory, as cargo locks one per build)
lint:
	cargo fmt --all -- --check
	scripts/together.sh lint-native lint-wasm

## make test's first step: the format, and a probe proving that the clippy driver the
## native test build runs under (LINTED) still denies a warning (a lint that passes
## because nothing linted would be a test that cannot fail). The rest of the lint
## runs in the lanes of `tests`.
check:
	cargo fmt --all -- --check
	$(MAKE) --no-print-directory clippy-probe

clippy-probe:
	scripts/clippy-probe.sh

docs-native:
	RUSTDOCFLAGS="-D warnings" cargo doc --no-deps --quiet

lint-native:
	cargo clippy --all-targets -- -D warnings
	$(MAKE) --no-print-directory docs-native

## The wasm32 chain: clippy on the library and its wasm tests, then wasm-alone
lint-wasm: export CARGO_TARGET_DIR = target/lint-wasm
lint-wasm:
	cargo clippy --lib --test wasm $(WASM_TARGET) -- -D warnings
	$(MAKE) --no-print-directory wasm-alone

## The wasm32 docs, then each family's own bundle compiled alone (its features
## only, as make dist builds it; make test's browser tests share one bundle).
## make test runs this part of lint-wasm only: its wasm32 clippy is the shared
## bundle's build (dist-test, under clippy's driver as LINTED above is), which
## compiles the same library and wasm tests; a pass of its own compiled them again
wasm-alone: export CARGO_TARGET_DIR = target/lint-wasm
wasm-alone:
	RUSTDOCFLAGS="-D warnings" cargo doc --no-deps --quiet $(WASM_TARGET)
	source scripts/wasm-config.sh; for family in $$FAMILIES; do \
	  cargo check --lib --quiet $(WASM_TARGET) --no-default-features --features $$family; done

## Built once, then the tests, the octal record and Pons' sample at once: cargo runs
## test binaries one after another, and a long test (a proptest, the record) leaves a core idle
test-native: export LUDOLAB_REQUIRE_TEX = 1
test-native:
	cargo test --no-run --all-targets
	scripts/together.sh native-tests records connect4

native-tests:
	cargo test

## In the shared bundle's build (profile wasm-test, linted: LINTED): after make dist-test, nothing left to compile
test-wasm:
	cargo test $(WASM_TARGET) --profile wasm-test --test wasm

## Two test files at a time, in Chromium's headless shell (tests/e2e/browser.mjs):
## a file alone keeps about 1.3 cores busy, and one at a time took a third longer
## (back to back: 355 s against 265 s; three gain nothing: the cores are full);
## figures in BENCHMARKS.md, "make test"
e2e:
	LUDOLAB_REQUIRE_TEX=1 node --test --test-concurrency=2 tests/e2e/

## The Python package (pyproject.toml, README.md "Python"): built from this crate
## and installed into target/py as a user's `pip install .` does (maturin; the
## tests' dev profile, linted as they are: LINTED; its dependencies, with PyO3's
## and plotters' features joined, compiled once per machine into sccache's cache),
## then its tests (tests/python/: the generic report against the
## command line the native tests built, the typed functions, Ctrl-C, threads, the
## notebook, Dask). In make test's web lane, after the browser tests; the command
## line it compares with is the native test build's: its command again, nothing to
## do once test-native has built (the same features and driver; `cargo build --bin`
## resolves other features and compiled for 2 min), waited for while it builds.
PY := target/py/bin
python:
	cargo test --no-run --all-targets --quiet
	PATH="$(CURDIR)/$(PY):$$PATH" $(PY)/pip install --quiet --disable-pip-version-check --no-build-isolation --no-deps --force-reinstall \
	  --config-settings=build-args="--profile dev" .
	cd tests/python && ../../$(PY)/python -m pytest -q -p no:cacheprovider .

## A wheel of the Python package for this machine (target/wheels/; pyproject.toml's
## `wheel` profile, release with whole-program optimisation; one wheel for every
## CPython from 3.9: the stable ABI)
wheel: install-test
	rm -f target/wheels/ludolab-*.whl
	$(PY)/maturin build --out target/wheels

## The Python calls beside the command line's, in one run (BENCHMARKS.md, "Python"):
## a release wheel installed into its own environment, the release CLI
bench-python: install-test
	cargo build --release --bin ludolab
	[ -x target/py-bench/bin/python ] || python3 -m venv target/py-bench
	target/py-bench/bin/pip install --quiet --disable-pip-version-check numpy
	$(MAKE) --no-print-directory wheel
	target/py-bench/bin/pip install --quiet --disable-pip-version-check --force-reinstall --no-deps target/wheels/ludolab-*.whl
	target/py-bench/bin/python scripts/bench-python.py

## A published octal solution re-proved (.16) and Grundy's rare heaps to 2^19 (about 15 s): part of make test's test-native, in the
## native tests' own build (a release build of every test took longer than the tests)
records:
	cargo test --test suite -- --ignored --skip slow_ octal_records::

## Pons' published Connect Four sample (five sets, the first Begin-Hard positions) and the
## empty boards solved within seconds: part of make test's test-native, in the native tests' own build
connect4:
	cargo test --test suite -- --ignored connect4::

## The hardest published solutions (.376, .354: about a minute each), Grundy's game to 2^24, Hex 5 × 5
## and every Domineering rectangle to 7 × 7 by the outcome search
test-slow:
	cargo test --release --test suite -- --ignored --nocapture octal_records::
	cargo test --release --test suite -- --ignored cli::hex_five
	cargo test --release --test suite -- --ignored --nocapture partizan::

## The deployable site: the built www/ with .br and .gz beside each file (relative URLs: any static host, any sub-path)
dist: install-build wasm
	node scripts/dist.mjs www dist
	@echo "dist/ is ready: copy it to any static host (any sub-path)."

## The site as `make dist` builds it for make test's browser tests: Snakes and Ladders'
## bundle as users get it (the loading test weighs it), the other families' built
## without whole-program optimisation (profile wasm-test, no wasm-opt pass), in a fraction of the time,
## and under clippy's driver (LUDOLAB_WASM_LINT): that build is make test's wasm32 clippy
dist-test: export LUDOLAB_WASM_QUICK = 1
dist-test: export LUDOLAB_WASM_LINT = $(CLIPPY_DRIVER)
dist-test: export CLIPPY_ARGS = $(CLIPPY_DENY)
dist-test: export LUDOLAB_WASM_FULL = snakes
dist-test: install-build
	scripts/build-wasm.sh
	node scripts/dist.mjs www dist

## Lighthouse's mobile profile and the emulated phone on each family's default link and two heavy links (not in make test: timings)
lighthouse: dist
	scripts/install.sh lighthouse
	node scripts/lighthouse.mjs

## 10^6 generated inputs per fuzz property (make test runs 10^4)
fuzz:
	LUDOLAB_FUZZ_CASES=1000000 cargo test --release --test suite fuzz::

## libFuzzer on the link parser (cargo-fuzz; needs a nightly toolchain, not part of make test)
FUZZ_SECONDS ?= 300
fuzz-libfuzzer:
	@rustup toolchain list | grep -q '^nightly' || { echo "cargo fuzz needs a nightly toolchain (rustup toolchain install nightly)"; exit 1; }
	@command -v cargo-fuzz >/dev/null || cargo install cargo-fuzz
	cargo +nightly fuzz run link_parser -- -dict=fuzz/link.dict -max_total_time=$(FUZZ_SECONDS)

## The estimate test at length: five links of every kind of work from a new seed, through the
## worker's call in Node (tests/wasm.rs, `every_accepted_link_answers_within_its_estimate`;
## make test draws two a kind from a fixed seed)
estimates: install-test
	LUDOLAB_ESTIMATE_LINKS=5 LUDOLAB_ESTIMATE_SEED=$$(date +%s) cargo test $(WASM_TARGET) --profile wasm-test --test wasm -- --nocapture every_accepted

## The link sweep at length: 1,000 generated links natively (CLI JSON) and in Chromium (with
## the drawing and text checks), and 60 random edits per family (the state check)
## (LUDOLAB_SWEEP_SEED=… / LUDOLAB_STATES_SEED=… replay a run; make test runs 60 natively, 48 in the browser, 8 edits)
SWEEP_LINKS ?= 1000
SWEEP_EDITS ?= 60
sweep: install-test dist
	LUDOLAB_SWEEP_LINKS=$(SWEEP_LINKS) cargo test --release --test suite -- --nocapture sweep::
	LUDOLAB_SWEEP_LINKS=$(SWEEP_LINKS) node --test tests/e2e/sweep.test.mjs
	LUDOLAB_STATES_EDITS=$(SWEEP_EDITS) node --test tests/e2e/states.test.mjs

## Connect Four natively: Pons' sample set by set and every empty board 4..7 × 4..6,
## on one thread and on two (BENCH_C4_THREADS; 7 × 6: minutes), then 7 × 6 in the page's worker,
## and its every-column follow-up in the page on every core, then on one worker
## (BENCH_C4_SETS=L3_R1,...,L1_R3 and BENCH_C4_BOARDS=7x6,... choose; writes target/bench-connect4.json;
## C4_SRC=<a checkout of github.com/ChristopheSteininger/c4> runs c4 on 7 × 6 right after ours, same threads)
BENCH_C4_SETS ?= L3_R1,L2_R1,L2_R2,L1_R1,L1_R2
BENCH_C4_BOARDS ?= 4x4,4x5,4x6,5x4,5x5,5x6,6x4,6x5,6x6,7x4,7x5,7x6
BENCH_C4_THREADS ?= 1,2
bench-connect4: install-test dist
	cargo build --release --bin ludolab
	node scripts/bench-connect4.mjs --sets $(BENCH_C4_SETS) --boards $(BENCH_C4_BOARDS) --threads $(BENCH_C4_THREADS) --page
	node scripts/bench-score-page.mjs 7x6 2
	node scripts/bench-columns-page.mjs 7x6

## Parity games: random games of 10^3..10^6 vertices and Friedmann's recursive ladders,
## both solvers, natively (whole process with verification, time and peak memory) and
## in the browser (the worker); then the default (the portfolio) beside each member on
## every core and on one (scripts/bench-portfolio.mjs); writes the tables into BENCHMARKS.md
bench-parity: install-test dist
	cargo build --release --bin ludolab
	node scripts/bench-parity.mjs
	node scripts/bench-portfolio.mjs
	if [ -n "$${OINK_EXE:-}" ]; then node scripts/bench-parity-oink.mjs; fi

## Side by side with Oink in one run (OINK_EXE names its build, OINK_LABEL says which):
## the rn family at 10^5 vertices, Oink's counter families and Two Counters, whole
## processes with verification (writes its table into BENCHMARKS.md)
bench-parity-oink:
	@[ -n "$${OINK_EXE:-}" ] || { echo "OINK_EXE must name a build of Oink (github.com/trolando/oink, cmake)"; exit 1; }
	cargo build --release --bin ludolab
	node scripts/bench-parity-oink.mjs

## Parity games' preprocessing steps one by one (each on, each off, none) with the default
## solver: the rn family, the easy shape, Oink's counter families and Two Counters (writes its
## table into BENCHMARKS.md)
bench-parity-steps:
	cargo build --release --bin ludolab
	node scripts/bench-parity-steps.mjs

## Criterion benchmarks (native)
bench:
	cargo bench

## The in-browser benchmark, headless: writes target/bench.json
bench-web: install-test dist
	node scripts/bench-web.mjs
