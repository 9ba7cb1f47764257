package org.attentionexplainer.ui.explorer;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;
import javafx.beans.Observable;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.LongProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.StringProperty;
import org.attentionexplainer.engine.MessageText;
import org.attentionexplainer.export.SpecException;
import org.attentionexplainer.lesson.explorer.AttentionControls;
import org.attentionexplainer.lesson.explorer.LoadedData;
import org.attentionexplainer.lesson.explorer.ModelBuilder;
import org.attentionexplainer.lesson.explorer.ModelSettings;
import org.attentionexplainer.lesson.explorer.ProjectionKind;
import org.attentionexplainer.lesson.explorer.Session;
import org.attentionexplainer.lesson.explorer.Tokenizer;
import org.attentionexplainer.render.ColorMap;
import org.attentionexplainer.render.Stage;
import org.attentionexplainer.ui.common.DisplayModel;
import org.attentionexplainer.ui.shell.Settings;
import org.attentionexplainer.export.MapView;
import org.attentionexplainer.export.ViewMode;

/**
 * The explorer's state as a {@link Session}, and back. A session is checked whole before
 * anything changes; one with loaded tensors is computed once on the worker first, so a bad
 * one leaves the explorer as it was and says why. It is given the explorer's settings (the
 * properties a session holds), not the view-model.
 */
final class ExplorerSessions {
    /** The explorer's settings that a session holds, as the properties they live in. */
    record Inputs(StringProperty sentence, IntegerProperty dModel, IntegerProperty heads,
                  ObjectProperty<ProjectionKind> projection, LongProperty weightSeed, LongProperty embeddingSeed,
                  BooleanProperty positional, ControlsModel controls, ObjectProperty<AttentionControls> pinned,
                  DisplayModel display, ObjectProperty<LoadedData> loaded) {
    }

    private final Inputs in;
    private final Supplier<ModelSettings> model;
    private final ExplorerLoader loader;
    private final Runnable recompute;

    /**
     * @param model     the model's settings now (with the sentence's tokens)
     * @param loader    computes a session's loaded tensors once before they are taken
     * @param recompute asks for the picture of the settings now
     */
    ExplorerSessions(Inputs in, Supplier<ModelSettings> model, ExplorerLoader loader, Runnable recompute) {
        this.in = in;
        this.model = model;
        this.loader = loader;
        this.recompute = recompute;
    }

    Session snapshot() {
        DisplayModel display = in.display();
        return new Session(Session.VERSION, in.sentence().get(), model.get(), in.controls().snapshot(),
                in.pinned().get(), display.stageProperty().get().id(), display.colorMapProperty().get().id(),
                display.autoRangeProperty().get(), display.showValuesProperty().get(), display.headProperty().get(),
                display.modeProperty().get().name().toLowerCase(Locale.ROOT), in.loaded().get());
    }

    /** Restores the explorer's settings of the last run and remembers them from now on. */
    void remember(Settings settings) {
        new ExplorerPersistence(settings, this::snapshot).attach(this::restoreSentence, changes());
    }

    /** Everything a change of which changes the session. */
    Observable[] changes() {
        List<Observable> all = new ArrayList<>(List.of(in.sentence(), in.dModel(), in.heads(), in.projection(),
                in.weightSeed(), in.embeddingSeed(), in.positional(), in.pinned(), in.display().modeProperty()));
        all.addAll(List.of(in.controls().all()));
        all.addAll(List.of(in.display().figureSettings()));
        return all.toArray(Observable[]::new);
    }

    /**
     * Puts every setting of {@code s} on the explorer: the model is rebuilt from the sentence
     * and seeds, or from the session's tensors.
     *
     * @throws SpecException with one line if the session cannot be shown; nothing has changed then
     */
    void restore(Session s) throws SpecException {
        if (s.loaded().isEmpty()) {
            restoreSentence(s);
            return;
        }
        check(s);
        MapView view = new MapView(mode(s), s.head(), stage(s), colorMap(s), s.autoRange(),
                s.showValues());
        loader.restore(s.model(), s.loaded(), s.controls(), view, () -> apply(s));
    }

    /** A session of a typed sentence (nothing loaded): the model, controls and view at once. */
    void restoreSentence(Session s) throws SpecException {
        if (!s.loaded().isEmpty()) {
            throw new IllegalArgumentException("the session has loaded tensors");
        }
        check(s);
        in.loaded().set(LoadedData.NONE);
        recompute.run();
        apply(s);
    }

    /** Refuses what the explorer cannot show, in one line. */
    static void check(Session s) throws SpecException {
        ModelSettings m = s.model();
        if (m.dModel() > ModelSettings.MAX_D_MODEL) {
            throw new SpecException("", "explorer.session.dModel", String.valueOf(m.dModel()),
                    String.valueOf(ModelSettings.MAX_D_MODEL));
        }
        if (s.loaded().isEmpty()) {
            Tokenizer.Result r = Tokenizer.tokenize(s.sentence(), Tokenizer.MAX_TOKENS);
            if (r.tokens().isEmpty() || r.overLimit()) {
                throw new SpecException("", "explorer.session.tokens", String.valueOf(r.count()),
                        String.valueOf(Tokenizer.MAX_TOKENS));
            }
            if (m.dModel() % m.heads() != 0) {
                throw new SpecException("", "explorer.session.headsDivide", String.valueOf(m.heads()),
                        String.valueOf(m.dModel()));
            }
        } else if (ModelBuilder.projectedWidth(s.loaded(), m.dModel()) % m.heads() != 0) {
            throw new SpecException("", "explorer.session.headsDivideLoaded", String.valueOf(m.heads()),
                    String.valueOf(ModelBuilder.projectedWidth(s.loaded(), m.dModel())));
        }
        if (stage(s) == null) {
            throw new SpecException("", "explorer.session.stage", MessageText.quote(s.stage()));
        }
        if (colorMap(s) == null) {
            throw new SpecException("", "explorer.session.colorMap", MessageText.quote(s.colorMap()));
        }
        if (mode(s) == null) {
            throw new SpecException("", "explorer.session.view", MessageText.quote(s.view()));
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

    private void apply(Session s) {
        ModelSettings m = s.model();
        in.sentence().set(s.sentence());
        in.dModel().set(m.dModel());
        in.heads().set(m.heads());
        in.projection().set(m.projection());
        in.weightSeed().set(m.weightSeed());
        in.embeddingSeed().set(m.embeddingSeed());
        in.positional().set(m.positional());
        in.controls().load(s.controls());
        in.pinned().set(s.pinned());
        DisplayModel display = in.display();
        display.stageProperty().set(stage(s));
        display.colorMapProperty().set(colorMap(s));
        display.autoRangeProperty().set(s.autoRange());
        display.showValuesProperty().set(s.showValues());
        display.modeProperty().set(mode(s));
        display.headProperty().set(s.head());
        recompute.run();
    }
}
