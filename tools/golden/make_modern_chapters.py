#!/usr/bin/python3
"""PyTorch references for the chapters on grouped-query attention and rotary embeddings.

Writes src/test/resources/golden/modern/<chapter>/*.npy (float32) and a reference.json each.

    /usr/bin/python3 tools/golden/make_modern_chapters.py

Plain PyTorch on the CPU, written the way the GQA paper and Hugging Face Llama write it
(mean-pooled K/V heads, repeat_interleave, rotate_half with cos/sin tables), sharing no code
with the Java engine. Deterministic. Its own folder, so make_chapters.py (which rewrites
golden/chapters) leaves it alone.
"""
import math
from pathlib import Path

import torch
import torch.nn as nn

import chapter_cases
from chapter_cases import JOURNEY

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "src" / "test" / "resources" / "golden" / "modern"


def Case(name, description):
    return chapter_cases.Case(OUT, name, description, fresh=True)


def gqa():
    h, hd = 8, 2
    c = Case("gqa", "the book's MHA weights (torch.manual_seed(123), three nn.Linear(3, 16, bias=False)) on "
                    "'Your journey starts with one step', h 8, hd 2, no mask, scaled by 1/sqrt(hd); for kv in "
                    "8, 4, 2, 1 the K and V weights of each group of h/kv heads are averaged (GQA paper) and "
                    "repeat_interleave'd back to h heads")
    x = torch.tensor(JOURNEY)
    t = x.shape[0]
    torch.manual_seed(123)
    w_query, w_key, w_value = (nn.Linear(3, h * hd, bias=False) for _ in range(3))
    q = w_query(x).view(t, h, hd).transpose(0, 1)                       # (h, t, hd)
    for kv in (8, 4, 2, 1):
        group = h // kv
        # nn.Linear weight is (out, in): rows of one head are hd consecutive outputs
        wk = w_key.weight.detach().view(kv, group, hd, 3).mean(dim=1).reshape(kv * hd, 3)
        wv = w_value.weight.detach().view(kv, group, hd, 3).mean(dim=1).reshape(kv * hd, 3)
        k = (x @ wk.T).view(t, kv, hd).transpose(0, 1).repeat_interleave(group, dim=0)
        v = (x @ wv.T).view(t, kv, hd).transpose(0, 1).repeat_interleave(group, dim=0)
        weights = torch.softmax(q @ k.transpose(1, 2) / math.sqrt(hd), dim=-1)
        c.save("weights_kv%d" % kv, weights, "(h, t, t) weights with %d K/V heads" % kv)
        c.save("context_kv%d" % kv, (weights @ v).transpose(0, 1).reshape(t, h * hd), "(t, h hd)")
    c.close()


def rope_angles(base, hd, positions, exact=False):
    """cos and sin of pos * base^(-2j/hd), tables of width hd as Hugging Face Llama builds them
    (rounded to float32 unless exact)."""
    inv_freq = 1.0 / (base ** (torch.arange(0, hd, 2, dtype=torch.float64) / hd))
    freqs = torch.outer(torch.arange(positions, dtype=torch.float64), inv_freq)
    emb = torch.cat((freqs, freqs), dim=-1)
    return (emb.cos(), emb.sin()) if exact else (emb.cos().float(), emb.sin().float())


def rotate_half(x):
    half = x.shape[-1] // 2
    return torch.cat((-x[..., half:], x[..., :half]), dim=-1)


def rope():
    hd, t = 8, 8
    c = Case("rope", "'journey' at positions 0..7; q and k from the book's W_query and W_key "
                     "(torch.manual_seed(123), nn.Linear(3, 8, bias=False)); RoPE as Hugging Face Llama "
                     "(rotate_half) for several bases; the sinusoidal encoding (3 wide) added to the "
                     "embedding before the projections instead")
    x = torch.tensor([JOURNEY[1]] * t)
    torch.manual_seed(123)
    w_query, w_key, _ = (nn.Linear(3, hd, bias=False) for _ in range(3))
    q, k = w_query(x), w_key(x)
    for base in (10000, 100, 10):
        cos, sin = rope_angles(float(base), hd, t)
        qr = q * cos + rotate_half(q) * sin
        kr = k * cos + rotate_half(k) * sin
        scores = qr @ kr.T
        c.save("q_base%d" % base, qr, "(t, hd) rotated q")
        c.save("scores_base%d" % base, scores, "(t, t) rotated q . rotated k")
        # the property itself, in float64: q_i . k_j equals q_0 . k_(j-i) rotated the other way
        c64, s64 = rope_angles(float(base), hd, t, exact=True)
        qd, kd = q.double(), k.double()
        s = (qd * c64 + rotate_half(qd) * s64) @ (kd * c64 + rotate_half(kd) * s64).T
        spread = max(float(torch.diagonal(s, d).max() - torch.diagonal(s, d).min()) for d in range(-t + 1, t))
        assert spread < 1e-12, spread
        c.key("float64_diagonal_spread_base%d" % base, spread)
    d = 3
    pe = torch.zeros(t, d)
    for p in range(t):
        for i in range(0, d, 2):
            angle = p / (10000 ** (i / d))
            pe[p, i] = math.sin(angle)
            if i + 1 < d:
                pe[p, i + 1] = math.cos(angle)
    xe = x + pe
    sin_scores = w_query(xe) @ w_key(xe).T
    c.save("scores_sinusoidal", sin_scores, "(t, t) (x + PE_i) W_q . (x + PE_j) W_k")
    spread = max(float(torch.diagonal(sin_scores, dd).max() - torch.diagonal(sin_scores, dd).min())
                 for dd in range(-t + 1, t))
    c.key("sinusoidal_diagonal_spread", spread)
    c.close()


def window():
    c = Case("window", "rasbt ch. 3 SelfAttention_v2 weights (torch.manual_seed(789), d_in 3, d_out 2, no bias) "
                       "on 'Your journey starts with one step', causal, scaled by 1/sqrt(2); for w in 1..5 a "
                       "sliding window as the Mistral 7B paper writes it: query i reads keys i - w .. i")
    x = torch.tensor(JOURNEY)
    t = x.shape[0]
    torch.manual_seed(789)
    w_query, w_key, _ = (nn.Linear(3, 2, bias=False) for _ in range(3))
    scores = w_query(x) @ w_key(x).T
    i = torch.arange(t).unsqueeze(1)
    j = torch.arange(t).unsqueeze(0)
    causal = torch.softmax(scores.masked_fill(j > i, float("-inf")) / math.sqrt(2), dim=-1)
    c.save("weights_causal", causal, "causal weights, no window")
    for w in range(1, t):
        hidden = (j > i) | (i - j > w)
        weights = torch.softmax(scores.masked_fill(hidden, float("-inf")) / math.sqrt(2), dim=-1)
        c.save("weights_w%d" % w, weights, "causal weights with a window of %d" % w)
    c.close()


def main():
    gqa()
    rope()
    window()
    print("wrote", OUT)


if __name__ == "__main__":
    main()
