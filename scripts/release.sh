#!/usr/bin/env bash
# The release artifacts (issue 70), each named with the version of
# Cargo.toml, into target/artifacts/:
#
#   bash scripts/release.sh
#
#   xla-layout-viz-VERSION.tgz           the npm package of <xla-layout> (scripts/package.sh)
#   xla-layout-viz-VERSION-app.tar.gz    the static app: one folder, xla-layout-viz-VERSION-app/,
#                                        with dist/ and a README.md on hosting it (docs/hosting.md)
#   xla_layout-VERSION-*.whl             the Python wheel, its live widget inside
#                                        (scripts/python-install.sh --wheel)
#   MANIFEST                             each file's size in bytes and SHA-256
#
# Steps: the tools the build needs (only those missing), `trunk build
# --release` into dist/, then the three artifacts and the MANIFEST. With
# --no-build, dist/ is taken as current and the newest wheel in
# target/wheels/ built from it is taken as the wheel (scripts/test.sh, after
# its own release build and Python step: no second build). Nothing is
# published: `npm publish` and a PyPI upload are a maintainer's steps
# (docs/hosting.md, "Publishing").
set -euo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$ROOT"

BUILD=1
for arg in "$@"; do
    case "$arg" in
        --no-build) BUILD=0 ;;
        -h | --help)
            awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "${BASH_SOURCE[0]}"
            exit 0
            ;;
        *) die "unknown argument: $arg (try --help)" ;;
    esac
done

VERSION="$(sed -n 's/^version *= *"\(.*\)"/\1/p' Cargo.toml | head -n 1)"
PY_VERSION="$(sed -n 's/^version *= *"\(.*\)"/\1/p' python/pyproject.toml python/Cargo.toml | head -n 1)"
OUT="$ROOT/target/artifacts"
APP="xla-layout-viz-$VERSION-app"

if [ "$BUILD" = 1 ]; then
    ensure_app_tools
    ensure_wasm_split
    say "the app's release build: trunk build --release (into dist/)"
    trunk build --release --locked
else
    say "--no-build: the release build already in dist/"
fi
[ -f dist/index.html ] || die "no release build in dist/"

say "clearing target/artifacts/"
rm -rf "$OUT"
mkdir -p "$OUT"

say "the npm package (scripts/package.sh)"
bash scripts/package.sh

say "the static app: $APP.tar.gz"
stage="$ROOT/target/app-package"
rm -rf "$stage"
mkdir -p "$stage/$APP"
cp -r dist/. "$stage/$APP/"
# Trunk's own files (.trunk-lock) are not the app's.
find "$stage/$APP" -name '.*' -type f -delete
cat > "$stage/$APP/README.md" <<EOF
# xla-layout-viz $VERSION: the app, to host anywhere

This folder is the whole app: copy it to any static web host, at any
address (a site's root or a sub-path such as /course/layout/); every URL
in it is relative. Open index.html for the app, docs.html for a page of
<xla-layout> elements, index.html?embed=1&shape=... for one picture alone.

- GitHub Pages: put these files in the branch and folder Pages serves
  (or upload them with actions/upload-pages-artifact).
- Any static host or a course site: upload the folder; serve .wasm as
  application/wasm (most hosts do).
- On your own machine: python3 -m http.server in this folder, then open
  http://127.0.0.1:8000/. Browsers do not run the app from file://.

More: docs/hosting.md in the project's repository.
EOF
tar -C "$stage" -czf "$OUT/$APP.tar.gz" "$APP"
# One top folder with the app, its examples page and the README.
listing="$(tar -tzf "$OUT/$APP.tar.gz")"
if printf '%s\n' "$listing" | grep -qv "^$APP/"; then
    die "$APP.tar.gz has entries outside its top folder $APP/"
fi
for f in index.html docs.html xla-layout-element.js README.md; do
    printf '%s\n' "$listing" | grep -qx "$APP/$f" || die "$APP.tar.gz has no $APP/$f"
done

if [ "$BUILD" = 1 ]; then
    say "the Python wheel with the live widget (scripts/python-install.sh --wheel --no-build)"
    rm -f target/wheels/xla_layout-*.whl
    bash scripts/python-install.sh --wheel --no-build
fi
wheel="$(ls -t target/wheels/xla_layout-"$PY_VERSION"-*.whl 2>/dev/null | head -n 1 || true)"
[ -n "$wheel" ] || die "no wheel xla_layout-$PY_VERSION-*.whl in target/wheels/"
[ "$PY_VERSION" = "$VERSION" ] || warn "the Python package's version $PY_VERSION is not Cargo.toml's $VERSION"
cp "$wheel" "$OUT/"

say "MANIFEST (size in bytes, SHA-256)"
manifest="$(
    cd "$OUT"
    for f in *; do
        printf '%s  %s  %s\n' "$f" "$(stat -c %s "$f")" "$(sha256sum "$f" | cut -d' ' -f1)"
    done
)"
printf '# file  size-in-bytes  sha256 (xla-layout-viz %s)\n%s\n' "$VERSION" "$manifest" > "$OUT/MANIFEST"
cat "$OUT/MANIFEST"
say "done: target/artifacts/"
