#!/bin/sh
# Trunk post_build hook (Trunk.toml): writes the hashed names of the app's
# glue JS and wasm into the staged xla-layout-element.js, replacing the
# placeholders __XLA_LAYOUT_JS__ and __XLA_LAYOUT_WASM__.
set -eu
dir="${TRUNK_STAGING_DIR:?run by trunk}"
cd "$dir"
js=$(ls xla-layout-viz-*.js | grep -v '_bg' | head -n 1)
wasm=$(ls xla-layout-viz-*_bg.wasm | head -n 1)
[ -n "$js" ] && [ -n "$wasm" ] || { echo "element-names.sh: glue JS or wasm not found in $dir" >&2; exit 1; }
sed -i -e "s/__XLA_LAYOUT_JS__/$js/" -e "s/__XLA_LAYOUT_WASM__/$wasm/" xla-layout-element.js
