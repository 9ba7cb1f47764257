#!/usr/bin/env bash
# Builds the installable app from what `mvn package` left in target/:
#   target/dist/attention-explainer/               the app image (bin/attention-explainer)
#   target/attention-explainer-VERSION-linux-x86_64.tar.gz
#   target/attention-explainer_VERSION-1_amd64.deb  (when fakeroot and dpkg-deb are there)
# Called by `./mvnw -Pdist package`; can be run by hand after `./mvnw package`:
#   jlink-config/build-image.sh [--jdk DIR] [--target DIR] [--classpath-file FILE]
#                               [--version X.Y.Z] [--archives true|false] [--deb auto|yes|no]
# FILE lists the runtime jars, ':'-separated (Maven writes target/dist-classpath.txt); without
# it, the jars of target/lib are taken, which may hold leftovers of an earlier build.
# The runtime is jlinked from a JDK 17's jmods plus the JavaFX jars (real modules), with the
# modules of jlink-config/modules.txt; the app and ND4J stay on the class path.
# The JDK: $JDK17_HOME if set, else --jdk (Maven passes its own), else $JAVA_HOME, else javac's.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
project=$(dirname "$here")
jdk=""
target=$project/target
classpath_file=""
version=""
archives=true
deb=auto
name=attention-explainer
main_class=org.attentionexplainer.Main

while [ $# -gt 0 ]; do
  case $1 in
    --jdk) jdk=$2; shift 2 ;;
    --target) target=$2; shift 2 ;;
    --classpath-file) classpath_file=$2; shift 2 ;;
    --version) version=$2; shift 2 ;;
    --archives) archives=$2; shift 2 ;;
    --deb) deb=$2; shift 2 ;;
    *) echo "build-image: unknown option $1" >&2; exit 2 ;;
  esac
done

fail() { echo "build-image: $*" >&2; exit 1; }
step() { printf 'build-image: %-44s' "$1"; step_start=$(date +%s%N); }
done_step() { echo "$(( ($(date +%s%N) - step_start) / 1000000 )) ms${1:+ ($1)}"; }

# --- the JDK: must be 17, with jmods, jlink and jpackage --------------------------------
jdk=${JDK17_HOME:-${jdk:-${JAVA_HOME:-}}}
[ -n "$jdk" ] || jdk=$(dirname "$(dirname "$(readlink -f "$(command -v javac)")")")
[ -f "$jdk/release" ] || fail "no JDK at '$jdk': set JDK17_HOME (or JAVA_HOME) to a JDK 17"
jdk_version=$(sed -n 's/^JAVA_VERSION="\(.*\)"/\1/p' "$jdk/release")
case $jdk_version in
  17|17.*) ;;
  *) fail "the runtime must be Java 17, but $jdk is Java $jdk_version: set JDK17_HOME to a JDK 17" ;;
esac
[ -f "$jdk/jmods/java.base.jmod" ] || fail "$jdk has no jmods/: install them (Debian 12: openjdk-17-jdk-headless has them; Ubuntu: apt-get install openjdk-17-jmods)"
for tool in jlink jpackage; do
  [ -x "$jdk/bin/$tool" ] || fail "$jdk/bin/$tool is missing: a full JDK 17 is needed"
done

[ -d "$target" ] || fail "no folder $target: run ./mvnw package first"
target=$(cd "$target" && pwd)
jar=$target/$name.jar
[ -f "$jar" ] || fail "$jar is missing: run ./mvnw package first"
if [ -n "$classpath_file" ]; then
  [ -f "$classpath_file" ] || fail "$classpath_file is missing"
  jars=$(tr ':' '\n' < "$classpath_file" | grep -v '^$')
else
  [ -d "$target/lib" ] || fail "$target/lib is missing: run ./mvnw package first"
  jars=$(ls "$target"/lib/*.jar)
fi
if [ -z "$version" ]; then  # the jar's version without a -SNAPSHOT suffix
  manifest=$(mktemp -d)
  (cd "$manifest" && "$jdk/bin/jar" xf "$jar" META-INF/MANIFEST.MF)
  version=$(sed -n 's/^Implementation-Version: *\([0-9.]*\).*/\1/p' "$manifest/META-INF/MANIFEST.MF" | tr -d '\r')
  rm -rf "$manifest"
fi
[[ $version =~ ^[0-9]+(\.[0-9]+){0,2}$ ]] || fail "version '$version' is not of the form X.Y.Z (jpackage needs one)"

work=$target/dist-work
dist=$target/dist
image=$dist/$name
rm -rf "$work" "$dist"
mkdir -p "$work/input/natives" "$dist"
total_start=$(date +%s%N)

# --- 1. the runtime ----------------------------------------------------------------------
modules=$(sed -e 's/#.*//' -e 's/[[:space:]]//g' "$here/modules.txt" | grep -v '^$' | paste -sd, -)
fx_jars=$(echo "$jars" | grep '/javafx-[a-z]*-[0-9.]*-linux\.jar$' | paste -sd: -)
[ -n "$fx_jars" ] || fail "no javafx-*-linux.jar among the runtime jars"
step "jlink runtime"
"$jdk/bin/jlink" \
  --module-path "$jdk/jmods:$fx_jars" \
  --add-modules "$modules" \
  --include-locales=en,tr \
  --compress=2 --strip-debug --no-header-files --no-man-pages \
  --output "$work/runtime" >"$work/jlink.log" 2>&1 || { cat "$work/jlink.log" >&2; fail "jlink failed"; }
done_step "$(du -sh "$work/runtime" | cut -f1)"

# --- 2. the app's files: jars on the class path, natives unpacked --------------------------
# JavaFX is in the runtime; the platform jars of javacpp presets hold only native libraries,
# which go unpacked into natives/ (javacpp loads them from there, see launcher-options.txt).
step "app jars and natives"
cp "$jar" "$work/input/"
while IFS= read -r f; do
  base=$(basename "$f")
  case $base in
    javafx-*) ;;
    *-linux-x86_64.jar|*-linux-x86_64-*.jar)
      tmp=$work/unpack/$base
      mkdir -p "$tmp"
      (cd "$tmp" && "$jdk/bin/jar" xf "$f")
      find "$tmp" \( -name '*.so' -o -name '*.so.*' \) -exec cp -p {} "$work/input/natives/" \;
      ;;
    *) cp -p "$f" "$work/input/" ;;
  esac
done <<< "$jars"
rm -rf "$work/unpack"
# libnd4jcpu.so comes with its symbol table (23 MB); the dynamic symbols JNI needs remain.
if command -v strip >/dev/null; then
  find "$work/input/natives" -type f -exec strip --strip-unneeded {} \;
fi
# OpenBLAS's LAPACK-less binding links to libopenblas_nolapack.so.0, which javacpp makes
# from libopenblas.so.0 when it unpacks a jar: a link does the same here.
if [ -f "$work/input/natives/libopenblas.so.0" ]; then
  ln -sf libopenblas.so.0 "$work/input/natives/libopenblas_nolapack.so.0"
fi
done_step "$(ls "$work/input" | grep -c '\.jar$') jars, $(du -sh "$work/input/natives" | cut -f1) natives"

# --- 3. the app image --------------------------------------------------------------------
java_options=()
while IFS= read -r line; do
  line=${line%%#*}
  line=$(echo "$line" | sed -e 's/^[[:space:]]*//' -e 's/[[:space:]]*$//')
  [ -n "$line" ] && java_options+=(--java-options "$line")
done < "$here/launcher-options.txt"
icon=()
[ -f "$project/assets/icons/attention-explainer-256.png" ] && icon=(--icon "$project/assets/icons/attention-explainer-256.png")
step "jpackage app-image"
"$jdk/bin/jpackage" --type app-image \
  --name "$name" --app-version "$version" \
  --vendor "Attention Explainer" \
  --description "See how transformer attention works, step by step." \
  --input "$work/input" --main-jar "$name.jar" --main-class "$main_class" \
  --runtime-image "$work/runtime" \
  "${java_options[@]}" ${icon[@]+"${icon[@]}"} \
  --dest "$dist"
# jpackage copies the input and may turn the link into a copy: make it a link again.
if [ -f "$image/lib/app/natives/libopenblas.so.0" ]; then
  ln -sf libopenblas.so.0 "$image/lib/app/natives/libopenblas_nolapack.so.0"
fi
done_step

# --- 4. class-data sharing: the runtime's archive gets the classes of a typical start ----
step "CDS archive"
"$here/cds-archive.sh" "$image" >"$work/cds.log" 2>&1 || { cat "$work/cds.log" >&2; fail "the CDS archive could not be made"; }
done_step "$(tail -1 "$work/cds.log")"

# --- 5. archives -------------------------------------------------------------------------
tarball=$target/$name-$version-linux-x86_64.tar.gz
rm -f "$tarball" "$target/${name}_"*.deb
if [ "$archives" != true ]; then
  echo "build-image: done in $(( ($(date +%s%N) - total_start) / 1000000 )) ms: $image ($(du -sh "$image" | cut -f1)); no archives (--archives $archives)"
  exit 0
fi
step "tar.gz"
tar -C "$dist" -cf - "$name" | gzip -6 > "$tarball"
done_step "$(du -h "$tarball" | cut -f1)"

if [ "$deb" = yes ] || { [ "$deb" = auto ] && command -v fakeroot >/dev/null && command -v dpkg-deb >/dev/null; }; then
  step "deb"
  # dpkg's default, xz, took 8 minutes on these 460 MB with 2 cores; gzip is several times
  # faster and every dpkg reads it. DPKG_DEB_COMPRESSOR_TYPE=xz: 110 MB instead of 185 MB.
  DPKG_DEB_COMPRESSOR_TYPE=${DPKG_DEB_COMPRESSOR_TYPE:-gzip} \
  "$jdk/bin/jpackage" --type deb \
    --app-image "$image" --name "$name" --app-version "$version" \
    --vendor "Attention Explainer" \
    --description "See how transformer attention works, step by step." \
    --linux-package-name "$name" --linux-app-category education \
    --linux-deb-maintainer "attention-explainer@localhost" \
    --linux-menu-group Education --linux-shortcut \
    --linux-package-deps "libgtk-3-0 | libgtk-3-0t64, fonts-nanum | fonts-noto-cjk" \
    --resource-dir "$here/deb" ${icon[@]+"${icon[@]}"} \
    --dest "$target" >"$work/deb.log" 2>&1 || { cat "$work/deb.log" >&2; fail "jpackage --type deb failed"; }
  done_step "$(du -h "$target"/${name}_*.deb | cut -f1)"
else
  echo "build-image: no .deb (needs fakeroot and dpkg-deb, or --deb no was given)"
fi

echo "build-image: done in $(( ($(date +%s%N) - total_start) / 1000000 )) ms: $image ($(du -sh "$image" | cut -f1)), $tarball"
