#!/usr/bin/env bash
# Puts the c197 listing (Greenblatt's CHESS D, 1967-68: the source the `c197` profile ports) at
# reference/c197/c197.txt, byte for byte as the public repository PDP-10/its-vault keeps it, and
# checks its sha256. The listing is not committed here (reference/c197/README.md says why);
# tests/suite/citations.rs reads it; while it is absent, it checks what the committed index
# (reference/c197/c197-symbols.tsv) can judge and says so.
#
#   scripts/c197-listing.sh           # fetch it from GitHub (curl or wget)
#   scripts/c197-listing.sh FILE      # or take a copy you already have, if its sum is right
set -euo pipefail
cd "$(dirname "$0")/.."

# The file `dectape/greenblatt/cruft/c197.d=1` at the its-vault commit that added it (Lars
# Brinkhoff, 2020-08-25, "Files extracted from Greenblatt DECtapes.").
url="https://raw.githubusercontent.com/PDP-10/its-vault/33ee8d27801ea6e5f5bea94e03efd3e85e78ff88/dectape/greenblatt/cruft/c197.d%3D1"
sha256="a11180c86f249a45b88b1d1591e4e11c8f97286bda61476c8dc409ce77eb3ac1"
dest="reference/c197/c197.txt"

sum_of() { sha256sum "$1" | cut -d' ' -f1; }

if [ -f "$dest" ] && [ "$(sum_of "$dest")" = "$sha256" ]; then
  echo "$dest is there (sha256 $sha256)"
  exit 0
fi

tmp=$(mktemp "$dest.XXXXXX")
trap 'rm -f "$tmp"' EXIT
if [ $# -ge 1 ]; then
  cp -- "$1" "$tmp"
  from="$1"
elif command -v curl >/dev/null 2>&1; then
  curl -fsSL --retry 2 -o "$tmp" "$url"
  from="$url"
else
  wget -q -O "$tmp" "$url"
  from="$url"
fi
got=$(sum_of "$tmp")
if [ "$got" != "$sha256" ]; then
  echo "error: $from has sha256 $got, not the listing's $sha256; $dest left as it was" >&2
  exit 1
fi
chmod 644 "$tmp" # mktemp made it 0600
mv -- "$tmp" "$dest"
trap - EXIT
echo "$dest from $from (sha256 $sha256)"
