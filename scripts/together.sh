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

pids=()
for target in "$@"; do
  make --no-print-directory "$target" > "$dir/$target.log" 2>&1 &
  pids+=($!)
done
failed=()
for i in "${!pids[@]}"; do
  target=${*:$((i + 1)):1}
  if wait "${pids[$i]}"; then outcome=ok; else outcome=FAILED; failed+=("$target"); fi
  printf '\n\033[1m[%s] %s\033[0m\n' "$target" "$outcome"
  cat "$dir/$target.log"
done
if [ ${#failed[@]} -gt 0 ]; then
  echo "failed: ${failed[*]}" >&2
  exit 1
fi
