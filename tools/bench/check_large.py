#!/usr/bin/python3
"""Cross-checks the engine at the benchmark's size against PyTorch: one GPT-style block of
--tokens tokens (default 512), d_model 768, 12 heads, fused QKV with bias, causal mask,
output projection, residual and LayerNorm, float32; the same path the `bench` command times.

    ./mvnw -q -B package -DskipTests && /usr/bin/python3 tools/bench/check_large.py [--tokens 512]
        [--kv-heads 4] [--rope half|interleaved] [--tiled 64,128]

--kv-heads makes it grouped-query attention (K and V heads repeated as Llama's repeat_kv),
--rope rotates q and k (Hugging Face's rotate_half, or Meta's complex product), --tiled runs
the online softmax with those query and key block sizes and checks its running max and sum.

Computes every step in PyTorch, writes the inputs and weights as .npy with a spec (COMPUTE.md
format) into a temporary folder, runs `compute` on it with the jar, and compares each array the
command writes with PyTorch's: |ours - torch| <= 2e-5 + 1e-4 |torch|, the tolerance of the
golden cases. Prints the largest difference per array; exits 1 if any is out of tolerance.
"""
import argparse, json, math, os, subprocess, sys, tempfile

import numpy as np
import torch

ATOL, RTOL = 2e-5, 1e-4


def main(argv):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--tokens", type=int, default=512)
    p.add_argument("--d-model", type=int, default=768)
    p.add_argument("--heads", type=int, default=12)
    p.add_argument("--kv-heads", type=int, default=None)
    p.add_argument("--rope", choices=["half", "interleaved"], default=None)
    p.add_argument("--tiled", default=None, metavar="BQ,BK")
    p.add_argument("--java", default="java --add-modules jdk.incubator.vector",
                   help="how to start Java (plain `java` checks the plain-Java softmax rows)")
    a = p.parse_args(argv)
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    jar = os.path.join(root, "target", "attention-explainer.jar")
    if not os.path.isfile(jar):
        sys.exit(f"check_large.py: {jar} is missing; build it first: ./mvnw -q -B package -DskipTests")
    t, d, h = a.tokens, a.d_model, a.heads
    if d % h:
        sys.exit("check_large.py: --heads must divide --d-model")
    hd = d // h
    kvh = a.kv_heads or h
    if h % kvh:
        sys.exit("check_large.py: --kv-heads must divide --heads")
    kvw = kvh * hd
    g = torch.Generator().manual_seed(11)
    x = torch.randn(1, t, d, generator=g)
    w_qkv = torch.randn(d, d + 2 * kvw, generator=g) / math.sqrt(d)
    b_qkv = torch.randn(d + 2 * kvw, generator=g) * 0.1
    w_o = torch.randn(d, d, generator=g) / math.sqrt(d)
    b_o = torch.randn(d, generator=g) * 0.1
    gamma = torch.rand(d, generator=g) + 0.5
    beta = torch.randn(d, generator=g) * 0.1

    qkv = x[0] @ w_qkv + b_qkv                                                  # (t, d + 2 kvw)
    q, k, v = qkv.split([d, kvw, kvw], dim=1)
    q = q.reshape(t, h, hd).transpose(0, 1)                                     # (h, t, hd)
    k, v = (z.reshape(t, kvh, hd).transpose(0, 1) for z in (k, v))              # (kvh, t, hd)
    if a.rope:
        q, k = rotate(q, a.rope), rotate(k, a.rope)
    k_rep, v_rep = (torch.repeat_interleave(z, h // kvh, dim=0) for z in (k, v))  # (h, t, hd)
    scores = q @ k_rep.transpose(-2, -1)                                        # (h, t, t)
    hidden = torch.ones(t, t, dtype=torch.bool).triu(1)
    logits = (scores / math.sqrt(hd)).masked_fill(hidden, float("-inf"))
    weights = torch.softmax(logits, -1)
    heads = weights @ v_rep                                                     # (h, t, hd)
    context = heads.transpose(0, 1).reshape(t, d)
    output = context @ w_o + b_o
    final = torch.nn.functional.layer_norm(x[0] + output, (d,), gamma, beta, 1e-5)
    expect = {"q": q[None], "k": k[None], "v": v[None], "scores": scores[None], "logits": logits[None],
              "weights": weights[None], "heads": heads[None], "context": context[None],
              "output": output[None], "final": final[None]}
    if a.tiled:
        bq, bk = (int(n) for n in a.tiled.split(","))
        expect["online_max"], expect["online_sum"] = (z[None] for z in online(logits, bk))

    with tempfile.TemporaryDirectory() as work:
        def save(name, tensor):
            np.save(os.path.join(work, name), tensor.detach().numpy().astype(np.float32))
            return name
        spec = {"input": save("x.npy", x), "projection": "fused", "heads": h, "kv_heads": kvh,
                "weights": {"qkv": save("w_qkv.npy", w_qkv), "qkv_bias": save("b_qkv.npy", b_qkv),
                            "out": save("w_o.npy", w_o), "out_bias": save("b_o.npy", b_o)},
                "residual": True,
                "layer_norm": {"gamma": save("gamma.npy", gamma), "beta": save("beta.npy", beta), "eps": 1e-5},
                "causal": True}
        if a.rope:
            spec["rope"] = {"style": a.rope}
        if a.tiled:
            spec["algorithm"] = {"kind": "tiled", "block_q": bq, "block_k": bk}
        with open(os.path.join(work, "spec.json"), "w") as f:
            json.dump(spec, f)
        out = os.path.join(work, "out")
        cmd = a.java.split() + ["-jar", jar, "compute", "--spec", os.path.join(work, "spec.json"), "--out", out]
        r = subprocess.run(cmd, capture_output=True, text=True)
        if r.returncode != 0:
            sys.exit(f"check_large.py: compute failed ({r.returncode}): {r.stderr.strip()[-400:]}")
        bad = 0
        print(f"{t} tokens, d_model {d}, {h} heads on {kvh} K/V heads, rope {a.rope}, algorithm "
              f"{'tiled ' + a.tiled if a.tiled else 'direct'}, causal, fused QKV, residual + LayerNorm; "
              f"torch {torch.__version__}")
        for name, want in expect.items():
            got = np.load(os.path.join(out, name + ".npy"))
            w = want.detach().numpy()
            if got.shape != w.shape:
                print(f"FAIL {name}: shape {got.shape}, PyTorch {w.shape}")
                bad += 1
                continue
            both_inf = np.isinf(w) & (got == w)                                 # -inf where masked, in both
            g64, w64 = np.where(both_inf, 0.0, got.astype(np.float64)), np.where(both_inf, 0.0, w)
            diff = np.abs(g64 - w64)
            worst = float(np.max(diff)) if diff.size else 0.0
            ok = bool(np.all(diff <= ATOL + RTOL * np.abs(w64)))
            bad += not ok
            print(f"{'ok  ' if ok else 'FAIL'} {name:<8} {str(w.shape):<18} largest difference {worst:.3g}")
        return 1 if bad else 0


def rotate(z, style, base=10000.0):
    """Rotary embedding of (heads, t, hd) at positions 0..t-1, angles in float64."""
    n, hd = z.shape[-2], z.shape[-1]
    theta = np.arange(n)[:, None] * base ** (-2.0 * np.arange(hd // 2) / hd)
    cos, sin = (torch.tensor(f(theta), dtype=torch.float32) for f in (np.cos, np.sin))
    if style == "half":
        rotated = torch.cat([-z[..., hd // 2:], z[..., :hd // 2]], dim=-1)
        return z * torch.cat([cos, cos], -1) + rotated * torch.cat([sin, sin], -1)
    zc = torch.view_as_complex(z.reshape(*z.shape[:-1], hd // 2, 2).contiguous())
    return torch.view_as_real(zc * torch.complex(cos, sin)).reshape(z.shape)


def online(logits, bk):
    """The online softmax's running max m and sum l after each key block of bk, per row."""
    s = logits.shape[-1]
    m = torch.full(logits.shape[:-1], float("-inf"))
    l = torch.zeros(logits.shape[:-1])
    ms, ls = [], []
    for k0 in range(0, s, bk):
        block = logits[..., k0:k0 + bk]
        m_new = torch.maximum(m, block.max(-1).values)  # causal: key 0 is seen by every row
        l = l * torch.exp(m - m_new) + torch.exp(block - m_new[..., None]).sum(-1)
        m = m_new
        ms.append(m)
        ls.append(l)
    return torch.stack(ms, -1), torch.stack(ls, -1)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
