#!/usr/bin/env bash
# Runs target/attention-explainer.jar with the options that make it start fast, the same as
# the app image's launcher has (jlink-config/launcher-options.txt):
#   tools/run-jar.sh [ARGS...]        (no arguments: the window; else a command, e.g. compute)
# - A class-data-sharing archive of the classes a window start loads (the JDK's, JavaFX's, the
#   app's and ND4J's): the jar's JavaFX comes from the class path, where the JDK's own archive
#   does not cover it. Java 17 cannot make such an archive by itself (no
#   -XX:+AutoCreateSharedArchive before Java 19), so the first window run without a valid one
#   records it when the window is closed (-XX:ArchiveClassesAtExit, a second or two at exit)
#   into target/attention-explainer.jsa; later runs map it (-XX:SharedArchiveFile). A jar newer
#   than the archive (a rebuild) makes the next window run record it again. CDS's own messages
#   are silenced: an archive that no longer fits (the project moved) is then just not used.
# - The JIT's C2 waits for 4x the usual calls (see launcher-options.txt for the figures).
# - The JDK's vector API module, for the engine's softmax (see launcher-options.txt).
# JAVA (default: java on the PATH) must be a Java 17.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
jar=$(dirname "$here")/target/attention-explainer.jar
archive=${jar%.jar}.jsa
java=${JAVA:-java}
[ -f "$jar" ] || { echo "run-jar: $jar is missing: run ./mvnw package first" >&2; exit 1; }

options=(-Xlog:cds*=off --add-modules=jdk.incubator.vector
  -XX:Tier4InvocationThreshold=20000 -XX:Tier4MinInvocationThreshold=2400
  -XX:Tier4CompileThreshold=60000 -XX:Tier4BackEdgeThreshold=160000)
if [ -f "$archive" ] && [ "$archive" -nt "$jar" ]; then
  exec "$java" "${options[@]}" -XX:SharedArchiveFile="$archive" -jar "$jar" "$@"
fi
if [ $# -gt 0 ]; then  # a command: no archive to use, and its classes are not the window's
  exec "$java" "${options[@]}" -jar "$jar" "$@"
fi
# The window, recording the archive: into a file of its own, moved into place when the run
# ended normally (or by SIGTERM, which still writes it), so that two first runs at once or a
# crash cannot leave half an archive. Signals to this script go on to Java.
partial=$archive.$$.partial
rm -f "$partial"
"$java" "${options[@]}" -XX:ArchiveClassesAtExit="$partial" -jar "$jar" &
child=$!
trap 'kill -TERM "$child" 2>/dev/null || true' TERM INT HUP
status=0
wait "$child" || status=$?
while kill -0 "$child" 2>/dev/null; do  # the wait was cut short by a signal passed on
  status=0
  wait "$child" || status=$?
done
if [ -s "$partial" ] && { [ "$status" = 0 ] || [ "$status" = 143 ]; }; then
  mv -f "$partial" "$archive"
else
  rm -f "$partial"
fi
exit "$status"
