package org.attentionexplainer.ui.walkthrough;

import java.util.Optional;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ReadOnlyLongProperty;
import javafx.beans.property.ReadOnlyLongWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleIntegerProperty;
import org.attentionexplainer.lesson.ScalingDemo;
import org.attentionexplainer.ui.shell.AppContext;
import org.attentionexplainer.ui.shell.Coalescer;
import org.attentionexplainer.ui.shell.Failures;
import org.attentionexplainer.ui.shell.SavedValues;

/**
 * Step 8, why divide by √d_k: d_k (1 to 1024) and the seed of the random vectors are the
 * inputs; while a slider is dragged only the newest d_k is computed.
 */
public final class ScalingViewModel {
    private final AppContext context;
    private final IntegerProperty dk = new SimpleIntegerProperty(ScalingDemo.DEFAULT_DK);
    private final ReadOnlyLongWrapper seed = new ReadOnlyLongWrapper(ScalingDemo.DEFAULT_SEED);
    private final ReadOnlyStringWrapper seedError = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper dkError = new ReadOnlyStringWrapper("");
    private final ReadOnlyObjectWrapper<ScalingDemo> result = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyStringWrapper failure = new ReadOnlyStringWrapper("");
    private final Coalescer<ScalingDemo> coalescer;

    public ScalingViewModel(AppContext context) {
        this.context = context;
        this.coalescer = new Coalescer<>(context.work());
        SavedValues saved = new SavedValues(context.settings(), "walkthrough.scaling.");
        saved.keepInt("dk", dk, ScalingDemo.MIN_DK, ScalingDemo.MAX_DK);
        saved.keep("seed", seed, s -> s.matches("\\d{1,18}") ? Optional.<Number>of(Long.parseLong(s)) : Optional.empty(),
                n -> Long.toString(n.longValue()));
        dk.addListener((o, a, b) -> {
            int clamped = Math.max(ScalingDemo.MIN_DK, Math.min(ScalingDemo.MAX_DK, b.intValue()));
            if (clamped != b.intValue()) {
                dk.set(clamped);
            } else {
                recompute();
            }
        });
        recompute();
    }

    /** d_k, kept from 1 to 1024. */
    public IntegerProperty dkProperty() {
        return dk;
    }

    public ReadOnlyLongProperty seedProperty() {
        return seed.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty seedErrorProperty() {
        return seedError.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<ScalingDemo> resultProperty() {
        return result.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty failureProperty() {
        return failure.getReadOnlyProperty();
    }

    /** Empty, or why the last d_k typed was refused. */
    public ReadOnlyStringProperty dkErrorProperty() {
        return dkError.getReadOnlyProperty();
    }

    /** Sets d_k from typed text; false (and a message) unless it is a whole number from 1 to 1024. */
    public boolean editDk(String text) {
        String t = text.strip();
        int value = t.matches("\\d{1,4}") ? Integer.parseInt(t) : -1;
        if (value < ScalingDemo.MIN_DK || value > ScalingDemo.MAX_DK) {
            dkError.set(context.i18n().get("walk.sqrt.dkInvalid", t, ScalingDemo.MIN_DK, ScalingDemo.MAX_DK));
            return false;
        }
        dkError.set("");
        dk.set(value);
        return true;
    }

    /** Draws other random queries and keys; false if {@code text} is not a seed. */
    public boolean reseed(String text) {
        String t = text.strip();
        if (!t.matches("\\d{1,18}")) {
            seedError.set(context.i18n().get("walk.seed.invalid", t));
            return false;
        }
        seedError.set("");
        seed.set(Long.parseLong(t));
        recompute();
        return true;
    }

    private void recompute() {
        int d = dk.get();
        long s = seed.get();
        coalescer.request(() -> ScalingDemo.compute(context.engine().join(), d, s), r -> {
            failure.set("");
            result.set(r);
        }, e -> failure.set(context.i18n().get("walk.failed", Failures.describe(context.i18n(), e))));
    }
}
