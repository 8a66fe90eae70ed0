#!/usr/bin/env bash
# Who wins Domineering on every rectangle up to N × N (default 7), by our
# outcome search (`ludolab partizan --solve outcome`) and by an independent
# solver, Nathan Bullock's Obsequi (github.com/nathanbullock/obsequi, a
# negamax with Domineering's own bounds): each board twice in Obsequi, Vertical
# (our Left) moving first and Horizontal first, read as one outcome class.
#   OBSEQUI_EXE=/path/to/Obsequi scripts/compare-domineering.sh [N]
# Prints the table (rows × columns, L R N P) and exits 1 on any disagreement.
set -euo pipefail
cd "$(dirname "$0")/.."
: "${OBSEQUI_EXE:?OBSEQUI_EXE must name a build of Obsequi (its README: cd obsequi; make Obsequi)}"
N=${1:-7}
cargo build --release --quiet --bin ludolab
ours() {
  local board
  board=$(printf '%*s' "$2" '' | tr ' ' '.')
  board=$(for _ in $(seq "$1"); do printf '%s/' "$board"; done)
  target/release/ludolab partizan --solve outcome --position "${board%/}" --json |
    sed -n 's/.*"outcome":"\([LRNP]\)".*/\1/p'
}
theirs() {
  local v h
  v=$(echo "solve rows $1 cols $2 bits 24 V" | "$OBSEQUI_EXE" 2>&1 | sed -n 's/^winner \([VH]\).*/\1/p')
  h=$(echo "solve rows $1 cols $2 bits 24 H" | "$OBSEQUI_EXE" 2>&1 | sed -n 's/^winner \([VH]\).*/\1/p')
  case "$v$h" in
    VV) echo L ;; HH) echo R ;; VH) echo N ;; HV) echo P ;; *) echo "?" ;;
  esac
}
bad=0
printf 'rows\\cols'; for c in $(seq "$N"); do printf ' %s' "$c"; done; echo
for r in $(seq "$N"); do
  printf '%9s' "$r"
  for c in $(seq "$N"); do
    a=$(ours "$r" "$c"); b=$(theirs "$r" "$c")
    if [ "$a" = "$b" ]; then printf ' %s' "$a"; else printf ' %s≠%s' "$a" "$b"; bad=1; fi
  done
  echo
done
[ "$bad" = 0 ] && echo "all $((N * N)) boards agree" || { echo "disagreements above (ours≠Obsequi's)"; exit 1; }
