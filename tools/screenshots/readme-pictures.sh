#!/usr/bin/env bash
# Makes the README's pictures from the app itself, so they stay current: each screen is opened
# in a virtual display (Xvfb) with settings of its own (screen, language, theme, step), left to
# compute, and captured; an attention map is exported by the CLI. Writes docs/images/*.png.
#
#   tools/screenshots/readme-pictures.sh [--size 1280x800] [--jar target/attention-explainer.jar]
#
# Needs Xvfb, xdotool and ImageMagick's import (Debian: apt-get install xvfb xdotool imagemagick)
# and GTK 3 (libgtk-3-0); build the jar first with ./mvnw -B package -DskipTests.
set -euo pipefail
cd "$(dirname "$0")/../.."
size=1280x800
jar=target/attention-explainer.jar
while [ $# -gt 0 ]; do
  case $1 in
    --size) size=$2; shift 2 ;;
    --jar) jar=$2; shift 2 ;;
    *) echo "readme-pictures: unknown option $1" >&2; exit 2 ;;
  esac
done
me=readme-pictures
. tools/screenshots/common.sh
need_tools "$jar"
out=docs/images
mkdir -p "$out"
work=$(mktemp -d)
trap 'stop_app; rm -rf "$work"' EXIT

# shot NAME WAIT KEYS PREF=VALUE...: one run of the app with these settings, captured after WAIT s
shot() {
  local name=$1 wait_s=$2 keys=$3; shift 3
  write_prefs "$work/$name" "$@"
  start_app "$size" "$jar" "$work/$name" "$work/$name.log"
  sleep "$wait_s"
  for k in $keys; do xdotool key "$k"; sleep 2; done
  capture "$out/$name.png"
  stop_app
  echo "readme-pictures: $out/$name.png"
}

shot walkthrough 8 "" screen=walkthrough walkthroughStep=2 window.maximized=true
shot chapters 10 "" screen=chapters chapter=1 window.maximized=true
shot explorer 10 "" screen=explorer window.maximized=true
shot real-model 25 "" screen=real window.maximized=true
shot presentation-tr 10 "F5" screen=walkthrough walkthroughStep=2 language=tr
shot dark-explorer 10 "" screen=explorer theme=DARK window.maximized=true

# an attention map as the CLI exports it (the same drawing as the window's export)
java --add-modules jdk.incubator.vector -jar "$jar" export --sentence "The animal didn't cross the street because it was too tired" \
    --heads 1 --no-grid --format png --scale 2 --out "$work/export" --quiet
cp "$work/export/head-01.png" "$out/export-head.png"
echo "readme-pictures: $out/export-head.png"
