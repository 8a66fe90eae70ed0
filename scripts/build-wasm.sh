#!/usr/bin/env bash
# Builds the web bundles into the out-dir of wasm-pack.toml, with its settings:
# one bundle per family (`<out-dir>/<family>/ludolab.js` + `ludolab_bg.wasm`,
# cargo features `--no-default-features --features <family>`), so that a share
# link downloads its own family's code only, a family's full bundle where it
# holds code back (`<family>-full`: Cargo.toml, `package.metadata.ludolab.later`),
# and the drawing bundle (`draw`: the
# charts, heat maps and game graphs every family's page draws), fetched after it
# (ARCHITECTURE.md, "Loading").
# Then `<out-dir>/families.js`, what the page needs before any wasm arrives, and
# `<out-dir>/precache.json`, the offline cache's list.
#   scripts/build-wasm.sh [family …]   only these families (default: all)
# LUDOLAB_WASM_QUICK=1 (make test): the families not named in LUDOLAB_WASM_FULL
# share one bundle, built once with every family by the `wasm-test` profile (no
# LTO, parallel code generation; the wasm tests' own build, so `make test-wasm`
# compiles nothing more), with no wasm-opt pass (wasm-bindgen drops the name
# section, which was most of what -O1 took off, in no time against its 25 s),
# and copied into each one's directory:
# the same code, larger, and built in a fraction of the time (one compile of the
# crate instead of eight; each family's own build is checked by `make lint`).
# The families named in LUDOLAB_WASM_FULL (make test: snakes, whose download the
# loading test weighs) are built as `make dist` builds every one.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/wasm-config.sh
# scripts/profile-compare.sh builds elsewhere and with other wasm-opt flags.
OUT_DIR=${LUDOLAB_OUT_DIR:-$OUT_DIR}
WASM_OPT_FLAGS=${LUDOLAB_WASM_OPT_FLAGS:--O3}
[ "$WASM_OPT_FLAGS" = - ] && WASM_OPT=false

families=("$@")
[ ${#families[@]} -gt 0 ] || families=($FAMILIES)
# Each family's full bundle beside its own (Cargo.toml, `package.metadata.ludolab.later`):
# the page's worker fetches it only for a link that needs what the family's own leaves out.
for family in "${families[@]}"; do
  if [ -n "${LATER[$family]:-}" ] && [[ " ${families[*]} " != *" $family-full "* ]]; then families+=("$family-full"); fi
done
# A bundle's cargo features: a family's own, or for `<family>-full` those and the ones it holds back.
features_of() {
  if [[ $1 == *-full ]]; then echo "${1%-full},${LATER[${1%-full}]}"; else echo "$1"; fi
}

FULL_PROFILE=$PROFILE
FULL_OPT_FLAGS=$WASM_OPT_FLAGS
stage=target/wasm-stage
mkdir -p "$stage" "$OUT_DIR"

# The features rustc's wasm32 target and our +simd128 emit, all in every current browser.
OPT_FEATURES=(--enable-simd --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext
  --enable-mutable-globals --enable-multivalue --enable-reference-types)

# wasm-bindgen and wasm-opt (single-threaded) run in the background while cargo
# builds the next family: the two overlap on the machine's cores.
# opt_flags `none` (the quick bundle): no wasm-opt pass, the name section dropped by wasm-bindgen.
finish() {
  local family=$1 opt_flags=$2 out="$OUT_DIR/$1" strip=()
  rm -rf "$out"
  [ "$opt_flags" != none ] || strip=(--remove-name-section)
  wasm-bindgen --target "$TARGET" --out-dir "$out" --no-typescript "${strip[@]}" "$stage/$family/ludolab.wasm"
  if [ "$WASM_OPT" = true ] && [ "$opt_flags" != none ]; then
    node_modules/.bin/wasm-opt $opt_flags "${OPT_FEATURES[@]}" "$out/ludolab_bg.wasm" -o "$out/ludolab_bg.wasm"
  fi
  local bytes gz
  bytes=$(wc -c < "$out/ludolab_bg.wasm")
  gz=$(gzip -9 -c "$out/ludolab_bg.wasm" | wc -c)
  echo "[build-wasm] $out/ludolab_bg.wasm: $bytes bytes ($gz gzipped)"
}

# LUDOLAB_WASM_LANES=2: two lanes of cargo builds at once, each in its own
# target directory (cargo locks one per build). Faster where the dependencies are
# already built in both, slower in a fresh clone, where both lanes fetch them from
# sccache at once and a new directory's first build misses the cache for some
# (BENCHMARKS.md, "make test"): one lane by default.
lane() {
  local target_dir=$1
  shift
  local pids=() family profile opt_flags dir
  for family in "$@"; do
    profile=$FULL_PROFILE opt_flags=$FULL_OPT_FLAGS
    if [ -n "${LUDOLAB_WASM_QUICK:-}" ] && [[ " ${LUDOLAB_WASM_FULL:-} " != *" $family "* ]]; then
      profile=wasm-test opt_flags=none
    fi
    mkdir -p "$stage/$family"
    if [ "$family" = "${shared_name:-}" ]; then
      # The shared bundle is the wasm tests' own build (tests/wasm.rs, every family):
      # one compile of the crate serves the browser tests and `make test-wasm`, which
      # then finds it built. Its cdylib is named by cargo's artifact messages.
      # LUDOLAB_WASM_LINT (make dist-test) names clippy's driver: that build then
      # lints the library and its wasm tests for wasm32 as it compiles them (the
      # Makefile, LINTED), make test's wasm32 clippy. Never for a bundle users get.
      local lint=()
      [ -z "${LUDOLAB_WASM_LINT:-}" ] || lint=(env RUSTC_WORKSPACE_WRAPPER="$LUDOLAB_WASM_LINT" CLIPPY_ARGS="${CLIPPY_ARGS:?}")
      CARGO_TARGET_DIR=$target_dir "${lint[@]}" cargo test --no-run --target wasm32-unknown-unknown --profile wasm-test \
        --test wasm --message-format=json-render-diagnostics >"$stage/cargo-messages.json"
      cp "$(python3 -c 'import json, sys
for line in open(sys.argv[1]):
    m = json.loads(line)
    if m.get("reason") == "compiler-artifact" and "cdylib" in m["target"]["crate_types"]:
        print(next(f for f in m["filenames"] if f.endswith(".wasm")))' "$stage/cargo-messages.json")" \
        "$stage/$family/ludolab.wasm"
    else
      dir=$profile
      [ "$profile" = dev ] && dir=debug
      CARGO_TARGET_DIR=$target_dir cargo build --lib --target wasm32-unknown-unknown --profile "$profile" \
        --no-default-features --features "$(features_of "$family")"
      cp "$target_dir/wasm32-unknown-unknown/$dir/ludolab.wasm" "$stage/$family/ludolab.wasm"
    fi
    finish "$family" "$opt_flags" &
    pids+=($!)
  done
  for pid in "${pids[@]}"; do wait "$pid"; done
}

# The quick families' shared bundle: one build with all their features, its
# bundle then copied into each one's directory (after the full builds).
shared=()
if [ -n "${LUDOLAB_WASM_QUICK:-}" ]; then
  own=()
  for family in "${families[@]}"; do
    if [[ " ${LUDOLAB_WASM_FULL:-} " == *" $family "* ]]; then own+=("$family"); else shared+=("$family"); fi
  done
  families=("${own[@]}")
  if [ ${#shared[@]} -gt 0 ]; then
    features=$(IFS=,; echo "${shared[*]}")
    shared_name=$features
    families+=("$features")
  fi
fi

lanes=("" "")
for i in "${!families[@]}"; do
  lanes[$((i % ${LUDOLAB_WASM_LANES:-1}))]+=" ${families[$i]}"
done
# shellcheck disable=SC2086 # each lane's families, split on spaces
lane "${CARGO_TARGET_DIR:-target}" ${lanes[0]} &
first=$!
# shellcheck disable=SC2086
[ -z "${lanes[1]}" ] || lane target/wasm-lane ${lanes[1]} &
second=$!
failed=0
wait "$first" || failed=1
wait "$second" || failed=1
[ "$failed" = 0 ] || { echo "[build-wasm] a build failed" >&2; exit 1; }
# (One quick family alone is its own bundle already.)
if [ ${#shared[@]} -gt 1 ]; then
  for family in "${shared[@]}"; do
    rm -rf "${OUT_DIR:?}/$family"
    cp -r "$OUT_DIR/$features" "$OUT_DIR/$family"
  done
  rm -rf "${OUT_DIR:?}/$features" "$stage/$features"
  echo "[build-wasm] ${shared[*]}: one shared bundle"
fi
# The single bundle of earlier builds, if any: no longer served.
rm -f "$OUT_DIR/ludolab.js" "$OUT_DIR/ludolab_bg.wasm"

node scripts/families.mjs "$OUT_DIR" $FAMILIES
