#!/usr/bin/env bash
# Runs lanes of make targets at the same time and fails if any target failed.
# A lane is one target or several joined by commas, run in turn (a lane stops at
# its first failure). Each target's output is kept apart and printed whole once it
# ends (never interleaved with another's).
#   scripts/together.sh lane … [-- target …]
#     e.g. together.sh test-native dist-test,test-wasm,e2e -- python,docs-native
# Targets after `--` are a pool: whichever lane ends first takes the next, in
# order, so the machine's cores stay busy whichever lane is the longer today
# (the two lanes' lengths swap between machines and hours: BENCHMARKS.md, "make test").
# make test runs its lint chains (native and wasm32) so, each mostly one compiler
# thread; and its tests in two lanes (the native tests; the web bundles, then the
# wasm and browser tests), each of which leaves a core idle for minutes alone
# (BENCHMARKS.md, "make test").
set -uo pipefail
cd "$(dirname "$0")/.."
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

# cargo makes a missing target directory by renaming a new one into place: two
# builds doing so at once in a fresh clone (target/ and target/lint-wasm) lost one.
mkdir -p target

# One target of a lane: run, timed, its output printed whole (one printer at a time).
run() {
  local target=$1 start status seconds outcome
  start=$(date +%s)
  make --no-print-directory "$target" > "$dir/$target.log" 2>&1
  status=$?
  seconds=$(( $(date +%s) - start ))
  if [ "$status" = 0 ]; then outcome=ok; else outcome=FAILED; fi
  (
    flock 9
    printf '\n\033[1m[%s] %s in %s s\033[0m\n' "$target" "$outcome" "$seconds"
    cat "$dir/$target.log"
    # make test's summary lists the parts of a step (scripts/test-steps.sh).
    [ -z "${LUDOLAB_STEP_PARTS:-}" ] || printf '%s %s %s\n' "$target" "$seconds" "$outcome" >> "$LUDOLAB_STEP_PARTS"
    [ "$outcome" = ok ] || echo "$target" >> "$dir/failed"
  ) 9> "$dir/print.lock"
  return "$status"
}

lanes=()
pool=()
while [ $# -gt 0 ]; do
  if [ "$1" = -- ]; then
    shift
    # The pool's targets, given apart or joined by commas.
    for part in "$@"; do
      IFS=, read -ra more <<< "$part"
      pool+=("${more[@]}")
    done
    break
  fi
  lanes+=("$1")
  shift
done
printf '%s\n' ${pool[@]+"${pool[@]}"} > "$dir/pool"

# The pool's next target, taken by one lane only (empty when none is left).
take() {
  (
    flock 8
    local next
    next=$(head -n 1 "$dir/pool")
    tail -n +2 "$dir/pool" > "$dir/pool.rest" && mv "$dir/pool.rest" "$dir/pool"
    printf '%s' "$next"
  ) 8> "$dir/pool.lock"
}

pids=()
for lane in "${lanes[@]}"; do
  (
    IFS=, read -ra targets <<< "$lane"
    for target in "${targets[@]}"; do
      run "$target" || exit 1
    done
    while target=$(take) && [ -n "$target" ]; do
      run "$target" || exit 1
    done
  ) &
  pids+=($!)
done
for pid in "${pids[@]}"; do wait "$pid"; done
if [ -s "$dir/failed" ]; then
  echo "failed: $(tr '\n' ' ' < "$dir/failed")" >&2
  exit 1
fi
