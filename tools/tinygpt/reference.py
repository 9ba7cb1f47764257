#!/usr/bin/python3
"""Independent check of the tiny GPT's forward: reads a .tinygpt model file with its own parser,
runs the same architecture in PyTorch (float32) and saves, for a few fixed sequences, the logits
and every layer's attention weights as .npy files. The Java test TinyGptReferenceTest matches
the app's forward against them within 1e-4.

    /usr/bin/python3 tools/tinygpt/reference.py assets/tinygpt/tiny-gpt.tinygpt \
        src/test/resources/org/attentionexplainer/engine/tinygpt/reference

The architecture (see TinyGpt.java), written here from the description, not from the Java code:
    x = E_tok[tokens] + E_pos[:t]
    per layer: q, k, v = x W_q, x W_k, x W_v split into h heads of width d/h;
               w = softmax(q k^T / sqrt(d/h), causal mask with -inf); x = x + concat(w v) W_o
    logits = x W_U
"""
import json
import math
import struct
import sys
from pathlib import Path

import numpy as np
import torch

MAGIC = b"attention-explainer tiny-gpt 1\n"
# Fixed sequences of letters (A = symbol 0): a repeated one of the shown length, a shorter repeat,
# a longer one, and one with nothing repeated.
SEQUENCES = ["KDXMQBTRAPKDXMQBTRAP", "HELPSHELPS", "ZYXWVUTSRQPONZYXWVUTSRQP", "ATTENTION"]


def read_model(path):
    data = Path(path).read_bytes()
    assert data.startswith(MAGIC), "not a tiny GPT model file"
    end = data.index(b"\n", len(MAGIC))
    header = json.loads(data[len(MAGIC):end])
    v, p, d, layers = header["vocab"], header["positions"], header["d_model"], header["layers"]
    values = np.frombuffer(data[end + 1:], dtype="<f4")
    assert values.size == header["values"], "value count"
    shapes = [(v, d), (p, d)] + [(d, d)] * (4 * layers) + [(d, v)]
    tensors, at = [], 0
    for shape in shapes:
        n = shape[0] * shape[1]
        tensors.append(torch.tensor(values[at:at + n].reshape(shape).copy()))
        at += n
    assert at == values.size
    return header, tensors


def forward(header, tensors, tokens):
    d, h = header["d_model"], header["heads"]
    hd = d // h
    t = len(tokens)
    ids = torch.tensor(tokens)
    x = tensors[0][ids] + tensors[1][:t]                      # (t, d)
    future = torch.triu(torch.ones(t, t, dtype=torch.bool), diagonal=1)
    weights = []
    for layer in range(header["layers"]):
        wq, wk, wv, wo = tensors[2 + 4 * layer: 6 + 4 * layer]
        q = (x @ wq).view(t, h, hd).transpose(0, 1)           # (h, t, hd)
        k = (x @ wk).view(t, h, hd).transpose(0, 1)
        v = (x @ wv).view(t, h, hd).transpose(0, 1)
        scores = q @ k.transpose(1, 2) / math.sqrt(hd)        # (h, t, t)
        w = torch.softmax(scores.masked_fill(future, float("-inf")), dim=-1)
        weights.append(w)
        x = x + (w @ v).transpose(0, 1).reshape(t, d) @ wo
    return x @ tensors[-1], weights


def main(model, out):
    header, tensors = read_model(model)
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    (out / "sequences.txt").write_text("\n".join(SEQUENCES) + "\n")
    with torch.no_grad():
        for i, text in enumerate(SEQUENCES):
            logits, weights = forward(header, tensors, [ord(c) - ord("A") for c in text])
            np.save(out / f"seq{i}-logits.npy", logits.numpy().astype("<f4"))
            for layer, w in enumerate(weights):
                np.save(out / f"seq{i}-layer{layer}-weights.npy", w.numpy().astype("<f4"))
            print(text, "->", "".join(chr(ord("A") + int(j)) for j in logits.argmax(-1)))


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit("usage: reference.py MODEL.tinygpt OUT_DIR")
    main(sys.argv[1], sys.argv[2])
