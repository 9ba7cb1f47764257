#!/usr/bin/env bash
# Measures start-up times of the app, in milliseconds, over several runs.
#   jlink-config/startup-time.sh [--runs N] [--mode window|exit] -- COMMAND [ARGS...] [-- COMMAND [ARGS...]]...
# window (default): from launch to the first visible window, in a virtual X display
#                   (Xvfb); the program is then ended. Needs Xvfb and xdotool.
# exit:             from launch to the command's exit (e.g. `... compute --spec S --out D`,
#                   which is launch + ND4J ready + one small computation).
# Several commands (separated by --) are run in turns, one run of each per round, so that a
# change in the machine's load during the series hits them alike: compare them this way.
# The first round is reported apart (it may fill caches); the median and the minimum are over
# the others. On a shared machine wall times vary with the load, so the CPU time the program
# had used at that moment (user + system, from /proc, of the process started: a script must
# exec its Java) is reported too: it varies less. The load average is shown before and after.
# Examples (from the project root, after ./mvnw -Pdist package):
#   jlink-config/startup-time.sh --runs 11 -- target/dist/attention-explainer/bin/attention-explainer
#   jlink-config/startup-time.sh --runs 11 -- java -jar target/attention-explainer.jar -- tools/run-jar.sh
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
usage="usage: startup-time.sh [--runs N] [--mode window|exit] -- COMMAND... [-- COMMAND...]"
[ "${1:-}" = "--" ] && [ $# -gt 1 ] || { echo "$usage" >&2; exit 2; }
shift

# The commands: all words in one array, each command as its start and length.
words=("$@")
starts=(0)
lengths=()
for i in "${!words[@]}"; do
  if [ "${words[$i]}" = "--" ]; then
    lengths+=($(( i - ${starts[-1]} )))
    starts+=($(( i + 1 )))
  fi
done
lengths+=($(( ${#words[@]} - ${starts[-1]} )))
commands=${#starts[@]}
for k in $(seq 0 $(( commands - 1 ))); do
  [ "${lengths[$k]}" -gt 0 ] || { echo "$usage" >&2; exit 2; }
done

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
ensure_display() {  # (re)starts the X server when there is none, it has gone, or shows a window already
  [ "$mode" = window ] || return 0
  local tries=0
  while [ -z "$xvfb_pid" ] || ! xdotool getdisplaygeometry >/dev/null 2>&1 \
      || xdotool search --onlyvisible --name '.+' >/dev/null 2>&1; do
    [ $(( tries++ )) -lt 5 ] || { echo "startup-time: no empty X display" >&2; exit 1; }
    [ -n "$xvfb_pid" ] && kill "$xvfb_pid" 2>/dev/null || true
    start_xvfb
    export DISPLAY=$xvfb_display
  done
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
      if ! kill -0 "$app_pid" 2>/dev/null; then
        if ! xdotool getdisplaygeometry >/dev/null 2>&1; then
          echo "retry"  # the X server went away under the program: not its fault
          return
        fi
        echo "startup-time: the program exited without a window:" >&2; tail -5 "$log" >&2; exit 1
      fi
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
load_before=$(cut -d' ' -f1 /proc/loadavg)
declare -a firsts walls cpus
for round in $(seq 1 "$runs"); do
  for k in $(seq 0 $(( commands - 1 ))); do
    wall=retry
    for _ in 1 2 3; do
      [ "$wall" = retry ] || break
      ensure_display
      wall=""
      read -r wall cpu < <(one_run "${words[@]:${starts[$k]}:${lengths[$k]}}") || true
    done
    [ -n "$wall" ] && [ "$wall" != retry ] || exit 1  # one_run said why
    if [ "$round" = 1 ]; then
      firsts[$k]=$wall
    else
      walls[$k]="${walls[$k]:-} $wall"
      cpus[$k]="${cpus[$k]:-} $cpu"
    fi
  done
done
for k in $(seq 0 $(( commands - 1 ))); do
  [ "$commands" = 1 ] || echo "${words[*]:${starts[$k]}:${lengths[$k]}}:"
  read -r -a w <<< "${walls[$k]:-}"
  read -r -a c <<< "${cpus[$k]:-}"
  if [ ${#w[@]} = 0 ]; then
    echo "mode=$mode first=${firsts[$k]} ms (one run only); load $load_before -> $(cut -d' ' -f1 /proc/loadavg)"
    continue
  fi
  echo "mode=$mode first=${firsts[$k]} ms; wall ms [${w[*]}] median $(printf '%s\n' "${w[@]}" | median)" \
    "min $(printf '%s\n' "${w[@]}" | sort -n | head -1); cpu ms [${c[*]}] median $(printf '%s\n' "${c[@]}" | median);" \
    "load $load_before -> $(cut -d' ' -f1 /proc/loadavg)"
done
