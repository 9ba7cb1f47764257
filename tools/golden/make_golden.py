#!/usr/bin/python3
"""Independent PyTorch cross-check generator for the `compute` command.

Writes reference cases to src/test/resources/golden/generated/<case>/ in the format of
docs COMPUTE.md (spec*.json with an "expect" map naming reference .npy files), plus a
manifest.json per case and torch_random_stream/reference.json (raw values of PyTorch's
CPU generator for a Java re-implementation).

    /usr/bin/python3 tools/golden/make_golden.py

Deterministic: it wipes the generated/ folder and writes everything again; a second run
gives byte-identical files (on the same torch build and CPU capability).

How each reference is made (deliberately plain, so a reader can see it is independent of
the Java engine):
  * the spec file is written first, then read back by `torch_reference`, which resolves it
    exactly as COMPUTE.md describes: arrays inline or .npy, weights from files, or from
    `init` by torch.manual_seed + torch.rand / nn.Linear in the documented order;
  * everything is computed with real PyTorch on the CPU in float32: F.linear projections,
    head split (b,t,D)->(b,t,h,hd)->(b,h,t,hd), scores = q @ k^T,
    logits = scores * scale / temperature with masked entries -inf, torch.softmax (or a
    one-hot of torch.argmax for hardmax), heads = weights @ v, concatenation, output
    projection, residual and F.layer_norm; the v2 extensions as models write them:
    torch.repeat_interleave of K/V heads for kv_heads, rotate_half or the complex product for
    rope, and for algorithm tiled a block loop of the online softmax (asserted equal to
    torch.softmax) that records m and l;
  * `numpy_reference` recomputes every array again from the spec in float64 NumPy with
    explicit loops (and re-creates `init` weights with its own MT19937), and the script
    asserts agreement; the literal classes of the rasbt book (ch. 3) are run as well
    where a case reproduces one of them, and the printed numbers of the book are asserted.
"""
import json
import math
import os
import shutil
import struct
import sys
from pathlib import Path

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "src" / "test" / "resources" / "golden" / "generated"

torch.set_num_threads(1)
torch.set_default_dtype(torch.float32)

TORCH_VERSION = torch.__version__
NUMPY_VERSION = np.__version__


def _cpu_capability():
    for line in torch.__config__.show().splitlines():
        if "CPU capability usage" in line:
            return line.split(":", 1)[1].strip()
    return "unknown"


CPU_CAPABILITY = os.environ.get("ATEN_CPU_CAPABILITY") or _cpu_capability()
# PyTorch's CPU uniform_ kernel computes from + x * (to - from) in float32; the AVX2/AVX512
# builds of that kernel contract it to a fused multiply-add, the "default" build does not.
# This only matters (by 1 ulp) for nn.Linear init, where from != 0.
UNIFORM_USES_FMA = CPU_CAPABILITY.upper() not in ("DEFAULT", "NO AVX", "")

# Float64 re-computation must agree with the float32 torch reference within this.
CHECK_RTOL, CHECK_ATOL = 2e-5, 2e-6

OUTPUT_NAMES = ["q", "k", "v", "scores", "logits", "weights", "heads", "context", "output", "final"]

RASBT_INPUTS = [
    [0.43, 0.15, 0.89],  # Your
    [0.55, 0.87, 0.66],  # journey
    [0.57, 0.85, 0.64],  # starts
    [0.22, 0.58, 0.33],  # with
    [0.77, 0.25, 0.10],  # one
    [0.05, 0.80, 0.55],  # step
]
RASBT_TOKENS = ["Your", "journey", "starts", "with", "one", "step"]


# --------------------------------------------------------------------------------------
# JSON helpers
# --------------------------------------------------------------------------------------

def _is_flat_numbers(v):
    return isinstance(v, list) and all(isinstance(e, (int, float)) and not isinstance(e, bool) for e in v)


def dumps(obj, indent=0):
    """JSON with one line per innermost list of numbers (readable inline arrays)."""
    pad = " " * indent
    if isinstance(obj, dict):
        if not obj:
            return "{}"
        items = [f'{pad} {json.dumps(k)}: {dumps(v, indent + 1)}' for k, v in obj.items()]
        return "{\n" + ",\n".join(items) + "\n" + pad + "}"
    if isinstance(obj, list):
        if _is_flat_numbers(obj) or all(isinstance(e, str) for e in obj):
            return "[" + ", ".join(json.dumps(e) for e in obj) + "]"
        items = [pad + " " + dumps(v, indent + 1) for v in obj]
        return "[\n" + ",\n".join(items) + "\n" + pad + "]"
    return json.dumps(obj)


def write_json(path, obj):
    Path(path).write_text(dumps(obj) + "\n")


def rounded(a, decimals=4):
    """A numpy array as nested lists of short decimals (inline spec arrays)."""
    return np.round(np.asarray(a, dtype=np.float64), decimals).tolist()


def f32_bits(v):
    return "0x%08x" % struct.unpack("<I", struct.pack("<f", float(v)))[0]


def f64_bits(v):
    return "0x%016x" % struct.unpack("<Q", struct.pack("<d", float(v)))[0]


# --------------------------------------------------------------------------------------
# Spec resolution shared by both references (arrays only; no arithmetic)
# --------------------------------------------------------------------------------------

def load_array(value, base):
    """Inline nested list or a .npy path relative to the spec; returned as float64."""
    if isinstance(value, str):
        return np.load(base / value).astype(np.float64)
    return np.asarray(value, dtype=np.float64)


def as_f32(a):
    """What a float32 engine sees: the value rounded to float32 (kept as float64 here)."""
    return np.asarray(a, dtype=np.float64).astype(np.float32).astype(np.float64)


def batched(a):
    return a[None] if a.ndim == 2 else a


def resolved_projection(spec):
    if "projection" in spec:
        return spec["projection"]
    w = spec.get("weights", {})
    if "query" in w or "init" in spec:
        return "separate"
    if "qkv" in w:
        return "fused"
    return "identity"


def scale_value(spec, hd):
    sc = spec.get("scale", "inverse_sqrt_dk")
    if sc == "inverse_sqrt_dk":
        return 1.0 / math.sqrt(hd)
    if sc == "none":
        return 1.0
    return float(sc)


# --------------------------------------------------------------------------------------
# The PyTorch reference (float32, CPU)
# --------------------------------------------------------------------------------------

def kv_width(spec, D):
    """Columns of W_k and W_v: kv_heads * hd, hd = D / heads (D itself without kv_heads)."""
    H = spec.get("heads", 1)
    return spec.get("kv_heads", H) * (D // H)


def torch_weights_from_init(init, projection, d_in, d_src=None, kvw=None):
    """Create the weights exactly as COMPUTE.md's `init` says, with torch's own generator.
    Key and value read d_src columns and have kvw outputs (kv_heads * hd; D by default).

    Returns PyTorch-layout tensors: weight (out, in), bias (out) or None."""
    torch.manual_seed(init["seed"])
    D = init["d_out"]
    d_src = d_in if d_src is None else d_src
    kvw = D if kvw is None else kvw
    w = {}
    if init["scheme"] == "torch_rand":
        # SelfAttention_v1: nn.Parameter(torch.rand(d_in, d_out)) for query, key, value; x @ W
        for name, rows, cols in (("query", d_in, D), ("key", d_src, kvw), ("value", d_src, kvw)):
            w[name] = torch.rand(rows, cols).T.contiguous()  # store as (out, in)
            w[name + "_bias"] = None
        return w
    assert init["scheme"] == "torch_linear", init
    qkv_bias = init.get("qkv_bias", False)
    if projection == "fused":
        qkv = nn.Linear(d_in, D + 2 * kvw, bias=qkv_bias)
        w["qkv"], w["qkv_bias"] = qkv.weight.detach(), (qkv.bias.detach() if qkv_bias else None)
    else:
        for name, rows, cols in (("query", d_in, D), ("key", d_src, kvw), ("value", d_src, kvw)):
            lin = nn.Linear(rows, cols, bias=qkv_bias)
            w[name], w[name + "_bias"] = lin.weight.detach(), (lin.bias.detach() if qkv_bias else None)
    if init.get("out", False):
        out_bias = init.get("out_bias", True)
        lin = nn.Linear(D, D, bias=out_bias)
        w["out"], w["out_bias"] = lin.weight.detach(), (lin.bias.detach() if out_bias else None)
    return w


def torch_weights_from_files(spec, base):
    """weights.* given as x @ W matrices: transpose to PyTorch's (out, in) layout."""
    w = {}
    for name, val in spec.get("weights", {}).items():
        a = torch.tensor(load_array(val, base), dtype=torch.float32)
        w[name] = a if name.endswith("_bias") else a.T.contiguous()
    return w


def build_mask(spec, base, b, t, s):
    """Boolean (b, 1, t, s): True = blocked."""
    i = torch.arange(t).view(t, 1)
    j = torch.arange(s).view(1, s)
    blocked = torch.zeros(t, s, dtype=torch.bool)
    causal = spec.get("causal", False)
    if causal:
        blocked |= j > i
    if spec.get("window") is not None:
        wdw = spec["window"]
        blocked |= (i - j) > wdw
        if not causal:
            blocked |= (j - i) > wdw
    blocked = blocked.view(1, 1, t, s).expand(b, 1, t, s).clone()
    if "padding" in spec:
        pad = torch.tensor(load_array(spec["padding"], base))  # (b, s) of 1/0
        blocked |= (pad == 0).view(b, 1, 1, s)
    return blocked


def torch_reference(spec, base):
    """Every output of COMPUTE.md's DIR table, computed with PyTorch in float32."""
    x = torch.tensor(batched(load_array(spec["input"], base)), dtype=torch.float32)
    src = torch.tensor(batched(load_array(spec["source"], base)), dtype=torch.float32) if "source" in spec else x
    b, t, d_in = x.shape
    s = src.shape[1]
    projection = resolved_projection(spec)
    H = spec.get("heads", 1)
    KVH = spec.get("kv_heads", H)

    if "init" in spec:
        D0 = spec["init"]["d_out"]
        W = torch_weights_from_init(spec["init"], projection, d_in, src.shape[-1], kv_width(spec, D0))
    else:
        W = torch_weights_from_files(spec, base)

    if projection == "identity":
        q, k, v = x, src, src
    elif projection == "separate":
        q = F.linear(x, W["query"], W.get("query_bias"))
        k = F.linear(src, W["key"], W.get("key_bias"))
        v = F.linear(src, W["value"], W.get("value_bias"))
    else:
        qkv = F.linear(x, W["qkv"], W.get("qkv_bias"))
        kv_src = qkv if "source" not in spec else F.linear(src, W["qkv"], W.get("qkv_bias"))
        hd0 = qkv.shape[-1] // (H + 2 * KVH)
        split = [H * hd0, KVH * hd0, KVH * hd0]  # Q, then K, then V (chunk(3) when KVH = H)
        q = qkv.split(split, dim=-1)[0]
        k, v = kv_src.split(split, dim=-1)[1:]

    D = q.shape[-1]
    hd = D // H
    q = q.reshape(b, t, H, hd).transpose(1, 2)  # (b, h, t, hd)
    k = k.reshape(b, s, KVH, hd).transpose(1, 2)  # (b, kv_heads, s, hd)
    v = v.reshape(b, s, KVH, hd).transpose(1, 2)
    if "rope" in spec:
        q, k = torch_rope(q, spec["rope"]), torch_rope(k, spec["rope"])
    # Llama's repeat_kv: query head i reads K/V head i // (H / KVH)
    k_rep = torch.repeat_interleave(k, H // KVH, dim=1)  # (b, h, s, hd)
    v_rep = torch.repeat_interleave(v, H // KVH, dim=1)

    scores = q @ k_rep.transpose(-2, -1)  # (b, h, t, s)
    logits = scores * scale_value(spec, hd) / float(spec.get("temperature", 1.0))
    blocked = build_mask(spec, base, b, t, s)
    logits = logits.masked_fill(blocked, float("-inf"))
    fully_masked = blocked.all(dim=-1, keepdim=True).expand(b, H, t, 1)  # (b, h, t, 1)

    if spec.get("normalization", "softmax") == "softmax":
        weights = torch.softmax(logits, dim=-1)  # NaN on fully masked rows
    else:
        weights = F.one_hot(logits.argmax(dim=-1), num_classes=s).to(torch.float32)  # first max on ties
    # COMPUTE.md: a fully masked query row gets weights 0 (PyTorch's softmax gives NaN there)
    weights = torch.where(fully_masked, torch.zeros(()), weights)

    extra = {}
    if "dropout" in spec:
        extra["weights_nodrop"] = weights
        torch.manual_seed(spec["dropout"]["seed"])
        extra["weights_torch_dropout"] = F.dropout(weights, p=spec["dropout"]["p"], training=True)
        weights = extra["weights_torch_dropout"]

    heads = weights @ v_rep  # (b, h, t, hd)
    online = {}
    if spec.get("algorithm", {}).get("kind", "direct") == "tiled":
        alg = spec["algorithm"]
        online = torch_tiled(logits, v_rep, alg["block_q"], alg["block_k"])
        # the tiled loop must give the direct softmax's weights and heads
        assert torch.allclose(online.pop("weights"), weights, rtol=1e-5, atol=1e-6)
        assert torch.allclose(online.pop("heads"), heads, rtol=1e-5, atol=1e-6)
    context = heads.transpose(1, 2).reshape(b, t, D)  # (b, t, h*hd)
    output = F.linear(context, W["out"], W.get("out_bias")) if "out" in W else context
    final = output
    if spec.get("residual", False):
        final = final + x
    if "layer_norm" in spec:
        ln = spec["layer_norm"]
        gamma = torch.tensor(load_array(ln["gamma"], base), dtype=torch.float32) if "gamma" in ln else None
        beta = torch.tensor(load_array(ln["beta"], base), dtype=torch.float32) if "beta" in ln else None
        final = F.layer_norm(final, (final.shape[-1],), gamma, beta, eps=float(ln.get("eps", 1e-5)))

    outs = dict(q=q, k=k, v=v, scores=scores, logits=logits, weights=weights, heads=heads,
                context=context, output=output, final=final, **online)
    outs = {n: a.detach().contiguous().numpy().astype(np.float32) for n, a in outs.items()}
    extra = {n: a.detach().contiguous().numpy().astype(np.float32) for n, a in extra.items()}
    masked_rows = [list(map(int, r)) for r in torch.nonzero(fully_masked[:, 0, :, 0]).tolist()]
    info = dict(b=b, t=t, s=s, d_in=d_in, d_src=src.shape[-1], d_out=D, heads=H, kv_heads=KVH, head_dim=hd,
                d_model=outs["output"].shape[-1], projection=projection,
                scale=scale_value(spec, hd), fully_masked_rows_b_t=masked_rows,
                torch_weights={n: (None if a is None else a.numpy().copy()) for n, a in W.items()})
    return outs, extra, info


def rope_angles(n, hd, rope):
    """theta (n, hd/2) in float64: position (offset + i) * base^(-2j/hd)."""
    pos = np.arange(n, dtype=np.float64) + rope.get("offset", 0)
    inv = float(rope.get("base", 10000.0)) ** (-2.0 * np.arange(hd // 2, dtype=np.float64) / hd)
    return pos[:, None] * inv[None, :]


def torch_rope(x, rope):
    """Rotary embedding of (b, heads, n, hd) in float32, as the models write it: Hugging Face
    Llama's rotate_half for "half", Meta Llama's complex multiplication for "interleaved"."""
    n, hd = x.shape[-2], x.shape[-1]
    theta = rope_angles(n, hd, rope)
    cos = torch.tensor(np.cos(theta), dtype=torch.float32)
    sin = torch.tensor(np.sin(theta), dtype=torch.float32)
    if rope.get("style", "half") == "half":
        cos2, sin2 = torch.cat([cos, cos], dim=-1), torch.cat([sin, sin], dim=-1)
        rotated = torch.cat([-x[..., hd // 2:], x[..., :hd // 2]], dim=-1)  # rotate_half
        return x * cos2 + rotated * sin2
    assert rope["style"] == "interleaved", rope
    freqs = torch.complex(cos, sin)  # torch.polar(ones, theta), from the float64 angles
    xc = torch.view_as_complex(x.float().reshape(*x.shape[:-1], hd // 2, 2).contiguous())
    return torch.view_as_real(xc * freqs).reshape(x.shape)


def torch_tiled(logits, v, bq, bk):
    """FlashAttention-2's online softmax in float32 torch: query blocks of bq rows, key blocks
    of bk; the running max m and sum l after each key block, then O / l and exp(logit - m) / l."""
    b, h, t, s = logits.shape
    nb = -(-s // bk)
    m_hist = torch.zeros(b, h, t, nb)
    l_hist = torch.zeros(b, h, t, nb)
    heads = torch.zeros(b, h, t, v.shape[-1])
    weights = torch.zeros(b, h, t, s)
    for q0 in range(0, t, bq):
        rows = slice(q0, min(q0 + bq, t))
        lg = logits[:, :, rows]
        m = torch.full(lg.shape[:-1], float("-inf"))
        l = torch.zeros(lg.shape[:-1])
        o = torch.zeros(*lg.shape[:-1], v.shape[-1])
        for n in range(nb):
            keys = slice(n * bk, min((n + 1) * bk, s))
            blk = lg[..., keys]
            m_new = torch.maximum(m, blk.max(dim=-1).values)
            seen = torch.isfinite(m_new)  # while every key so far is masked, m stays -inf and l 0
            # (where a row has seen no key yet, exp(-inf - -inf) is NaN: torch.where picks the 0)
            alpha = torch.where(seen, torch.exp(m - m_new), torch.zeros(()))
            p = torch.where(seen[..., None], torch.exp(blk - m_new[..., None]), torch.zeros(()))
            l = l * alpha + p.sum(dim=-1)
            o = o * alpha[..., None] + p @ v[:, :, keys]
            m = torch.where(seen, m_new, m)
            m_hist[:, :, rows, n] = m
            l_hist[:, :, rows, n] = l
        ok = l > 0
        heads[:, :, rows] = torch.where(ok[..., None], o / l[..., None], torch.zeros(()))
        weights[:, :, rows] = torch.where(ok[..., None], torch.exp(lg - m[..., None]) / l[..., None], torch.zeros(()))
    return dict(online_max=m_hist, online_sum=l_hist, weights=weights, heads=heads)


# --------------------------------------------------------------------------------------
# The float64 NumPy check (independent code path, explicit loops)
# --------------------------------------------------------------------------------------

class MT19937:
    """Plain MT19937 (init_genrand seeding), the engine behind torch.manual_seed on the CPU.

    torch keeps only the low 32 bits of the seed for the engine state."""

    def __init__(self, seed):
        self.mt = [0] * 624
        self.mt[0] = seed & 0xFFFFFFFF
        for i in range(1, 624):
            self.mt[i] = (1812433253 * (self.mt[i - 1] ^ (self.mt[i - 1] >> 30)) + i) & 0xFFFFFFFF
        self.index = 624

    def _twist(self):
        mt = self.mt
        for i in range(624):
            y = (mt[i] & 0x80000000) | (mt[(i + 1) % 624] & 0x7FFFFFFF)
            mt[i] = mt[(i + 397) % 624] ^ (y >> 1) ^ (0x9908B0DF if y & 1 else 0)
        self.index = 0

    def next_u32(self):
        if self.index >= 624:
            self._twist()
        y = self.mt[self.index]
        self.index += 1
        y ^= y >> 11
        y ^= (y << 7) & 0x9D2C5680
        y ^= (y << 15) & 0xEFC60000
        y ^= y >> 18
        return y

    def u32(self, n):
        return np.array([self.next_u32() for _ in range(n)], dtype=np.uint64)

    def uniform_f32(self, n, lo=0.0, hi=1.0, fma=UNIFORM_USES_FMA):
        """PyTorch CPU uniform_ for float32: x = (r & 0xFFFFFF) * 2^-24, lo + x * (hi - lo).

        With fma, x*(hi-lo)+lo is rounded once: in float64 it is exact (48 significant bits
        at most), so rounding that double to float32 equals a true fused multiply-add."""
        x = (self.u32(n) & 0xFFFFFF).astype(np.float32) * np.float32(2.0 ** -24)
        lo32, hi32 = np.float32(lo), np.float32(hi)
        width = hi32 - lo32  # float32 subtraction, as torch does
        if fma:
            return (x.astype(np.float64) * np.float64(width) + np.float64(lo32)).astype(np.float32)
        return (x * width + lo32).astype(np.float32)


def kaiming_bound(fan_in):
    """nn.Linear.reset_parameters: kaiming_uniform_(a=sqrt(5)) -> bound, in Python doubles."""
    a = math.sqrt(5)
    gain = math.sqrt(2.0 / (1 + a ** 2))
    std = gain / math.sqrt(fan_in)
    return math.sqrt(3.0) * std


def bias_bound(fan_in):
    return 1 / math.sqrt(fan_in) if fan_in > 0 else 0


def numpy_linear_init(mt, fan_in, fan_out, bias):
    """nn.Linear(fan_in, fan_out): weight (out, in) then bias, from one generator stream."""
    kb = kaiming_bound(fan_in)
    wgt = mt.uniform_f32(fan_in * fan_out, -kb, kb).reshape(fan_out, fan_in)
    bb = bias_bound(fan_in)
    bvec = mt.uniform_f32(fan_out, -bb, bb) if bias else None
    return wgt, bvec


def numpy_weights(spec, base, projection, d_in, d_src):
    """x @ W form float64 matrices; `init` re-created with this file's own MT19937."""
    w = {}
    if "init" in spec:
        init = spec["init"]
        mt = MT19937(init["seed"])
        D = init["d_out"]
        kvw = kv_width(spec, D)
        if init["scheme"] == "torch_rand":
            for name, rows, cols in (("query", d_in, D), ("key", d_src, kvw), ("value", d_src, kvw)):
                w[name] = mt.uniform_f32(rows * cols).reshape(rows, cols).astype(np.float64)
            return w
        qkv_bias = init.get("qkv_bias", False)
        layers = [("qkv", d_in, D + 2 * kvw)] if projection == "fused" else \
            [("query", d_in, D), ("key", d_src, kvw), ("value", d_src, kvw)]
        for name, fan_in, width in layers:
            wgt, bvec = numpy_linear_init(mt, fan_in, width, qkv_bias)
            w[name] = wgt.T.astype(np.float64)
            if bvec is not None:
                w[name + "_bias"] = bvec.astype(np.float64)
        if init.get("out", False):
            wgt, bvec = numpy_linear_init(mt, D, D, init.get("out_bias", True))
            w["out"] = wgt.T.astype(np.float64)
            if bvec is not None:
                w["out_bias"] = bvec.astype(np.float64)
        return w
    for name, val in spec.get("weights", {}).items():
        w[name] = as_f32(load_array(val, base))
    return w


def numpy_reference(spec, base):
    x = as_f32(batched(load_array(spec["input"], base)))
    src = as_f32(batched(load_array(spec["source"], base))) if "source" in spec else x
    b, t, d_in = x.shape
    s = src.shape[1]
    projection = resolved_projection(spec)
    H = spec.get("heads", 1)
    KVH = spec.get("kv_heads", H)
    W = numpy_weights(spec, base, projection, d_in, src.shape[-1])

    def lin(a, name):
        y = np.einsum("btd,de->bte", a, W[name])
        return y + W[name + "_bias"] if name + "_bias" in W else y

    if projection == "identity":
        Q, K, V = x, src, src
    elif projection == "separate":
        Q, K, V = lin(x, "query"), lin(src, "key"), lin(src, "value")
    else:
        QKV = lin(x, "qkv")
        KV = QKV if "source" not in spec else lin(src, "qkv")
        hd0 = QKV.shape[-1] // (H + 2 * KVH)
        D0, KW = H * hd0, KVH * hd0
        Q, K, V = QKV[..., :D0], KV[..., D0:D0 + KW], KV[..., D0 + KW:]
    D = Q.shape[-1]
    hd = D // H
    group = H // KVH
    scale = scale_value(spec, hd)
    temp = float(spec.get("temperature", 1.0))
    causal = spec.get("causal", False)
    window = spec.get("window")
    padding = load_array(spec["padding"], base) if "padding" in spec else None
    hard = spec.get("normalization", "softmax") == "hardmax"

    def allowed(bi, i, j):
        if causal and j > i:
            return False
        if window is not None and (i - j > window or (not causal and j - i > window)):
            return False
        if padding is not None and padding[bi, j] == 0:
            return False
        return True

    rope = spec.get("rope")

    def rotate(vec, position):
        """One head row turned pair by pair (float64), the pairs as rope.style says."""
        if rope is None:
            return vec
        out = vec.copy()
        half = hd // 2
        for jj in range(half):
            theta = (position + rope.get("offset", 0)) * float(rope.get("base", 10000.0)) ** (-2.0 * jj / hd)
            a, bb = (jj, jj + half) if rope.get("style", "half") == "half" else (2 * jj, 2 * jj + 1)
            out[a] = vec[a] * math.cos(theta) - vec[bb] * math.sin(theta)
            out[bb] = vec[bb] * math.cos(theta) + vec[a] * math.sin(theta)
        return out

    q = np.zeros((b, H, t, hd)); k = np.zeros((b, KVH, s, hd)); v = np.zeros((b, KVH, s, hd))
    for bi in range(b):
        for g in range(KVH):
            cols = slice(g * hd, (g + 1) * hd)
            v[bi, g] = V[bi, :, cols]
            for j in range(s):
                k[bi, g, j] = rotate(K[bi, j, cols], j)
        for h in range(H):
            for i in range(t):
                q[bi, h, i] = rotate(Q[bi, i, h * hd:(h + 1) * hd], i)
    scores = np.zeros((b, H, t, s)); logits = np.zeros((b, H, t, s)); weights = np.zeros((b, H, t, s))
    heads = np.zeros((b, H, t, hd))
    for bi in range(b):
        for h in range(H):
            g = h // group  # the K/V head this query head reads
            for i in range(t):
                row = []
                for j in range(s):
                    sc = float(np.dot(q[bi, h, i], k[bi, g, j]))
                    scores[bi, h, i, j] = sc
                    row.append(sc * scale / temp if allowed(bi, i, j) else -math.inf)
                logits[bi, h, i] = row
                finite = [j for j in range(s) if row[j] != -math.inf]
                if not finite:
                    continue  # weights 0, head 0
                if hard:
                    best = finite[0]
                    for j in finite:
                        if row[j] > row[best]:
                            best = j  # strict: the first maximum wins
                    weights[bi, h, i, best] = 1.0
                else:
                    m = max(row[j] for j in finite)
                    e = [math.exp(row[j] - m) if j in finite else 0.0 for j in range(s)]
                    z = sum(e)
                    weights[bi, h, i] = [ej / z for ej in e]
                heads[bi, h, i] = sum(weights[bi, h, i, j] * v[bi, g, j] for j in range(s))
    online = {}
    if spec.get("algorithm", {}).get("kind", "direct") == "tiled":
        online = numpy_online(logits, spec["algorithm"]["block_k"])
    context = np.concatenate([heads[:, h] for h in range(H)], axis=-1)
    output = context @ W["out"] + W.get("out_bias", 0.0) if "out" in W else context
    final = output + x if spec.get("residual", False) else output
    if "layer_norm" in spec:
        ln = spec["layer_norm"]
        mean = final.mean(axis=-1, keepdims=True)
        var = ((final - mean) ** 2).mean(axis=-1, keepdims=True)  # biased, as LayerNorm
        final = (final - mean) / np.sqrt(var + float(ln.get("eps", 1e-5)))
        if "gamma" in ln:
            final = final * as_f32(load_array(ln["gamma"], base))
        if "beta" in ln:
            final = final + as_f32(load_array(ln["beta"], base))
    outs = dict(q=q, k=k, v=v, scores=scores, logits=logits, weights=weights, heads=heads,
                context=context, output=output, final=final, **online)
    return outs, W


def numpy_online(logits, bk):
    """m and l after each key block, per row, in float64 loops (query blocks change nothing here)."""
    b, h, t, s = logits.shape
    nb = -(-s // bk)
    m_hist = np.zeros((b, h, t, nb)); l_hist = np.zeros((b, h, t, nb))
    for idx in np.ndindex(b, h, t):
        m, l = -math.inf, 0.0
        for n in range(nb):
            block = [float(x) for x in logits[idx][n * bk:(n + 1) * bk]]
            m_new = max([m] + block)
            if m_new != -math.inf:
                l = l * math.exp(m - m_new) + sum(math.exp(x - m_new) for x in block)
                m = m_new
            m_hist[idx + (n,)] = m
            l_hist[idx + (n,)] = l
    return dict(online_max=m_hist, online_sum=l_hist)


def compare_f64(name, got32, want64, rtol=CHECK_RTOL, atol=CHECK_ATOL):
    got = got32.astype(np.float64)
    assert got.shape == want64.shape, (name, got.shape, want64.shape)
    inf_g, inf_w = np.isneginf(got), np.isneginf(want64)
    assert np.array_equal(inf_g, inf_w), f"{name}: -inf pattern differs"
    g, w = got[~inf_w], want64[~inf_w]
    assert np.all(np.isfinite(g)), f"{name}: non-finite values"
    if g.size:
        assert np.allclose(g, w, rtol=rtol, atol=atol), \
            f"{name}: float32 torch vs float64 numpy max abs diff {np.abs(g - w).max():.3g}"
        return float(np.abs(g - w).max())
    return 0.0


# --------------------------------------------------------------------------------------
# Literal transcriptions of the rasbt book's classes (ch. 3), as a third opinion
# --------------------------------------------------------------------------------------

class SelfAttention_v1(nn.Module):
    def __init__(self, d_in, d_out):
        super().__init__()
        self.W_query = nn.Parameter(torch.rand(d_in, d_out))
        self.W_key = nn.Parameter(torch.rand(d_in, d_out))
        self.W_value = nn.Parameter(torch.rand(d_in, d_out))

    def forward(self, x):
        keys = x @ self.W_key
        queries = x @ self.W_query
        values = x @ self.W_value
        attn_scores = queries @ keys.T
        attn_weights = torch.softmax(attn_scores / keys.shape[-1] ** 0.5, dim=-1)
        return attn_weights @ values


class SelfAttention_v2(nn.Module):
    def __init__(self, d_in, d_out, qkv_bias=False):
        super().__init__()
        self.W_query = nn.Linear(d_in, d_out, bias=qkv_bias)
        self.W_key = nn.Linear(d_in, d_out, bias=qkv_bias)
        self.W_value = nn.Linear(d_in, d_out, bias=qkv_bias)

    def forward(self, x):
        keys = self.W_key(x)
        queries = self.W_query(x)
        values = self.W_value(x)
        attn_scores = queries @ keys.T
        attn_weights = torch.softmax(attn_scores / keys.shape[-1] ** 0.5, dim=-1)
        return attn_weights @ values


class CausalAttention(nn.Module):
    def __init__(self, d_in, d_out, context_length, dropout, qkv_bias=False):
        super().__init__()
        self.d_out = d_out
        self.W_query = nn.Linear(d_in, d_out, bias=qkv_bias)
        self.W_key = nn.Linear(d_in, d_out, bias=qkv_bias)
        self.W_value = nn.Linear(d_in, d_out, bias=qkv_bias)
        self.dropout = nn.Dropout(dropout)
        self.register_buffer("mask", torch.triu(torch.ones(context_length, context_length), diagonal=1))

    def forward(self, x):
        b, num_tokens, d_in = x.shape
        keys = self.W_key(x)
        queries = self.W_query(x)
        values = self.W_value(x)
        attn_scores = queries @ keys.transpose(1, 2)
        attn_scores.masked_fill_(self.mask.bool()[:num_tokens, :num_tokens], -torch.inf)
        attn_weights = torch.softmax(attn_scores / keys.shape[-1] ** 0.5, dim=-1)
        attn_weights = self.dropout(attn_weights)
        return attn_weights @ values


class MultiHeadAttention(nn.Module):
    def __init__(self, d_in, d_out, context_length, dropout, num_heads, qkv_bias=False):
        super().__init__()
        assert d_out % num_heads == 0
        self.d_out = d_out
        self.num_heads = num_heads
        self.head_dim = d_out // num_heads
        self.W_query = nn.Linear(d_in, d_out, bias=qkv_bias)
        self.W_key = nn.Linear(d_in, d_out, bias=qkv_bias)
        self.W_value = nn.Linear(d_in, d_out, bias=qkv_bias)
        self.out_proj = nn.Linear(d_out, d_out)
        self.dropout = nn.Dropout(dropout)
        self.register_buffer("mask", torch.triu(torch.ones(context_length, context_length), diagonal=1))

    def forward(self, x):
        b, num_tokens, d_in = x.shape
        keys = self.W_key(x)
        queries = self.W_query(x)
        values = self.W_value(x)
        keys = keys.view(b, num_tokens, self.num_heads, self.head_dim).transpose(1, 2)
        queries = queries.view(b, num_tokens, self.num_heads, self.head_dim).transpose(1, 2)
        values = values.view(b, num_tokens, self.num_heads, self.head_dim).transpose(1, 2)
        attn_scores = queries @ keys.transpose(2, 3)
        attn_scores.masked_fill_(self.mask.bool()[:num_tokens, :num_tokens], -torch.inf)
        attn_weights = torch.softmax(attn_scores / keys.shape[-1] ** 0.5, dim=-1)
        attn_weights = self.dropout(attn_weights)
        context_vec = (attn_weights @ values).transpose(1, 2)
        context_vec = context_vec.contiguous().view(b, num_tokens, self.d_out)
        return self.out_proj(context_vec)


class FusedQKVAttention(nn.Module):
    """One nn.Linear(d_in, 3*D) split with chunk(3, dim=-1), then nn.Linear(D, D)."""

    def __init__(self, d_in, d_out, num_heads, qkv_bias=True, causal=False):
        super().__init__()
        self.num_heads, self.head_dim, self.d_out, self.causal = num_heads, d_out // num_heads, d_out, causal
        self.qkv = nn.Linear(d_in, 3 * d_out, bias=qkv_bias)
        self.proj = nn.Linear(d_out, d_out)

    def forward(self, x):
        b, n, _ = x.shape
        q, k, v = self.qkv(x).chunk(3, dim=-1)
        q, k, v = (z.view(b, n, self.num_heads, self.head_dim).transpose(1, 2) for z in (q, k, v))
        a = (q @ k.transpose(-2, -1)) / math.sqrt(self.head_dim)
        if self.causal:
            a = a.masked_fill(torch.ones(n, n, dtype=torch.bool).triu(1), float("-inf"))
        ctx = (torch.softmax(a, dim=-1) @ v).transpose(1, 2).reshape(b, n, self.d_out)
        return self.proj(ctx)


def assert_close(what, got, want, atol):
    got = np.asarray(got, dtype=np.float64)
    want = np.asarray(want, dtype=np.float64)
    assert got.shape == want.shape and np.allclose(got, want, rtol=0, atol=atol), \
        f"{what}: got {np.array2string(got, precision=6)}, want {np.array2string(want, precision=6)}"


# --------------------------------------------------------------------------------------
# Case writer
# --------------------------------------------------------------------------------------

ARRAY_DESC = {
    "q": "(b, h, t, hd) queries, projected and split into heads",
    "k": "(b, h, s, hd) keys, split into heads",
    "v": "(b, h, s, hd) values, split into heads",
    "scores": "(b, h, t, s) raw Q K^T",
    "logits": "(b, h, t, s) scores * scale / temperature, -inf where masked",
    "weights": "(b, h, t, s) softmax/hardmax of logits; fully masked rows 0",
    "heads": "(b, h, t, hd) weights @ V",
    "context": "(b, t, h*hd) heads concatenated",
    "output": "(b, t, d_model) after the output projection (= context when none)",
    "final": "(b, t, d_model) after residual and layer norm (= output when neither)",
    "online_max": "(b, h, t, nblocks) tiled: running row maximum m after each key block",
    "online_sum": "(b, h, t, nblocks) tiled: running denominator l after each key block",
}
TILED_NAMES = OUTPUT_NAMES + ["online_max", "online_sum"]


class Case:
    def __init__(self, name, description):
        self.name = name
        self.dir = OUT / name
        self.dir.mkdir(parents=True)
        self.manifest = {
            "case": name,
            "description": description,
            "generator": "tools/golden/make_golden.py",
            "torch_version": TORCH_VERSION,
            "numpy_version": NUMPY_VERSION,
            "device": "cpu",
            "cpu_capability": CPU_CAPABILITY,
            "dtype": "float32",
            "file_format": "numpy .npy, little-endian, C order; outputs float32 with batch and head axes",
            "weight_convention": "weights.* stored as x @ W, i.e. nn.Linear.weight.T, shape (d_in, d_out)",
            "checked": f"every output recomputed in float64 NumPy (explicit loops, own MT19937 for init); "
                       f"agreement within rtol {CHECK_RTOL}, atol {CHECK_ATOL}",
            "specs": {},
            "arrays": {},
            "notes": [],
        }
        self.results = {}

    def save(self, fname, arr, desc, dtype=np.float32):
        arr = np.ascontiguousarray(np.asarray(arr).astype(np.dtype(dtype).newbyteorder("<")))
        np.save(self.dir / fname, arr)
        self.manifest["arrays"][fname] = {"shape": list(arr.shape), "dtype": str(arr.dtype), "desc": desc}
        return fname

    def note(self, text):
        self.manifest["notes"].append(text)

    def spec(self, fname, spec, prefix="", expect=None, reuse=None, notes=None):
        """Write spec, compute the torch reference from the written file, save outputs,
        add the expect map, run the float64 check. `reuse`: a previous spec file whose
        expected arrays this one must reproduce (e.g. same weights via init and via .npy)."""
        path = self.dir / fname
        write_json(path, spec)
        spec_read = json.loads(path.read_text())
        names = TILED_NAMES if spec_read.get("algorithm", {}).get("kind") == "tiled" else OUTPUT_NAMES
        expect = names if expect is None else expect
        outs, extra, info = torch_reference(spec_read, self.dir)
        want, np_weights = numpy_reference(spec_read, self.dir)
        if "init" in spec_read:  # the generator emulation must give torch's weights bit for bit
            for name, tw in info["torch_weights"].items():
                if tw is None:
                    continue
                nw = np_weights[name] if name.endswith("_bias") else np_weights[name].T
                assert np.array_equal(tw.astype(np.float64), nw), f"{fname}: init {name} differs from MT19937 emulation"
        if "dropout" in spec_read:  # downstream of dropout only the no-dropout weights are checkable
            errs = {n: compare_f64(f"{fname}:{n}", outs[n], want[n]) for n in expect}
            errs["weights_nodrop"] = compare_f64(f"{fname}:weights_nodrop", extra["weights_nodrop"], want["weights"])
        else:
            errs = {n: compare_f64(f"{fname}:{n}", outs[n], want[n]) for n in names}
        emap = {}
        if reuse is not None:
            prev = self.results[reuse]
            for n in expect:
                assert np.array_equal(np.isneginf(outs[n]), np.isneginf(prev["outs"][n]))
                fin = ~np.isneginf(outs[n])
                assert np.allclose(outs[n][fin], prev["outs"][n][fin], rtol=1e-6, atol=1e-7), (fname, n)
                emap[n] = prev["expect"][n]
        else:
            for n in expect:
                emap[n] = self.save(f"{prefix}{n}.npy", outs[n], ARRAY_DESC[n] + f" ({fname})")
        spec_out = dict(spec_read)
        spec_out["expect"] = emap
        write_json(path, spec_out)
        entry = {
            "settings": spec_read,
            "resolved": {k: info[k] for k in ("b", "t", "s", "d_in", "d_src", "d_out", "heads", "head_dim",
                                              "d_model", "projection", "scale")
                         + (("kv_heads",) if info["kv_heads"] != info["heads"] else ())},
            "fully_masked_rows_b_t": info["fully_masked_rows_b_t"],
            "float64_check_max_abs_diff": errs,
        }
        if reuse:
            entry["same_expected_arrays_as"] = reuse
        if notes:
            entry["notes"] = notes
        self.manifest["specs"][fname] = entry
        self.results[fname] = {"outs": outs, "extra": extra, "info": info, "expect": emap}
        return outs, extra, info

    def save_weights(self, info, prefix=""):
        """The torch-created weights as x @ W .npy files, for a spec-weights variant."""
        files = {}
        for name, tw in info["torch_weights"].items():
            if tw is None:
                continue
            arr = tw if name.endswith("_bias") else tw.T
            files[name] = self.save(f"{prefix}W_{name}.npy", arr, f"{name} as created by `init` (x @ W form)")
        return files

    def finish(self):
        write_json(self.dir / "manifest.json", self.manifest)


def rng(seed):
    return np.random.default_rng(seed)


# --------------------------------------------------------------------------------------
# The cases
# --------------------------------------------------------------------------------------

def case_init_torch_rand():
    c = Case("init_torch_rand", "SelfAttention_v1 of the rasbt book ch. 3: torch.manual_seed(123); "
                                "torch.rand(3, 2) for W_query, W_key, W_value in that order; "
                                "softmax(Q K^T / sqrt(d_out)) V on 'Your journey starts with one step'.")
    spec = {"tokens": RASBT_TOKENS, "input": RASBT_INPUTS,
            "init": {"seed": 123, "scheme": "torch_rand", "d_out": 2}}
    outs, _, info = c.spec("spec.json", spec)
    files = c.save_weights(info)
    c.spec("spec-weights.json", {"tokens": RASBT_TOKENS, "input": RASBT_INPUTS, "weights": files},
           reuse="spec.json")
    # the book, literally, and its printed numbers
    torch.manual_seed(123)
    sa_v1 = SelfAttention_v1(3, 2)
    x = torch.tensor(RASBT_INPUTS)
    book = sa_v1(x).detach().numpy()
    assert_close("SelfAttention_v1 vs generic", outs["output"][0], book, 1e-6)
    assert_close("book query_2", outs["q"][0, 0, 1], [0.4306, 1.4551], 6e-5)
    assert_close("book attn_score_22", outs["scores"][0, 0, 1, 1], 1.8524, 6e-5)
    assert_close("book context_vec_2", outs["output"][0, 1], [0.3061, 0.8210], 6e-5)
    assert_close("book SelfAttention_v1 row 1", outs["output"][0, 0], [0.2996, 0.8053], 6e-5)
    assert_close("book W_query[0]", info["torch_weights"]["query"].T[0], [0.2961, 0.5166], 6e-5)
    c.note("Asserted against the book: query_2 [0.4306, 1.4551], attn_score_22 1.8524, "
           "context_vec_2 [0.3061, 0.8210], SelfAttention_v1 row 1 [0.2996, 0.8053]; and equal "
           "(1e-6) to a literal transcription of SelfAttention_v1.")
    c.finish()


def case_init_torch_linear_separate():
    c = Case("init_torch_linear_separate",
             "nn.Linear-initialised separate Q/K/V (SelfAttention_v2, CausalAttention, MultiHeadAttention "
             "of the rasbt book ch. 3) and a 2-head variant with all biases.")
    x = torch.tensor(RASBT_INPUTS)
    batch = [RASBT_INPUTS, RASBT_INPUTS]

    # SelfAttention_v2, seed 789
    spec = {"tokens": RASBT_TOKENS, "input": RASBT_INPUTS,
            "init": {"seed": 789, "scheme": "torch_linear", "d_out": 2, "qkv_bias": False}}
    outs, _, info = c.spec("spec-sa_v2.json", spec, prefix="sa_v2_")
    files = c.save_weights(info, prefix="sa_v2_")
    c.spec("spec-sa_v2-weights.json", {"tokens": RASBT_TOKENS, "input": RASBT_INPUTS, "weights": files},
           reuse="spec-sa_v2.json")
    torch.manual_seed(789)
    book = SelfAttention_v2(3, 2)(x).detach().numpy()
    assert_close("SelfAttention_v2 vs generic", outs["output"][0], book, 1e-6)
    assert_close("book SelfAttention_v2 row 1", outs["output"][0, 0], [-0.0739, 0.0713], 6e-5)

    # CausalAttention, seed 123, batch of two
    spec = {"tokens": RASBT_TOKENS, "input": batch, "causal": True,
            "init": {"seed": 123, "scheme": "torch_linear", "d_out": 2}}
    outs, _, _ = c.spec("spec-causal.json", spec, prefix="causal_")
    torch.manual_seed(123)
    book = CausalAttention(3, 2, 6, 0.0)(torch.stack((x, x))).detach().numpy()
    assert_close("CausalAttention vs generic", outs["output"], book, 1e-6)
    assert_close("book CausalAttention row 1", outs["output"][0, 0], [-0.4519, 0.2216], 6e-5)

    # MultiHeadAttention(d_in 3, d_out 2, 2 heads), seed 123: out projection with bias
    spec = {"tokens": RASBT_TOKENS, "input": batch, "causal": True, "heads": 2,
            "init": {"seed": 123, "scheme": "torch_linear", "d_out": 2, "out": True}}
    outs, _, _ = c.spec("spec-mha_book.json", spec, prefix="mha_book_")
    torch.manual_seed(123)
    book = MultiHeadAttention(3, 2, 6, 0.0, num_heads=2)(torch.stack((x, x))).detach().numpy()
    assert_close("MultiHeadAttention vs generic", outs["output"], book, 1e-6)
    assert_close("book MultiHeadAttention row 1", outs["output"][0, 0], [0.3190, 0.4858], 6e-5)

    # seed 123, d_out 4, 2 heads, qkv_bias, out with bias (not causal)
    spec = {"tokens": RASBT_TOKENS, "input": RASBT_INPUTS, "heads": 2,
            "init": {"seed": 123, "scheme": "torch_linear", "d_out": 4, "qkv_bias": True,
                     "out": True, "out_bias": True}}
    outs, _, info = c.spec("spec-h2_bias.json", spec, prefix="h2_bias_")
    files = c.save_weights(info, prefix="h2_bias_")
    c.spec("spec-h2_bias-weights.json", {"tokens": RASBT_TOKENS, "input": RASBT_INPUTS, "heads": 2,
                                         "weights": files}, reuse="spec-h2_bias.json")
    # the same through the book's MHA class (qkv_bias=True), with its causal mask removed
    torch.manual_seed(123)
    mha = MultiHeadAttention(3, 4, 6, 0.0, num_heads=2, qkv_bias=True)
    mha.mask.zero_()
    assert_close("MultiHeadAttention(qkv_bias) vs generic", outs["output"][0],
                 mha(x[None]).detach().numpy()[0], 1e-6)

    # out projection without bias
    spec = {"tokens": RASBT_TOKENS, "input": RASBT_INPUTS, "heads": 2, "causal": True,
            "init": {"seed": 123, "scheme": "torch_linear", "d_out": 4, "out": True, "out_bias": False}}
    c.spec("spec-out_nobias.json", spec, prefix="out_nobias_")
    c.note("Asserted against the book: SelfAttention_v2 (seed 789) row 1 [-0.0739, 0.0713]; CausalAttention "
           "(seed 123) row 1 [-0.4519, 0.2216]; MultiHeadAttention (seed 123, 2 heads) row 1 "
           "[0.3190, 0.4858]; each equal (1e-6) to a literal transcription of the book's class.")
    c.note("nn.Linear draws weight (out, in) in C order, then its bias (when any), from the one "
           "stream after manual_seed; order query, key, value, out.")
    c.finish()


def case_init_torch_linear_fused():
    c = Case("init_torch_linear_fused",
             "Fused QKV: torch.manual_seed(42); nn.Linear(6, 24) (bias) split Q,K,V by qkv.chunk(3, dim=-1), "
             "4 heads of width 2, then nn.Linear(8, 8) (bias).")
    xin = rounded(rng(3).normal(size=(5, 6)), 4)
    init = {"seed": 42, "scheme": "torch_linear", "d_out": 8, "qkv_bias": True, "out": True}
    spec = {"input": xin, "projection": "fused", "heads": 4, "init": init}
    outs, _, info = c.spec("spec.json", spec)
    files = c.save_weights(info)
    c.spec("spec-weights.json", {"input": xin, "projection": "fused", "heads": 4, "weights": files},
           reuse="spec.json")
    torch.manual_seed(42)
    mod = FusedQKVAttention(6, 8, 4)
    assert_close("FusedQKVAttention vs generic", outs["output"][0],
                 mod(torch.tensor(xin)[None]).detach().numpy()[0], 1e-6)
    outs_c, _, _ = c.spec("spec-causal.json", dict(spec, causal=True), prefix="causal_")
    torch.manual_seed(42)
    mod = FusedQKVAttention(6, 8, 4, causal=True)
    assert_close("FusedQKVAttention causal vs generic", outs_c["output"][0],
                 mod(torch.tensor(xin)[None]).detach().numpy()[0], 1e-6)
    # column order: Q = columns [0, 8), K = [8, 16), V = [16, 24) of x @ W_qkv
    wq = info["torch_weights"]["qkv"].T
    q_direct = np.asarray(xin, np.float32) @ wq[:, :8] + info["torch_weights"]["qkv_bias"][:8]
    assert_close("fused Q columns", outs["q"][0].transpose(1, 0, 2).reshape(5, 8), q_direct, 1e-6)
    c.note("Equal (1e-6) to a plain module using nn.Linear(d_in, 3*D) + chunk(3, dim=-1) + nn.Linear(D, D).")
    c.finish()


def case_hardmax():
    c = Case("hardmax", "normalization 'hardmax': one-hot on the largest logit, the FIRST one on ties.")
    # tokens 0 and 2 are equal, 1 and 4 are equal; exact small binary fractions -> exact ties
    tie_in = [[1.0, 0.0], [0.0, 1.0], [1.0, 0.0], [0.5, 0.5], [0.0, 1.0]]
    toks = ["a", "b", "a2", "ab", "b2"]
    base = {"tokens": toks, "input": tie_in, "projection": "identity", "scale": "none",
            "normalization": "hardmax"}
    outs, _, _ = c.spec("spec-tie.json", base, prefix="tie_")
    # q0 ties keys 0,2 -> 0; q1 ties 1,4 -> 1; q2 ties 0,2 -> 0 (not itself); q3 all 0.5 -> 0; q4 -> 1
    assert outs["weights"][0, 0].argmax(-1).tolist() == [0, 1, 0, 0, 1]
    assert np.array_equal(outs["weights"][0, 0].sum(-1), np.ones(5))
    outs, _, _ = c.spec("spec-tie-causal.json", dict(base, causal=True), prefix="tie_causal_")
    assert outs["weights"][0, 0].argmax(-1).tolist() == [0, 1, 0, 0, 1]
    # temperature and scale do not change the argmax (still exact ties)
    outs, _, _ = c.spec("spec-tie-scaled.json", dict(base, scale=0.3, temperature=0.05), prefix="tie_scaled_")
    assert outs["weights"][0, 0].argmax(-1).tolist() == [0, 1, 0, 0, 1]
    c.note("spec-tie*: exact ties (inputs are small binary fractions): query 0 ties keys 0 and 2 -> key 0; "
           "query 1 ties 1 and 4 -> 1; query 2 ties 0 and 2 -> 0 (not itself); query 3 ties all five -> 0.")

    # random inputs with 2 heads
    x = rng(11).normal(size=(2, 6, 4)).astype(np.float32)
    xf = c.save("input_random.npy", x, "(2, 6, 4) random input")
    spec = {"input": xf, "heads": 2, "normalization": "hardmax",
            "init": {"seed": 3, "scheme": "torch_linear", "d_out": 4, "qkv_bias": True}}
    outs, _, _ = c.spec("spec-random.json", spec, prefix="random_")
    # no near-ties, so a float32 engine must pick the same key
    lg = np.sort(outs["logits"].astype(np.float64), axis=-1)
    assert (lg[..., -1] - lg[..., -2]).min() > 1e-3, "near-tie in random hardmax case"
    outs, _, _ = c.spec("spec-random-causal.json", dict(spec, causal=True), prefix="random_causal_")
    lg = np.sort(outs["logits"].astype(np.float64), axis=-1)
    gap = lg[..., -1] - lg[..., -2]
    assert gap[np.isfinite(gap)].min() > 1e-3, "near-tie in random causal hardmax case"
    c.note("spec-random*: the gap between the largest and second-largest logit is > 1e-3 in every row, "
           "so no float32 rounding can flip the choice. Causal row 0 has one key: the gap is inf.")
    c.finish()


def case_temperature():
    c = Case("temperature", "temperature 0.05 (sharp) and 10 (flat) on random inputs, separate .npy weights, "
                            "2 heads, default scale 1/sqrt(hd).")
    r = rng(21)
    x = r.normal(scale=0.7, size=(1, 6, 8)).astype(np.float32)
    files = {"query": c.save("W_query.npy", r.normal(scale=0.4, size=(8, 8)), "(8, 8) x @ W"),
             "key": c.save("W_key.npy", r.normal(scale=0.4, size=(8, 8)), "(8, 8) x @ W"),
             "value": c.save("W_value.npy", r.normal(scale=0.4, size=(8, 8)), "(8, 8) x @ W")}
    xf = c.save("input.npy", x, "(1, 6, 8) random input")
    base = {"input": xf, "heads": 2, "weights": files}
    for name, temp, extra in [("t0p05", 0.05, {}), ("t10", 10.0, {}), ("t0p05-causal", 0.05, {"causal": True}),
                              ("t1", 1.0, {})]:
        c.spec(f"spec-{name}.json", dict(base, temperature=temp, **extra), prefix=f"{name}_")
    w = c.results["spec-t0p05.json"]["outs"]["weights"]
    c.note(f"temperature 0.05: largest weight per row min {w.max(-1).min():.4f} (nearly one-hot); "
           f"temperature 10: weights within [{c.results['spec-t10.json']['outs']['weights'].min():.4f}, "
           f"{c.results['spec-t10.json']['outs']['weights'].max():.4f}] (nearly uniform 1/6).")
    c.finish()


def case_scale():
    c = Case("scale", "scale as a number (0.3), 'none' (1), and the default 1/sqrt(hd), with inline inputs "
                      "and inline weights, identity and separate projections.")
    r = rng(5)
    x = rounded(r.normal(size=(5, 4)), 4)
    wts = {"query": rounded(r.normal(scale=0.5, size=(4, 4))), "key": rounded(r.normal(scale=0.5, size=(4, 4))),
           "value": rounded(r.normal(scale=0.5, size=(4, 4))), "query_bias": rounded(r.normal(scale=0.1, size=4)),
           "key_bias": rounded(r.normal(scale=0.1, size=4)), "value_bias": rounded(r.normal(scale=0.1, size=4))}
    base = {"tokens": ["the", "cat", "sat", "on", "it"], "input": x, "heads": 2, "weights": wts}
    c.spec("spec-0p3.json", dict(base, scale=0.3), prefix="s0p3_")
    c.spec("spec-none.json", dict(base, scale="none"), prefix="none_")
    c.spec("spec-default.json", dict(base), prefix="default_")
    c.spec("spec-0p3-temp2.json", dict(base, scale=0.3, temperature=2.0), prefix="s0p3_t2_")
    c.spec("spec-identity-none.json", {"input": x, "projection": "identity", "scale": "none"}, prefix="id_none_")
    c.spec("spec-identity-0p3.json", {"input": x, "projection": "identity", "scale": 0.3}, prefix="id_0p3_")
    c.finish()


def case_window():
    c = Case("window", "sliding window: key j masked for query i when i - j > window, and when not causal also "
                       "when j - i > window; 7 tokens, nn.Linear init (seed 5), 2 heads.")
    x = rng(8).normal(size=(1, 7, 4)).astype(np.float32)
    xf = c.save("input.npy", x, "(1, 7, 4) random input")
    base = {"input": xf, "heads": 2, "init": {"seed": 5, "scheme": "torch_linear", "d_out": 4}}
    for wdw in (0, 1, 2):
        for causal in (False, True):
            name = f"w{wdw}" + ("-causal" if causal else "")
            outs, _, _ = c.spec(f"spec-{name}.json", dict(base, window=wdw, causal=causal),
                                prefix=name.replace("-", "_") + "_")
            visible = np.isfinite(outs["logits"][0, 0])
            i, j = np.indices(visible.shape)
            want = (i - j <= wdw) & ((j <= i) if causal else (j - i <= wdw))
            assert np.array_equal(visible, want), name
    c.spec("spec-w10.json", dict(base, window=10), prefix="w10_")  # wider than the sentence: no effect
    assert np.array_equal(c.results["spec-w10.json"]["outs"]["logits"],
                          torch_reference(dict(base), c.dir)[0]["logits"])
    c.note("window 0 keeps only the diagonal; window 10 >= t is the same as no window (asserted).")
    c.finish()


def case_padding():
    c = Case("padding", "batch of 2 sentences of different lengths with a (b, s) padding array, with causal; "
                        "fully masked query rows get weights 0 and context 0.")
    r = rng(13)
    x_right = r.normal(size=(2, 5, 4)).astype(np.float32)
    x_right[1, 3:] = 0.0  # sentence 2 has 3 tokens, right-padded with zero vectors
    x_left = x_right.copy()
    x_left[1] = np.concatenate([np.zeros((2, 4), np.float32), x_right[1, :3]])  # left-padded
    fr = c.save("input_right.npy", x_right, "(2, 5, 4): sentence 2 has 3 tokens then 2 zero pad vectors")
    fl = c.save("input_left.npy", x_left, "(2, 5, 4): sentence 2 has 2 zero pad vectors then 3 tokens")
    pad_right = [[1, 1, 1, 1, 1], [1, 1, 1, 0, 0]]
    pad_left = [[1, 1, 1, 1, 1], [0, 0, 1, 1, 1]]
    init = {"seed": 11, "scheme": "torch_linear", "d_out": 4, "qkv_bias": True, "out": True}
    common = {"heads": 2, "init": init}
    nan_note = ("Fully masked rows: PyTorch's softmax gives NaN there; the reference replaces them with 0 "
                "(weights 0, heads 0, context 0, so output = out_bias for those rows), as COMPUTE.md requires; "
                "their logits are all -inf.")
    variants = [
        ("right-causal", {"input": fr, "padding": pad_right, "causal": True}, []),
        ("right", {"input": fr, "padding": pad_right}, []),
        ("left-causal", {"input": fl, "padding": pad_left, "causal": True}, [[1, 0], [1, 1]]),
        ("left-causal-hardmax", {"input": fl, "padding": pad_left, "causal": True, "normalization": "hardmax"},
         [[1, 0], [1, 1]]),
        ("right-causal-window0", {"input": fr, "padding": pad_right, "causal": True, "window": 0},
         [[1, 3], [1, 4]]),
    ]
    for name, sp, want_rows in variants:
        outs, _, info = c.spec(f"spec-{name}.json", dict(sp, **common), prefix=name.replace("-", "_") + "_",
                               notes=[nan_note] if want_rows else None)
        assert info["fully_masked_rows_b_t"] == want_rows, (name, info["fully_masked_rows_b_t"])
        for bi, ti in want_rows:
            assert np.all(outs["weights"][bi, :, ti] == 0) and np.all(outs["context"][bi, ti] == 0)
            assert np.all(np.isneginf(outs["logits"][bi, :, ti]))
            assert_close("masked row output = out_bias", outs["output"][bi, ti],
                         info["torch_weights"]["out_bias"], 0)
    # padding of one row must not change the other sentence
    a = c.results["spec-right-causal.json"]["outs"]
    solo = torch_reference({"input": x_right[:1].tolist(), "causal": True, **common}, c.dir)[0]
    assert np.allclose(a["output"][0], solo["output"][0], atol=1e-6)
    c.note(nan_note)
    c.note("fully_masked_rows_b_t in each spec entry lists (batch, query) rows whose keys are all masked "
           "(the same for every head).")
    c.finish()


def case_cross_attention():
    c = Case("cross_attention", "cross-attention: queries from `input` (t 4, d_in 6), keys/values from `source` "
                                "(s 5, d_src 3), separate .npy weights with biases, 2 heads, output projection; "
                                "source stored as float64 .npy.")
    r = rng(17)
    x = r.normal(size=(2, 4, 6)).astype(np.float32)
    src = r.normal(size=(2, 5, 3))  # float64 on purpose (COMPUTE.md accepts float64 .npy)
    xf = c.save("input.npy", x, "(2, 4, 6) query-side input")
    sf = c.save("source.npy", src, "(2, 5, 3) key/value-side input, FLOAT64 (engine rounds to float32)", np.float64)
    w = {"query": c.save("W_query.npy", r.normal(scale=0.5, size=(6, 4)), "(d_in 6, d_out 4)"),
         "key": c.save("W_key.npy", r.normal(scale=0.5, size=(3, 4)), "(d_src 3, d_out 4)"),
         "value": c.save("W_value.npy", r.normal(scale=0.5, size=(3, 4)), "(d_src 3, d_out 4)"),
         "query_bias": c.save("b_query.npy", r.normal(scale=0.1, size=4), "(4)"),
         "key_bias": c.save("b_key.npy", r.normal(scale=0.1, size=4), "(4)"),
         "value_bias": c.save("b_value.npy", r.normal(scale=0.1, size=4), "(4)"),
         "out": c.save("W_out.npy", r.normal(scale=0.5, size=(4, 4)), "(d_out 4, d_model 4)"),
         "out_bias": c.save("b_out.npy", r.normal(scale=0.1, size=4), "(4)")}
    spec = {"tokens": ["le", "chat", "est", "noir"], "input": xf,
            "source": sf, "source_tokens": ["the", "cat", "is", "black", "."],
            "causal": False, "heads": 2, "weights": w}
    outs, _, _ = c.spec("spec.json", spec)
    assert outs["weights"].shape == (2, 2, 4, 5) and outs["k"].shape == (2, 2, 5, 2)
    # b = 1 with 2-D input/source, padding on a source key, out projection to d_model 6 = d_in,
    # residual and layer norm with inline gamma/beta
    x1 = rounded(r.normal(size=(4, 6)), 4)
    s1 = rounded(r.normal(size=(5, 3)), 4)
    w2 = dict(w, out=c.save("W_out6.npy", r.normal(scale=0.5, size=(4, 6)), "(d_out 4, d_model 6)"),
              out_bias=c.save("b_out6.npy", r.normal(scale=0.1, size=6), "(6)"))
    spec2 = {"input": x1, "source": s1, "padding": [[1, 1, 1, 1, 0]], "heads": 2, "weights": w2,
             "residual": True,
             "layer_norm": {"gamma": rounded(1 + 0.2 * r.normal(size=6)), "beta": rounded(0.1 * r.normal(size=6)),
                            "eps": 1e-5}}
    outs, _, _ = c.spec("spec-padded-residual-ln.json", spec2, prefix="prl_")
    assert np.all(outs["weights"][..., 4] == 0)
    c.finish()


def case_medium():
    c = Case("medium", "d_model 64, 4 heads (hd 16), t 32, batch 2, fused QKV with bias, causal, out projection "
                       "with bias, residual + post-norm LayerNorm with non-trivial gamma/beta, eps 1e-5.")
    r = rng(64)
    x = r.normal(size=(2, 32, 64)).astype(np.float32)
    xf = c.save("input.npy", x, "(2, 32, 64) random input")
    gf = c.save("ln_gamma.npy", 1.0 + 0.3 * r.normal(size=64), "(64) LayerNorm weight")
    bf = c.save("ln_beta.npy", 0.2 * r.normal(size=64), "(64) LayerNorm bias")
    ln = {"gamma": gf, "beta": bf, "eps": 1e-5}
    init = {"seed": 2024, "scheme": "torch_linear", "d_out": 64, "qkv_bias": True, "out": True}
    spec = {"input": xf, "projection": "fused", "heads": 4, "causal": True, "residual": True,
            "layer_norm": ln, "init": init}
    outs, _, info = c.spec("spec.json", spec)
    files = c.save_weights(info)
    c.spec("spec-weights.json", {"input": xf, "projection": "fused", "heads": 4, "causal": True,
                                 "residual": True, "layer_norm": ln, "weights": files}, reuse="spec.json")
    # against nn.LayerNorm as a module
    norm = nn.LayerNorm(64, eps=1e-5)
    with torch.no_grad():
        norm.weight.copy_(torch.tensor(np.load(c.dir / gf)))
        norm.bias.copy_(torch.tensor(np.load(c.dir / bf)))
    want = norm(torch.tensor(x) + torch.tensor(outs["output"])).detach().numpy()
    assert_close("nn.LayerNorm module", outs["final"], want, 1e-6)
    c.finish()


def case_dropout_stats():
    c = Case("dropout_stats", "training-mode dropout p 0.3 (seed 7) on the attention weights, t 64, 2 heads. "
                              "PyTorch's draws are not a target: only outputs upstream of dropout are in `expect`; "
                              "stats.json gives the rule an implementation's weights must satisfy.")
    p, seed = 0.3, 7
    x = rng(70).normal(scale=0.5, size=(1, 64, 8)).astype(np.float32)
    xf = c.save("input.npy", x, "(1, 64, 8) random input")
    spec = {"input": xf, "heads": 2, "init": {"seed": 21, "scheme": "torch_linear", "d_out": 8},
            "dropout": {"p": p, "seed": seed}}
    outs, extra, info = c.spec("spec.json", spec, expect=["q", "k", "v", "scores", "logits"])
    w0 = extra["weights_nodrop"]
    assert w0.min() > 1e-4, "every no-dropout weight must be clearly positive (kept/dropped identifiable)"
    c.save("weights_nodrop.npy", w0, "(1, 2, 64, 64) softmax weights before dropout (NOT in expect)")
    c.save("heads_nodrop.npy", (torch.tensor(w0) @ torch.tensor(outs["v"])).numpy(),
           "(1, 2, 64, 4) weights_nodrop @ v, for reference only (NOT in expect)")
    wt = extra["weights_torch_dropout"]
    c.save("weights_torch_seed7.npy", wt, "illustration only: what torch.manual_seed(7); F.dropout(w, 0.3) gave "
                                          "here; NOT a target")
    n = w0.size
    sigma = math.sqrt(p * (1 - p) / n)
    lo, hi = (1 - p) - 5 * sigma, (1 - p) + 5 * sigma

    def satisfies(wd):
        kept = wd != 0
        frac = kept.mean()
        ok_vals = np.allclose(wd[kept], w0[kept] / (1 - p), rtol=1e-5, atol=1e-7)
        return bool(lo <= frac <= hi and ok_vals), float(frac)

    ok, frac_torch = satisfies(wt)
    assert ok, "torch's own dropout must satisfy the rule"
    ok_none, _ = satisfies(w0)
    assert not ok_none, "the undropped weights must fail the rule"
    stats = {
        "spec": "spec.json",
        "p": p,
        "seed": seed,
        "weights_nodrop": "weights_nodrop.npy",
        "shape": list(w0.shape),
        "n_elements": n,
        "min_weight_nodrop": float(w0.min()),
        "rules": [
            "weights.npy has the shape of weights_nodrop.npy",
            "every element is either 0 (dropped) or equals weights_nodrop / (1 - p) (kept), "
            "within rtol 1e-4, atol 1e-6 (every weights_nodrop element is > 1e-4, so the two are distinct)",
            "the kept fraction (count of nonzero / n_elements) lies within kept_fraction.min..max, "
            "a binomial 5-sigma band around 1 - p",
            "heads.npy equals weights.npy @ v.npy per (batch, head) within rtol 1e-4, atol 2e-5",
            "the same seed gives the same weights on a second run",
        ],
        "kept_fraction": {"expected": 1 - p, "sigma": sigma, "min": lo, "max": hi},
        "keep_scale": 1 / (1 - p),
        "torch_illustration": {"file": "weights_torch_seed7.npy", "kept_fraction": frac_torch,
                               "note": "torch.manual_seed(7); F.dropout(weights, p=0.3, training=True); "
                                       "satisfies the rules; its pattern is not a target"},
        "expect_in_spec": ["q", "k", "v", "scores", "logits"],
    }
    write_json(c.dir / "stats.json", stats)
    c.note("Dropout case: `expect` holds only q, k, v, scores, logits; check weights/heads with stats.json.")
    c.finish()


def case_grouped_query():
    c = Case("grouped_query", "grouped-query attention (COMPUTE.md v2 `kv_heads`): query head i reads K/V head "
                              "i // (heads / kv_heads), as Llama's repeat_kv; k.npy and v.npy hold the kv_heads "
                              "heads before the repeat. Fused W_qkv columns split Q, K, V as [d_out, kv, kv].")
    r = rng(31)
    x = c.save("input.npy", r.normal(size=(2, 5, 12)).astype(np.float32), "(2, 5, 12) random input")
    # fused: 6 heads of 2 sharing 2 K/V heads, nn.Linear(12, 12 + 2 * 4) with bias, causal, out
    init = {"seed": 21, "scheme": "torch_linear", "d_out": 12, "qkv_bias": True, "out": True}
    fused = {"input": x, "projection": "fused", "heads": 6, "kv_heads": 2, "causal": True, "init": init}
    outs, _, info = c.spec("spec-fused.json", fused, prefix="fused_")
    assert outs["k"].shape == (2, 2, 5, 2) and outs["weights"].shape == (2, 6, 5, 5)
    assert info["torch_weights"]["qkv"].shape == (20, 12)
    files = c.save_weights(info, prefix="fused_")
    c.spec("spec-fused-weights.json", {"input": x, "projection": "fused", "heads": 6, "kv_heads": 2,
                                       "causal": True, "weights": files}, reuse="spec-fused.json")
    # multi-query cross-attention with torch_rand weights (d_src 3 for key and value), padding, temperature
    src = c.save("source.npy", r.normal(size=(2, 4, 3)).astype(np.float32), "(2, 4, 3) key/value-side input")
    cross = {"input": x, "source": src, "heads": 3, "kv_heads": 1, "padding": [[1, 1, 1, 1], [1, 1, 0, 0]],
             "temperature": 0.5, "init": {"seed": 4, "scheme": "torch_rand", "d_out": 6}}
    outs, _, _ = c.spec("spec-cross-mqa.json", cross, prefix="cross_")
    assert outs["k"].shape == (2, 1, 4, 2)
    # separate .npy weights with every bias, 4 heads on 2 K/V heads, window 1, hardmax, out without bias
    w = {"query": c.save("W_query.npy", r.normal(scale=0.4, size=(12, 8)), "(12, 8)"),
         "key": c.save("W_key.npy", r.normal(scale=0.4, size=(12, 4)), "(12, kv_heads 2 * hd 2)"),
         "value": c.save("W_value.npy", r.normal(scale=0.4, size=(12, 4)), "(12, 4)"),
         "query_bias": c.save("b_query.npy", r.normal(scale=0.1, size=8), "(8)"),
         "key_bias": c.save("b_key.npy", r.normal(scale=0.1, size=4), "(4)"),
         "value_bias": c.save("b_value.npy", r.normal(scale=0.1, size=4), "(4)"),
         "out": c.save("W_out.npy", r.normal(scale=0.4, size=(8, 12)), "(8, 12)")}
    for name, extra in (("window", {"window": 1}), ("hardmax", {"normalization": "hardmax", "causal": True})):
        c.spec(f"spec-separate-{name}.json", dict({"input": x, "heads": 4, "kv_heads": 2, "weights": w,
                                                   "residual": True}, **extra), prefix=f"sep_{name}_")
    # kv_heads equal to heads is plain multi-head attention
    plain = dict(fused, kv_heads=6)
    c.spec("spec-kv-equals-heads.json", plain, prefix="mha_")
    no_kv = {k: v for k, v in plain.items() if k != "kv_heads"}
    assert np.array_equal(torch_reference(no_kv, c.dir)[0]["output"], c.results["spec-kv-equals-heads.json"]["outs"]["output"])
    c.finish()


def case_rope():
    c = Case("rope", "rotary position embedding (COMPUTE.md v2 `rope`) of q and k after the head split: "
                     "`half` as Hugging Face Llama's rotate_half, `interleaved` as Meta Llama's complex "
                     "multiplication (both run literally in float32 torch, angles position * base^(-2j/hd) in "
                     "float64); position offset + i, in cross-attention for both sides.")
    r = rng(47)
    x = c.save("input.npy", r.normal(size=(2, 6, 8)).astype(np.float32), "(2, 6, 8) random input")
    # identity projection (q = k = x rotated), base 100, offset 5, not causal, scale 0.5
    c.spec("spec-identity-half.json", {"input": x, "heads": 2, "scale": 0.5,
                                       "rope": {"base": 100, "style": "half", "offset": 5}}, prefix="id_")
    # interleaved with grouped-query attention, causal, out, residual and LayerNorm; default base and offset
    init = {"seed": 8, "scheme": "torch_linear", "d_out": 8, "qkv_bias": True, "out": True}
    c.spec("spec-gqa-interleaved.json", {"input": x, "heads": 4, "kv_heads": 2, "causal": True, "residual": True,
                                         "layer_norm": {"eps": 1e-5}, "rope": {"style": "interleaved"},
                                         "init": init}, prefix="gqa_")
    # fused multi-query with rope half, window 2, positions from 1000
    c.spec("spec-fused-mqa-far.json", {"input": x, "projection": "fused", "heads": 2, "kv_heads": 1,
                                       "window": 2, "rope": {"offset": 1000},
                                       "init": {"seed": 9, "scheme": "torch_linear", "d_out": 8}}, prefix="far_")
    # cross-attention: queries and keys both count from the offset
    src = c.save("source.npy", r.normal(size=(2, 9, 5)).astype(np.float32), "(2, 9, 5) key/value-side input")
    w = {"query": c.save("W_query.npy", r.normal(scale=0.5, size=(8, 8)), "(8, 8)"),
         "key": c.save("W_key.npy", r.normal(scale=0.5, size=(5, 8)), "(5, 8)"),
         "value": c.save("W_value.npy", r.normal(scale=0.5, size=(5, 8)), "(5, 8)")}
    for style in ("half", "interleaved"):
        c.spec(f"spec-cross-{style}.json", {"input": x, "source": src, "heads": 2, "weights": w,
                                            "rope": {"base": 10000, "style": style, "offset": 7}},
               prefix=f"cross_{style}_")
    # a shift of both sides by the same offset leaves q . k unchanged (relative positions only)
    a = torch_reference({"input": x, "heads": 2, "rope": {"offset": 0}, "causal": True}, c.dir)[0]
    b = torch_reference({"input": x, "heads": 2, "rope": {"offset": 3}, "causal": True}, c.dir)[0]
    assert np.allclose(a["scores"], b["scores"], atol=1e-5) and not np.allclose(a["q"], b["q"])
    c.note("Checked: rotating both sides by 3 more positions changes q and k but not q . k (within 1e-5).")
    c.finish()


def case_tiled():
    c = Case("tiled", "FlashAttention-2's online softmax (COMPUTE.md v2 `algorithm: tiled`): query blocks of "
                      "block_q rows, key blocks [n*block_k, min((n+1)*block_k, s)); online_max / online_sum are m "
                      "and l after each key block (m = -inf, l = 0 while every key so far is masked). weights "
                      "and heads are the direct softmax's (the torch block loop is asserted equal to them).")
    r = rng(59)
    x = c.save("input.npy", r.normal(size=(2, 8, 8)).astype(np.float32), "(2, 8, 8) random input")
    init = {"seed": 14, "scheme": "torch_linear", "d_out": 8, "qkv_bias": True, "out": True}
    # GQA + RoPE + causal, uneven blocks (3, 3, 2 keys; query blocks 3, 3, 2)
    c.spec("spec-gqa-rope-causal.json", {"input": x, "projection": "fused", "heads": 4, "kv_heads": 2,
                                         "causal": True, "rope": {"style": "half"}, "init": init,
                                         "residual": True, "layer_norm": {"eps": 1e-5},
                                         "algorithm": {"kind": "tiled", "block_q": 3, "block_k": 3}},
           prefix="gqa_rope_")
    # padding masks a whole key block: batch 0 keys 4-7 (its second block), batch 1 keys 0-3 (its first
    # block: m stays -inf and l 0 after it; with causal its queries 0-3 see no key at all)
    pad = [[1, 1, 1, 1, 0, 0, 0, 0], [0, 0, 0, 0, 1, 1, 1, 1]]
    outs, _, info = c.spec("spec-padded-blocks.json", {"input": x, "heads": 2, "causal": True, "padding": pad,
                                                       "init": dict(init, seed=15),
                                                       "algorithm": {"kind": "tiled", "block_q": 5,
                                                                     "block_k": 4}},
                           prefix="padded_")
    assert info["fully_masked_rows_b_t"] == [[1, 0], [1, 1], [1, 2], [1, 3]]
    assert np.all(np.isneginf(outs["online_max"][1, :, :, 0])) and np.all(outs["online_sum"][1, :, :, 0] == 0)
    assert np.all(outs["online_max"][0, :, :, 1] == outs["online_max"][0, :, :, 0])
    # blocks larger than the sequence: one block, the direct softmax in one step
    c.spec("spec-one-block.json", {"input": x, "heads": 2, "temperature": 0.7, "init": dict(init, seed=16),
                                   "algorithm": {"kind": "tiled", "block_q": 100, "block_k": 100}},
           prefix="one_")
    # every key its own block, no scale, a window
    c.spec("spec-single-keys.json", {"input": x, "heads": 1, "scale": "none", "window": 1,
                                     "algorithm": {"kind": "tiled", "block_q": 1, "block_k": 1}},
           prefix="single_")
    # cross-attention: s 7 in key blocks of 2 (the last holds one key), multi-query, rope, padded source
    src = c.save("source.npy", r.normal(size=(2, 7, 8)).astype(np.float32), "(2, 7, 8) key/value-side input")
    c.spec("spec-cross.json", {"input": x, "source": src, "heads": 2, "kv_heads": 1,
                               "padding": [[1, 1, 1, 1, 1, 1, 1], [1, 1, 1, 0, 0, 0, 0]],
                               "rope": {"style": "interleaved", "offset": 2},
                               "init": {"seed": 17, "scheme": "torch_linear", "d_out": 8, "out": True},
                               "algorithm": {"kind": "tiled", "block_q": 4, "block_k": 2}},
           prefix="cross_")
    c.finish()


def stream_values(t):
    a = t.detach().contiguous().numpy().astype(np.float32)
    return {"shape": list(a.shape), "values": [float(v) for v in a.ravel()],
            "bits": [f32_bits(v) for v in a.ravel()]}


def stream_list(vals):
    vals = np.asarray(vals, np.float32)
    return {"values": [float(v) for v in vals], "bits": [f32_bits(v) for v in vals]}


def case_torch_random_stream():
    d = OUT / "torch_random_stream"
    d.mkdir(parents=True)
    ref = {
        "description": "Raw values of PyTorch's CPU generator for a re-implementation: after torch.manual_seed(seed), "
                       "each entry drawn from a FRESH manual_seed. 'values' are the float32 numbers written as the "
                       "shortest decimal of the double that equals them; 'bits' their IEEE-754 float32 bits.",
        "torch_version": TORCH_VERSION,
        "cpu_capability": CPU_CAPABILITY,
        "algorithm": {
            "engine": "MT19937 (32-bit Mersenne Twister), init_genrand seeding with (seed & 0xFFFFFFFF): "
                      "mt[0] = seed32; mt[i] = (1812433253 * (mt[i-1] ^ (mt[i-1] >> 30)) + i) mod 2^32",
            "seed_truncation": "torch.manual_seed(2**32 + 5) gives the same stream as manual_seed(5), but "
                               "torch.initial_seed() reports 4294967301 (the full value is kept, only the low 32 "
                               "bits reach the engine)",
            "float32_uniform": "one 32-bit output r per float: x = (r & 0xFFFFFF) * 2^-24 (24 random bits; "
                               "the top 8 bits are discarded); torch.rand = x",
            "uniform_from_to": "uniform_(from, to) with float32 from = (float) from_, to = (float) to_: "
                               "value = x * (to - from) + from in float32, computed as a FUSED multiply-add on "
                               "AVX2/AVX512 CPUs (the default build); with ATEN_CPU_CAPABILITY=default torch rounds "
                               "the product separately and about half of nn.Linear(768, 2304)'s weights differ by "
                               "1 ulp. Java: Math.fma(x, to - from, from) on floats, or equivalently "
                               "(float) ((double) x * (to - from) + from) (exact in double here)",
            "nn_Linear": "weight (out, in) filled in C order by kaiming_uniform_(a=sqrt(5)): "
                         "bound = sqrt(3) * (sqrt(2 / (1 + a^2)) / sqrt(fan_in)) in doubles, then "
                         "uniform_(-bound, bound); then, if bias, uniform_(-1/sqrt(fan_in), 1/sqrt(fan_in)); "
                         "the two bounds differ in the last bit of the double for most fan_in but round to the "
                         "same float32 (checked for fan_in 1..20000)",
        },
        "seeds": [],
    }
    for seed in (0, 123, 789, 2 ** 32 + 5):
        entry = {"seed": seed, "seed_low32": seed & 0xFFFFFFFF}
        torch.manual_seed(seed)
        entry["torch_initial_seed"] = torch.initial_seed()
        r20 = torch.rand(20)
        entry["rand_20"] = stream_values(r20)
        raw = MT19937(seed).u32(20)
        entry["mt19937_first_20_u32"] = [int(v) for v in raw]
        assert np.array_equal((raw & 0xFFFFFF).astype(np.float32) * np.float32(2 ** -24), r20.numpy()), seed
        torch.manual_seed(seed)
        r34 = torch.rand(3, 4)
        entry["rand_3x4"] = stream_values(r34)
        assert np.array_equal(r34.numpy().ravel(), r20.numpy()[:12])
        torch.manual_seed(seed)
        lin = nn.Linear(5, 3)
        entry["linear_5_3"] = {"weight_out_in": stream_values(lin.weight), "bias": stream_values(lin.bias),
                               "weight_bound": {"double": kaiming_bound(5), "double_bits": f64_bits(kaiming_bound(5)),
                                                "float32_bits": f32_bits(np.float32(kaiming_bound(5)))},
                               "bias_bound": {"double": bias_bound(5), "double_bits": f64_bits(bias_bound(5)),
                                              "float32_bits": f32_bits(np.float32(bias_bound(5)))}}
        w_np, b_np = numpy_linear_init(MT19937(seed), 5, 3, True)
        assert np.array_equal(w_np, lin.weight.detach().numpy()) and np.array_equal(b_np, lin.bias.detach().numpy())
        ref["seeds"].append(entry)
    s5 = MT19937(5).u32(20)
    assert ref["seeds"][3]["mt19937_first_20_u32"] == [int(v) for v in s5]
    torch.manual_seed(5)
    assert ref["seeds"][3]["rand_20"]["values"] == [float(v) for v in torch.rand(20).numpy()]
    assert ref["seeds"][3]["torch_initial_seed"] == 2 ** 32 + 5

    torch.manual_seed(0)
    big = nn.Linear(768, 2304)
    W = big.weight.detach().numpy().ravel()
    B = big.bias.detach().numpy()
    w_np, b_np = numpy_linear_init(MT19937(0), 768, 2304, True)
    assert np.array_equal(w_np.ravel(), W) and np.array_equal(b_np, B), "nn.Linear(768, 2304) emulation"
    mt = MT19937(0)
    kb = kaiming_bound(768)
    w_alt = mt.uniform_f32(768 * 2304, -kb, kb, fma=not UNIFORM_USES_FMA)
    n_diff = int((w_alt != W).sum())
    ref["linear_768_2304_seed0"] = {
        "weight_shape_out_in": [2304, 768],
        "weight_bound": {"double": kb, "double_bits": f64_bits(kb), "float32_bits": f32_bits(np.float32(kb))},
        "bias_bound": {"double": bias_bound(768), "double_bits": f64_bits(bias_bound(768)),
                       "float32_bits": f32_bits(np.float32(bias_bound(768)))},
        "weight_first_10": stream_list(W[:10]),
        "weight_last_10": stream_list(W[-10:]),
        "bias_first_10": stream_list(B[:10]),
        "bias_last_10": stream_list(B[-10:]),
        "uniform_uses_fma": UNIFORM_USES_FMA,
        "other_rounding_variant": {
            "what": ("non-fused (ATEN_CPU_CAPABILITY=default) " if UNIFORM_USES_FMA else "fused (AVX2) ")
                    + "rounding of x * (to - from) + from, NOT what this torch gave",
            "weight_elements_that_differ": n_diff,
            "weight_first_10": stream_list(w_alt[:10]),
            "weight_last_10": stream_list(w_alt[-10:]),
        },
    }
    write_json(d / "reference.json", ref)
    (d / "README.md").write_text(
        "# torch_random_stream\n\nNot a `compute` case (no spec.json): `reference.json` holds raw values of "
        "PyTorch's CPU generator (torch.rand, nn.Linear init) for a Java re-implementation of\n"
        "`init`. See its `algorithm` block. Written by tools/golden/make_golden.py.\n")


def write_index():
    index = {"generator": "tools/golden/make_golden.py", "torch_version": TORCH_VERSION,
             "numpy_version": NUMPY_VERSION, "cpu_capability": CPU_CAPABILITY, "cases": {}}
    for d in sorted(p for p in OUT.iterdir() if p.is_dir()):
        index["cases"][d.name] = sorted(f.name for f in d.iterdir() if f.name.startswith("spec") and f.suffix == ".json")
    write_json(OUT / "index.json", index)
    return index


def main():
    if OUT.exists():
        shutil.rmtree(OUT)
    OUT.mkdir(parents=True)
    print(f"torch {TORCH_VERSION}, numpy {NUMPY_VERSION}, CPU capability {CPU_CAPABILITY}", flush=True)
    for fn in (case_init_torch_rand, case_init_torch_linear_separate, case_init_torch_linear_fused, case_hardmax,
               case_temperature, case_scale, case_window, case_padding, case_cross_attention, case_medium,
               case_dropout_stats, case_torch_random_stream, case_grouped_query, case_rope, case_tiled):
        fn()
        print("wrote", fn.__name__[5:], flush=True)
    index = write_index()
    n = sum(len(v) for v in index["cases"].values())
    print(f"{len(index['cases'])} case folders, {n} spec files under {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
