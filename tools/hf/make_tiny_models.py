#!/usr/bin/python3
"""Tiny random GPT-2 and BERT checkpoints in the Hugging Face layout, with reference numbers.

Each folder holds what `save_pretrained` would write (config.json, model.safetensors, the
tokenizer files) plus the reference the app is checked against: the token ids of one text, every
hidden state and every layer's attention weights, computed here by a forward pass written in
plain PyTorch with Hugging Face's parameter names and semantics (GPT2Model / BertModel, eval
mode). Neither transformers, tokenizers nor safetensors is needed: the tokenizers (GPT-2's
byte-level BPE, BERT's WordPiece) and the safetensors writer are written out below from their
published descriptions.

    /usr/bin/python3 tools/hf/make_tiny_models.py [OUT_DIR]

OUT_DIR defaults to src/test/resources/org/attentionexplainer/engine/model. Folders:
  tiny-gpt2       float32, names as GPT2LMHeadModel saves them (transformer.h.0.attn.c_attn.weight),
                  vocab.json + merges.txt
  tiny-gpt2-f16   float16, names without the prefix (as the gpt2 checkpoint on the Hub), tokenizer.json
  tiny-bert       float32, BertModel names (encoder.layer.0.attention.self.query.weight), vocab.txt
  tiny-bert-bf16  bfloat16, BertForMaskedLM names (bert. prefix, a cls. head), tokenizer.json
The reference files are reference-ids.npy (t,), reference-hidden.npy (L+1, t, d) and
reference-attentions.npy (L, h, t, t); reference-text.txt holds the text.
"""
import json
import math
import os
import struct
import sys
import unicodedata

import numpy as np
import torch
import torch.nn.functional as F

GPT_TEXT = "The cat sat on the mat. It's 42 degrees, isn't it?  Güneş parlıyor!"
BERT_TEXT = "The cat sat on the mat, unhappily. Güneş!"

# ---------------------------------------------------------------- safetensors


def save_safetensors(path, tensors, dtype):
    """tensors: name -> torch tensor; dtype: 'F32', 'F16' or 'BF16' for the floating ones.

    Format: u64 little-endian header length N, N bytes of JSON (padded with spaces to a
    multiple of 8), then the raw little-endian data; data_offsets are relative to the data.
    """
    header = {"__metadata__": {"format": "pt"}}
    blobs = []
    offset = 0
    for name in sorted(tensors):
        t = tensors[name]
        if t.dtype == torch.bool:
            code, raw = "BOOL", t.to(torch.uint8).numpy().astype("<u1").tobytes()
        elif t.dtype == torch.int64:
            code, raw = "I64", t.numpy().astype("<i8").tobytes()
        elif dtype == "F32":
            code, raw = "F32", t.float().numpy().astype("<f4").tobytes()
        elif dtype == "F16":
            code, raw = "F16", t.half().numpy().astype("<f2").tobytes()
        elif dtype == "BF16":
            code, raw = "BF16", t.bfloat16().view(torch.int16).numpy().astype("<i2").tobytes()
        else:
            raise ValueError(dtype)
        header[name] = {"dtype": code, "shape": list(t.shape), "data_offsets": [offset, offset + len(raw)]}
        blobs.append(raw)
        offset += len(raw)
    text = json.dumps(header, separators=(",", ":")).encode("utf-8")
    text += b" " * ((8 - len(text) % 8) % 8)
    with open(path, "wb") as f:
        f.write(struct.pack("<Q", len(text)))
        f.write(text)
        for raw in blobs:
            f.write(raw)


def as_stored(t, dtype):
    """The values the app will read back: rounded to the file's type, computed in float32."""
    if dtype == "F16":
        return t.half().float()
    if dtype == "BF16":
        return t.bfloat16().float()
    return t.float()


# ---------------------------------------------------------------- GPT-2 byte-level BPE


def bytes_to_unicode():
    """GPT-2's table: printable bytes stand for themselves, the others for 256 + n."""
    bs = list(range(ord("!"), ord("~") + 1)) + list(range(ord("¡"), ord("¬") + 1)) + list(range(ord("®"), ord("ÿ") + 1))
    cs = bs[:]
    n = 0
    for b in range(256):
        if b not in bs:
            bs.append(b)
            cs.append(256 + n)
            n += 1
    return dict(zip(bs, map(chr, cs)))


def is_letter(c):
    return unicodedata.category(c).startswith("L")


def is_number(c):
    return unicodedata.category(c).startswith("N")


def pre_tokenize(text):
    """GPT-2's pattern 's|'t|'re|'ve|'m|'ll|'d| ?\\p{L}+| ?\\p{N}+| ?[^\\s\\p{L}\\p{N}]+|\\s+(?!\\S)|\\s+,
    as a scanner that tries the alternatives in order at each position."""
    out = []
    i = 0
    n = len(text)

    def run(j, pred):
        while j < n and pred(text[j]):
            j += 1
        return j

    other = lambda c: not (c.isspace() or is_letter(c) or is_number(c))
    while i < n:
        c = text[i]
        if c == "'":
            for s in ("s", "t", "re", "ve", "m", "ll", "d"):
                if text.startswith(s, i + 1):
                    out.append(text[i:i + 1 + len(s)])
                    i += 1 + len(s)
                    break
            else:
                s = None
            if s is not None:
                continue
        start = i + 1 if c == " " and i + 1 < n else i
        matched = False
        for pred in (is_letter, is_number, other):
            if pred(text[start]):
                j = run(start, pred)
                out.append(text[i:j])
                i = j
                matched = True
                break
        if matched:
            continue
        if c.isspace():
            j = run(i, str.isspace)
            if j < n and j - 1 > i:
                j -= 1                      # \s+(?!\S): leave the last space to the word after it
            out.append(text[i:j])
            i = j
            continue
        raise AssertionError("unmatched " + repr(c))
    return out


def to_symbols(word, table):
    return "".join(table[b] for b in word.encode("utf-8"))


def train_bpe(corpus, merges_wanted, table):
    words = {}
    for w in pre_tokenize(corpus):
        s = tuple(to_symbols(w, table))
        words[s] = words.get(s, 0) + 1
    merges = []
    for _ in range(merges_wanted):
        pairs = {}
        for w, count in words.items():
            for a, b in zip(w, w[1:]):
                pairs[(a, b)] = pairs.get((a, b), 0) + count
        if not pairs:
            break
        best = max(sorted(pairs), key=lambda p: pairs[p])
        merges.append(best)
        merged = {}
        for w, count in words.items():
            out = []
            k = 0
            while k < len(w):
                if k + 1 < len(w) and (w[k], w[k + 1]) == best:
                    out.append(w[k] + w[k + 1])
                    k += 2
                else:
                    out.append(w[k])
                    k += 1
            merged[tuple(out)] = merged.get(tuple(out), 0) + count
        words = merged
    return merges


def bpe(symbols, ranks):
    """The reference algorithm of GPT-2's encoder.py: merge the best-ranked pair, everywhere, until none is left."""
    word = list(symbols)
    while len(word) > 1:
        pairs = set(zip(word, word[1:]))
        best = min(pairs, key=lambda p: ranks.get(p, math.inf))
        if best not in ranks:
            break
        out = []
        k = 0
        while k < len(word):
            if k + 1 < len(word) and (word[k], word[k + 1]) == best:
                out.append(word[k] + word[k + 1])
                k += 2
            else:
                out.append(word[k])
                k += 1
        word = out
    return word


GPT_CORPUS = ("The cat sat on the mat. The dog sat on the log. It's a cat, isn't it? They're here and we've "
              "seen them; I'm sure they'll come, he'd say. There are 42 cats and 7 dogs in 2024. "
              "Attention is all you need: the query looks at every key and takes the values. "
              "Güneş parlıyor, deniz çok sakin. Café naïve résumé.") * 3


def gpt2_tokenizer(n_merges=160):
    table = bytes_to_unicode()
    merges = train_bpe(GPT_CORPUS, n_merges, table)
    vocab = {}
    for b in range(256):
        vocab.setdefault(table[b], len(vocab))
    for a, b in merges:
        vocab.setdefault(a + b, len(vocab))
    vocab["<|endoftext|>"] = len(vocab)
    return table, vocab, merges


def gpt2_encode(text, table, vocab, merges):
    ranks = {m: i for i, m in enumerate(merges)}
    ids = []
    for w in pre_tokenize(text):
        ids.extend(vocab[p] for p in bpe(to_symbols(w, table), ranks))
    return ids


# ---------------------------------------------------------------- GPT-2 forward (GPT2Model, eval)


def gelu_new(x):
    return 0.5 * x * (1.0 + torch.tanh(math.sqrt(2.0 / math.pi) * (x + 0.044715 * torch.pow(x, 3.0))))


def gpt2_params(cfg, seed):
    g = torch.Generator().manual_seed(seed)
    d, ff, V, P = cfg["n_embd"], cfg["n_inner"] or 4 * cfg["n_embd"], cfg["vocab_size"], cfg["n_positions"]
    r = lambda *s, std=0.5: torch.randn(*s, generator=g) * std
    p = {"wte.weight": r(V, d, std=1.0), "wpe.weight": r(P, d, std=0.3),
         "ln_f.weight": 1 + r(d, std=0.1), "ln_f.bias": r(d, std=0.1)}
    for i in range(cfg["n_layer"]):
        h = "h.%d." % i
        p.update({h + "ln_1.weight": 1 + r(d, std=0.1), h + "ln_1.bias": r(d, std=0.1),
                  h + "attn.c_attn.weight": r(d, 3 * d, std=0.35), h + "attn.c_attn.bias": r(3 * d, std=0.2),
                  h + "attn.c_proj.weight": r(d, d, std=0.2), h + "attn.c_proj.bias": r(d, std=0.1),
                  h + "ln_2.weight": 1 + r(d, std=0.1), h + "ln_2.bias": r(d, std=0.1),
                  h + "mlp.c_fc.weight": r(d, ff, std=0.2), h + "mlp.c_fc.bias": r(ff, std=0.1),
                  h + "mlp.c_proj.weight": r(ff, d, std=0.1), h + "mlp.c_proj.bias": r(d, std=0.1)})
    return p


def gpt2_forward(p, cfg, ids):
    d, nh, eps = cfg["n_embd"], cfg["n_head"], cfg["layer_norm_epsilon"]
    hd = d // nh
    t = len(ids)
    ids = torch.tensor(ids)
    x = p["wte.weight"][ids] + p["wpe.weight"][torch.arange(t)]
    hidden, attentions = [], []
    causal = torch.tril(torch.ones(t, t, dtype=torch.bool))
    for i in range(cfg["n_layer"]):
        hidden.append(x)
        h = "h.%d." % i
        a = F.layer_norm(x, (d,), p[h + "ln_1.weight"], p[h + "ln_1.bias"], eps)
        qkv = a @ p[h + "attn.c_attn.weight"] + p[h + "attn.c_attn.bias"]          # Conv1D: x W + b
        q, k, v = (z.view(t, nh, hd).transpose(0, 1) for z in qkv.split(d, dim=1))  # (h, t, hd)
        w = q @ k.transpose(-1, -2) / math.sqrt(hd)
        if cfg.get("scale_attn_by_inverse_layer_idx"):
            w = w / float(i + 1)
        w = torch.where(causal, w, torch.tensor(torch.finfo(w.dtype).min))
        w = torch.softmax(w, dim=-1)
        attentions.append(w)
        o = (w @ v).transpose(0, 1).reshape(t, d)
        x = x + o @ p[h + "attn.c_proj.weight"] + p[h + "attn.c_proj.bias"]
        m = F.layer_norm(x, (d,), p[h + "ln_2.weight"], p[h + "ln_2.bias"], eps)
        m = gelu_new(m @ p[h + "mlp.c_fc.weight"] + p[h + "mlp.c_fc.bias"])
        x = x + m @ p[h + "mlp.c_proj.weight"] + p[h + "mlp.c_proj.bias"]
    hidden.append(F.layer_norm(x, (d,), p["ln_f.weight"], p["ln_f.bias"], eps))
    return torch.stack(hidden), torch.stack(attentions)


def gpt2_config(vocab_size, eos):
    return {"architectures": ["GPT2LMHeadModel"], "model_type": "gpt2", "activation_function": "gelu_new",
            "vocab_size": vocab_size, "n_positions": 24, "n_ctx": 24, "n_embd": 32, "n_layer": 2, "n_head": 4,
            "n_inner": None, "layer_norm_epsilon": 1e-5, "scale_attn_weights": True,
            "scale_attn_by_inverse_layer_idx": False, "bos_token_id": eos, "eos_token_id": eos,
            "resid_pdrop": 0.1, "embd_pdrop": 0.1, "attn_pdrop": 0.1, "torch_dtype": "float32",
            "transformers_version": "4.40.0"}


def gpt2_tokenizer_json(vocab, merges, eos):
    return {"version": "1.0", "truncation": None, "padding": None,
            "added_tokens": [{"id": eos, "content": "<|endoftext|>", "single_word": False, "lstrip": False,
                              "rstrip": False, "normalized": True, "special": True}],
            "normalizer": None,
            "pre_tokenizer": {"type": "ByteLevel", "add_prefix_space": False, "trim_offsets": True, "use_regex": True},
            "post_processor": {"type": "ByteLevel", "add_prefix_space": True, "trim_offsets": False, "use_regex": True},
            "decoder": {"type": "ByteLevel", "add_prefix_space": True, "trim_offsets": True, "use_regex": True},
            "model": {"type": "BPE", "dropout": None, "unk_token": None, "continuing_subword_prefix": "",
                      "end_of_word_suffix": "", "fuse_unk": False, "byte_fallback": False, "ignore_merges": False,
                      "vocab": vocab, "merges": [a + " " + b for a, b in merges]}}


# ---------------------------------------------------------------- BERT WordPiece and forward (BertModel, eval)

BERT_WORDS = ["the", "cat", "sat", "on", "mat", "un", "##happ", "##ily", "dog", "is", "it", "attention",
              "gun", "##es", "query", "key", "value"]


def bert_vocab():
    tokens = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"]
    tokens += list(".,!?'") + [chr(c) for c in range(ord("a"), ord("z") + 1)]
    tokens += ["##" + chr(c) for c in range(ord("a"), ord("z") + 1)]
    tokens += BERT_WORDS
    return tokens


def bert_basic_split(text):
    """Lower case, accents stripped (NFD, marks dropped), split on whitespace and punctuation."""
    text = "".join(c for c in unicodedata.normalize("NFD", text.lower()) if unicodedata.category(c) != "Mn")
    words, cur = [], ""
    for c in text:
        if c.isspace():
            if cur:
                words.append(cur)
            cur = ""
        elif unicodedata.category(c).startswith("P") or (c.isascii() and not c.isalnum()):
            if cur:
                words.append(cur)
            words.append(c)
            cur = ""
        else:
            cur += c
    if cur:
        words.append(cur)
    return words


def wordpiece(word, vocab):
    pieces, start = [], 0
    while start < len(word):
        end = len(word)
        while end > start:
            piece = ("##" if start > 0 else "") + word[start:end]
            if piece in vocab:
                break
            end -= 1
        if end == start:
            return ["[UNK]"]
        pieces.append(piece)
        start = end
    return pieces


def bert_encode(text, tokens):
    index = {t: i for i, t in enumerate(tokens)}
    ids = [index["[CLS]"]]
    for w in bert_basic_split(text):
        ids.extend(index[p] for p in wordpiece(w, index))
    return ids + [index["[SEP]"]]


def bert_params(cfg, seed):
    g = torch.Generator().manual_seed(seed)
    d, ff = cfg["hidden_size"], cfg["intermediate_size"]
    r = lambda *s, std=0.5: torch.randn(*s, generator=g) * std
    p = {"embeddings.word_embeddings.weight": r(cfg["vocab_size"], d, std=1.0),
         "embeddings.position_embeddings.weight": r(cfg["max_position_embeddings"], d, std=0.3),
         "embeddings.token_type_embeddings.weight": r(cfg["type_vocab_size"], d, std=0.3),
         "embeddings.LayerNorm.weight": 1 + r(d, std=0.1), "embeddings.LayerNorm.bias": r(d, std=0.1)}
    for i in range(cfg["num_hidden_layers"]):
        e = "encoder.layer.%d." % i
        for name in ("query", "key", "value"):
            p[e + "attention.self." + name + ".weight"] = r(d, d, std=0.35)   # nn.Linear: (out, in)
            p[e + "attention.self." + name + ".bias"] = r(d, std=0.2)
        p.update({e + "attention.output.dense.weight": r(d, d, std=0.2), e + "attention.output.dense.bias": r(d, std=0.1),
                  e + "attention.output.LayerNorm.weight": 1 + r(d, std=0.1),
                  e + "attention.output.LayerNorm.bias": r(d, std=0.1),
                  e + "intermediate.dense.weight": r(ff, d, std=0.2), e + "intermediate.dense.bias": r(ff, std=0.1),
                  e + "output.dense.weight": r(d, ff, std=0.1), e + "output.dense.bias": r(d, std=0.1),
                  e + "output.LayerNorm.weight": 1 + r(d, std=0.1), e + "output.LayerNorm.bias": r(d, std=0.1)})
    p["pooler.dense.weight"] = r(d, d, std=0.2)
    p["pooler.dense.bias"] = r(d, std=0.1)
    return p


def bert_forward(p, cfg, ids):
    d, nh, eps = cfg["hidden_size"], cfg["num_attention_heads"], cfg["layer_norm_eps"]
    hd = d // nh
    t = len(ids)
    lin = lambda x, name: x @ p[name + ".weight"].T + p[name + ".bias"]
    ln = lambda x, name: F.layer_norm(x, (d,), p[name + ".weight"], p[name + ".bias"], eps)
    x = (p["embeddings.word_embeddings.weight"][torch.tensor(ids)]
         + p["embeddings.position_embeddings.weight"][torch.arange(t)]
         + p["embeddings.token_type_embeddings.weight"][torch.zeros(t, dtype=torch.long)])
    x = ln(x, "embeddings.LayerNorm")
    hidden, attentions = [x], []
    for i in range(cfg["num_hidden_layers"]):
        e = "encoder.layer.%d." % i
        q, k, v = (lin(x, e + "attention.self." + n).view(t, nh, hd).transpose(0, 1) for n in ("query", "key", "value"))
        w = torch.softmax(q @ k.transpose(-1, -2) / math.sqrt(hd), dim=-1)
        attentions.append(w)
        o = (w @ v).transpose(0, 1).reshape(t, d)
        a = ln(lin(o, e + "attention.output.dense") + x, e + "attention.output.LayerNorm")
        m = F.gelu(lin(a, e + "intermediate.dense"))                                # exact erf GELU
        x = ln(lin(m, e + "output.dense") + a, e + "output.LayerNorm")
        hidden.append(x)
    return torch.stack(hidden), torch.stack(attentions)


def bert_config(vocab_size):
    return {"architectures": ["BertModel"], "model_type": "bert", "hidden_act": "gelu", "vocab_size": vocab_size,
            "hidden_size": 32, "num_hidden_layers": 2, "num_attention_heads": 4, "intermediate_size": 64,
            "max_position_embeddings": 40, "type_vocab_size": 2, "layer_norm_eps": 1e-12, "pad_token_id": 0,
            "position_embedding_type": "absolute", "hidden_dropout_prob": 0.1,
            "attention_probs_dropout_prob": 0.1, "initializer_range": 0.02, "torch_dtype": "float32",
            "transformers_version": "4.40.0"}


def bert_tokenizer_json(tokens):
    ids = {t: i for i, t in enumerate(tokens)}
    return {"version": "1.0", "truncation": None, "padding": None,
            "added_tokens": [{"id": ids[t], "content": t, "single_word": False, "lstrip": False, "rstrip": False,
                              "normalized": False, "special": True}
                             for t in ("[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]")],
            "normalizer": {"type": "BertNormalizer", "clean_text": True, "handle_chinese_chars": True,
                           "strip_accents": None, "lowercase": True},
            "pre_tokenizer": {"type": "BertPreTokenizer"},
            "post_processor": {"type": "TemplateProcessing",
                               "single": [{"SpecialToken": {"id": "[CLS]", "type_id": 0}},
                                          {"Sequence": {"id": "A", "type_id": 0}},
                                          {"SpecialToken": {"id": "[SEP]", "type_id": 0}}],
                               "pair": [], "special_tokens": {
                                   "[CLS]": {"id": "[CLS]", "ids": [ids["[CLS]"]], "tokens": ["[CLS]"]},
                                   "[SEP]": {"id": "[SEP]", "ids": [ids["[SEP]"]], "tokens": ["[SEP]"]}}},
            "decoder": {"type": "WordPiece", "prefix": "##", "cleanup": True},
            "model": {"type": "WordPiece", "unk_token": "[UNK]", "continuing_subword_prefix": "##",
                      "max_input_chars_per_word": 100, "vocab": ids}}


# ---------------------------------------------------------------- output


def write_json(path, value):
    with open(path, "w", encoding="utf-8") as f:
        json.dump(value, f, ensure_ascii=False, indent=1)
        f.write("\n")


def write_reference(folder, text, ids, hidden, attentions):
    with open(os.path.join(folder, "reference-text.txt"), "w", encoding="utf-8") as f:
        f.write(text)
    np.save(os.path.join(folder, "reference-ids.npy"), np.array(ids, dtype=np.int64))
    np.save(os.path.join(folder, "reference-hidden.npy"), hidden.detach().numpy().astype(np.float32))
    np.save(os.path.join(folder, "reference-attentions.npy"), attentions.detach().numpy().astype(np.float32))


def gpt2_folder(out, name, dtype, prefix, tokenizer_files, extra):
    table, vocab, merges = gpt2_tokenizer()
    eos = vocab["<|endoftext|>"]
    cfg = gpt2_config(len(vocab), eos)
    params = gpt2_params(cfg, seed=22)
    stored = {k: as_stored(v, dtype) for k, v in params.items()}
    ids = gpt2_encode(GPT_TEXT, table, vocab, merges)
    assert len(ids) <= cfg["n_positions"], len(ids)
    with torch.no_grad():
        hidden, attentions = gpt2_forward(stored, cfg, ids)
    folder = os.path.join(out, name)
    os.makedirs(folder, exist_ok=True)
    tensors = {prefix + k: v for k, v in params.items()}
    tensors.update(extra(cfg))
    save_safetensors(os.path.join(folder, "model.safetensors"), tensors, dtype)
    cfg = dict(cfg, torch_dtype={"F32": "float32", "F16": "float16", "BF16": "bfloat16"}[dtype])
    write_json(os.path.join(folder, "config.json"), cfg)
    if tokenizer_files == "vocab":
        write_json(os.path.join(folder, "vocab.json"), vocab)
        with open(os.path.join(folder, "merges.txt"), "w", encoding="utf-8") as f:
            f.write("#version: 0.2\n")
            for a, b in merges:
                f.write(a + " " + b + "\n")
    else:
        write_json(os.path.join(folder, "tokenizer.json"), gpt2_tokenizer_json(vocab, merges, eos))
    write_reference(folder, GPT_TEXT, ids, hidden, attentions)


def bert_folder(out, name, dtype, prefix, tokenizer_files, extra):
    tokens = bert_vocab()
    cfg = bert_config(len(tokens))
    params = bert_params(cfg, seed=23)
    stored = {k: as_stored(v, dtype) for k, v in params.items()}
    ids = bert_encode(BERT_TEXT, tokens)
    with torch.no_grad():
        hidden, attentions = bert_forward(stored, cfg, ids)
    folder = os.path.join(out, name)
    os.makedirs(folder, exist_ok=True)
    tensors = {prefix + k: v for k, v in params.items()}
    tensors.update(extra(cfg))
    save_safetensors(os.path.join(folder, "model.safetensors"), tensors, dtype)
    cfg = dict(cfg, torch_dtype={"F32": "float32", "F16": "float16", "BF16": "bfloat16"}[dtype])
    if prefix:
        cfg["architectures"] = ["BertForMaskedLM"]
    write_json(os.path.join(folder, "config.json"), cfg)
    if tokenizer_files == "vocab":
        with open(os.path.join(folder, "vocab.txt"), "w", encoding="utf-8") as f:
            f.write("\n".join(tokens) + "\n")
    else:
        write_json(os.path.join(folder, "tokenizer.json"), bert_tokenizer_json(tokens))
    write_reference(folder, BERT_TEXT, ids, hidden, attentions)


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else "src/test/resources/org/attentionexplainer/engine/model"
    torch.set_grad_enabled(False)
    # an old GPT-2 checkpoint keeps each layer's causal mask as a buffer: the app must skip it
    gpt2_folder(out, "tiny-gpt2", "F32", "transformer.", "vocab",
                lambda cfg: {"transformer.h.0.attn.bias": torch.tril(torch.ones(
                    1, 1, cfg["n_positions"], cfg["n_positions"], dtype=torch.bool))})
    gpt2_folder(out, "tiny-gpt2-f16", "F16", "", "json", lambda cfg: {})
    bert_folder(out, "tiny-bert", "F32", "", "vocab", lambda cfg: {})
    # BertForMaskedLM: the encoder under bert., a prediction head and position ids beside it
    bert_folder(out, "tiny-bert-bf16", "BF16", "bert.", "json",
                lambda cfg: {"cls.predictions.bias": torch.zeros(cfg["vocab_size"]),
                             "bert.embeddings.position_ids": torch.arange(cfg["max_position_embeddings"]).view(1, -1)})
    print("wrote tiny models to", out)


if __name__ == "__main__":
    main()
