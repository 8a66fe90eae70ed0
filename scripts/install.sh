#!/usr/bin/env bash
# Installs what is missing, and nothing else (fast when all is there).
#   scripts/install.sh build   the wasm32 target, the pinned wasm-bindgen CLI and sccache
#   scripts/install.sh test    the above, plus Chromium (and its headless shell), a LaTeX engine (the handouts'
#                              tables are compiled in a test), the npm packages (Playwright) and the Python
#                              package's tools in target/py (tests/python/requirements.txt)
#   scripts/install.sh lighthouse   the test tools and Lighthouse (make lighthouse)
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/wasm-config.sh
what=${1:-build}
# The Makefile's clippy driver (LINTED) is exported to whatever a linted target
# runs: `cargo install` must compile wasm-bindgen-cli without it, or clippy would
# deny that crate's warnings.
unset RUSTC_WORKSPACE_WRAPPER CLIPPY_ARGS

say() { printf '\033[1m[install]\033[0m %s\n' "$*"; }

if [ -n "$LOCKED_WASM_BINDGEN" ] && [ "$LOCKED_WASM_BINDGEN" != "$WASM_BINDGEN_VERSION" ]; then
  echo "wasm-pack.toml pins wasm-bindgen $WASM_BINDGEN_VERSION but Cargo.lock has $LOCKED_WASM_BINDGEN: make them equal" >&2
  exit 1
fi

# The system packages (Debian's), installed in the background while cargo
# compiles what follows: a download and unpacking beside a compiler, not after it.
# One `apt-get update`, then what is missing; the log is printed when it ends.
apt_packages() {
  local sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  local with=() without=()
  # sccache keeps what rustc compiled (the dependencies, for each profile and
  # target) between clones, so a fresh clone's make test recompiles only our
  # crate (the Makefile uses it as soon as it is there; optional where apt is not).
  command -v sccache >/dev/null || ! command -v apt-get >/dev/null || with+=(sccache)
  if [ "$what" = test ] || [ "$what" = lighthouse ]; then
    [ -x /usr/bin/chromium ] || with+=(chromium chromium-driver)
    # The browser tests run in Chromium's headless shell (the same engine, in less time).
    [ -x /usr/lib/chromium/chromium-headless-shell ] || with+=(chromium-headless-shell)
    # LaTeX compiles the handouts' tables in a test; poppler renders the printed
    # handout (PDF) to PNG for docs/. Their recommends (a full TeX Live) are not needed.
    command -v pdflatex >/dev/null || without+=(texlive-latex-base)
    command -v pdftoppm >/dev/null || without+=(poppler-utils)
  fi
  [ ${#with[@]} -gt 0 ] || [ ${#without[@]} -gt 0 ] || return 0
  local all=("${with[@]}" "${without[@]}")
  command -v apt-get >/dev/null || { echo "apt-get not found: install ${all[*]} by hand" >&2; return 1; }
  say "apt-get install ${all[*]} (in the background; its log at the end)" >&3
  $sudo apt-get update -qq
  [ ${#with[@]} -eq 0 ] || DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${with[@]}" >/dev/null
  [ ${#without[@]} -eq 0 ] || DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${without[@]}" >/dev/null
}
apt_log=$(mktemp)
exec 3>&1
apt_packages >"$apt_log" 2>&1 &
apt_pid=$!
# Whatever fails below, apt is left to finish (never killed holding dpkg's lock).
trap 'wait "$apt_pid" 2>/dev/null || true; [ -z "${py_pid:-}" ] || wait "$py_pid" 2>/dev/null || true; rm -f "$apt_log" "${py_log:-}"' EXIT

# The Python package's tools (tests/python/requirements.txt: maturin, pytest, numpy,
# networkx, Jupyter's runner, Dask) in a virtual environment of the build's own
# (target/py), installed again only when the list changed; in the background, beside
# what follows (a fresh clone has no target/py: about 30 s from pip's cache). The
# package itself is built into it by `make python` (pip install .), each time.
python_tools() {
  local venv=target/py
  if [ ! -x "$venv/bin/python" ]; then
    say "python3 -m venv $venv" >&3
    mkdir -p target
    python3 -m venv "$venv"
  fi
  if ! cmp -s tests/python/requirements.txt "$venv/.ludolab-requirements" 2>/dev/null; then
    say "pip install -r tests/python/requirements.txt (into $venv, in the background)" >&3
    "$venv/bin/pip" install --quiet --disable-pip-version-check -r tests/python/requirements.txt
    cp tests/python/requirements.txt "$venv/.ludolab-requirements"
  fi
}
if [ "$what" = test ]; then
  py_log=$(mktemp)
  python_tools >"$py_log" 2>&1 &
  py_pid=$!
fi

for component in rustfmt clippy; do
  if ! rustup component list --installed | grep -q "^$component"; then
    say "rustup component add $component"
    rustup component add "$component"
  fi
done

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  say "rustup target add wasm32-unknown-unknown"
  rustup target add wasm32-unknown-unknown
fi

# Without its default feature (rustls, and ring's C and assembly): TLS serves only
# the test runner's talk to a browser driver over https; ours runs the wasm tests
# in Node.
# A sixth less to compile on a new machine (BENCHMARKS.md, "make test").
if [ "$(wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $WASM_BINDGEN_VERSION" ]; then
  say "cargo install wasm-bindgen-cli $WASM_BINDGEN_VERSION (a few minutes, once)"
  # At opt-level 1: it compiles in 131 s against 159 s at the release default here,
  # and turns a bundle into its glue in 0.19 s against 0.18 s (BENCHMARKS.md, "make test").
  CARGO_PROFILE_RELEASE_OPT_LEVEL=1 cargo install wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION" --no-default-features --force
fi

needs_npm=false
[ "$what" = test ] && needs_npm=true
[ "$what" = lighthouse ] && needs_npm=true
[ "$WASM_OPT" = true ] && needs_npm=true
if $needs_npm; then
  # npm ci only when the lockfile changed since the last install. Lighthouse (an
  # optional dependency, its own large tree) only for `make lighthouse`.
  omit=(--omit=optional)
  stamp=node_modules/.ludolab-lock
  if [ "$what" = lighthouse ]; then
    omit=()
    stamp=node_modules/.ludolab-lock-lighthouse
  fi
  if ! cmp -s package-lock.json "$stamp" 2>/dev/null; then
    say "npm ci ${omit[*]}"
    npm ci --no-audit --no-fund "${omit[@]}"
    # A full install serves both; a lean one only the lean.
    cp package-lock.json node_modules/.ludolab-lock
    [ "$what" = lighthouse ] && cp package-lock.json "$stamp"
  fi
fi

if [ -n "${py_pid:-}" ] && ! wait "$py_pid"; then
  cat "$py_log" >&2
  echo "install: the Python tools failed (above)" >&2
  exit 1
fi
[ -z "${py_log:-}" ] || cat "$py_log"

if ! wait "$apt_pid"; then
  cat "$apt_log" >&2
  echo "install: apt-get failed (above)" >&2
  exit 1
fi
cat "$apt_log"
