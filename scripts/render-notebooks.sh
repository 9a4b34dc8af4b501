#!/usr/bin/env bash
# render-notebooks.sh — render notebooks with stored outputs as a reader sees
# them: Debian's nbconvert turns each into HTML (out/html/NAME.html), and
# headless Chromium takes a screenshot of the page (out/html/NAME.png, the
# first RENDER_HEIGHT pixels) to look at with an image viewer. Not part of CI
# (the committed-notebook check, scripts/nbcheck.py committed, is).
#
# It also checks the HTML: no figure left to nbconvert's SVG path (which
# blanks it), and every PNG output of the notebook present as an image.
#
# Usage: scripts/render-notebooks.sh [NOTEBOOK.ipynb ...]   (default: notebooks/*.ipynb)
# Environment: CHROMIUM (default /usr/bin/chromium; without it, HTML only),
#   RENDER_HEIGHT (default 16000), RENDER_OUT (default out/html).
set -uo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)"
OUT="${RENDER_OUT:-$ROOT/out/html}"
CHROMIUM="${CHROMIUM:-/usr/bin/chromium}"
HEIGHT="${RENDER_HEIGHT:-16000}"
if [ $# -gt 0 ]; then notebooks=("$@"); else notebooks=("$ROOT"/notebooks/*.ipynb); fi
mkdir -p "$OUT"
profile="$(mktemp -d)"
trap 'rm -rf "$profile"' EXIT
failed=0
for nb in "${notebooks[@]}"; do
	name="$(basename "$nb" .ipynb)"
	html="$OUT/$name.html"
	if ! /usr/bin/jupyter nbconvert --to html --output-dir "$OUT" --output "$name" "$nb" >"$OUT/$name.log" 2>&1; then
		printf 'FAIL  %-40s  nbconvert failed (log: %s)\n' "$name" "$OUT/$name.log"
		failed=$((failed + 1))
		continue
	fi
	pngs="$(/usr/bin/python3 -c 'import json, sys
nb = json.load(open(sys.argv[1]))
print(sum("image/png" in o.get("data", {}) for c in nb["cells"] for o in c.get("outputs", [])))' "$nb")"
	imgs="$(grep -o '<img src="data:image/png;base64,' "$html" | wc -l)"
	svgs="$(grep -c 'data-mime-type="image/svg+xml"' "$html")"
	shot=""
	if [ -x "$CHROMIUM" ]; then
		"$CHROMIUM" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
			--disable-background-networking --disable-component-update --disable-sync \
			--user-data-dir="$profile" --hide-scrollbars --window-size=1100,"$HEIGHT" \
			--screenshot="$OUT/$name.png" "file://$html" >>"$OUT/$name.log" 2>&1 && shot=", screenshot $OUT/$name.png"
	fi
	if [ "$svgs" -ne 0 ] || [ "$imgs" -lt "$pngs" ]; then
		printf 'FAIL  %-40s  %d of %d PNG figures shown, %d SVG figures (blank)%s\n' "$name" "$imgs" "$pngs" "$svgs" "$shot"
		failed=$((failed + 1))
	else
		printf 'ok    %-40s  %d PNG figures in %s%s\n' "$name" "$imgs" "$html" "$shot"
	fi
done
[ $failed -eq 0 ]
