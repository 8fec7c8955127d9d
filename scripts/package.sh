#!/usr/bin/env bash
# The npm package of the <xla-layout> element (npm/; issue 70), from the
# release build in dist/ (`trunk build --release` must run first):
#
#   bash scripts/package.sh      # -> target/artifacts/xla-layout-viz-VERSION.tgz
#
# The package's files, staged in target/npm-package/ and packed by
# `npm pack`:
#  - xla-layout.js: the ES module (defines the element on import), built
#    from static/xla-layout-element.js with its LOCATE block replaced by
#    npm/locate.esm.js (the modules found by new URL(.., import.meta.url),
#    which Vite and webpack 5 follow), minified by esbuild;
#  - xla-layout.classic.js: dist/xla-layout-element.js (one classic
#    <script src>), its hashed module names replaced by the fixed ones;
#  - the embed and sharded embed modules (glue JS and wasm) from dist/,
#    under fixed names: xla-layout-embed{,-sharded}.js and _bg.wasm;
#  - npm/package.json (its version must equal Cargo.toml's), npm/README.md,
#    npm/xla-layout.d.ts and the README's picture (docs/img/).
# Publishing is a maintainer's step (docs/hosting.md, "Publishing"); no
# script here runs `npm publish`.
set -euo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$ROOT"

VERSION="$(sed -n 's/^version *= *"\(.*\)"/\1/p' Cargo.toml | head -n 1)"
NAME="$(node -p 'require("./npm/package.json").name')"
PKG_VERSION="$(node -p 'require("./npm/package.json").version')"
[ "$PKG_VERSION" = "$VERSION" ] ||
    die "npm/package.json has version $PKG_VERSION, Cargo.toml $VERSION: they must be equal (set npm/package.json's)"
command -v esbuild >/dev/null 2>&1 || ensure_esbuild

[ -f dist/index.html ] && [ -f dist/xla-layout-element.js ] ||
    die "no release build in dist/: run \`trunk build --release\` first"
grep -q 'LOCATE-BEGIN' static/xla-layout-element.js ||
    die "static/xla-layout-element.js has no LOCATE-BEGIN block"

STAGE="$ROOT/target/npm-package"
OUT="$ROOT/target/artifacts"
rm -rf "$STAGE"
mkdir -p "$STAGE" "$OUT"

# The modules' hashed names, as the element's script in dist/ names them.
name_in() { grep -o "$1" dist/xla-layout-element.js | head -n 1; }
embed_js=$(name_in 'xla-layout-embed-[0-9a-f]*\.js')
embed_wasm=$(name_in 'xla-layout-embed-[0-9a-f]*_bg\.wasm')
sharded_js=$(name_in 'xla-layout-embed-sharded-[0-9a-f]*\.js')
sharded_wasm=$(name_in 'xla-layout-embed-sharded-[0-9a-f]*_bg\.wasm')
for f in "$embed_js" "$embed_wasm" "$sharded_js" "$sharded_wasm"; do
    [ -n "$f" ] && [ -f "dist/$f" ] || die "dist/xla-layout-element.js names a module that is not in dist/ ($f)"
done
say "the modules from dist/: $embed_js, $embed_wasm, $sharded_js, $sharded_wasm"
cp "dist/$embed_js" "$STAGE/xla-layout-embed.js"
cp "dist/$embed_wasm" "$STAGE/xla-layout-embed_bg.wasm"
cp "dist/$sharded_js" "$STAGE/xla-layout-embed-sharded.js"
cp "dist/$sharded_wasm" "$STAGE/xla-layout-embed-sharded_bg.wasm"

say "the classic script: dist/xla-layout-element.js with the fixed names"
sed -e "s/$sharded_js/xla-layout-embed-sharded.js/g" -e "s/$sharded_wasm/xla-layout-embed-sharded_bg.wasm/g" \
    -e "s/$embed_js/xla-layout-embed.js/g" -e "s/$embed_wasm/xla-layout-embed_bg.wasm/g" \
    dist/xla-layout-element.js > "$STAGE/xla-layout.classic.js"
if grep -q 'xla-layout-embed\(-sharded\)\?-[0-9a-f]\{16\}' "$STAGE/xla-layout.classic.js"; then
    die "a hashed module name was left in xla-layout.classic.js"
fi

say "the ES module: static/xla-layout-element.js with npm/locate.esm.js, minified (esbuild)"
awk -v locate="npm/locate.esm.js" '
    /\/\/ LOCATE-BEGIN/ { skipping = 1; while ((getline line < locate) > 0) print line; next }
    /\/\/ LOCATE-END/ { skipping = 0; next }
    !skipping { print }
' static/xla-layout-element.js > "$STAGE/xla-layout.src.js"
grep -q "import.meta.url" "$STAGE/xla-layout.src.js" && ! grep -q "__XLA_EMBED" "$STAGE/xla-layout.src.js" ||
    die "the ES module's LOCATE block was not replaced"
esbuild "$STAGE/xla-layout.src.js" --minify --format=esm --target=es2022 --log-level=warning \
    --outfile="$STAGE/xla-layout.js"
rm "$STAGE/xla-layout.src.js"
# The literal addresses bundlers follow must survive minifying.
for f in ./xla-layout-embed.js ./xla-layout-embed_bg.wasm ./xla-layout-embed-sharded.js ./xla-layout-embed-sharded_bg.wasm; do
    grep -q "\"$f\"\|'$f'" "$STAGE/xla-layout.js" || die "xla-layout.js does not name $f literally"
done

cp npm/package.json npm/README.md npm/xla-layout.d.ts "$STAGE/"
cp docs/img/tiled-f32-3x5.svg "$STAGE/xla-layout.svg"

say "npm pack -> target/artifacts/"
rm -f "$OUT/$NAME-$VERSION.tgz"
(cd "$STAGE" && npm pack --silent --pack-destination "$OUT" >/dev/null)
[ -f "$OUT/$NAME-$VERSION.tgz" ] || die "npm pack made no $OUT/$NAME-$VERSION.tgz"
say "done: target/artifacts/$NAME-$VERSION.tgz ($(stat -c %s "$OUT/$NAME-$VERSION.tgz") bytes)"
