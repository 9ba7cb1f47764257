#!/usr/bin/env bash
# Runs the ND4J engine's benchmark and its PyTorch peer (tools/bench/torch_bench.py) on the
# same shapes and prints them side by side with the ratio. The two alternate length by length,
# so that both see the same load on a shared machine.
#
#   ./mvnw -q -B package -DskipTests && tools/bench/compare.sh [--lengths 16,128,512,1024,2048]
#       [--d-model 768] [--heads 12] [--causal] [--min-runs 10] [--min-seconds 2] [--gemm 2048]
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
jar="$root/target/attention-explainer.jar"
python=/usr/bin/python3
if [ ! -f "$jar" ]; then
    echo "compare.sh: $jar is missing; build it first: ./mvnw -q -B package -DskipTests" >&2
    exit 2
fi

lengths="16,128,512,1024,2048"
gemm=2048
shared=()
while [ $# -gt 0 ]; do
    case "$1" in
        --lengths) lengths="$2"; shift 2 ;;
        --gemm) gemm="$2"; shift 2 ;;
        --causal) shared+=("$1"); shift ;;
        --d-model|--heads|--min-runs|--min-seconds) shared+=("$1" "$2"); shift 2 ;;
        *) echo "compare.sh: unknown option $1" >&2; exit 2 ;;
    esac
done

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
nd4j() { java --add-modules jdk.incubator.vector -jar "$jar" bench --format tsv "$@" 2> >(grep -v "^WARNING: Using incubator modules" >&2); }
torch() { "$python" "$root/tools/bench/torch_bench.py" --format tsv "$@"; }

for t in ${lengths//,/ }; do
    nd4j --lengths "$t" --no-interactive --gemm 0 "${shared[@]}" >> "$tmp/nd4j.tsv"
    torch --lengths "$t" --no-interactive --gemm 0 "${shared[@]}" >> "$tmp/torch.tsv"
done
nd4j --lengths 3 --gemm "$gemm" --min-runs 5 --min-seconds 0 >> "$tmp/nd4j.tsv"
torch --lengths 3 --gemm "$gemm" --min-runs 5 --min-seconds 0 >> "$tmp/torch.tsv"

"$python" - "$tmp/nd4j.tsv" "$tmp/torch.tsv" "${shared[*]:-}" <<'PY'
import csv, subprocess, sys

def load(path):
    with open(path) as f:
        rows = [r for r in csv.DictReader(f, delimiter="\t") if r["case"] != "case"]
    keep = {}
    for r in rows:
        if (r["case"], r["seq"]) != ("mha", "3"):
            keep[(r["case"], r["seq"])] = r
    return keep

ours, theirs = load(sys.argv[1]), load(sys.argv[2])
lscpu = subprocess.run(["lscpu"], capture_output=True, text=True).stdout.splitlines()
model = next((l.split(":", 1)[1].strip() for l in lscpu if l.startswith("Model name")), "unknown CPU")
cpus = next((l.split(":", 1)[1].strip() for l in lscpu if l.startswith("CPU(s)")), "?")
print(f"{model}, {cpus} CPUs; batch 1, d_model 768, 12 heads unless set otherwise {sys.argv[3]}")
print("median of one forward in ms (p25-p75); CPU: process CPU ms per forward, all threads;"
      " ratio = PyTorch / ND4J median (above 1: ND4J faster)")
print(f"{'case':<6} {'seq':>5} | {'ND4J ms':>9} {'(p25-p75)':>17} {'CPU':>7} {'GFLOP/s':>7} |"
      f" {'PyTorch ms':>10} {'(p25-p75)':>17} {'CPU':>7} {'GFLOP/s':>7} | {'ratio':>5}")
rank = {"mha": 0, "hello": 1, "sgemm": 2}
for key in sorted(ours.keys() | theirs.keys(), key=lambda k: (rank.get(k[0], 3), int(k[1]))):
    cells = []
    for r, width in ((ours.get(key), 9), (theirs.get(key), 10)):
        if r is None:
            cells.append(f"{'-':>{width}} {'':>17} {'':>7} {'':>7}")
            continue
        spread = f"({float(r['p25_ms']):.3g}-{float(r['p75_ms']):.3g})"
        cpu = float(r.get("cpu_ms") or "nan")
        cpu_cell = "-" if cpu != cpu else f"{cpu:.3g}"
        cells.append(f"{float(r['median_ms']):>{width}.3f} {spread:>17} {cpu_cell:>7} {float(r['gflops']):>7.1f}")
    a, b = ours.get(key), theirs.get(key)
    ratio = f"{float(b['median_ms']) / float(a['median_ms']):>5.2f}" if a and b else f"{'-':>5}"
    print(f"{key[0]:<6} {key[1]:>5} | {cells[0]} | {cells[1]} | {ratio}")
print(f"load average now: {open('/proc/loadavg').read().split()[0]} (1 min) on {cpus} CPUs")
PY
