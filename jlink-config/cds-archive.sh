#!/usr/bin/env bash
# Replaces the class-data-sharing archive of an app image's runtime
# (lib/runtime/lib/server/classes.jsa) by one holding the classes of a typical start.
#   jlink-config/cds-archive.sh IMAGE_DIR
# Two training runs through the image's own launcher record the classes they load: a
# `compute` (picocli, Jackson, ND4J) and, when Xvfb and xdotool are there, the window for a
# few seconds (JavaFX). The runtime then dumps those of its own modules (the JDK's and
# JavaFX's) into the default archive, which every start maps instead of loading and
# verifying the classes. Class-path classes stay out on purpose: Java 17 refuses an archive
# whose class path has moved, and the image is unpacked anywhere.
# Prints the number of classes archived and the archive's size on its last line.
set -euo pipefail

image=$(cd "$1" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
name=attention-explainer
cfg=$image/lib/app/$name.cfg
runtime=$image/lib/runtime
work=$(mktemp -d)
xvfb_pid=""
gui_pid=""
cleanup() {
  [ -n "$gui_pid" ] && kill "$gui_pid" 2>/dev/null || true
  [ -n "$xvfb_pid" ] && kill "$xvfb_pid" 2>/dev/null || true
  [ -f "$work/$name.cfg" ] && cp "$work/$name.cfg" "$cfg"
  rm -rf "$work"
}
trap cleanup EXIT

[ -f "$cfg" ] || { echo "cds-archive: no $cfg" >&2; exit 1; }
cp "$cfg" "$work/$name.cfg"

# A training run uses the launcher with one more option: record every class loaded.
training_cfg() {
  sed "s|^\[JavaOptions\]|[JavaOptions]\njava-options=-XX:DumpLoadedClassList=$work/$1.classlist|" \
    "$work/$name.cfg" > "$cfg"
}

training_cfg compute
"$image/bin/$name" compute --quiet --spec "$here/cds-training.json" --out "$work/out" >"$work/compute.log" 2>&1 \
  || { cat "$work/compute.log" >&2; echo "cds-archive: the compute training run failed" >&2; exit 1; }

if command -v Xvfb >/dev/null && command -v xdotool >/dev/null; then
  training_cfg gui
  . "$here/xvfb.sh"
  start_xvfb
  display=$xvfb_display
  DISPLAY=$display "$image/bin/$name" >"$work/gui.log" 2>&1 &
  gui_pid=$!
  for _ in $(seq 1 60); do
    DISPLAY=$display xdotool search --onlyvisible --name '.+' >/dev/null 2>&1 && break
    kill -0 "$gui_pid" 2>/dev/null || break
    sleep 0.5
  done
  sleep 3
  kill "$gui_pid" 2>/dev/null || true
  wait "$gui_pid" 2>/dev/null || true
  gui_pid=""
  kill "$xvfb_pid" 2>/dev/null || true
  xvfb_pid=""
else
  echo "cds-archive: no Xvfb and xdotool: the archive holds the classes of the command line only"
fi
cp "$work/$name.cfg" "$cfg"

cat "$work"/*.classlist | awk '!seen[$0]++' > "$work/all.classlist"
archive=$runtime/lib/server/classes.jsa
rm -f "$archive"
# No class path: the class-path names in the list are skipped (with a warning each).
"$runtime/bin/java" -Xshare:dump -XX:SharedClassListFile="$work/all.classlist" \
  -XX:SharedArchiveFile="$archive" >"$work/dump.log" 2>&1 \
  || { tail -20 "$work/dump.log" >&2; echo "cds-archive: -Xshare:dump failed" >&2; exit 1; }
"$runtime/bin/java" -Xshare:on -version >/dev/null 2>&1 \
  || { echo "cds-archive: the runtime does not start with the new archive" >&2; exit 1; }
skipped=$(grep -c 'Cannot find' "$work/dump.log" || true)
echo "$(( $(grep -vc '^[#@]' "$work/all.classlist") - skipped )) classes, $(du -h "$archive" | cut -f1)"
