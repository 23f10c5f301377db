#!/bin/sh
# scripts/web.sh [DIR]: machack in a browser (doc/web.md). Builds the engine for
# wasm32-unknown-unknown (web/engine, the library without its terminal) and writes
# DIR/index.html (default target/web): one self-contained page, its style, scripts and engine
# inside, which works opened from disk (file://) and fetches nothing; DIR/machack.wasm,
# DIR/engine.js and DIR/worker.js beside it (for `machack report --engine`, Node and the
# size figures).
#
# Two routes to the wasm32 standard library:
# - rustup's, when `rustup target list --installed` has wasm32-unknown-unknown
#   (`rustup target add wasm32-unknown-unknown`);
# - else Debian's: the packages rustc-web, cargo-web, rust-web-src and lld-22 (1.96), with std
#   built from source (`-Zbuild-std`, RUSTC_BOOTSTRAP=1; std's own dependencies come from
#   crates.io), linked by rust-lld (Debian's /usr/bin/rust-lld points at lld-22).
# Either way the build is kept in one target directory (CARGO_TARGET_DIR, else
# target/web-build of this checkout), so that a second run rebuilds only what changed.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-$root/target/web}
build=${CARGO_TARGET_DIR:-$root/target/web-build}
manifest=$root/web/engine/Cargo.toml
wasm=wasm32-unknown-unknown
began=$(date +%s.%N)

if rustup target list --installed 2>/dev/null | grep -qx "$wasm"; then
    route="rustup (rustup target wasm32-unknown-unknown)"
    cargo build --release --target "$wasm" --manifest-path "$manifest" --target-dir "$build/rustup"
    built=$build/rustup/$wasm/release/machack_web.wasm
else
    route="Debian (rustc-web, cargo-web, rust-web-src; std built from source)"
    missing=""
    [ -x /usr/bin/cargo ] && /usr/bin/cargo --version >/dev/null 2>&1 || missing="$missing cargo-web"
    [ -x /usr/bin/rustc ] || missing="$missing rustc-web"
    [ -d /usr/lib/rustlib/src/rust/library ] || missing="$missing rust-web-src"
    command -v rust-lld >/dev/null 2>&1 && rust-lld -flavor wasm --version >/dev/null 2>&1 \
        || missing="$missing lld-22"
    if [ -n "$missing" ]; then
        echo "web.sh: no wasm32-unknown-unknown target in rustup, and Debian's route lacks:$missing" >&2
        echo "  either: rustup target add $wasm" >&2
        echo "  or:     apt-get install -y rustc-web cargo-web rust-web-src lld-22" >&2
        exit 1
    fi
    RUSTC_BOOTSTRAP=1 RUSTC=/usr/bin/rustc RUSTDOC=/usr/bin/rustdoc /usr/bin/cargo build \
        --release --target "$wasm" -Zbuild-std=std,panic_abort \
        --manifest-path "$manifest" --target-dir "$build/debian"
    built=$build/debian/$wasm/release/machack_web.wasm
fi

mkdir -p "$out"
cp "$built" "$out/machack.wasm"
cp "$root/web/page/engine.js" "$out/engine.js"
cp "$root/web/page/worker.js" "$out/worker.js"
built_at=$(date +%s.%N)

page=$root/web/page
if [ ! -f "$page/index.html" ]; then
    echo "web.sh: web/page/index.html is missing: only the engine was written ($out/machack.wasm, $out/engine.js, $out/worker.js)" >&2
    exit 1
fi
# The page: each marker of index.html replaced by what it names (see web/page/index.html).
python3 - "$page" "$out" <<'PY'
import base64, pathlib, sys
page, out = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
html = (page / "index.html").read_text()
parts = {
    "/*@STYLE@*/": (page / "style.css").read_text(),
    "/*@ENGINE_JS@*/": (page / "engine.js").read_text(),
    "/*@WORKER_JS@*/": (page / "worker.js").read_text(),
    "/*@PAGE_JS@*/": (page / "page.js").read_text(),
    # The pieces' drawings, the report's (one drawing for both pages).
    "<!--@PIECES_SVG@-->": (page.parent.parent / "src/fidelity/report/pieces.svg").read_text(),
    "@WASM_BASE64@": base64.b64encode((out / "machack.wasm").read_bytes()).decode(),
}
for marker, text in parts.items():
    if marker not in html:
        sys.exit(f"web.sh: web/page/index.html lacks the marker {marker}")
    if marker != "@WASM_BASE64@" and "</script" in text.lower():
        sys.exit(f"web.sh: what {marker} inlines holds '</script', which would end its script")
    html = html.replace(marker, text)
(out / "index.html").write_text(html)
PY
ended=$(date +%s.%N)
size() { wc -c <"$1" | tr -d ' '; }
echo "web.sh: route: $route"
awk -v a="$began" -v b="$built_at" -v c="$ended" \
    'BEGIN { printf "web.sh: build %.1f s, page %.1f s\n", b - a, c - b }'
echo "web.sh: $out/machack.wasm $(size "$out/machack.wasm") bytes"
echo "web.sh: $out/index.html $(size "$out/index.html") bytes"
