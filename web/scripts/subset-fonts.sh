#!/usr/bin/env sh
# Rebuilds shared/fonts from @fontsource-variable/inter (needs `pip install fonttools brotli`):
# the Latin subset as shipped, and the Turkish letters and the lira sign cut from Latin Extended.
set -eu
cd "$(dirname "$0")/.."
from=node_modules/@fontsource-variable/inter
to=shared/fonts
cp "$from/files/inter-latin-wght-normal.woff2" "$to/"
cp "$from/LICENSE" "$to/OFL.txt"
pyftsubset "$from/files/inter-latin-ext-wght-normal.woff2" \
  --unicodes='U+011E-011F,U+0130-0131,U+015E-015F,U+20BA' \
  --layout-features='*' --flavor=woff2 \
  --output-file="$to/inter-turkish-wght-normal.woff2"
