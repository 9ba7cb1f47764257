# Shared by the screenshot scripts (sourced, not run): a virtual display, the app started in it
# with settings of its own, and a capture. Each caller sets $me (its name, for messages) first.

# need_tools JAR: one clear line and exit 2 when a tool or the jar is missing
need_tools() {
  local tool
  for tool in Xvfb xdotool import; do
    command -v "$tool" >/dev/null || { echo "$me: $tool is missing (apt-get install xvfb xdotool imagemagick)" >&2; exit 2; }
  done
  [ -f "$1" ] || { echo "$me: $1 is missing; build it with ./mvnw -B package -DskipTests" >&2; exit 2; }
}

# write_prefs DIR KEY=VALUE...: the app's preferences as java.util.prefs reads them under DIR
write_prefs() {
  local dir=$1/.java/.userPrefs/org/attentionexplainer kv; shift
  mkdir -p "$dir"
  {
    echo '<?xml version="1.0" encoding="UTF-8" standalone="no"?>'
    echo '<!DOCTYPE map SYSTEM "http://java.sun.com/dtd/preferences.dtd">'
    echo '<map MAP_XML_VERSION="1.0">'
    for kv in "$@"; do echo "  <entry key=\"${kv%%=*}\" value=\"${kv#*=}\"/>"; done
    echo '</map>'
  } > "$dir/prefs.xml"
}

# start_app SIZE JAR PREFS_DIR LOG [JVM_OPTION...]: a fresh display of SIZE (sets DISPLAY) and the app in it with
# those preferences; returns once its window is shown, or fails after 60 s. Sets xvfb_pid and app_pid.
start_app() {
  local size=$1 jar=$2 prefs=$3 log=$4 w="" n
  shift 4
  # a display number nobody uses: Xvfb leaves a lock file per display it holds
  for n in $(shuf -i 100-499 -n 20); do [ -e "/tmp/.X$n-lock" ] || break; done
  export DISPLAY=":$n"
  Xvfb "$DISPLAY" -screen 0 "${size}x24" -nolisten tcp >/dev/null 2>&1 &
  xvfb_pid=$!
  sleep 1
  java --add-modules jdk.incubator.vector -Djava.util.prefs.userRoot="$prefs" "$@" -jar "$jar" >"$log" 2>&1 &
  app_pid=$!
  for _ in $(seq 1 60); do
    w=$(xdotool search --onlyvisible --name "Attention|Dikkat" 2>/dev/null | head -1 || true)
    [ -n "$w" ] && break
    sleep 1
  done
  [ -n "$w" ] || { echo "$me: the window did not open on $DISPLAY (see $log)" >&2; return 1; }
}

# stop_app: ends the app and its display started by start_app
stop_app() {
  [ -n "${app_pid:-}" ] && { kill "$app_pid" 2>/dev/null || true; wait "$app_pid" 2>/dev/null || true; }
  [ -n "${xvfb_pid:-}" ] && { kill "$xvfb_pid" 2>/dev/null || true; wait "$xvfb_pid" 2>/dev/null || true; }
  app_pid="" xvfb_pid=""
}

# capture FILE: the whole display
capture() {
  import -window root "$1"
}
