#!/bin/sh
# Called by scripts/module-names.sh (Trunk's post_build hook) before the
# embed modules get their hashed names, so that the names hash what is
# served. In release builds it minifies, in place in Trunk's staging
# directory, the JavaScript and CSS that pages load: the app's glue, the two
# embed modules' glue, the <xla-layout> element's script and the style
# sheet, with esbuild (whitespace, comments and local names; property names
# are kept, so wasm-bindgen's import object and exports are untouched).
# Trunk gives the style sheet's <link> a subresource-integrity hash of the
# file it wrote; the hash of the minified file replaces it in index.html.
# A page of elements then loads about 4.7 KB (gzipped) less
# (docs/dependencies.md, "Minified JavaScript"). Debug builds (`trunk
# serve`) are left readable. static/bench.js (the timing harness, loaded
# only with ?bench=1) and the HTML are not minified.
set -eu
dir="${TRUNK_STAGING_DIR:?run by trunk}"
[ "${TRUNK_PROFILE:-}" = "release" ] || exit 0
command -v esbuild >/dev/null 2>&1 || {
    echo "minify.sh: esbuild is not on PATH; scripts/lib.sh (ensure_esbuild) installs it into tools/" >&2
    exit 1
}
cd "$dir"
# The file's subresource-integrity value, as Trunk writes it (sha384).
sri() {
    node -e 'const c = require("crypto"); process.stdout.write("sha384-" + c.createHash("sha384").update(require("fs").readFileSync(process.argv[1])).digest("base64"))' "$1"
}
# es2022: nothing newer than the engines the tests run (Chromium, Firefox
# ESR, WebKitGTK) read; esbuild fails loudly on anything it cannot express
# there.
need() {
    [ -f "$1" ] || { echo "minify.sh: no $1 in $dir" >&2; exit 1; }
}
minify() {
    need "$1"
    esbuild "$1" --minify --target=es2022 --log-level=warning --allow-overwrite --outfile="$1"
}
for f in xla-layout-viz-*.js xla-layout-embed.js xla-layout-embed-sharded.js xla-layout-element.js; do
    minify "$f"
done
for f in style-*.css; do
    need "$f"
    before=$(sri "$f")
    [ "$(grep -o "integrity=\"$before\"" index.html | wc -l)" = 1 ] || {
        echo "minify.sh: index.html has no single integrity=\"$before\" for $f" >&2
        exit 1
    }
    minify "$f"
    # Base64 has / and +, never |.
    sed -i "s|integrity=\"$before\"|integrity=\"$(sri "$f")\"|" index.html
done
echo "minify.sh: the glue, the element's script and the style sheet minified"
