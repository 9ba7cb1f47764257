package org.attentionexplainer.ui.realmodel;

import java.util.List;
import org.attentionexplainer.engine.bert.WhatIf;

/**
 * Every head's attention for one sentence: what the layer x head overview draws.
 *
 * @param tokens       the n tokens, [CLS] first and [SEP] last
 * @param maps         [layer][head][query i][key j], each (n, n) row summing to 1
 * @param whatIf       the changes to the trained attention it was computed with
 * @param forwardNanos how long the forward pass took on the worker
 */
public record Overview(List<String> tokens, float[][][][] maps, WhatIf whatIf, long forwardNanos) {
    public Overview {
        tokens = List.copyOf(tokens);
    }

    public int layers() {
        return maps.length;
    }

    public int heads() {
        return maps.length == 0 ? 0 : maps[0].length;
    }

    public int size() {
        return tokens.size();
    }

    public float weight(int layer, int head, int query, int key) {
        return maps[layer][head][query][key];
    }
}
