package org.attentionexplainer.ui.explorer;

import java.util.Objects;
import org.attentionexplainer.export.MapView;
import org.attentionexplainer.lesson.explorer.AttentionControls;
import org.attentionexplainer.lesson.explorer.LoadedData;
import org.attentionexplainer.lesson.explorer.ModelSettings;

/** One request of the explorer: its inputs, captured on the FX thread. */
record ExplorerRequest(ModelSettings settings, LoadedData loaded, AttentionControls controls,
                       AttentionControls pinned, MapView view) {
    boolean sameInputs(ExplorerRequest o) {
        return sameModel(o) && controls.equals(o.controls) && Objects.equals(pinned, o.pinned);
    }

    boolean sameModel(ExplorerRequest o) {
        return settings.equals(o.settings) && loaded.equals(o.loaded);
    }
}
