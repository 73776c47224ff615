#!/usr/bin/env bash
# Build the landing-page crackme reproducibly.
#
#   apps/public-site/crackme/build.sh [OUTPUT_DIR]
#
# Writes OUTPUT_DIR/memoir-crackme (Linux x86-64, stripped). OUTPUT_DIR defaults to
# apps/public-site/public/downloads; a relative OUTPUT_DIR is taken from the current directory.
# Works from any current directory. Two builds with the same gcc are byte-identical:
# no timestamps, no build id, no debug info, no source paths (see README.md).
set -euo pipefail

SCRIPT_DIR="$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")" && pwd -P)"
SOURCE="$SCRIPT_DIR/crackme.c"
OUT_DIR="${1:-$SCRIPT_DIR/../public/downloads}"
OUT_NAME="memoir-crackme"

if ! command -v gcc >/dev/null 2>&1; then
  echo "build.sh: gcc not found; install gcc: apt-get install gcc" >&2
  exit 1
fi
if [ ! -f "$SOURCE" ]; then
  echo "build.sh: source not found: $SOURCE" >&2
  exit 1
fi

mkdir -p -- "$OUT_DIR"
OUT_DIR="$(cd -- "$OUT_DIR" && pwd -P)"

# Fixed environment: no locale-dependent output, a fixed epoch for anything that asks.
export LC_ALL=C
export SOURCE_DATE_EPOCH="${SOURCE_DATE_EPOCH:-0}"

# Compile into a temporary file next to the target, then move it into place atomically.
TMP_OUT="$(mktemp "$OUT_DIR/.$OUT_NAME.XXXXXX")"
trap 'rm -f -- "$TMP_OUT"' EXIT

# Compile from the source folder with a relative path, and map any absolute prefix to '.',
# so the checkout location never reaches the binary.
(
  cd -- "$SCRIPT_DIR"
  gcc -std=c99 -O2 -s \
    -Wall -Wextra \
    -ffile-prefix-map="$SCRIPT_DIR"=. \
    -frandom-seed=memoir-crackme \
    -Wl,--build-id=none \
    -o "$TMP_OUT" crackme.c
)

chmod 0755 -- "$TMP_OUT"
mv -f -- "$TMP_OUT" "$OUT_DIR/$OUT_NAME"
trap - EXIT

echo "built $OUT_DIR/$OUT_NAME"
