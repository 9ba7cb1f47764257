package org.attentionexplainer.ui.explorer;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javafx.beans.Observable;
import org.attentionexplainer.engine.MessageText;
import org.attentionexplainer.export.SpecException;
import org.attentionexplainer.lesson.explorer.ModelBuilder;
import org.attentionexplainer.lesson.explorer.ModelSettings;
import org.attentionexplainer.lesson.explorer.Session;
import org.attentionexplainer.lesson.explorer.Tokenizer;
import org.attentionexplainer.render.ColorMap;
import org.attentionexplainer.render.Stage;
import org.attentionexplainer.ui.shell.Settings;
import org.attentionexplainer.export.MapView;
import org.attentionexplainer.export.ViewMode;

/**
 * The explorer's state as a {@link Session}, and back. A session is checked whole before
 * anything changes; one with loaded tensors is computed once on the worker first, so a bad
 * one leaves the explorer as it was and says why.
 */
final class ExplorerSessions {
    private ExplorerSessions() {
    }

    static Session snapshot(ExplorerViewModel vm) {
        return new Session(Session.VERSION, vm.sentenceProperty().get(), vm.settings(), vm.controls().snapshot(),
                vm.pinnedProperty().get(), vm.display().stageProperty().get().id(), vm.display().colorMapProperty().get().id(),
                vm.display().autoRangeProperty().get(), vm.display().showValuesProperty().get(), vm.display().headProperty().get(),
                vm.display().modeProperty().get().name().toLowerCase(Locale.ROOT), vm.loadedProperty().get());
    }

    /** Restores the explorer's settings of the last run and remembers them from now on. */
    static void remember(ExplorerViewModel vm, Settings settings) {
        new ExplorerPersistence(settings, () -> snapshot(vm)).attach(s -> restoreSentence(vm, s), changes(vm));
    }

    /** Everything a change of which changes the session. */
    static Observable[] changes(ExplorerViewModel vm) {
        List<Observable> all = new ArrayList<>(List.of(vm.sentenceProperty(), vm.dModelProperty(),
                vm.headsProperty(), vm.projectionProperty(), vm.weightSeedProperty(), vm.embeddingSeedProperty(),
                vm.positionalProperty(), vm.pinnedProperty(), vm.display().modeProperty()));
        all.addAll(List.of(vm.controls().all()));
        all.addAll(List.of(vm.display().figureSettings()));
        return all.toArray(Observable[]::new);
    }

    /**
     * Puts every setting of {@code s} on the explorer: the model is rebuilt from the sentence
     * and seeds, or from the session's tensors.
     *
     * @throws SpecException with one line if the session cannot be shown; nothing has changed then
     */
    static void restore(ExplorerViewModel vm, Session s) throws SpecException {
        if (s.loaded().isEmpty()) {
            restoreSentence(vm, s);
            return;
        }
        check(s);
        MapView view = new MapView(mode(s), s.head(), stage(s), colorMap(s), s.autoRange(),
                s.showValues());
        vm.restoreLoaded(s.model(), s.loaded(), s.controls(), view, () -> apply(vm, s));
    }

    /** A session of a typed sentence (nothing loaded): the model, controls and view at once. */
    static void restoreSentence(ExplorerViewModel vm, Session s) throws SpecException {
        if (!s.loaded().isEmpty()) {
            throw new IllegalArgumentException("the session has loaded tensors");
        }
        check(s);
        vm.useSentence();
        apply(vm, s);
    }

    /** Refuses what the explorer cannot show, in one line. */
    static void check(Session s) throws SpecException {
        ModelSettings m = s.model();
        if (m.dModel() > ExplorerViewModel.MAX_D_MODEL) {
            throw new SpecException("d_model " + m.dModel() + " is larger than the explorer's "
                    + ExplorerViewModel.MAX_D_MODEL);
        }
        if (s.loaded().isEmpty()) {
            Tokenizer.Result r = Tokenizer.tokenize(s.sentence(), Tokenizer.MAX_TOKENS);
            if (r.tokens().isEmpty() || r.overLimit()) {
                throw new SpecException("the sentence has " + r.count() + " tokens; 1 to " + Tokenizer.MAX_TOKENS
                        + " are shown");
            }
            if (m.dModel() % m.heads() != 0) {
                throw new SpecException(m.heads() + " heads do not divide d_model " + m.dModel());
            }
        } else if (ModelBuilder.projectedWidth(s.loaded(), m.dModel()) % m.heads() != 0) {
            throw new SpecException(m.heads() + " heads do not divide the loaded weights' width "
                    + ModelBuilder.projectedWidth(s.loaded(), m.dModel()));
        }
        if (stage(s) == null) {
            throw new SpecException("stage '" + MessageText.quote(s.stage()) + "' is not scores, logits or weights");
        }
        if (colorMap(s) == null) {
            throw new SpecException("colour map '" + MessageText.quote(s.colorMap()) + "' does not exist");
        }
        if (mode(s) == null) {
            throw new SpecException("view '" + MessageText.quote(s.view()) + "' is not grid, focus or compare");
        }
    }

    private static Stage stage(Session s) {
        for (Stage st : Stage.values()) {
            if (st.id().equals(s.stage())) {
                return st;
            }
        }
        return null;
    }

    private static ColorMap colorMap(Session s) {
        return ColorMap.byId(s.colorMap());
    }

    private static ViewMode mode(Session s) {
        for (ViewMode mode : ViewMode.values()) {
            if (mode.name().equalsIgnoreCase(s.view())) {
                return mode;
            }
        }
        return null;
    }

    private static void apply(ExplorerViewModel vm, Session s) {
        ModelSettings m = s.model();
        vm.sentenceProperty().set(s.sentence());
        vm.dModelProperty().set(m.dModel());
        vm.headsProperty().set(m.heads());
        vm.projectionProperty().set(m.projection());
        vm.weightSeedProperty().set(m.weightSeed());
        vm.embeddingSeedProperty().set(m.embeddingSeed());
        vm.positionalProperty().set(m.positional());
        vm.controls().load(s.controls());
        vm.pinnedProperty().set(s.pinned());
        vm.display().stageProperty().set(stage(s));
        vm.display().colorMapProperty().set(colorMap(s));
        vm.display().autoRangeProperty().set(s.autoRange());
        vm.display().showValuesProperty().set(s.showValues());
        vm.display().modeProperty().set(mode(s));
        vm.display().headProperty().set(s.head());
        vm.recompute();
    }
}
