#!/usr/bin/env bash
# `make test`: runs each step as `make <step>`, times it, and ends with a summary
# of every step's time and outcome (also when a step fails: the summary says which).
#   scripts/test-steps.sh step …
set -uo pipefail
cd "$(dirname "$0")/.."

names=()
times=()
outcomes=()
start_all=$(date +%s)
parts_dir=$(mktemp -d)
trap 'rm -rf "$parts_dir"' EXIT

summary() {
  local total=$(( $(date +%s) - start_all ))
  printf '\n\033[1m[make test] summary\033[0m\n'
  printf '%-14s %8s  %s\n' step seconds outcome
  for i in "${!names[@]}"; do
    printf '%-14s %8s  %s\n' "${names[$i]}" "${times[$i]}" "${outcomes[$i]}"
    # The parts a step ran at once (scripts/together.sh), each with its own time.
    while read -r part seconds outcome; do
      printf '  %-12s %8s  %s\n' "$part" "$seconds" "$outcome"
    done < "$parts_dir/${names[$i]}"
  done
  printf '%-14s %8s\n' total "$total"
}

for step in "$@"; do
  printf '\n\033[1m[make test] %s\033[0m\n' "$step"
  t0=$(date +%s)
  : > "$parts_dir/$step"
  if LUDOLAB_STEP_PARTS="$parts_dir/$step" make --no-print-directory "$step"; then
    outcome=ok
  else
    outcome=FAILED
  fi
  names+=("$step")
  times+=("$(( $(date +%s) - t0 ))")
  outcomes+=("$outcome")
  if [ "$outcome" != ok ]; then
    summary
    echo "make test: step '$step' failed" >&2
    exit 1
  fi
done
summary
