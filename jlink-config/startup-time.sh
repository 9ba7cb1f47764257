#!/usr/bin/env bash
# Measures start-up times of the app, in milliseconds, over several runs.
#   jlink-config/startup-time.sh [--runs N] [--mode window|exit] -- COMMAND [ARGS...]
# window (default): from launch to the first visible window, in a virtual X display
#                   (Xvfb); the program is then ended. Needs Xvfb and xdotool.
# exit:             from launch to the command's exit (e.g. `... compute --spec S --out D`,
#                   which is launch + ND4J ready + one small computation).
# The first run is reported apart (it may fill caches); the median and the minimum are over
# the others. On a shared machine wall times vary with the load, so the CPU time the program
# had used at that moment (user + system, from /proc) is reported too: it hardly varies.
# Examples (from the project root, after ./mvnw -Pdist package):
#   jlink-config/startup-time.sh -- java -jar target/attention-explainer.jar
#   jlink-config/startup-time.sh -- target/dist/attention-explainer/bin/attention-explainer
#   jlink-config/startup-time.sh --mode exit -- target/dist/attention-explainer/bin/attention-explainer \
#       compute --quiet --spec jlink-config/cds-training.json --out /tmp/ae-out
set -euo pipefail
runs=6
mode=window
while [ $# -gt 0 ] && [ "$1" != "--" ]; do
  case $1 in
    --runs) runs=$2; shift 2 ;;
    --mode) mode=$2; shift 2 ;;
    *) echo "startup-time: unknown option $1" >&2; exit 2 ;;
  esac
done
[ "${1:-}" = "--" ] || { echo "usage: startup-time.sh [--runs N] [--mode window|exit] -- COMMAND..." >&2; exit 2; }
shift

now_ms() { echo $(( $(date +%s%N) / 1000000 )); }
log=$(mktemp)
xvfb_pid=""
app_pid=""
cleanup() {
  [ -n "$app_pid" ] && kill "$app_pid" 2>/dev/null || true
  [ -n "$xvfb_pid" ] && kill "$xvfb_pid" 2>/dev/null || true
  rm -f "$log" "$log.time"
}
trap cleanup EXIT

if [ "$mode" = window ]; then
  command -v Xvfb >/dev/null && command -v xdotool >/dev/null \
    || { echo "startup-time: needs Xvfb and xdotool (apt-get install xvfb xdotool)" >&2; exit 2; }
  . "$(dirname "$0")/xvfb.sh"
fi
ensure_display() {  # (re)starts the X server when there is none or it has gone
  if [ "$mode" = window ] && { [ -z "$xvfb_pid" ] || ! xdotool getdisplaygeometry >/dev/null 2>&1; }; then
    [ -n "$xvfb_pid" ] && kill "$xvfb_pid" 2>/dev/null || true
    start_xvfb
    export DISPLAY=$xvfb_display
  fi
}

tick_ms=$(( 1000 / $(getconf CLK_TCK) ))
cpu_ms() {  # user + system time of a live process and its waited-for children
  awk -v t="$tick_ms" '{print ($14 + $15 + $16 + $17) * t}' "/proc/$1/stat" 2>/dev/null || echo 0
}

one_run() {
  local start end cpu
  start=$(now_ms)
  if [ "$mode" = exit ]; then
    /usr/bin/time -f '%U %S' -o "$log.time" "$@" >"$log" 2>&1 \
      || { echo "startup-time: the command failed:" >&2; tail -5 "$log" >&2; exit 1; }
    end=$(now_ms)
    cpu=$(awk '{printf "%d", ($1 + $2) * 1000}' "$log.time")
  else
    "$@" >"$log" 2>&1 &
    app_pid=$!
    while ! xdotool search --onlyvisible --name '.+' >/dev/null 2>&1; do
      kill -0 "$app_pid" 2>/dev/null || { echo "startup-time: the program exited without a window:" >&2; tail -5 "$log" >&2; exit 1; }
      sleep 0.01
    done
    end=$(now_ms)
    cpu=$(cpu_ms "$app_pid")
    kill "$app_pid" 2>/dev/null || true
    wait "$app_pid" 2>/dev/null || true
    app_pid=""
    sleep 0.3
  fi
  echo "$(( end - start )) $cpu"
}

median() { sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : int((a[NR/2] + a[NR/2+1]) / 2)}'; }
ensure_display
first=$(one_run "$@")
walls=(); cpus=()
for _ in $(seq 2 "$runs"); do
  ensure_display
  read -r wall cpu < <(one_run "$@")
  walls+=("$wall"); cpus+=("$cpu")
done
echo "mode=$mode first=${first%% *} ms; wall ms [${walls[*]}] median $(printf '%s\n' "${walls[@]}" | median)" \
  "min $(printf '%s\n' "${walls[@]}" | sort -n | head -1); cpu ms [${cpus[*]}] median $(printf '%s\n' "${cpus[@]}" | median);" \
  "load $(cut -d' ' -f1 /proc/loadavg)"
