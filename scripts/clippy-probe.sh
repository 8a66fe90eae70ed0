#!/usr/bin/env bash
# Proves that make test's builds lint (Makefile, LINTED): the driver and the
# arguments they get (RUSTC_WORKSPACE_WRAPPER, CLIPPY_ARGS) must refuse a file with
# one clippy warning. Without this, a driver that stopped reading CLIPPY_ARGS or a
# wrapper that stopped being used would let every warning through, unseen.
set -euo pipefail
: "${RUSTC_WORKSPACE_WRAPPER:?set by the Makefile (LINTED)}" "${CLIPPY_ARGS:?set by the Makefile (LINTED)}"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
# `vec!` where an array does: clippy's useless_vec, a warning, an error under -D warnings.
printf '%s\n' '//! probe' 'fn main() {' '    let v = vec![1, 2];' '    assert_eq!(v.len(), 2);' '}' > "$dir/probe.rs"
if "$RUSTC_WORKSPACE_WRAPPER" rustc --edition 2024 --crate-type bin --emit metadata \
  -o "$dir/probe.rmeta" "$dir/probe.rs" > "$dir/out.txt" 2>&1; then
  echo "[clippy-probe] a clippy warning compiled: the test builds would not lint" >&2
  exit 1
fi
if ! grep -q 'useless_vec' "$dir/out.txt"; then
  echo "[clippy-probe] the probe failed for another reason:" >&2
  cat "$dir/out.txt" >&2
  exit 1
fi
echo "[clippy-probe] clippy denies warnings in the test builds"
