#!/usr/bin/env bash
# Makes the app icon's PNGs (16 to 512 px) from assets/attention-explainer.svg, into
# assets/icons/. Needs rsvg-convert (Debian: apt-get install librsvg2-bin). The PNGs are
# committed, so neither the build nor a user needs this tool; run it after editing the SVG.
set -euo pipefail
cd "$(dirname "$0")/../.."
command -v rsvg-convert >/dev/null || { echo "make-icons: rsvg-convert is missing (apt-get install librsvg2-bin)" >&2; exit 1; }
for size in 16 24 32 48 64 128 256 512; do
  rsvg-convert --width "$size" --height "$size" --output "assets/icons/attention-explainer-$size.png" \
      assets/attention-explainer.svg
done
echo "make-icons: wrote assets/icons/attention-explainer-{16..512}.png"
