#!/bin/sh
# Trunk post_build hook (Trunk.toml). Trunk gives the app's glue JS and
# wasm hashed names, but not the embed modules' (they are built as
# "workers", whose names Trunk keeps fixed). For each of the embed module
# (xla-layout-embed) and the sharded embed module (xla-layout-embed-sharded)
# this script
#  1. renames its files to hashed names, as Trunk does for the app (a
#     changed build gets new names, so no cache serves an old wasm with a
#     new glue JS): NAME-HASH.js and NAME-HASH_bg.wasm;
#  2. writes those names into the loader in index.html and into
#     xla-layout-element.js (placeholders __XLA_EMBED_JS__ and
#     __XLA_EMBED_WASM__, __XLA_EMBED_SHARDED_JS__ and
#     __XLA_EMBED_SHARDED_WASM__), which load the modules without a round
#     trip (without them they fail, saying so).
set -eu
dir="${TRUNK_STAGING_DIR:?run by trunk}"
# Release builds: the JavaScript and CSS minified first, so that the hashed
# names below are those of the files served.
sh "$(dirname "$0")/minify.sh"
scripts_dir=$(cd "$(dirname "$0")" && pwd)
cd "$dir"
name_module() { # $1: the module's file name stem, $2: its placeholders' stem
    [ -f "$1.js" ] && [ -f "$1_bg.wasm" ] \
        || { echo "module-names.sh: the module $1 ($1.js, _bg.wasm) is not in $dir" >&2; exit 1; }
    hash=$(cat "$1.js" "$1_bg.wasm" | sha256sum | cut -c1-16)
    js="$1-$hash.js"
    wasm="$1-${hash}_bg.wasm"
    mv "$1.js" "$js"
    mv "$1_bg.wasm" "$wasm"
    rm -f "$1.d.ts" "$1_bg.wasm.d.ts"
    sed -i -e "s/__${2}_JS__/$js/g" -e "s/__${2}_WASM__/$wasm/g" index.html xla-layout-element.js
}
name_module xla-layout-embed XLA_EMBED
name_module xla-layout-embed-sharded XLA_EMBED_SHARDED
# Release builds: the app's module in two parts (split_module.py writes the
# second part's name over __XLA_REST_WASM__); other builds are one module.
if [ "${TRUNK_PROFILE:-}" = "release" ]; then
    python3 "$scripts_dir/split_module.py" "$dir"
else
    sed -i -e "s/__XLA_REST_WASM__//g" index.html
fi
if grep -q '__XLA_EMBED\|__XLA_REST' index.html xla-layout-element.js; then
    echo "module-names.sh: a placeholder was left in index.html or xla-layout-element.js" >&2
    exit 1
fi
