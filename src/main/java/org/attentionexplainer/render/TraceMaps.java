package org.attentionexplainer.render;

import java.util.ArrayList;
import java.util.List;
import org.attentionexplainer.engine.AttentionTrace;
import org.attentionexplainer.engine.Tensor;

/** Cuts an engine trace into heatmaps: one (t, s) map per head of one batch entry. */
public final class TraceMaps {
    private TraceMaps() {
    }

    /** The map of one head, read through a view of the trace's tensor (see {@link #heads}). */
    public static HeatmapData head(AttentionTrace trace, Stage stage, int batch, int head) {
        return new HeatmapData(trace.tokens(), trace.sourceTokens(), stage.of(trace).view(batch, head),
                mask(trace, stage, batch));
    }

    /**
     * The maps of every head, in head order: each reads its head's values through a read-only view of the
     * trace's tensor, so that a slider step over a long input's grid copies none of them.
     */
    public static List<HeatmapData> heads(AttentionTrace trace, Stage stage, int batch) {
        Tensor t = stage.of(trace);
        int heads = trace.headCount();
        boolean[] mask = mask(trace, stage, batch);
        List<HeatmapData> maps = new ArrayList<>(heads);
        for (int h = 0; h < heads; h++) {
            maps.add(new HeatmapData(trace.tokens(), trace.sourceTokens(), t.view(batch, h), mask));
        }
        return maps;
    }

    /** The (t, s) mask of one batch entry as flags, or null when the stage does not show it or nothing is masked. */
    static boolean[] mask(AttentionTrace trace, Stage stage, int batch) {
        if (!stage.showsMask()) {
            return null;
        }
        // read where it lies: most masks hide nothing, and a slider step then copies none of it
        java.nio.FloatBuffer m = trace.mask().view(batch);
        int cells = trace.queryLength() * trace.keyLength();
        int first = 0;
        while (first < cells && m.get(first) == 0f) {
            first++;
        }
        if (first == cells) {
            return null;
        }
        boolean[] flags = new boolean[cells];
        for (int i = first; i < cells; i++) {
            flags[i] = m.get(i) != 0f;
        }
        return flags;
    }
}
