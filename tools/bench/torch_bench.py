#!/usr/bin/python3
"""The PyTorch peer of `attention-explainer bench`: the same shapes, the same steps, the same table.

usage: /usr/bin/python3 tools/bench/torch_bench.py [--lengths 16,128,512,1024,2048] [--d-model 768]
       [--heads 12] [--causal] [--min-runs 10] [--min-seconds 2] [--warmup-seconds 3] [--gemm 2048]
       [--format table|tsv]

One forward computes and keeps every intermediate the app shows (Q, K, V split into heads,
scores, logits, weights, per-head contexts, the concatenation, the output projection), as the
ND4J engine does, in float32 on the CPU. Debian's python3-torch takes its BLAS
from libblas.so.3: install libopenblas0 so that it is OpenBLAS (the reference BLAS is about ten
times slower); the header says which library is loaded.
"""
import argparse, math, os, statistics, sys, time

import torch


def parse_args(argv):
    p = argparse.ArgumentParser(description="PyTorch attention forward benchmark")
    p.add_argument("--lengths", default="16,128,512,1024,2048")
    p.add_argument("--d-model", type=int, default=768)
    p.add_argument("--heads", type=int, default=12)
    p.add_argument("--causal", action="store_true")
    p.add_argument("--min-runs", type=int, default=10)
    p.add_argument("--min-seconds", type=float, default=2.0)
    p.add_argument("--warmup-seconds", type=float, default=3.0,
                   help="untimed seconds before each length, as the Java bench (whose JIT compiles meanwhile)")
    p.add_argument("--gemm", type=int, default=2048)
    p.add_argument("--threads", type=int, default=0,
                   help="intra-op threads; 0 keeps PyTorch's default (on a 2-core machine 1 is the fastest:"
                        " OpenBLAS runs its own threads for the products)")
    p.add_argument("--interactive", action=argparse.BooleanOptionalAction, default=True,
                   help="time the worked example too")
    p.add_argument("--format", choices=["table", "tsv"], default="table")
    a = p.parse_args(argv)
    try:
        a.lengths = [int(x) for x in a.lengths.split(",")]
    except ValueError:
        p.error("--lengths must be integers separated by commas")
    if a.warmup_seconds < 0 or a.min_seconds < 0:
        p.error("--warmup-seconds and --min-seconds must be 0 or more")
    if a.d_model % a.heads or min(a.lengths) < 1:
        p.error("--heads must divide --d-model and lengths must be positive")
    return a


def blas_library():
    """The BLAS shared object this process has loaded, read from /proc/self/maps."""
    torch.mm(torch.ones(8, 8), torch.ones(8, 8))
    try:
        with open("/proc/self/maps") as maps:
            libs = {line.split()[-1] for line in maps if "blas" in line.lower()}
    except OSError:
        return "unknown"
    return ", ".join(sorted(os.path.basename(l) for l in libs)) or "none found"


def multi_head(t, d_model, heads, causal, seed):
    g = torch.Generator().manual_seed(seed)
    init = 1 / math.sqrt(d_model)
    return dict(
        x=torch.randn(1, t, d_model, generator=g),
        w_qkv=torch.randn(d_model, 3 * d_model, generator=g) * init,
        b_qkv=torch.randn(3 * d_model, generator=g) * init,
        w_o=torch.randn(d_model, d_model, generator=g) * init,
        b_o=torch.randn(d_model, generator=g) * init,
        heads=heads,
        mask=torch.ones(t, t, dtype=torch.bool).triu(1) if causal else None,
    )


def forward(x, w_qkv, b_qkv, w_o, b_o, heads, mask, scale=None, temperature=1.0):
    """Every step kept, as the app's trace keeps it. Shapes: b, t, d_model, h, hd."""
    b, t, d = x.shape
    d_out = w_qkv.shape[1] // 3
    hd = d_out // heads
    qkv = torch.addmm(b_qkv, x.reshape(b * t, d), w_qkv) if b_qkv is not None \
        else x.reshape(b * t, d) @ w_qkv                                   # (b*t, 3 d_out)
    q, k, v = (z.contiguous() for z in
               qkv.view(b, t, 3, heads, hd).permute(2, 0, 3, 1, 4).unbind(0))   # (b, h, t, hd)
    scores = q @ k.transpose(-2, -1)                                        # (b, h, t, t)
    factor = (1 / math.sqrt(hd) if scale is None else scale) / temperature
    logits = scores * factor if factor != 1 else scores
    if mask is not None:
        logits = logits.masked_fill(mask, float("-inf"))
    weights = torch.softmax(logits, dim=-1)
    heads_out = weights @ v                                                 # (b, h, t, hd)
    context = heads_out.transpose(1, 2).reshape(b, t, d_out)               # (b, t, d_out)
    output = torch.addmm(b_o, context.reshape(b * t, d_out), w_o).view(b, t, -1) if w_o is not None \
        else context
    return q, k, v, scores, logits, weights, heads_out, context, output


def multi_head_flops(t, d_model, heads):
    hd = d_model / heads
    return 2.0 * t * d_model * 3 * d_model + 2.0 * t * d_model * d_model + 2 * (2.0 * heads * t * t * hd)


class Timing(list):
    """Sorted wall-clock times in ms; cpu: the process CPU time (all threads) per run, averaged."""
    cpu = float("nan")




def measure(run, warmups, warmup_seconds, min_runs, min_seconds, max_runs):
    warm_start = time.perf_counter()
    done = 0
    while done < warmups or time.perf_counter() - warm_start < warmup_seconds:
        run()
        done += 1
    times = []
    cpu_start = time.process_time()
    begin = time.perf_counter()
    while len(times) < max_runs and (len(times) < min_runs or time.perf_counter() - begin < min_seconds):
        start = time.perf_counter()
        run()
        times.append((time.perf_counter() - start) * 1e3)
    result = Timing(sorted(times))
    result.cpu = (time.process_time() - cpu_start) * 1e3 / len(times)
    return result


def quantile(sorted_ms, p):
    pos = p * (len(sorted_ms) - 1)
    lo = math.floor(pos)
    hi = min(lo + 1, len(sorted_ms) - 1)
    return sorted_ms[lo] + (pos - lo) * (sorted_ms[hi] - sorted_ms[lo])


def fmt_ms(ms):
    return f"{ms:.4f}" if ms < 1 else f"{ms:.2f}" if ms < 100 else f"{ms:.0f}"


def row(tsv, name, seq, times, gflop):
    median = quantile(times, 0.5)
    rate = gflop / (median / 1e3)
    cpu = getattr(times, "cpu", float("nan"))
    if tsv:
        print(f"{name}\t{seq}\t{len(times)}\t{median:.4f}\t{quantile(times, 0.25):.4f}\t"
              f"{quantile(times, 0.75):.4f}\t{times[0]:.4f}\t{gflop:.6g}\t{rate:.2f}\t{cpu:.4f}")
    else:
        spread = f"{fmt_ms(quantile(times, 0.25))} - {fmt_ms(quantile(times, 0.75))}"
        print(f"{name:<6} {seq:>5} {len(times):>6} {fmt_ms(median):>10} {spread:>21} {fmt_ms(times[0]):>10}"
              f" {gflop:>8.3f} {rate:>8.1f} {fmt_ms(cpu) if cpu == cpu else '-':>10}")
    sys.stdout.flush()


def main(argv):
    a = parse_args(argv)
    if a.threads > 0:
        torch.set_num_threads(a.threads)
    tsv = a.format == "tsv"
    blas = blas_library()
    if "openblas" not in blas.lower() and not tsv:
        print("warning: PyTorch is not using OpenBLAS (apt-get install libopenblas0); timings are not a fair peer")
    with torch.no_grad():
        if tsv:
            print("case\tseq\truns\tmedian_ms\tp25_ms\tp75_ms\tmin_ms\tgflop\tgflops\tcpu_ms")
        else:
            print(f"Attention forward: batch 1, d_model {a.d_model}, {a.heads} heads, fused QKV + output projection,"
                  f" float32{', causal' if a.causal else ''}; every intermediate kept")
            print(f"engine: PyTorch {torch.__version__} CPU, BLAS {blas}, threads: {torch.get_num_threads()},"
                  f" {os.cpu_count()} cores, Python {sys.version.split()[0]}")
            start = time.perf_counter()
            forward(**multi_head(512, a.d_model, a.heads, a.causal, 512))
            print(f"first forward at seq 512: {(time.perf_counter() - start) * 1e3:.0f} ms\n")
            print(f"{'case':<6} {'seq':>5} {'runs':>6} {'median ms':>10} {'p25-p75 ms':>21} {'min ms':>10}"
                  f" {'GFLOP':>8} {'GFLOP/s':>8} {'CPU ms':>10}")
        forward512 = None
        for t in a.lengths:
            spec = multi_head(t, a.d_model, a.heads, a.causal, t)
            times = measure(lambda: forward(**spec), 2, a.warmup_seconds, a.min_runs, a.min_seconds, 100_000)
            gflop = multi_head_flops(t, a.d_model, a.heads) / 1e9
            row(tsv, "mha", t, times, gflop)
            if t == 512:
                forward512 = gflop / (quantile(times, 0.5) / 1e3)
        if a.interactive:
            interactive(tsv)
        if a.gemm > 0:
            gemm(tsv, a.gemm, a.min_runs, forward512)
    return 0


def interactive(tsv):
    """The worked example as a slider drags the temperature: Q = K = V = the embeddings, one head."""
    x = torch.tensor([[[0.34, 0.22, 0.54], [0.53, 0.34, 0.98], [0.29, 0.54, 0.93]]])   # (b, t, d)
    temperatures = [1.0, 0.5]
    count = [0]

    def slider_step():
        count[0] += 1
        temperature = temperatures[count[0] & 1]
        q = k = v = x.unsqueeze(1)                                                 # (b, 1, t, d)
        scores = q @ k.transpose(-2, -1)
        logits = scores / temperature if temperature != 1 else scores
        weights = torch.softmax(logits, dim=-1)
        heads = weights @ v
        return scores, logits, weights, heads, heads.transpose(1, 2).reshape(1, 3, 3)
    times = measure(slider_step, 200, 1.0, 1000, 1, 1_000_000)
    row(tsv, "hello", 3, times, 2 * (2.0 * 3 * 3 * 3) / 1e9)


def gemm(tsv, n, min_runs, forward512):
    """The machine's limit: a square float32 product through PyTorch's BLAS."""
    ma, mb, mc = torch.rand(n, n), torch.rand(n, n), torch.empty(n, n)
    times = measure(lambda: torch.mm(ma, mb, out=mc), 1, 1.0, max(5, min_runs // 2), 0, 1000)
    gflop = 2.0 * n ** 3 / 1e9
    if tsv:
        row(True, "sgemm", n, times, gflop)
        return
    rate = gflop / (quantile(times, 0.5) / 1e3)
    print(f"\nMachine limit: SGEMM {n}^3 through PyTorch's BLAS: median {fmt_ms(quantile(times, 0.5))} ms"
          f" = {rate:.1f} GFLOP/s (best {gflop / (times[0] / 1e3):.1f})")
    if forward512:
        print(f"Forward at seq 512: {forward512:.1f} GFLOP/s = {100 * forward512 / rate:.0f}% of the SGEMM rate")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
