#!/usr/bin/env bash
# Builds the web bundle into the out-dir of wasm-pack.toml, with its settings.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/wasm-config.sh

cargo build --lib --target wasm32-unknown-unknown --profile "$PROFILE"
dir=$PROFILE
[ "$PROFILE" = dev ] && dir=debug
wasm=target/wasm32-unknown-unknown/$dir/ludolab.wasm

rm -rf "$OUT_DIR"
wasm-bindgen --target "$TARGET" --out-dir "$OUT_DIR" --no-typescript "$wasm"
if [ "$WASM_OPT" = true ]; then
  # The features rustc's wasm32 target and our +simd128 emit, all in every current browser.
  node_modules/.bin/wasm-opt -O3 --enable-simd --enable-bulk-memory --enable-nontrapping-float-to-int \
    --enable-sign-ext --enable-mutable-globals --enable-multivalue --enable-reference-types \
    "$OUT_DIR/ludolab_bg.wasm" -o "$OUT_DIR/ludolab_bg.wasm"
fi
bytes=$(wc -c < "$OUT_DIR/ludolab_bg.wasm")
gz=$(gzip -9 -c "$OUT_DIR/ludolab_bg.wasm" | wc -c)
echo "[build-wasm] $OUT_DIR/ludolab_bg.wasm: $bytes bytes ($gz gzipped)"
