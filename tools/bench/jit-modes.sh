#!/usr/bin/env bash
# Starts the real model in N fresh JVMs, one after the other, and prints for each the median time of a
# forward in its last two seconds (MiniLmSteadyRun): whether the JIT compiled the engine's vector kernels
# well is decided once per JVM, and a bad compilation had made some runs 25 % to a hundred times slower
# than the rest for the whole of their life (see PanelKernel). One line per JVM, then the spread.
#
#   ./mvnw -q -B test-compile && tools/bench/jit-modes.sh [--runs 12] [--length 128] [--seconds 8] [--causal]
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
runs=12
length=128
seconds=8
mask=
while [ $# -gt 0 ]; do
    case "$1" in
        --runs) runs="$2"; shift 2 ;;
        --length) length="$2"; shift 2 ;;
        --seconds) seconds="$2"; shift 2 ;;
        --causal) mask=causal; shift ;;
        *) echo "jit-modes.sh: unknown option $1" >&2; exit 2 ;;
    esac
done
for v in "$runs" "$length" "$seconds"; do
    if ! [[ "$v" =~ ^[1-9][0-9]*$ ]]; then
        echo "jit-modes.sh: --runs, --length and --seconds take positive whole numbers, got $v" >&2
        exit 2
    fi
done
if [ ! -d "$root/target/test-classes/org/attentionexplainer/engine/bert" ]; then
    echo "jit-modes.sh: compile the tests first: ./mvnw -q -B test-compile" >&2
    exit 2
fi
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
(cd "$root" && ./mvnw -q -B dependency:build-classpath -Dmdep.includeScope=test -Dmdep.outputFile="$tmp/cp") >&2
cp="$root/target/classes:$root/target/test-classes:$(cat "$tmp/cp")"
medians=()
for i in $(seq 1 "$runs"); do
    line="$(java -Xmx3g --add-modules jdk.incubator.vector -cp "$cp" \
        org.attentionexplainer.engine.bert.MiniLmSteadyRun "$length" "$seconds" $mask 2>/dev/null | tail -1)"
    m="$(sed -n 's/.*median \([0-9.]*\) ms.*/\1/p' <<<"$line")"
    if [ -z "$m" ]; then
        echo "jit-modes.sh: run $i printed no median" >&2
        exit 1
    fi
    medians+=("$m")
    printf 'JVM %2d: %s ms a forward of %d tokens, last two seconds\n' "$i" "$m" "$length"
done
printf '%s\n' "${medians[@]}" | sort -n | awk '{a[NR]=$1} END {printf "fastest %.2f, median %.2f, slowest %.2f ms; slowest / fastest %.2f\n", a[1], a[int((NR+1)/2)], a[NR], a[NR]/a[1]}'
