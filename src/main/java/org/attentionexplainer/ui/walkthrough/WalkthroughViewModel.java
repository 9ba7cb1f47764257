package org.attentionexplainer.ui.walkthrough;

import java.util.List;
import javafx.beans.binding.ObjectBinding;
import javafx.beans.binding.StringBinding;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ReadOnlyIntegerProperty;
import org.attentionexplainer.lesson.Step;
import org.attentionexplainer.ui.common.Book;
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
    private final Book<Step> book;
    private final HelloViewModel hello;
    private TrainableViewModel trainable;
    private ScalingViewModel scaling;

    public WalkthroughViewModel(AppContext context) {
        this.context = context;
        Settings settings = context.settings();
        book = new Book<>(List.of(Step.values()), settings, STEP_SETTING);
        hello = new HelloViewModel(context);
        hello.selectQuery(settings.getInt(QUERY_SETTING, hello.queryProperty().get()));
        hello.queryProperty().addListener((o, a, b) -> settings.put(QUERY_SETTING, Integer.toString(b.intValue())));
    }

    public I18n i18n() {
        return context.i18n();
    }

    /** Presentation mode: each step reduced to its headline, formula and picture. */
    public BooleanProperty presentingProperty() {
        return book.presentingProperty();
    }

    /** Which step is shown; next, previous, first, last. */
    public Book<Step> book() {
        return book;
    }

    public List<Step> steps() {
        return book.pages();
    }

    /** The index of the step shown, from 0. */
    public ReadOnlyIntegerProperty indexProperty() {
        return book.indexProperty();
    }

    public ObjectBinding<Step> stepProperty() {
        return book.currentProperty();
    }

    /** "Step n of N" in the current language. */
    public StringBinding progressText() {
        return book.progressText(context.i18n(), "walk.progress");
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
        return book.next();
    }

    public boolean previous() {
        return book.previous();
    }

    public boolean goTo(Step target) {
        return book.goTo(target);
    }

    public boolean goTo(int i) {
        return book.goTo(i);
    }

    /** Makes token {@code i} the query and goes back to step 1 to replay steps 1–3 for it. */
    public void replayFor(int token) {
        hello.selectQuery(token);
        goTo(Step.SCORES);
    }
}
