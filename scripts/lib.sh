# Shared helpers for scripts/run.sh and scripts/test.sh: pinned tool versions
# and idempotent installers. Source it; do not run it.
#
# Every installer prints what it does and returns early when the pinned
# version is already present, so running the scripts again costs seconds.
# Why these versions, and how to upgrade them: docs/dependencies.md.

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
TOOLS="$ROOT/tools"

TRUNK_VERSION="0.22.1"
# Trunk's default features are `update_check` (asks GitHub for new releases:
# useless offline) and `rustls`; one TLS backend is required to build.
TRUNK_FEATURES="rustls"
BINARYEN_VERSION="132.0.0"
WASM_OPT_VERSION="132"
# esbuild minifies the release build's JavaScript and CSS
# (scripts/module-names.sh; docs/dependencies.md, "Minified JavaScript").
ESBUILD_VERSION="0.28.2"
# The registry mirror lacks webpki-roots 1.0.11, which wasm-bindgen-cli's lock
# file asks for; 1.0.10 is the newest one it has.
WEBPKI_ROOTS_FALLBACK="1.0.10"
# Firefox's WebDriver, for the engine tests (tests/e2e/engines/).
GECKODRIVER_VERSION="0.37.1"
MINIBROWSER="/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser"

# The exact compiler of rust-toolchain.toml, for every cargo this script and
# its callers run, whatever stable the machine has as its default.
RUST_TOOLCHAIN="$(sed -n 's/^channel *= *"\(.*\)"/\1/p' "$ROOT/rust-toolchain.toml")"
export RUSTUP_TOOLCHAIN="$RUST_TOOLCHAIN"

CARGO_BIN="${CARGO_HOME:-$HOME/.cargo}/bin"
# Project-local tools (wasm-opt) come first, then cargo-installed tools.
export PATH="$TOOLS/node_modules/.bin:$CARGO_BIN:$PATH"

say() { printf '\033[1;34m==>\033[0m %s\n' "$*"; }
warn() { printf '\033[1;33m==> warning:\033[0m %s\n' "$*" >&2; }
die() {
    printf '\033[1;31m==> error:\033[0m %s\n' "$*" >&2
    exit 1
}

# The version of a crate as resolved in Cargo.lock, e.g. `lock_version wasm-bindgen`.
lock_version() {
    awk -v name="$1" '
        $0 == "name = \"" name "\"" { found = 1; next }
        found && /^version = / { gsub(/"/, "", $3); print $3; exit }
    ' "$ROOT/Cargo.lock"
}

# `as_root cmd...` runs cmd as root, through sudo when we are not root.
as_root() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    elif command -v sudo >/dev/null 2>&1; then
        sudo "$@"
    else
        die "need root for: $* (no sudo found)"
    fi
}

require_base_tools() {
    local tool
    for tool in cargo rustup node npm python3 gzip; do
        command -v "$tool" >/dev/null 2>&1 || die "$tool is not installed; this project needs rustup/cargo, node 20 + npm, python3 and gzip"
    done
}

# The pinned toolchain with the wasm32 target, rustfmt and clippy (rustup,
# ~15 s the first time). Newer rustups no longer install a toolchain named
# by rust-toolchain.toml on first use, so do it here, explicitly.
ensure_toolchain() {
    [ -n "$RUST_TOOLCHAIN" ] || die "no channel in rust-toolchain.toml"
    if rustup run "$RUST_TOOLCHAIN" rustc --version >/dev/null 2>&1 &&
        rustup component list --toolchain "$RUST_TOOLCHAIN" --installed 2>/dev/null | grep -q '^clippy' &&
        rustup component list --toolchain "$RUST_TOOLCHAIN" --installed 2>/dev/null | grep -q '^rustfmt' &&
        rustup target list --toolchain "$RUST_TOOLCHAIN" --installed | grep -qx wasm32-unknown-unknown; then
        say "rust $RUST_TOOLCHAIN with wasm32, rustfmt, clippy: present"
        return
    fi
    say "installing rust $RUST_TOOLCHAIN with the wasm32 target, rustfmt and clippy (rustup, ~15 s)"
    rustup toolchain install "$RUST_TOOLCHAIN" --profile minimal \
        --target wasm32-unknown-unknown --component rustfmt --component clippy
}

ensure_trunk() {
    if command -v trunk >/dev/null 2>&1 && [ "$(trunk --version)" = "trunk $TRUNK_VERSION" ]; then
        say "trunk $TRUNK_VERSION: present"
        return
    fi
    say "installing trunk $TRUNK_VERSION with cargo (~5 min the first time on 2 cores)"
    # Trunk's own release profile (fat LTO, one codegen unit, opt-level 3)
    # took 7:07 to install on 2 cores; these overrides, for this command
    # only, 5:04, and the trunk they build writes a byte-identical dist/ in
    # the same time (docs/dependencies.md, "Installing faster").
    CARGO_PROFILE_RELEASE_LTO=false CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 \
        CARGO_PROFILE_RELEASE_OPT_LEVEL=1 \
        cargo install trunk --version "$TRUNK_VERSION" --locked --no-default-features --features "$TRUNK_FEATURES"
}

wasm_bindgen_ok() {
    local want="$1"
    command -v wasm-bindgen >/dev/null 2>&1 &&
        command -v wasm-bindgen-test-runner >/dev/null 2>&1 &&
        [ "$(wasm-bindgen --version)" = "wasm-bindgen $want" ] &&
        [ "$(wasm-bindgen-test-runner --version)" = "wasm-bindgen-test-runner $want" ]
}

# wasm-bindgen-cli must be exactly the wasm-bindgen version in Cargo.lock.
ensure_wasm_bindgen() {
    local want
    want="$(lock_version wasm-bindgen)"
    [ -n "$want" ] || die "wasm-bindgen not found in Cargo.lock"
    local trunk_pin
    trunk_pin="$(sed -n 's/^wasm_bindgen *= *"\(.*\)"/\1/p' "$ROOT/Trunk.toml")"
    [ "$trunk_pin" = "$want" ] ||
        die "Trunk.toml pins wasm_bindgen = \"$trunk_pin\" but Cargo.lock has wasm-bindgen $want: make them equal"
    if wasm_bindgen_ok "$want"; then
        say "wasm-bindgen-cli $want: present"
        return
    fi
    say "installing wasm-bindgen-cli $want to match Cargo.lock (~2 min)"
    # opt-level 1 for this install only: 1:31 instead of 1:43 on 2 cores; the
    # binary writes byte-identical bindings in the same ~0.17 s per module.
    if CARGO_PROFILE_RELEASE_OPT_LEVEL=1 cargo install wasm-bindgen-cli --version "$want" --locked --force; then
        return
    fi
    # The expected failure: the mirror lacks the locked webpki-roots. The
    # failed attempt left the crate's source in the registry cache; build a
    # copy of it with webpki-roots pinned to a version the mirror has.
    warn "locked install failed (webpki-roots missing from the mirror); retrying with webpki-roots $WEBPKI_ROOTS_FALLBACK"
    local src copy
    src="$(ls -d "${CARGO_HOME:-$HOME/.cargo}"/registry/src/*/"wasm-bindgen-cli-$want" 2>/dev/null | head -n 1 || true)"
    if [ -n "$src" ]; then
        copy="$(mktemp -d)/wasm-bindgen-cli-$want"
        cp -r "$src" "$copy"
        if (cd "$copy" && cargo update -p webpki-roots --precise "$WEBPKI_ROOTS_FALLBACK" &&
            CARGO_PROFILE_RELEASE_OPT_LEVEL=1 cargo install --path . --locked --force); then
            rm -rf "$(dirname "$copy")"
            return
        fi
        rm -rf "$(dirname "$copy")"
    fi
    warn "fallback failed too; installing without --locked (slower, resolves fresh versions)"
    CARGO_PROFILE_RELEASE_OPT_LEVEL=1 cargo install wasm-bindgen-cli --version "$want" --force
}

# wasm-opt from npm binaryen: Debian's and the crates.io one are too old for
# current rustc output. Installed into ./tools, which is first on PATH.
ensure_wasm_opt() {
    if [ -x "$TOOLS/node_modules/.bin/wasm-opt" ] &&
        "$TOOLS/node_modules/.bin/wasm-opt" --version | grep -q "version $WASM_OPT_VERSION\b"; then
        say "wasm-opt $WASM_OPT_VERSION (npm binaryen@$BINARYEN_VERSION in tools/): present"
        return
    fi
    say "installing wasm-opt: npm binaryen@$BINARYEN_VERSION into tools/ (seconds)"
    mkdir -p "$TOOLS"
    npm install --prefix "$TOOLS" --no-audit --no-fund --save-exact "binaryen@$BINARYEN_VERSION"
}

# esbuild from npm (its package fetches the platform binary, also from
# npm), into ./tools beside binaryen: the release build's post_build hook
# minifies the JavaScript and CSS with it.
ensure_esbuild() {
    if [ -x "$TOOLS/node_modules/.bin/esbuild" ] &&
        [ "$("$TOOLS/node_modules/.bin/esbuild" --version)" = "$ESBUILD_VERSION" ]; then
        say "esbuild $ESBUILD_VERSION (npm, in tools/): present"
        return
    fi
    say "installing esbuild $ESBUILD_VERSION from npm into tools/ (seconds)"
    mkdir -p "$TOOLS"
    npm install --prefix "$TOOLS" --no-audit --no-fund --save-exact "esbuild@$ESBUILD_VERSION"
}

# Chromium and its matching chromedriver from Debian, for the browser tests.
ensure_chromium() {
    if [ -x /usr/bin/chromium ] && [ -x /usr/bin/chromedriver ]; then
        say "chromium + chromedriver: present ($(/usr/bin/chromium --version 2>/dev/null | head -n 1))"
        return
    fi
    say "installing chromium and chromium-driver from Debian apt (~1 min)"
    as_root apt-get update
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y chromium chromium-driver
}

# binaryen's wasm-split from Debian apt (binaryen 108): the release build's
# post_build hook splits the app's module in two with it
# (scripts/split_module.py; docs/dependencies.md, "The app in two parts").
# Without it a release build is one module, over the app's budget.
ensure_wasm_split() {
    if command -v wasm-split >/dev/null 2>&1; then
        say "wasm-split: present ($(wasm-split --version 2>/dev/null | head -n 1))"
        return
    fi
    say "installing binaryen (wasm-split) from Debian apt (seconds)"
    as_root apt-get update
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y binaryen
}

# The other two engines of the engine tests: Firefox ESR, WebKitGTK's
# WebDriver with its MiniBrowser, and Xvfb (WebKit needs a display) from
# Debian apt (~1.5 min); geckodriver from crates.io (~4 min on 2 cores).
# A failed install is a loud warning, not an error: that engine's test step
# then says, as loudly, that it did not run (scripts/test.sh).
ensure_engines() {
    if [ -x /usr/bin/firefox-esr ] && [ -x /usr/bin/WebKitWebDriver ] && [ -x "$MINIBROWSER" ] &&
        command -v xvfb-run >/dev/null 2>&1; then
        say "firefox-esr, WebKitWebDriver + MiniBrowser, xvfb: present ($(/usr/bin/firefox-esr --version 2>/dev/null))"
    else
        say "installing firefox-esr, webkit2gtk-driver and xvfb from Debian apt (~1.5 min)"
        (as_root apt-get update && as_root env DEBIAN_FRONTEND=noninteractive \
            apt-get install -y firefox-esr webkit2gtk-driver xvfb) ||
            warn "!!! could not install firefox-esr, webkit2gtk-driver, xvfb: Firefox and WebKit will NOT be tested"
    fi
    if [ "$("$CARGO_BIN/geckodriver" --version 2>/dev/null | head -n 1)" = "geckodriver $GECKODRIVER_VERSION" ]; then
        say "geckodriver $GECKODRIVER_VERSION: present"
    else
        say "installing geckodriver $GECKODRIVER_VERSION with cargo (~4 min the first time on 2 cores)"
        cargo install geckodriver --version "$GECKODRIVER_VERSION" --locked --force ||
            warn "!!! could not install geckodriver $GECKODRIVER_VERSION: Firefox will NOT be tested"
    fi
}

# Everything `scripts/run.sh` needs.
ensure_app_tools() {
    require_base_tools
    ensure_toolchain
    ensure_wasm_opt
    ensure_esbuild
    ensure_wasm_bindgen
    ensure_trunk
}
