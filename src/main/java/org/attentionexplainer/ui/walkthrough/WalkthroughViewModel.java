package org.attentionexplainer.ui.walkthrough;

import java.util.List;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.ObjectBinding;
import javafx.beans.binding.StringBinding;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import org.attentionexplainer.lesson.Step;
import org.attentionexplainer.ui.i18n.I18n;
import org.attentionexplainer.ui.shell.AppContext;
import org.attentionexplainer.ui.shell.Settings;

/**
 * The walkthrough: which step is shown ("step n of N", remembered between runs so a learner
 * resumes where they stopped) and the models of its three examples.
 */
public final class WalkthroughViewModel {
    /** Settings keys: the step and the query where the learner stopped. */
    static final String STEP_SETTING = "walkthroughStep";
    static final String QUERY_SETTING = "walkthroughQuery";

    private final AppContext context;
    private final List<Step> steps = List.of(Step.values());
    private final ReadOnlyIntegerWrapper index = new ReadOnlyIntegerWrapper();
    private final ObjectBinding<Step> step;
    private final HelloViewModel hello;
    private TrainableViewModel trainable;
    private ScalingViewModel scaling;

    public WalkthroughViewModel(AppContext context) {
        this.context = context;
        Settings settings = context.settings();
        index.set(Math.max(0, Math.min(steps.size() - 1, settings.getInt(STEP_SETTING, 0))));
        step = Bindings.createObjectBinding(() -> steps.get(index.get()), index);
        hello = new HelloViewModel(context);
        hello.selectQuery(settings.getInt(QUERY_SETTING, hello.queryProperty().get()));
        index.addListener((o, a, b) -> settings.put(STEP_SETTING, Integer.toString(b.intValue())));
        hello.queryProperty().addListener((o, a, b) -> settings.put(QUERY_SETTING, Integer.toString(b.intValue())));
    }

    public I18n i18n() {
        return context.i18n();
    }

    public List<Step> steps() {
        return steps;
    }

    /** The index of the step shown, from 0. */
    public ReadOnlyIntegerProperty indexProperty() {
        return index.getReadOnlyProperty();
    }

    public ObjectBinding<Step> stepProperty() {
        return step;
    }

    /** "Step n of N" in the current language. */
    public StringBinding progressText() {
        return Bindings.createStringBinding(() -> context.i18n().get("walk.progress", index.get() + 1, steps.size()),
                index, context.i18n().localeProperty());
    }

    public HelloViewModel hello() {
        return hello;
    }

    /** Steps 5–7, created when first shown. */
    public TrainableViewModel trainable() {
        if (trainable == null) {
            trainable = new TrainableViewModel(context);
        }
        return trainable;
    }

    /** Step 8, created when first shown. */
    public ScalingViewModel scaling() {
        if (scaling == null) {
            scaling = new ScalingViewModel(context);
        }
        return scaling;
    }

    public boolean next() {
        return goTo(index.get() + 1);
    }

    public boolean previous() {
        return goTo(index.get() - 1);
    }

    public boolean first() {
        return goTo(0);
    }

    public boolean last() {
        return goTo(steps.size() - 1);
    }

    public boolean goTo(Step target) {
        return goTo(steps.indexOf(target));
    }

    /** Shows step {@code i}; false if there is no such step or it is shown already. */
    public boolean goTo(int i) {
        if (i < 0 || i >= steps.size() || i == index.get()) {
            return false;
        }
        index.set(i);
        return true;
    }

    /** Makes token {@code i} the query and goes back to step 1 to replay steps 1–3 for it. */
    public void replayFor(int token) {
        hello.selectQuery(token);
        goTo(Step.SCORES);
    }
}
