#!/usr/bin/env bash
# Runs make targets at the same time, each one's output kept apart and printed
# whole once it ends (never interleaved), and fails if any failed.
#   scripts/together.sh target …
# make test runs its lint chains (native and wasm32) so: each is mostly one
# compiler thread, and together they fill the machine's two cores.
set -uo pipefail
cd "$(dirname "$0")/.."
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

# cargo makes a missing target directory by renaming a new one into place: two
# builds doing so at once in a fresh clone (target/ and target/lint-wasm) lost one.
mkdir -p target

pids=()
for target in "$@"; do
  (
    start=$(date +%s)
    make --no-print-directory "$target" > "$dir/$target.log" 2>&1
    status=$?
    echo $(( $(date +%s) - start )) > "$dir/$target.seconds"
    exit $status
  ) &
  pids+=($!)
done
failed=()
for i in "${!pids[@]}"; do
  target=${*:$((i + 1)):1}
  if wait "${pids[$i]}"; then outcome=ok; else outcome=FAILED; failed+=("$target"); fi
  seconds=$(cat "$dir/$target.seconds" 2>/dev/null || echo '?')
  printf '\n\033[1m[%s] %s in %s s\033[0m\n' "$target" "$outcome" "$seconds"
  # make test's summary lists the parts of a step (scripts/test-steps.sh).
  [ -z "${LUDOLAB_STEP_PARTS:-}" ] || printf '%s %s %s\n' "$target" "$seconds" "$outcome" >> "$LUDOLAB_STEP_PARTS"
  cat "$dir/$target.log"
done
if [ ${#failed[@]} -gt 0 ]; then
  echo "failed: ${failed[*]}" >&2
  exit 1
fi
