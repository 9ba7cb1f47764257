package org.attentionexplainer.ui.explorer;

import java.util.Locale;
import org.attentionexplainer.lesson.explorer.ModelSettings;
import org.attentionexplainer.lesson.explorer.Session;
import org.attentionexplainer.render.ColorMap;
import org.attentionexplainer.render.Stage;

/** The explorer's state as a {@link Session}, and back. */
final class ExplorerSessions {
    private ExplorerSessions() {
    }

    static Session snapshot(ExplorerViewModel vm) {
        return new Session(Session.VERSION, vm.sentenceProperty().get(), vm.settings(), vm.controls().snapshot(),
                vm.pinnedProperty().get(), vm.display().stageProperty().get().id(), vm.display().colorMapProperty().get().id(),
                vm.display().autoRangeProperty().get(), vm.display().showValuesProperty().get(), vm.display().headProperty().get(),
                vm.display().modeProperty().get().name().toLowerCase(Locale.ROOT));
    }

    /** Puts every setting of {@code s} on the explorer; the model is rebuilt from the sentence and seeds. */
    static void restore(ExplorerViewModel vm, Session s) {
        ModelSettings m = s.model();
        vm.useSentence();
        vm.sentenceProperty().set(s.sentence());
        vm.dModelProperty().set(m.dModel());
        vm.headsProperty().set(m.heads());
        vm.projectionProperty().set(m.projection());
        vm.weightSeedProperty().set(m.weightSeed());
        vm.embeddingSeedProperty().set(m.embeddingSeed());
        vm.positionalProperty().set(m.positional());
        vm.controls().load(s.controls());
        vm.pinnedProperty().set(s.pinned());
        for (Stage st : Stage.values()) {
            if (st.id().equals(s.stage())) {
                vm.display().stageProperty().set(st);
            }
        }
        ColorMap map = ColorMap.byId(s.colorMap());
        if (map != null) {
            vm.display().colorMapProperty().set(map);
        }
        vm.display().autoRangeProperty().set(s.autoRange());
        vm.display().showValuesProperty().set(s.showValues());
        for (ViewMode mode : ViewMode.values()) {
            if (mode.name().equalsIgnoreCase(s.view())) {
                vm.display().modeProperty().set(mode);
            }
        }
        vm.display().headProperty().set(s.head());
        vm.recompute();
    }
}
