#!/usr/bin/env bash
# The npm package as its users take it (issue 70), after scripts/package.sh
# (or release.sh) made target/artifacts/xla-layout-viz-VERSION.tgz:
#
#   bash scripts/npm-users.sh
#
# 1. The tarball's own contents: exactly the files npm/package.json lists
#    (no source maps, no tests), and each page's download (gzipped wasm +
#    JS) within the bundle budgets scripts/test.sh passes in
#    (EMBED_BUDGET_BYTES, SHARDED_BUDGET_BYTES; defaults below).
# 2. One scratch project, target/npm-users/, its package.json written here:
#    Vite 7, webpack 5 and TypeScript pinned, installed once and kept (the
#    install is redone only when this script's pins change), then the
#    tarball installed into it as a user would (`npm install FILE.tgz`).
# 3. Built as users build: a Vite project (vanilla: index.html and a
#    module that imports the package; `vite build --base ./`), a webpack 5
#    project (its node API, production mode), a plain page with one
#    <script src> of the classic build, and TypeScript checking a file that
#    uses the element's declarations (`tsc --noEmit`).
# 4. Each page served by a plain static server and drawn in headless
#    Chromium (tests/e2e/packaged.mjs): every element fires
#    xla-layout-mounted and paints its canvas, a sharded one included.
# Only the npm registry is reached, and only for the pinned tools.
set -euo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$ROOT"

VERSION="$(sed -n 's/^version *= *"\(.*\)"/\1/p' Cargo.toml | head -n 1)"
TGZ="$ROOT/target/artifacts/xla-layout-viz-$VERSION.tgz"
[ -f "$TGZ" ] || die "no $TGZ: run scripts/package.sh (or scripts/release.sh) first"
EMBED_BUDGET_BYTES="${EMBED_BUDGET_BYTES:-256200}"
SHARDED_BUDGET_BYTES="${SHARDED_BUDGET_BYTES:-323000}"

say "the tarball's contents"
listed="$(tar -tzf "$TGZ" | sort)"
expected="$(node -e '
    const p = require("./npm/package.json");
    const files = [...p.files, "package.json", "README.md"].map((f) => "package/" + f).sort();
    console.log(files.join("\n"));
')"
if [ "$listed" != "$expected" ]; then
    diff <(printf '%s\n' "$expected") <(printf '%s\n' "$listed") || true
    die "the tarball holds other files than npm/package.json lists (lines marked > are extra)"
fi
if printf '%s\n' "$listed" | grep -qE '\.map$|test'; then
    die "the tarball holds a source map or a test file"
fi
unpacked="$ROOT/target/npm-users/unpacked"
rm -rf "$unpacked"
mkdir -p "$unpacked"
tar -xzf "$TGZ" -C "$unpacked"
gz() { gzip -9 -c "$unpacked/package/$1" | wc -c; }
check_budget() { # NAME BUDGET FILE...
    local name=$1 budget=$2 total=0 f
    shift 2
    for f in "$@"; do total=$((total + $(gz "$f"))); done
    [ "$total" -le "$budget" ] || die "$name: $total bytes gzipped, over its budget of $budget"
    say "$name: $total bytes gzipped (budget $budget)"
}
check_budget "an element (ES module + embed module)" "$EMBED_BUDGET_BYTES" \
    xla-layout.js xla-layout-embed.js xla-layout-embed_bg.wasm
check_budget "an element (classic script + embed module)" "$EMBED_BUDGET_BYTES" \
    xla-layout.classic.js xla-layout-embed.js xla-layout-embed_bg.wasm
check_budget "an element with a sharding (sharded embed module)" "$SHARDED_BUDGET_BYTES" \
    xla-layout-embed-sharded.js xla-layout-embed-sharded_bg.wasm

USERS="$ROOT/target/npm-users"
mkdir -p "$USERS"
cd "$USERS"
# The tools a user's project has; pinned (vite 7: Vite 8 needs a newer npm
# than some node 20 machines have).
cat > package.json.new <<'EOF'
{
  "name": "xla-layout-viz-users",
  "private": true,
  "type": "module",
  "devDependencies": {
    "typescript": "5.9.3",
    "vite": "7.3.8",
    "webpack": "5.113.0"
  }
}
EOF
if ! cmp -s package.json.new package.json.installed 2>/dev/null || [ ! -d node_modules/vite ]; then
    say "installing Vite, webpack and TypeScript into target/npm-users/ (once; kept for later runs)"
    rm -rf node_modules package-lock.json
    cp package.json.new package.json
    npm install --no-audit --no-fund --loglevel=error
    cp package.json.new package.json.installed
else
    say "Vite, webpack and TypeScript: installed in target/npm-users/"
    cp package.json.new package.json
fi
rm package.json.new

say "npm install $(basename "$TGZ")"
npm install --no-save --no-audit --no-fund --loglevel=error "$TGZ"
[ -f node_modules/xla-layout-viz/xla-layout.js ] || die "the package did not install"

# The page every project draws: a plain element, a compared one and one
# with a sharding (the sharded module).
ELEMENTS='<xla-layout id="plain" shape="f32[3,5]{1,0:T(2,2)}" controls="compact"></xla-layout>
    <xla-layout id="sharded" shape="f32[64,4096]{1,0:T(8,128)}" sharding="{devices=[16,1]&lt;=[16]}" device="5" controls="compact"></xla-layout>'
LISTEN='window.__mounted = [];
for (const el of document.querySelectorAll("xla-layout")) el.addEventListener("xla-layout-mounted", () => window.__mounted.push(el.id));'

say "a Vite project (vanilla): vite build"
rm -rf vite vite-dist
mkdir -p vite
cat > vite/index.html <<EOF
<!doctype html>
<html lang="en"><head><meta charset="utf-8" /><title>Vite</title></head>
  <body>
    $ELEMENTS
    <script type="module" src="./main.js"></script>
  </body>
</html>
EOF
printf "import 'xla-layout-viz';\n%s\n" "$LISTEN" > vite/main.js
node_modules/.bin/vite build vite --base ./ --outDir ../vite-dist --emptyOutDir --logLevel warn
ls vite-dist/assets/*.wasm >/dev/null 2>&1 || die "vite build emitted no .wasm"

say "a webpack 5 project: webpack (production)"
rm -rf webpack webpack-dist
mkdir -p webpack/src webpack-dist
printf "import 'xla-layout-viz';\n%s\n" "$LISTEN" > webpack/src/index.js
cat > webpack/build.mjs <<'EOF'
import webpack from 'webpack';
import { resolve } from 'node:path';
const here = new URL('.', import.meta.url).pathname;
webpack({
  mode: 'production',
  context: here,
  entry: './src/index.js',
  output: { path: resolve(here, '../webpack-dist'), filename: 'main.js', clean: false },
}, (error, stats) => {
  if (error || stats.hasErrors()) {
    console.error(error ?? stats.toString({ colors: false, all: false, errors: true }));
    process.exit(1);
  }
  console.log(stats.toString({ colors: false, all: false, assets: true }));
});
EOF
node webpack/build.mjs
cat > webpack-dist/index.html <<EOF
<!doctype html>
<html lang="en"><head><meta charset="utf-8" /><title>webpack</title><script defer src="main.js"></script></head>
  <body>
    $ELEMENTS
  </body>
</html>
EOF
ls webpack-dist/*.wasm >/dev/null 2>&1 || die "webpack emitted no .wasm"

say "a plain page with one <script> of the classic build"
mkdir -p classic
cat > classic/index.html <<EOF
<!doctype html>
<html lang="en"><head><meta charset="utf-8" /><title>classic</title>
  <script src="../node_modules/xla-layout-viz/xla-layout.classic.js"></script></head>
  <body>
    $ELEMENTS
    <script>$LISTEN</script>
  </body>
</html>
EOF

say "TypeScript: the element's declarations (tsc --noEmit)"
rm -rf ts
mkdir -p ts
cat > ts/use.ts <<'EOF'
import 'xla-layout-viz';
import type { XlaLayoutAttributes, XlaLayoutElement } from 'xla-layout-viz';
const el: XlaLayoutElement = document.createElement('xla-layout');
const found: XlaLayoutElement | null = document.querySelector('xla-layout');
el.addEventListener('xla-layout-mounted', (e: Event) => console.log(e.type, found));
const attrs: XlaLayoutAttributes = { shape: 'f32[3,5]{1,0}', view: 'both', controls: 'compact' };
for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
// @ts-expect-error: not a view
const wrong: XlaLayoutAttributes = { shape: 'f32[2]{0}', view: 'sideways' };
console.log(wrong);
EOF
cat > ts/tsconfig.json <<'EOF'
{ "compilerOptions": { "strict": true, "noEmit": true, "module": "esnext", "moduleResolution": "bundler",
  "target": "es2022", "lib": ["es2022", "dom"], "skipLibCheck": false }, "files": ["use.ts"] }
EOF
node_modules/.bin/tsc -p ts/tsconfig.json

say "drawing each page in Chromium (tests/e2e/packaged.mjs)"
cd "$ROOT/tests/e2e"
NPM_USERS="$USERS" node --test packaged.mjs
