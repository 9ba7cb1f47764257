package org.attentionexplainer.ui.walkthrough;

import javafx.beans.binding.Bindings;
import javafx.beans.binding.StringBinding;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import org.attentionexplainer.export.AttentionFigures;
import org.attentionexplainer.lesson.CourseExample;
import org.attentionexplainer.lesson.Step;
import org.attentionexplainer.lesson.StepTables;
import org.attentionexplainer.lesson.TrainableAttention;
import org.attentionexplainer.ui.export.ExportActions;
import org.attentionexplainer.ui.i18n.I18n;
import org.attentionexplainer.ui.shell.AppContext;

/**
 * What the walkthrough exports: the matrices of the step shown, drawn by the render layer
 * ({@link AttentionFigures#steps}) as the step lays them out. A step without a matrix has nothing to
 * export and says so.
 */
final class WalkthroughExport {
    private final WalkthroughViewModel walk;
    private final I18n i18n;
    private final ReadOnlyObjectWrapper<StepTables> tables = new ReadOnlyObjectWrapper<>(this, "tables");
    private final ReadOnlyStringWrapper notice = new ReadOnlyStringWrapper(this, "notice", "");
    private final StringBinding whyNot;
    private final ExportActions actions;
    private TrainableViewModel watched;

    WalkthroughExport(WalkthroughViewModel walk, AppContext context) {
        this.walk = walk;
        this.i18n = context.i18n();
        walk.stepProperty().addListener(o -> refresh());
        walk.hello().resultProperty().addListener(o -> refresh());
        walk.hello().queryProperty().addListener(o -> refresh());
        whyNot = Bindings.createStringBinding(() -> tables.get() != null ? ""
                : i18n.get(StepTables.hasMatrices(walk.stepProperty().get()) ? "walk.export.pending"
                        : "walk.export.noMatrix"), tables, walk.stepProperty(), i18n.localeProperty());
        walk.stepProperty().addListener(o -> notice.set(""));
        actions = new ExportActions(i18n, context.files(), notice::set)
                .figures(tables.isNotNull(), whyNot, () -> AttentionFigures.stepFileName(tables.get()),
                        parts -> tables.get() == null ? null
                                : new AttentionFigures(i18n.texts()).steps(tables.get(), parts));
        refresh();
    }

    private void refresh() {
        Step step = walk.stepProperty().get();
        TrainableAttention trained = null;
        long seed = CourseExample.SEED;
        if (step.usesSentence()) {
            TrainableViewModel t = walk.trainable();
            watch(t);
            trained = t.resultProperty().get();
            seed = t.seedProperty().get();
        }
        tables.set(StepTables.of(step, walk.hello().resultProperty().get(), walk.hello().queryProperty().get(),
                trained, seed).orElse(null));
    }

    /** Follows the trainable example once a step of it has been shown. */
    private void watch(TrainableViewModel t) {
        if (watched != t) {
            watched = t;
            t.resultProperty().addListener(o -> refresh());
        }
    }

    ExportActions actions() {
        return actions;
    }

    /** The step's matrices; null while there are none (step 8, or not computed yet). */
    ReadOnlyObjectProperty<StepTables> tablesProperty() {
        return tables.getReadOnlyProperty();
    }

    /** Why the step cannot be exported; empty when it can. */
    StringBinding whyNot() {
        return whyNot;
    }

    /** The last export's line ("Exported 1 file to …"), until the step changes. */
    ReadOnlyStringProperty noticeProperty() {
        return notice.getReadOnlyProperty();
    }
}
