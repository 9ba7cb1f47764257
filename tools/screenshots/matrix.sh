#!/usr/bin/env bash
# Captures every screen of the app, in and out of presentation mode, for each window size, theme
# and language asked for, to check them as a class sees them. The app starts once per (size,
# theme, language) in a virtual display (Xvfb), goes from screen to screen through the
# navigation list, and each picture is taken once the screen has stopped changing (the real
# model computes for a few seconds). Writes, e.g.,
# OUT/1280x800-dark-tr-explorer.png and OUT/1280x800-dark-tr-explorer-present.png.
#
#   tools/screenshots/matrix.sh [--sizes 1024x768,1280x800,1920x1080] [--themes LIGHT,DARK,HIGH_CONTRAST]
#       [--langs en,tr] [--screens home,walkthrough,chapters,explorer,real,tinygpt]
#       [--step 2] [--chapter 1] [--out target/screenshots] [--jar target/attention-explainer.jar]
#
# --step and --chapter (0-based) pick the walkthrough step and the chapter shown. Needs Xvfb,
# xdotool and ImageMagick (Debian: apt-get install xvfb xdotool imagemagick) and GTK 3; build
# the jar first with ./mvnw -B package -DskipTests. About 3 minutes per (size, theme, language)
# on two cores.
set -euo pipefail
cd "$(dirname "$0")/../.."
me=matrix
sizes=1024x768,1280x800,1920x1080
themes=LIGHT,DARK,HIGH_CONTRAST
langs=en,tr
screens=home,walkthrough,chapters,explorer,real,tinygpt
step=2
chapter=1
out=target/screenshots
jar=target/attention-explainer.jar
while [ $# -gt 0 ]; do
  [ $# -ge 2 ] || { echo "$me: $1 needs a value" >&2; exit 2; }
  case $1 in
    --sizes) sizes=$2 ;;
    --themes) themes=$2 ;;
    --langs) langs=$2 ;;
    --screens) screens=$2 ;;
    --step) step=$2 ;;
    --chapter) chapter=$2 ;;
    --out) out=$2 ;;
    --jar) jar=$2 ;;
    *) echo "$me: unknown option $1 (see the top of $0)" >&2; exit 2 ;;
  esac
  shift 2
done
. tools/screenshots/common.sh
need_tools "$jar"
command -v convert >/dev/null || { echo "$me: convert is missing (apt-get install imagemagick)" >&2; exit 2; }

# the screens in the navigation's order (DesktopApp.createScreens), how long each may compute,
# and how long it must stay alike to count as done: the explorer first shows seeded weights and
# turns to trained heads once the model (90 MB) is read, some seconds later without a change
all_screens=(home walkthrough chapters explorer real tinygpt)
declare -A max_wait=([home]=10 [walkthrough]=15 [chapters]=20 [explorer]=30 [real]=60 [tinygpt]=20)
declare -A quiet=([home]=2 [walkthrough]=2 [chapters]=3 [explorer]=8 [real]=4 [tinygpt]=3)
IFS=, read -r -a size_list <<<"$sizes"
IFS=, read -r -a theme_list <<<"${themes^^}"
IFS=, read -r -a lang_list <<<"$langs"
IFS=, read -r -a screen_list <<<"$screens"
for s in "${size_list[@]}"; do
  [[ $s =~ ^[0-9]{3,4}x[0-9]{3,4}$ ]] || { echo "$me: size '$s' is not WIDTHxHEIGHT (e.g. 1280x800)" >&2; exit 2; }
done
for t in "${theme_list[@]}"; do
  case ${t//-/_} in LIGHT|DARK|HIGH_CONTRAST) ;; *) echo "$me: theme '$t' is not LIGHT, DARK or HIGH_CONTRAST" >&2; exit 2 ;; esac
done
for l in "${lang_list[@]}"; do
  case $l in en|tr) ;; *) echo "$me: language '$l' is not en or tr" >&2; exit 2 ;; esac
done
for s in "${screen_list[@]}"; do
  [ -n "${max_wait[$s]:-}" ] || { echo "$me: screen '$s' is not one of ${all_screens[*]}" >&2; exit 2; }
done
[[ $step =~ ^[0-9]+$ && $chapter =~ ^[0-9]+$ ]] || { echo "$me: --step and --chapter take a number from 0" >&2; exit 2; }
mkdir -p "$out"
work=$(mktemp -d)
trap 'stop_app; rm -rf "$work"' EXIT

# settle FILE|- MAX QUIET [BEFORE]: captures FILE (- for none, only the wait) once the display
# has stayed alike for QUIET seconds and no longer shows BEFORE (a capture from before the last
# click or key: a busy app may not have begun to change yet), or after MAX s as it is then
settle() {
  local file=$1 max=$2 quiet_s=$3 before=${4:-} i same=0
  sleep 1
  capture "$work/a.ppm"
  for ((i = 1; i < max; i++)); do
    sleep 1
    capture "$work/b.ppm"
    # a window just shown is one colour until its first frame: that is not the screen at rest
    if cmp -s "$work/a.ppm" "$work/b.ppm" && ! { [ -n "$before" ] && cmp -s "$work/b.ppm" "$before"; } \
        && [ "$(convert "$work/b.ppm" -format %k info:)" -gt 1 ]; then
      same=$((same + 1))
      [ "$same" -lt "$quiet_s" ] || break
    else
      same=0
    fi
    mv "$work/b.ppm" "$work/a.ppm"
  done
  [ "$i" -lt "$max" ] || [ "$file" = - ] || echo "$me: $(basename "$file") still changed after ${max} s; captured as it was" >&2
  cp "$work/a.ppm" "$work/last.ppm"
  [ "$file" = - ] && return
  convert "$work/a.ppm" "$file"
  echo "$me: $file"
}

for size in "${size_list[@]}"; do
  for theme in "${theme_list[@]}"; do
    theme=${theme//-/_}
    for lang in "${lang_list[@]}"; do
      tag="$size-$(tr 'A-Z_' 'a-z-' <<<"$theme")-$lang"
      for screen in "${screen_list[@]}"; do
        # the app opens on the screen it was left on: one start per screen reaches every screen at every
        # size (a click on the navigation list does not: below 80 em the list folds into a menu); the
        # window fills the display at its top left, as without a window manager "maximized" does nothing
        prefs="$work/$tag-$screen"
        write_prefs "$prefs" screen="$screen" language="$lang" theme="$theme" walkthroughStep="$step" \
            chapter="$chapter" window.x=0 window.y=0 window.width="${size%x*}" window.height="${size#*x}"
        start_app "$size" "$jar" "$prefs" "$out/$tag-$screen.log" || { stop_app; continue; }
        rm -f "$work/last.ppm"
        settle "$out/$tag-$screen.png" "${max_wait[$screen]}" "${quiet[$screen]}"
        xdotool key F5
        settle "$out/$tag-$screen-present.png" 20 2 "$work/last.ppm"
        stop_app
      done
    done
  done
done
