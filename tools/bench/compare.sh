#!/usr/bin/env bash
# Runs the ND4J engine's benchmark and the PyTorch peer on the same shapes, one after the
# other, and prints them side by side with the ratio. Options (--lengths, --d-model, --heads,
# --causal, --min-runs, --min-seconds, --gemm) go to both.
#
#   ./mvnw -q -B package -DskipTests && tools/bench/compare.sh
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
jar="$root/target/attention-explainer.jar"
python=/usr/bin/python3
if [ ! -f "$jar" ]; then
    echo "compare.sh: $jar is missing; build it first: ./mvnw -q -B package -DskipTests" >&2
    exit 2
fi
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

java -jar "$jar" bench --format tsv "$@" > "$tmp/nd4j.tsv"
"$python" "$root/tools/bench/torch_bench.py" --format tsv "$@" > "$tmp/torch.tsv"
"$python" - "$tmp/nd4j.tsv" "$tmp/torch.tsv" <<'PY'
import csv, subprocess, sys

def load(path):
    with open(path) as f:
        return {(r["case"], r["seq"]): r for r in csv.DictReader(f, delimiter="\t")}

ours, torch = load(sys.argv[1]), load(sys.argv[2])
cpu = next((l.split(":", 1)[1].strip() for l in subprocess.run(["lscpu"], capture_output=True, text=True)
            .stdout.splitlines() if l.startswith("Model name")), "unknown CPU")
print(f"{cpu}; median of one forward, ms (p25-p75); ratio = PyTorch / ND4J, above 1: ND4J is faster")
print(f"{'case':<6} {'seq':>5} | {'ND4J ms':>9} {'(p25-p75)':>19} {'GFLOP/s':>8} | {'PyTorch ms':>10}"
      f" {'(p25-p75)':>19} {'GFLOP/s':>8} | {'ratio':>6}")
for key in ours.keys() | torch.keys():
    pass
order = sorted(ours.keys() | torch.keys(), key=lambda k: ({"mha": 0, "hello": 1, "sgemm": 2}.get(k[0], 3), int(k[1])))

def cells(r):
    if r is None:
        return f"{'-':>9} {'':>19} {'':>8}"
    spread = f"{float(r['p25_ms']):.3f}-{float(r['p75_ms']):.3f}"
    return f"{float(r['median_ms']):>9.3f} {spread:>19} {float(r['gflops']):>8.1f}"

for key in order:
    a, b = ours.get(key), torch.get(key)
    ratio = f"{float(b['median_ms']) / float(a['median_ms']):>6.2f}" if a and b else f"{'-':>6}"
    print(f"{key[0]:<6} {key[1]:>5} | {cells(a)} | {cells(b).replace(' ' * 9, ' ' * 10, 1) if b is None else ' ' + cells(b)} | {ratio}")
PY
