package org.attentionexplainer.export;

import org.attentionexplainer.render.ColorMap;
import org.attentionexplainer.render.Stage;

/**
 * How the attention maps of a trace are shown: the view, the head in focus, the stage, the
 * colour map and its range, and whether cells carry their numbers.
 */
public record MapView(ViewMode mode, int head, Stage stage, ColorMap colorMap, boolean autoRange,
                      boolean showValues) {
    /** The same view on a trace of {@code heads} heads (the head index kept in range). */
    public MapView fit(int heads) {
        return head < heads ? this : new MapView(mode, Math.max(0, heads - 1), stage, colorMap, autoRange, showValues);
    }
}
