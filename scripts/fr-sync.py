#!/usr/bin/env python3
"""Keeps www/fr.js in step with the page: removes the entries no string uses
and adds the ones given on standard input as JSON {english: french}."""
import json, re, subprocess, sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FR = ROOT / "www" / "fr.js"

def main():
    add = json.load(sys.stdin) if not sys.stdin.isatty() else {}
    out = subprocess.run(["node", str(ROOT / "scripts" / "i18n-keys.mjs")], capture_output=True, text=True)
    unused = {json.loads(l[len("unused: "):]) for l in out.stderr.splitlines() if l.startswith("unused: ")}
    lines = FR.read_text().splitlines()
    kept = []
    for line in lines:
        m = re.match(r'\s*("(?:[^"\\]|\\.)*"):', line)
        if m and json.loads(m.group(1)) in unused:
            continue
        kept.append(line)
    end = max(i for i, l in enumerate(kept) if l.startswith("};"))
    new = [f"  {json.dumps(k, ensure_ascii=False)}: {json.dumps(v, ensure_ascii=False)}," for k, v in add.items()]
    kept[end:end] = new
    FR.write_text("\n".join(kept) + "\n")
    print(f"removed {len(unused)}, added {len(new)}")

main()
