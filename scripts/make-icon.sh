#!/bin/sh
# Redraws media/icon.png (128×128): two bold chain links joined by a bolt, shapes thick enough to
# read at 32 px (the Extensions view). Drawn at 512 px and scaled down. Needs ImageMagick 6
# (`apt-get install imagemagick`).
set -eu
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM HUP
convert -size 512x512 xc:none -fill '#1e2a3a' -draw 'roundrectangle 0,0 511,511 104,104' "$tmp/bg.png"
convert -size 512x512 xc:none -fill none -stroke '#6ec1ff' -strokewidth 50 \
  -draw 'roundrectangle 36,184 250,328 72,72' -draw 'roundrectangle 262,184 476,328 72,72' \
  -background none -distort SRT '256,256 1 -45 256,256' "$tmp/link.png"
convert -size 512x512 xc:none -fill '#ffc928' -stroke '#1e2a3a' -strokewidth 30 \
  -draw 'stroke-linejoin round polygon 308,29 138,298 244,298 197,483 374,206 268,206 334,29' \
  "$tmp/bolt.png"
convert "$tmp/bg.png" "$tmp/link.png" -composite "$tmp/bolt.png" -composite \
  -resize 128x128 -strip media/icon.png
# 256 colours: the icon is in every .vsix (its size limit: test/cli/package-size.test.ts).
node scripts/lib/png-palette.mjs media/icon.png
