#!/bin/sh
# Trunk post_build hook (Trunk.toml). Trunk gives the app's glue JS and
# wasm hashed names, but not the embed module's (it is built as a "worker",
# whose names Trunk keeps fixed). This script
#  1. renames the embed module's files to hashed names, as Trunk does for
#     the app (a changed build gets new names, so no cache serves an old
#     wasm with a new glue JS): xla-layout-embed-HASH.js and
#     xla-layout-embed-HASH_bg.wasm;
#  2. writes those names into the loader in index.html (placeholders
#     __XLA_EMBED_JS__ and __XLA_EMBED_WASM__) and into
#     xla-layout-element.js, which loads the embed module without a round
#     trip (without them it fails, saying so).
set -eu
dir="${TRUNK_STAGING_DIR:?run by trunk}"
cd "$dir"
[ -f xla-layout-embed.js ] && [ -f xla-layout-embed_bg.wasm ] \
    || { echo "module-names.sh: the embed module (xla-layout-embed.js, _bg.wasm) is not in $dir" >&2; exit 1; }
hash=$(cat xla-layout-embed.js xla-layout-embed_bg.wasm | sha256sum | cut -c1-16)
js="xla-layout-embed-$hash.js"
wasm="xla-layout-embed-${hash}_bg.wasm"
mv xla-layout-embed.js "$js"
mv xla-layout-embed_bg.wasm "$wasm"
rm -f xla-layout-embed.d.ts xla-layout-embed_bg.wasm.d.ts
sed -i -e "s/__XLA_EMBED_JS__/$js/g" -e "s/__XLA_EMBED_WASM__/$wasm/g" index.html xla-layout-element.js
if grep -q '__XLA_EMBED_' index.html xla-layout-element.js; then
    echo "module-names.sh: a placeholder was left in index.html or xla-layout-element.js" >&2
    exit 1
fi
