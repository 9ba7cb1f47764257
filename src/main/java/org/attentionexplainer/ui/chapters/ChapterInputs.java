package org.attentionexplainer.ui.chapters;

import java.util.Optional;
import org.attentionexplainer.lesson.chapters.CostInputs;
import org.attentionexplainer.lesson.chapters.Precision;

/**
 * Where the chapters' inputs (dropout, masks, beta, the cost calculator) are kept in the
 * settings (each page keeps its own through {@link ChapterWork#saved()}, within the ranges its
 * controls allow), and the cost calculator's inputs as text.
 */
final class ChapterInputs {
    static final String PREFIX = "chapters.";

    private ChapterInputs() {
    }

    /** batch, tokens, layers, heads, kv_heads, head_dim, precision. */
    static String formatCost(CostInputs c) {
        return c.batch() + "," + c.tokens() + "," + c.layers() + "," + c.heads() + "," + c.kvHeads() + ","
                + c.headDim() + "," + c.precision().name();
    }

    static Optional<CostInputs> parseCost(String s) {
        String[] p = s.split(",");
        if (p.length != 7) {
            return Optional.empty();
        }
        int[] v = new int[6];
        for (int i = 0; i < v.length; i++) {
            v[i] = Integer.parseInt(p[i].trim());
        }
        // the cost page's spinners' ranges; the record refuses the rest (kv_heads not dividing heads)
        if (v[0] > 4096 || v[1] > 1 << 24 || v[2] > 256 || v[3] > 256 || v[4] > 256 || v[5] > 1024) {
            return Optional.empty();
        }
        return Optional.of(new CostInputs(v[0], v[1], v[2], v[3], v[4], v[5], Precision.valueOf(p[6].trim())));
    }
}
