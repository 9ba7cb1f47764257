package org.attentionexplainer.engine;

/** A query whose every key is masked: it gets weights 0 and context 0 instead of NaN. */
public record MaskedRow(int batch, int query) {
}
