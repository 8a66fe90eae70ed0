#!/usr/bin/env bash
# Makes www/fonts/symbols-*.woff2 again: the few signs the page writes that
# common system fonts lack (ARCHITECTURE.md, "Decisions"), subset from Debian's
# Noto fonts (SIL Open Font License, www/fonts/OFL.txt) by fontTools.
#   scripts/symbols-font.sh
set -euo pipefail
out=$(cd "$(dirname "$0")/.." && pwd)/www/fonts
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
apt-get download fonts-noto-core >/dev/null
dpkg-deb -x fonts-noto-core_*.deb x
python3 -m venv venv
venv/bin/pip -q install fonttools brotli
noto=x/usr/share/fonts/truetype/noto
subset() { venv/bin/pyftsubset "$noto/$1" --unicodes="$2" --flavor=woff2 --layout-features='' --no-hinting --output-file="$out/$3"; }
subset NotoSansMath-Regular.ttf U+29FE,U+29FF symbols-math.woff2          # tiny, miny
subset NotoSansSymbols2-Regular.ttf U+2409,U+240A,U+2421 symbols-controls.woff2  # ␉ ␊ ␡
ls -l "$out"/symbols-*.woff2
