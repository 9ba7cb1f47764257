#!/usr/bin/python3
"""Independent check of the KV-cache chapter's generation: greedy decoding with the tiny GPT, a
growing list of keys and values per layer, in PyTorch (float32), written from the description
(see KvGeneration.java), reading the model file with reference.py's parser. It copies the model
it read beside the arrays, so the test keeps its fixed weights whatever model ships later.

    /usr/bin/python3 tools/tinygpt/kv_generation.py assets/tinygpt/tiny-gpt.tinygpt \
        src/test/resources/golden/chapters/kv_generation

Saves: tokens.npy (t) the prompt then the generated symbols; rows.npy (t, layers, h, t) the
weights of step i + 1's query row, 0 beyond its keys; probability.npy (t) each step's most
likely next symbol's probability; model.tinygpt the weights used.
"""
import math
import shutil
import sys
from pathlib import Path

import numpy as np
import torch

sys.path.insert(0, str(Path(__file__).parent))
from reference import read_model  # noqa: E402

PROMPT = "KDXMQBTRAPKDXMQ"
GENERATED = 5


def generate(header, tensors):
    d, h, layers = header["d_model"], header["heads"], header["layers"]
    hd = d // h
    sequence = [ord(c) - ord("A") for c in PROMPT]
    t = len(sequence) + GENERATED
    keys = [[] for _ in range(layers)]
    values = [[] for _ in range(layers)]
    rows = np.zeros((t, layers, h, t), dtype="<f4")
    probability = np.zeros(t, dtype="<f4")
    for i in range(t):
        x = tensors[0][sequence[i]] + tensors[1][i]                      # (d)
        for layer in range(layers):
            wq, wk, wv, wo = tensors[2 + 4 * layer: 6 + 4 * layer]
            keys[layer].append((x @ wk).view(h, hd))
            values[layer].append((x @ wv).view(h, hd))
            q = (x @ wq).view(h, 1, hd)                                  # (h, 1, hd)
            k = torch.stack(keys[layer], dim=1)                           # (h, n, hd)
            v = torch.stack(values[layer], dim=1)
            w = torch.softmax(q @ k.transpose(1, 2) / math.sqrt(hd), dim=-1)   # (h, 1, n)
            rows[i, layer, :, :i + 1] = w[:, 0, :].numpy()
            x = x + (w @ v).reshape(d) @ wo
        p = torch.softmax(x @ tensors[-1], dim=-1)
        nxt = int(p.argmax())
        probability[i] = float(p[nxt])
        if len(PROMPT) <= i + 1 < t:
            sequence.append(nxt)
    return np.array(sequence, dtype="<f4"), rows, probability


def main(model, out):
    header, tensors = read_model(model)
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    with torch.no_grad():
        tokens, rows, probability = generate(header, tensors)
    np.save(out / "tokens.npy", tokens)
    np.save(out / "rows.npy", rows)
    np.save(out / "probability.npy", probability)
    shutil.copyfile(model, out / "model.tinygpt")
    print(PROMPT, "->", "".join(chr(ord("A") + int(j)) for j in tokens[len(PROMPT):]))


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit("usage: kv_generation.py MODEL.tinygpt OUT_DIR")
    main(sys.argv[1], sys.argv[2])
