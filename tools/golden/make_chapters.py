#!/usr/bin/python3
"""PyTorch references for the walkthrough chapters (package lesson.chapters).

Writes src/test/resources/golden/chapters/<chapter>/*.npy (float32, C order) and a
reference.json per chapter with the settings and a few key numbers.

    /usr/bin/python3 tools/golden/make_chapters.py

Everything here is plain PyTorch on the CPU in float32, written the way a course or the
rasbt book writes it (nn.Linear, masked_fill with -inf, torch.softmax, F.layer_norm ...),
so it shares no code with the Java engine. Deterministic: a second run writes the same bytes.
"""
import math
import shutil
from pathlib import Path

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

import chapter_cases
from chapter_cases import HELLO, JOURNEY

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "src" / "test" / "resources" / "golden" / "chapters"


def Case(name, description):
    return chapter_cases.Case(OUT, name, description)


def causal():
    c = Case("causal", "rasbt ch. 3: SelfAttention_v2 weights (torch.manual_seed(789), d_in 3, d_out 2, "
                       "no bias) on 'Your journey starts with one step', scaled by 1/sqrt(2)")
    x = torch.tensor(JOURNEY)
    torch.manual_seed(789)
    w_query, w_key, w_value = (nn.Linear(3, 2, bias=False) for _ in range(3))
    q, k, v = w_query(x), w_key(x), w_value(x)
    scores = q @ k.T
    t = x.shape[0]
    future = torch.triu(torch.ones(t, t, dtype=torch.bool), diagonal=1)
    full = torch.softmax(scores / k.shape[-1] ** 0.5, dim=-1)
    masked = torch.softmax(scores.masked_fill(future, float("-inf")) / k.shape[-1] ** 0.5, dim=-1)
    kept = full * torch.tril(torch.ones(t, t))
    renorm = kept / kept.sum(dim=-1, keepdim=True)
    zero_masked = torch.softmax(scores.masked_fill(future, 0.0) / k.shape[-1] ** 0.5, dim=-1)
    context = masked @ v
    # the printed figures of the book
    book_row1 = torch.tensor([0.5517, 0.4483])
    assert torch.allclose(masked[1, :2], book_row1, atol=5e-5), masked[1]
    assert torch.allclose(renorm, masked, atol=1e-6)
    c.save("scores", scores, "Q K^T")
    c.save("weights_full", full, "softmax without a mask")
    c.save("weights_masked", masked, "-inf above the diagonal, then softmax")
    c.save("weights_renormalized", renorm, "softmax, zero above the diagonal, divide by the row sum")
    c.save("weights_zero_masked", zero_masked, "0 instead of -inf above the diagonal, then softmax")
    c.save("context", context, "weights_masked @ V")
    c.key("max_abs_diff_masked_vs_renormalized", float((masked - renorm).abs().max()))
    c.key("leak_row0", float(zero_masked[0, 1:].sum()))
    c.close()


def multihead():
    c = Case("multihead", "rasbt ch. 3 MultiHeadAttention: torch.manual_seed(193), d_in 3, d_out 4, "
                          "2 heads, causal, out_proj with bias, batch of two copies of the sentence, "
                          "W_query and W_key times 3 (so that the heads differ); "
                          "and the same weights fused into one W_qkv")
    x = torch.stack([torch.tensor(JOURNEY), torch.tensor(JOURNEY)])  # (b, t, d_in)
    b, t, _ = x.shape
    d_out, h = 4, 2
    hd = d_out // h
    torch.manual_seed(193)
    w_query, w_key, w_value = (nn.Linear(3, d_out, bias=False) for _ in range(3))
    out_proj = nn.Linear(d_out, d_out)
    with torch.no_grad():
        w_query.weight.mul_(3.0)
        w_key.weight.mul_(3.0)
    future = torch.triu(torch.ones(t, t, dtype=torch.bool), diagonal=1)

    def attend(q, k, v):
        q = q.view(b, t, h, hd).transpose(1, 2)  # (b, h, t, hd)
        k = k.view(b, t, h, hd).transpose(1, 2)
        v = v.view(b, t, h, hd).transpose(1, 2)
        scores = q @ k.transpose(2, 3)  # (b, h, t, t)
        weights = torch.softmax(scores.masked_fill(future, float("-inf")) / hd ** 0.5, dim=-1)
        heads = weights @ v  # (b, h, t, hd)
        context = heads.transpose(1, 2).contiguous().view(b, t, d_out)
        return q, scores, weights, heads, context, out_proj(context)

    q, scores, weights, heads, context, output = attend(w_query(x), w_key(x), w_value(x))
    w_qkv = torch.cat([w_query.weight, w_key.weight, w_value.weight], dim=0)  # (3 d_out, d_in)
    fq, fk, fv = F.linear(x, w_qkv).chunk(3, dim=-1)
    *_, fused_output = attend(fq, fk, fv)
    c.save("q", q, "(b, h, t, hd)")
    c.save("scores", scores, "(b, h, t, t)")
    c.save("weights", weights, "(b, h, t, t)")
    c.save("heads", heads, "(b, h, t, hd)")
    c.save("context", context, "(b, t, d_out)")
    c.save("output", output, "(b, t, d_out) after out_proj")
    c.save("output_fused", fused_output, "the same from one fused W_qkv")
    c.key("max_abs_diff_separate_vs_fused", float((output - fused_output).abs().max()))
    diff = (weights[0, 0] - weights[0, 1]).abs()
    c.key("heads_max_abs_diff", float(diff.max()))
    c.key("heads_mean_total_variation_rows_2_to_6", float(0.5 * diff.sum(-1)[1:].mean()))
    c.close()


def masks():
    c = Case("masks", "a batch of 'Hello shiny sun' (padded to 6 with zero vectors) and 'Your journey "
                      "starts with one step'; identity projection, scale 1/sqrt(3); causal OR window 2 OR padding")
    x = torch.zeros(2, 6, 3)
    x[0, :3] = torch.tensor(HELLO)
    x[1] = torch.tensor(JOURNEY)
    pad = torch.tensor([[1, 1, 1, 0, 0, 0], [1, 1, 1, 1, 1, 1]])
    t = 6
    i = torch.arange(t).view(t, 1)
    j = torch.arange(t).view(1, t)
    causal = (j > i).expand(2, t, t)
    window = ((i - j).abs() > 2).expand(2, t, t)
    causal_window = (j > i) | (i - j > 2)
    padding = (pad == 0).view(2, 1, t).expand(2, t, t)
    combined = causal_window.expand(2, t, t) | padding
    scores = x @ x.transpose(1, 2)
    logits = scores.masked_fill(combined, float("-inf")) / math.sqrt(3)
    weights = torch.softmax(logits, dim=-1)
    fully = combined.all(dim=-1)
    weights = torch.where(fully.unsqueeze(-1), torch.zeros(()), weights)
    for name, m in [("mask_causal", causal), ("mask_window", window), ("mask_padding", padding),
                    ("mask_causal_window", causal_window.expand(2, t, t)), ("mask_combined", combined)]:
        c.save(name, m.float(), "1 = hidden, (b, t, s)")
    c.save("weights_combined", weights, "softmax with the combined mask; fully masked rows 0")
    c.key("fully_masked_rows", [list(map(int, r)) for r in torch.nonzero(fully).tolist()])
    c.close()


def hard_soft():
    c = Case("hard_soft", "course example (Hello shiny sun, unscaled scores) with inverse temperature beta; "
                          "argmax; and the recipe store")
    x = torch.tensor(HELLO)
    scores = x @ x.T
    c.save("scores", scores, "X X^T")
    for beta in (0.5, 1.0, 2.0, 10.0):
        c.save("weights_beta" + str(beta).replace(".", "p"), torch.softmax(beta * scores, dim=-1),
               "softmax(beta * scores)")
    c.save("weights_hard", F.one_hot(scores.argmax(dim=-1), 3).float(), "one-hot argmax")
    keys = torch.tensor([[0.9, 0.0, 0.6, 0.1],   # chocolate cake: sweet, savoury, hot, cold
                         [0.1, 0.9, 0.9, 0.0],   # tomato soup
                         [0.7, 0.0, 0.0, 1.0],   # lemon sorbet
                         [0.8, 0.1, 0.8, 0.0]])  # apple pie
    values = torch.tensor([[2.0, 2.0, 0.5, 0.0, 0.0, 0.0],   # sugar, flour, cocoa, tomato, lemon, apple
                           [0.1, 0.0, 0.0, 4.0, 0.0, 0.0],
                           [1.5, 0.0, 0.0, 0.0, 2.0, 0.0],
                           [1.0, 2.5, 0.0, 0.0, 0.0, 3.0]])
    query = torch.tensor([[1.0, 0.0, 1.0, 0.0]])  # "a warm dessert"
    kv_scores = query @ keys.T
    for beta in (1.0, 5.0):
        w = torch.softmax(beta * kv_scores, dim=-1)
        tag = str(beta).replace(".", "p")
        c.save("recipe_weights_beta" + tag, w, "softmax(beta * q K^T)")
        c.save("recipe_output_beta" + tag, w @ values, "weights @ V")
    hard = F.one_hot(kv_scores.argmax(dim=-1), 4).float()
    c.save("recipe_scores", kv_scores, "q K^T")
    c.save("recipe_output_hard", hard @ values, "the recipe of the best title")
    c.close()


def cross():
    c = Case("cross", "decoder '<bos> Merhaba parlak güneş' attends to encoder 'Hello shiny sun'; "
                      "identity projection (queries = decoder vectors, keys = values = encoder vectors), "
                      "unscaled scores as in the course's first example")
    dec = torch.tensor([[0.2, 0.2, 0.2],     # <bos>
                        [1.6, -1.0, -0.9],   # Merhaba
                        [1.2, 0.0, 1.2],     # parlak
                        [-1.2, 1.4, 0.3]])   # güneş
    enc = torch.tensor(HELLO)
    scores = dec @ enc.T  # (t, s)
    weights = torch.softmax(scores, dim=-1)
    c.save("scores", scores, "(t, s) = (4, 3)")
    c.save("weights", weights, "(t, s), a rectangle")
    c.save("context", weights @ enc, "(t, d)")
    c.close()


def sinusoidal(t, d):
    pe = np.zeros((t, d))
    for p in range(t):
        for col in range(d):
            angle = p / 10000 ** ((col - col % 2) / d)
            pe[p, col] = math.sin(angle) if col % 2 == 0 else math.cos(angle)
    return torch.tensor(pe, dtype=torch.float32)


def encoder():
    c = Case("encoder", "post-norm encoder block: torch.manual_seed(123); x = torch.rand(6, 4); then W_query, "
                        "W_key, W_value = Linear(4, 4, bias=False), out_proj Linear(4, 4), ffn Linear(4, 8), "
                        "Linear(8, 4); 2 heads, no mask; LayerNorm(4) defaults; ReLU and GELU (erf)")
    torch.manual_seed(123)
    x = torch.rand(6, 4)
    w_query, w_key, w_value = (nn.Linear(4, 4, bias=False) for _ in range(3))
    out_proj = nn.Linear(4, 4)
    ffn1 = nn.Linear(4, 8)
    ffn2 = nn.Linear(8, 4)
    t, d, h = 6, 4, 2
    hd = d // h
    pe = sinusoidal(t, d)
    x0 = x + pe
    q = w_query(x0).view(t, h, hd).transpose(0, 1)
    k = w_key(x0).view(t, h, hd).transpose(0, 1)
    v = w_value(x0).view(t, h, hd).transpose(0, 1)
    weights = torch.softmax(q @ k.transpose(1, 2) / math.sqrt(hd), dim=-1)
    attn = out_proj((weights @ v).transpose(0, 1).reshape(t, d))
    norm1 = F.layer_norm(x0 + attn, (d,))
    c.save("x", x, "torch.rand(6, 4)")
    c.save("pe", pe, "sinusoidal (6, 4)")
    c.save("x_plus_pe", x0, "")
    c.save("weights", weights, "(h, t, t)")
    c.save("attention_output", attn, "after out_proj")
    c.save("norm1", norm1, "LayerNorm(x + attention)")
    for name, act in (("relu", torch.relu), ("gelu", F.gelu)):
        hidden = ffn1(norm1)
        ffn = ffn2(act(hidden))
        c.save("ffn_hidden", hidden, "Linear(4, 8), before the activation")
        c.save("ffn_activated_" + name, act(hidden), "")
        c.save("ffn_output_" + name, ffn, "Linear(8, 4)")
        c.save("norm2_" + name, F.layer_norm(norm1 + ffn, (d,)), "LayerNorm(norm1 + ffn)")
    c.close()


def main():
    if OUT.exists():
        shutil.rmtree(OUT)
    OUT.mkdir(parents=True)
    for make in (causal, multihead, masks, hard_soft, cross, encoder):
        make()
    print("wrote", OUT)


if __name__ == "__main__":
    main()
