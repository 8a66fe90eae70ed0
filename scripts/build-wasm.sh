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
# The service worker's precache list: every file of the site (views included),
# so that a new view needs no edit of sw.js. Written next to the bundle (generated).
python3 - "$OUT_DIR" <<'PY'
import json, os, re, sys
out = sys.argv[1]
root = "www"
skip = re.compile(r"^bench\.|^sw\.js$|\.d\.ts$|package\.json$|\.gitignore$|precache\.json$")
files = ["./"]
for dirpath, _, names in os.walk(root):
    for name in sorted(names):
        if not skip.search(name):
            files.append(os.path.relpath(os.path.join(dirpath, name), root).replace(os.sep, "/"))
json.dump(sorted(files), open(os.path.join(out, "precache.json"), "w"), indent=0)
print(f"[build-wasm] {out}/precache.json: {len(files)} files")
PY
