#!/usr/bin/env bash
# Copies the app's release build (dist/, from `trunk build --release`) into
# the Python package, so that `pip install ./python` ships the notebook
# widget's live <xla-layout> element inside the wheel (no network needed):
#
#   trunk build --release && bash scripts/python-assets.sh && pip install './python[widget]'
#
# Run by scripts/python-install.sh (which does all three). The copies are
# git-ignored.
set -euo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$ROOT"

# The notebook widget's live element: the app's Trunk build (dist/, from
# `trunk build --release`, which must run before this script) copied into
# the package under fixed names, so that the wheel works offline. Without a
# build that has the element's loader contract (globalThis.XLA_LAYOUT_LOAD)
# this fails, unless XLA_LAYOUT_NO_ELEMENT=1 asks for a wheel whose widget
# shows the static SVG only.
STATIC="$ROOT/python/xla_layout/static"
# (The first two names are those of builds before the embed module.)
rm -f "$STATIC/xla-layout-viz.js" "$STATIC/xla-layout-viz_bg.wasm" \
    "$STATIC/xla-layout-embed.js" "$STATIC/xla-layout-embed_bg.wasm" "$STATIC/xla-layout-element.js" \
    "$STATIC/xla-layout-embed-sharded.js" "$STATIC/xla-layout-embed-sharded_bg.wasm"
if [ -f dist/index.html ] && [ -f dist/xla-layout-element.js ] \
    && grep -q XLA_LAYOUT_LOAD dist/xla-layout-element.js; then
    # The embed module, named in the element's script by Trunk's post_build
    # hook (scripts/module-names.sh): it draws elements; the app's module is
    # not needed.
    GLUE_JS=$(grep -o 'xla-layout-embed-[0-9a-f]*\.js' dist/xla-layout-element.js | head -n 1)
    WASM=$(grep -o 'xla-layout-embed-[0-9a-f]*_bg\.wasm' dist/xla-layout-element.js | head -n 1)
    if [ -z "$GLUE_JS" ] || [ -z "$WASM" ] || [ ! -f "dist/$GLUE_JS" ] || [ ! -f "dist/$WASM" ]; then
        echo "dist/xla-layout-element.js names no embed module that exists in dist/" >&2
        exit 1
    fi
    say "the widget's element: dist/$GLUE_JS, dist/$WASM, dist/xla-layout-element.js into the package"
    cp "dist/$GLUE_JS" "$STATIC/xla-layout-embed.js"
    cp "dist/$WASM" "$STATIC/xla-layout-embed_bg.wasm"
    cp dist/xla-layout-element.js "$STATIC/xla-layout-element.js"
    # The sharded embed module, for the widget's elements with a sharding
    # (show() of a sharded array): the element asks for it by that kind;
    # documentation sites serve it for figures with a sharding
    # (xla_layout.assets.site_files).
    SHARDED_JS=$(grep -o 'xla-layout-embed-sharded-[0-9a-f]*\.js' dist/xla-layout-element.js | head -n 1)
    SHARDED_WASM=$(grep -o 'xla-layout-embed-sharded-[0-9a-f]*_bg\.wasm' dist/xla-layout-element.js | head -n 1)
    if [ -n "$SHARDED_JS" ] && [ -n "$SHARDED_WASM" ] && [ -f "dist/$SHARDED_JS" ] && [ -f "dist/$SHARDED_WASM" ]; then
        say "the widget's sharded module: dist/$SHARDED_JS, dist/$SHARDED_WASM into the package"
        cp "dist/$SHARDED_JS" "$STATIC/xla-layout-embed-sharded.js"
        cp "dist/$SHARDED_WASM" "$STATIC/xla-layout-embed-sharded_bg.wasm"
    else
        say "dist/ has no sharded embed module: the widget's live element draws whole arrays only"
    fi
elif [ "${XLA_LAYOUT_NO_ELEMENT:-0}" = 1 ]; then
    say "XLA_LAYOUT_NO_ELEMENT=1: a wheel without the element (the widget shows the static SVG only)"
else
    echo "dist/ has no release build with the <xla-layout> element (dist/index.html and a" >&2
    echo "dist/xla-layout-element.js that reads XLA_LAYOUT_LOAD): run \`trunk build --release\`" >&2
    echo "first, or set XLA_LAYOUT_NO_ELEMENT=1 for a wheel whose widget is static only" >&2
    exit 1
fi
