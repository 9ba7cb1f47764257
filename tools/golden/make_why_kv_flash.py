#!/usr/bin/python3
"""PyTorch references for the chapters "Why attention", "KV cache" and "FlashAttention, tile by tile".

Writes src/test/resources/golden/chapters/{why_attention,kv_cache,flash}/ (.npy float32 arrays and
a reference.json with the settings and key numbers).

    /usr/bin/python3 tools/golden/make_why_kv_flash.py

Plain PyTorch on the CPU in float32, written as a course would write it (nn.RNN, autograd's
jacobian, an explicit list of cached keys, a loop over key blocks), sharing no code with the Java
lesson or engine. Deterministic: a second run writes the same bytes.
"""
import math
from pathlib import Path

import torch
import torch.nn as nn

import chapter_cases
from chapter_cases import JOURNEY

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "src" / "test" / "resources" / "golden" / "chapters"


def Case(name, description):
    return chapter_cases.Case(OUT, name, description)


def why_attention():
    """An untrained tanh RNN against one attention row, on sentences of n words."""
    d, hidden, pool, seed = 4, 8, 20, 7
    c = Case("why_attention", f"torch.manual_seed({seed}); nn.RNN({d}, {hidden}, tanh); then a pool of "
                              f"{pool} words torch.empty({pool}, {d}).uniform_(-1, 1). The sentence of n words is "
                              "pool[0], pool[2:n], pool[1]. RNN: Frobenius norm of d h_n / d x_j (autograd). "
                              "Attention: identity projection, the last word's query, softmax(x x_n / sqrt d).")
    torch.manual_seed(seed)
    rnn = nn.RNN(d, hidden, nonlinearity="tanh", batch_first=True)
    words = torch.empty(pool, d).uniform_(-1, 1)
    c.save("words", words, "(pool, d) the word vectors")
    for n in (2, 3, 8, 20):
        x = torch.cat([words[0:1], words[2:n], words[1:2]])

        def last_state(inputs):
            _, h = rnn(inputs.unsqueeze(0))
            return h[0, 0]

        with torch.no_grad():
            h = last_state(x)
        jac = torch.autograd.functional.jacobian(last_state, x)  # (hidden, n, d)
        sensitivity = torch.stack([jac[:, j, :].norm() for j in range(n)])
        weights = torch.softmax(x @ x[-1] / math.sqrt(d), dim=0)
        c.save(f"last_state_n{n}", h, "(hidden,) h_n")
        c.save(f"sensitivity_n{n}", sensitivity, "(n,) ||d h_n / d x_j||_F")
        c.save(f"weights_n{n}", weights, "(n,) the last word's attention weights")
        c.key(f"rnn_first_over_last_n{n}", float(sensitivity[0] / sensitivity[-1]))
        c.key(f"attention_first_over_last_n{n}", float(weights[0] / weights[-1]))
    c.close()


def book_qkv():
    x = torch.tensor(JOURNEY)
    torch.manual_seed(789)
    w_query, w_key, w_value = (nn.Linear(3, 2, bias=False) for _ in range(3))
    with torch.no_grad():
        return x, w_query, w_key, w_value


def kv_cache():
    c = Case("kv_cache", "rasbt ch. 3 SelfAttention_v2 weights (seed 789, d_in 3, d_out 2), causal, scaled "
                         "by 1/sqrt 2, fed one token at a time: the new token's q against the cached K, V")
    x, w_query, w_key, w_value = book_qkv()
    t = x.shape[0]
    with torch.no_grad():
        future = torch.triu(torch.ones(t, t, dtype=torch.bool), diagonal=1)
        full = torch.softmax((w_query(x) @ w_key(x).T).masked_fill(future, float("-inf")) / math.sqrt(2), dim=-1)
        keys, values, rows, contexts = [], [], [], []
        for i in range(t):
            token = x[i:i + 1]
            keys.append(w_key(token))
            values.append(w_value(token))
            k = torch.cat(keys)  # (i+1, 2)
            v = torch.cat(values)
            w = torch.softmax(w_query(token) @ k.T / math.sqrt(2), dim=-1)  # (1, i+1)
            row = torch.zeros(t)
            row[:i + 1] = w[0]
            rows.append(row)
            contexts.append((w @ v)[0])
        stepped = torch.stack(rows)
    c.save("weights_stepped", stepped, "(t, t) row i: the weights of step i, zero beyond")
    c.save("weights_full", full, "(t, t) one full causal computation")
    c.save("keys", torch.cat(keys), "(t, 2) the cache's K after the last step")
    c.save("values", torch.cat(values), "(t, 2) the cache's V")
    c.save("contexts", torch.stack(contexts), "(t, 2) each step's context row")
    c.key("max_abs_diff_stepped_vs_full", float((stepped - full).abs().max()))
    c.close()


def flash():
    c = Case("flash", "torch.manual_seed(42); x = torch.empty(8, 4).uniform_(-2, 2); W_q, W_k, W_v = three "
                      "nn.Linear(4, 4, bias=False); no mask, scaled by 1/sqrt 4; query blocks of 4 and key blocks "
                      "of 2 (and of 3: uneven), as FlashAttention-2's loop writes it")
    torch.manual_seed(42)
    x = torch.empty(8, 4).uniform_(-2, 2)
    w_query, w_key, w_value = (nn.Linear(4, 4, bias=False) for _ in range(3))
    with torch.no_grad():
        q, k, v = w_query(x), w_key(x), w_value(x)
        logits = q @ k.T / math.sqrt(4)
        direct = torch.softmax(logits, dim=-1) @ v
        c.save("logits", logits, "(t, s)")
        c.save("direct_output", direct, "(t, hd) softmax(logits) V")
        t, s = logits.shape
        bq = 4
        for bk in (2, 3):
            blocks = (s + bk - 1) // bk
            m_after = torch.full((t, blocks), float("-inf"))
            l_after = torch.zeros(t, blocks)
            out_after = torch.zeros(t, blocks, v.shape[1])
            for q0 in range(0, t, bq):
                rows = slice(q0, min(q0 + bq, t))
                m = torch.full((rows.stop - q0,), float("-inf"))
                l = torch.zeros(rows.stop - q0)
                o = torch.zeros(rows.stop - q0, v.shape[1])
                for n in range(blocks):
                    cols = slice(n * bk, min((n + 1) * bk, s))
                    block = logits[rows, cols]
                    m_new = torch.maximum(m, block.max(dim=-1).values)
                    rescale = torch.exp(m - m_new)
                    p = torch.exp(block - m_new[:, None])
                    l = l * rescale + p.sum(dim=-1)
                    o = o * rescale[:, None] + p @ v[cols]
                    m = m_new
                    m_after[rows, n] = m
                    l_after[rows, n] = l
                    out_after[rows, n] = o / l[:, None]
            assert torch.allclose(out_after[:, -1], direct, atol=1e-6)
            c.save(f"m_bk{bk}", m_after, "(t, blocks) running row maximum after each key block")
            c.save(f"l_bk{bk}", l_after, "(t, blocks) running denominator")
            c.save(f"out_bk{bk}", out_after, "(t, blocks, hd) O / l after each key block")
            c.key(f"max_abs_diff_bk{bk}", float((out_after[:, -1] - direct).abs().max()))
    c.close()


if __name__ == "__main__":
    why_attention()
    kv_cache()
    flash()
    print("wrote", OUT)
