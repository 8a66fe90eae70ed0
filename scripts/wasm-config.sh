# Sourced by the build and install scripts: reads wasm-pack.toml, the one place
# that configures the web bundle, into shell variables (TARGET, OUT_DIR, PROFILE,
# WASM_BINDGEN_VERSION, WASM_OPT), and the wasm-bindgen version that Cargo.lock
# resolved (LOCKED_WASM_BINDGEN).
eval "$(python3 - <<'PY'
import shlex, tomllib
config = tomllib.load(open("wasm-pack.toml", "rb"))
for key in ("target", "out-dir", "profile", "wasm-bindgen-version", "wasm-opt"):
    value = config[key]
    value = ("true" if value else "false") if isinstance(value, bool) else str(value)
    print(f"{key.upper().replace('-', '_')}={shlex.quote(value)}")
try:
    lock = tomllib.load(open("Cargo.lock", "rb"))
    locked = [p["version"] for p in lock["package"] if p["name"] == "wasm-bindgen"]
    print(f"LOCKED_WASM_BINDGEN={shlex.quote(locked[0] if locked else '')}")
except FileNotFoundError:
    print("LOCKED_WASM_BINDGEN=")
PY
)"
# The web bundles, one per family and the drawing bundle (`draw`): the crate's
# default features (Cargo.toml), each built alone, but the features a family's
# bundle holds back (`package.metadata.ludolab.later`), which go into that
# family's full bundle, `<family>-full` (LATER: family → its held-back features).
eval "$(python3 - <<'PY'
import shlex, tomllib
cargo = tomllib.load(open("Cargo.toml", "rb"))
later = cargo["package"].get("metadata", {}).get("ludolab", {}).get("later", {})
held = {feature for features in later.values() for feature in features}
print("FAMILIES=" + shlex.quote(" ".join(f for f in cargo["features"]["default"] if f not in held)))
print("declare -A LATER=(" + " ".join(f"[{k}]={shlex.quote(','.join(v))}" for k, v in later.items()) + ")")
PY
)"
