#!/usr/bin/env bash
# Compares build configurations of the web bundles on bytes per family and on the
# in-browser benchmark, side by side in one run (BENCHMARKS.md, "Build settings").
# Each configuration overrides the `wasm` profile of Cargo.toml through cargo's
# CARGO_PROFILE_WASM_* variables and the wasm-opt flags, builds every family into
# target/profiles/<name>/www, writes its dist/ beside it; then the benchmark runs
# on each site in turn (no build in between, so the timings share one machine state).
#   scripts/profile-compare.sh            all configurations
#   BENCH_ONLY='regex' …                  the benchmark cases to time (default below)
#   LUDOLAB_PROFILE_REUSE=1 …             time the sites built by an earlier run again
# Writes target/profiles/summary.json and prints a table. Leaves www/pkg alone.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/wasm-config.sh

# name | opt-level | lto | codegen-units | panic | wasm-opt flags ("-" = none)
CONFIGS=(
  "current|3|true|1|abort|-O3"
  "no-wasm-opt|3|true|1|abort|-"
  "no-lto|3|false|1|abort|-O3"
  "16-units|3|true|16|abort|-O3"
  "3+wasm-opt-Os|3|true|1|abort|-Os"
  "s|s|true|1|abort|-Os"
  "z|z|true|1|abort|-Oz"
  "unwind|3|true|1|unwind|-O3"
)
# The cases of the earlier size-vs-speed table plus the heaviest of each family.
export BENCH_ONLY=${BENCH_ONLY:-'random n=1000 seed 1 \(distributions\)|0\.16 G\(0\.\.=10\^6\)|simultaneous multi-turn D=10|sequential D=10 N=1000 with|8 trees × 20 fruits × 20 crows, optimal \(P|Chomp 10×10|Chomp 12×12|5×4 solved|7×6 from the empty board|Kayles G'}

root=target/profiles
mkdir -p "$root"
built=()
for config in "${CONFIGS[@]}"; do
  IFS='|' read -r name level lto units panic wopt <<<"$config"
  site=$root/$name
  if [ "${LUDOLAB_PROFILE_REUSE:-}" = 1 ] && [ -d "$site/dist" ]; then
    built+=("$name")
    continue
  fi
  rm -rf "$site"
  mkdir -p "$site"
  cp -r www "$site/www"
  rm -rf "$site/www/pkg"
  echo "[profile-compare] building $name"
  if CARGO_PROFILE_WASM_OPT_LEVEL=$level CARGO_PROFILE_WASM_LTO=$lto \
     CARGO_PROFILE_WASM_CODEGEN_UNITS=$units CARGO_PROFILE_WASM_PANIC=$panic \
     LUDOLAB_OUT_DIR=$site/www/pkg LUDOLAB_WASM_OPT_FLAGS=$wopt \
     scripts/build-wasm.sh > "$site/build.log" 2>&1; then
    node scripts/dist.mjs "$site/www" "$site/dist" > /dev/null
    built+=("$name")
  else
    echo "[profile-compare] $name does not build: $(grep -m1 -i 'error' "$site/build.log")"
  fi
done

for name in "${built[@]}"; do
  echo "[profile-compare] timing $name"
  LUDOLAB_SITE=$root/$name/dist LUDOLAB_BENCH_OUT=$root/$name/bench.json node scripts/bench-web.mjs > /dev/null
done

python3 - "$root" "${built[@]}" <<'PY'
import json, os, sys, gzip
root, names = sys.argv[1], sys.argv[2:]
families = sorted(d for d in os.listdir(f"{root}/{names[0]}/www/pkg") if os.path.isdir(f"{root}/{names[0]}/www/pkg/{d}"))
summary = {}
for name in names:
    sizes = {}
    for f in families:
        path = f"{root}/{name}/dist/pkg/{f}/ludolab_bg.wasm"
        sizes[f] = {"raw": os.path.getsize(path), "brotli": os.path.getsize(path + ".br")}
    bench = json.load(open(f"{root}/{name}/bench.json"))
    summary[name] = {"sizes": sizes, "bench": {r["name"]: r["median_ms"] for r in bench["results"]}}
json.dump(summary, open(f"{root}/summary.json", "w"), indent=1)
base = summary[names[0]]
print("| configuration | " + " | ".join(families) + " |")
print("|---" * (len(families) + 1) + "|")
for name in names:
    print(f"| {name} | " + " | ".join(f"{summary[name]['sizes'][f]['brotli']:,}".replace(",", " ") for f in families) + " |")
print()
print("| case | " + " | ".join(names) + " |")
print("|---" * (len(names) + 1) + "|")
for case, ms in base["bench"].items():
    cells = [f"{ms:.0f} ms"] + [f"{summary[n]['bench'][case] / ms:.2f}" for n in names[1:]]
    print(f"| {case} | " + " | ".join(cells) + " |")
PY
