#!/usr/bin/env bash
# Runs the ND4J engine's benchmark and its PyTorch peer (tools/bench/torch_bench.py) on the
# same shapes and prints them side by side with the ratio. The two alternate length by length,
# so that both see the same load on a shared machine; with --rounds N the whole alternation is
# repeated N times, each row then shows the median over the rounds and the ratio of every round.
#
#   ./mvnw -q -B package -DskipTests && tools/bench/compare.sh [--lengths 16,128,512,1024,2048]
#       [--rounds 1] [--d-model 768] [--heads 12] [--causal] [--min-runs 10] [--min-seconds 2]
#       [--warmup-seconds 3] [--gemm 2048]
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
rounds=1
shared=()
while [ $# -gt 0 ]; do
    case "$1" in
        --lengths) lengths="$2"; shift 2 ;;
        --gemm) gemm="$2"; shift 2 ;;
        --rounds) rounds="$2"; shift 2 ;;
        --causal) shared+=("$1"); shift ;;
        --d-model|--heads|--min-runs|--min-seconds|--warmup-seconds) shared+=("$1" "$2"); shift 2 ;;
        *) echo "compare.sh: unknown option $1" >&2; exit 2 ;;
    esac
done

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
nd4j() { java --add-modules jdk.incubator.vector -jar "$jar" bench --format tsv "$@" 2> >(grep -v "^WARNING: Using incubator modules" >&2); }
torch() { "$python" "$root/tools/bench/torch_bench.py" --format tsv "$@"; }

if ! [[ "$rounds" =~ ^[1-9][0-9]*$ ]]; then
    echo "compare.sh: --rounds must be a positive whole number, got $rounds" >&2
    exit 2
fi
for ((round = 1; round <= rounds; round++)); do
    for t in ${lengths//,/ }; do
        nd4j --lengths "$t" --no-interactive --gemm 0 "${shared[@]}" >> "$tmp/nd4j.tsv"
        torch --lengths "$t" --no-interactive --gemm 0 "${shared[@]}" >> "$tmp/torch.tsv"
    done
done
nd4j --lengths 3 --gemm "$gemm" --min-runs 5 --min-seconds 0 >> "$tmp/nd4j.tsv"
torch --lengths 3 --gemm "$gemm" --min-runs 5 --min-seconds 0 >> "$tmp/torch.tsv"

"$python" - "$tmp/nd4j.tsv" "$tmp/torch.tsv" "${shared[*]:-}" <<'PY'
import csv, subprocess, sys

def load(path):
    """Rows by (case, seq), in the order of the rounds; the 3-token row of the mha case is the warm-up's."""
    with open(path) as f:
        rows = [r for r in csv.DictReader(f, delimiter="\t") if r["case"] != "case"]
    keep = {}
    for r in rows:
        if (r["case"], r["seq"]) != ("mha", "3"):
            keep.setdefault((r["case"], r["seq"]), []).append(r)
    return keep

def median(values):
    v = sorted(values)
    return v[len(v) // 2] if len(v) % 2 else (v[len(v) // 2 - 1] + v[len(v) // 2]) / 2

def summary(rounds):
    """One row's figures: medians over the rounds (a single round: that round's own)."""
    if not rounds:
        return None
    cpu = [float(r.get("cpu_ms") or "nan") for r in rounds]
    cpu = [c for c in cpu if c == c]
    return {"median": median([float(r["median_ms"]) for r in rounds]),
            "p25": median([float(r["p25_ms"]) for r in rounds]),
            "p75": median([float(r["p75_ms"]) for r in rounds]),
            "gflops": median([float(r["gflops"]) for r in rounds]),
            "cpu": median(cpu) if cpu else float("nan")}

ours, theirs = load(sys.argv[1]), load(sys.argv[2])
lscpu = subprocess.run(["lscpu"], capture_output=True, text=True).stdout.splitlines()
model = next((l.split(":", 1)[1].strip() for l in lscpu if l.startswith("Model name")), "unknown CPU")
cpus = next((l.split(":", 1)[1].strip() for l in lscpu if l.startswith("CPU(s)")), "?")
rounds = max((len(v) for v in ours.values()), default=1)
print(f"{model}, {cpus} CPUs; batch 1, d_model 768, 12 heads unless set otherwise {sys.argv[3]}")
print("median of one forward in ms (p25-p75); CPU: process CPU ms per forward, all threads;"
      " ratio = PyTorch / ND4J median (above 1: ND4J faster)"
      + (f"; {rounds} rounds: medians over the rounds, then each round's ratio" if rounds > 1 else ""))
print(f"{'case':<6} {'seq':>5} | {'ND4J ms':>9} {'(p25-p75)':>17} {'CPU':>7} {'GFLOP/s':>7} |"
      f" {'PyTorch ms':>10} {'(p25-p75)':>17} {'CPU':>7} {'GFLOP/s':>7} | {'ratio':>5}")
rank = {"mha": 0, "hello": 1, "sgemm": 2}
for key in sorted(ours.keys() | theirs.keys(), key=lambda k: (rank.get(k[0], 3), int(k[1]))):
    a, b = summary(ours.get(key, [])), summary(theirs.get(key, []))
    cells = []
    for r, width in ((a, 9), (b, 10)):
        if r is None:
            cells.append(f"{'-':>{width}} {'':>17} {'':>7} {'':>7}")
            continue
        spread = f"({r['p25']:.3g}-{r['p75']:.3g})"
        cpu_cell = "-" if r["cpu"] != r["cpu"] else f"{r['cpu']:.3g}"
        cells.append(f"{r['median']:>{width}.3f} {spread:>17} {cpu_cell:>7} {r['gflops']:>7.1f}")
    ratio = f"{b['median'] / a['median']:>5.2f}" if a and b else f"{'-':>5}"
    per_round = ""
    pairs = list(zip(ours.get(key, []), theirs.get(key, [])))
    if len(pairs) > 1:
        per_round = "  (" + ", ".join(f"{float(y['median_ms']) / float(x['median_ms']):.2f}" for x, y in pairs) + ")"
    print(f"{key[0]:<6} {key[1]:>5} | {cells[0]} | {cells[1]} | {ratio}{per_round}")
print(f"load average now: {open('/proc/loadavg').read().split()[0]} (1 min) on {cpus} CPUs")
PY
