# Sourced by the scripts here: start_xvfb starts a virtual X server on a free display and
# sets xvfb_pid and xvfb_display (":N"). Displays are drawn at random from a high range and
# skipped when a lock file or a listening socket (abstract ones too: other sessions on the
# same machine may have their own /tmp) says they are taken; a server that dies at once or
# does not answer within 10 s is given up for another number (3 tries).
start_xvfb() {
  local size=${1:-1600x1000} n try
  for try in 1 2 3; do
    n=$(( 1000 + RANDOM % 29000 ))
    if [ -e "/tmp/.X$n-lock" ] || grep -q "X11-unix/X$n\$" /proc/net/unix 2>/dev/null; then
      continue
    fi
    Xvfb ":$n" -screen 0 "${size}x24" -nolisten tcp >/dev/null 2>&1 &
    xvfb_pid=$!
    for _ in $(seq 1 100); do
      kill -0 "$xvfb_pid" 2>/dev/null || break
      if DISPLAY=":$n" xdotool getdisplaygeometry >/dev/null 2>&1; then
        xvfb_display=":$n"
        return 0
      fi
      sleep 0.1
    done
    kill "$xvfb_pid" 2>/dev/null || true
    xvfb_pid=""
  done
  echo "xvfb: could not start a virtual X server" >&2
  return 1
}
