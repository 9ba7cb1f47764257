package org.attentionexplainer.render;

import java.util.ArrayList;
import java.util.List;
import org.attentionexplainer.engine.AttentionTrace;
import org.attentionexplainer.engine.Tensor;

/** Cuts an engine trace into heatmaps: one (t, s) map per head of one batch entry. */
public final class TraceMaps {
    private TraceMaps() {
    }

    /** The map of one head. */
    public static HeatmapData head(AttentionTrace trace, Stage stage, int batch, int head) {
        Tensor t = stage.of(trace);
        int rows = trace.queryLength();
        int cols = trace.keyLength();
        float[] values = new float[rows * cols];
        float[][] m = t.matrix(batch, head);
        for (int r = 0; r < rows; r++) {
            System.arraycopy(m[r], 0, values, r * cols, cols);
        }
        return new HeatmapData(trace.tokens(), trace.sourceTokens(), values, mask(trace, stage, batch));
    }

    /** The maps of every head, in head order. */
    public static List<HeatmapData> heads(AttentionTrace trace, Stage stage, int batch) {
        Tensor t = stage.of(trace);
        int heads = trace.headCount();
        int cells = trace.queryLength() * trace.keyLength();
        float[] all = t.toArray();
        boolean[] mask = mask(trace, stage, batch);
        List<HeatmapData> maps = new ArrayList<>(heads);
        for (int h = 0; h < heads; h++) {
            float[] values = new float[cells];
            System.arraycopy(all, (batch * heads + h) * cells, values, 0, cells);
            maps.add(new HeatmapData(trace.tokens(), trace.sourceTokens(), values, mask));
        }
        return maps;
    }

    /** The (t, s) mask of one batch entry as flags, or null when the stage does not show it or nothing is masked. */
    static boolean[] mask(AttentionTrace trace, Stage stage, int batch) {
        if (!stage.showsMask()) {
            return null;
        }
        float[] m = trace.mask().toArray();
        int cells = trace.queryLength() * trace.keyLength();
        boolean[] flags = new boolean[cells];
        boolean any = false;
        for (int i = 0; i < cells; i++) {
            flags[i] = m[batch * cells + i] != 0f;
            any |= flags[i];
        }
        return any ? flags : null;
    }
}
