package org.attentionexplainer.ui.walkthrough;

import java.util.List;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleIntegerProperty;
import org.attentionexplainer.lesson.CourseExample;
import org.attentionexplainer.lesson.QueryBreakdown;
import org.attentionexplainer.lesson.SimpleAttention;
import org.attentionexplainer.lesson.Token;
import org.attentionexplainer.ui.shell.AppContext;
import org.attentionexplainer.ui.shell.Coalescer;
import org.attentionexplainer.ui.shell.Failures;

/**
 * Steps 1–4, "Hello shiny sun!": the editable tokens and the query are the inputs; the engine's
 * result for all queries and the breakdown of the chosen one follow every change.
 */
public final class HelloViewModel {
    private final AppContext context;
    private final EditableMatrixModel tokens;
    private final IntegerProperty query = new SimpleIntegerProperty(CourseExample.HELLO_QUERY);
    private final ReadOnlyObjectWrapper<SimpleAttention> result = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyObjectWrapper<QueryBreakdown> breakdown = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyStringWrapper failure = new ReadOnlyStringWrapper("");
    private final Coalescer<SimpleAttention> coalescer;
    private final ResetUndo undo;

    public HelloViewModel(AppContext context) {
        this.context = context;
        this.tokens = new EditableMatrixModel(context.i18n(), CourseExample::helloShinySun, true);
        tokens.remember(context.settings(), "walkthrough.hello.tokens");
        this.coalescer = new Coalescer<>(context.work());
        tokens.rowsProperty().addListener((o, a, b) -> {
            if (query.get() >= b.size()) {
                query.set(b.size() - 1);
            }
            recompute();
        });
        query.addListener((o, a, b) -> updateBreakdown());
        undo = new ResetUndo(tokens.rowsProperty());
        recompute();
    }

    public EditableMatrixModel tokens() {
        return tokens;
    }

    /** The index of the query token. */
    public IntegerProperty queryProperty() {
        return query;
    }

    /** The engine's numbers for every query, or null until the engine has answered. */
    public ReadOnlyObjectProperty<SimpleAttention> resultProperty() {
        return result.getReadOnlyProperty();
    }

    /** Steps 1–3 for the chosen query, or null until the engine has answered. */
    public ReadOnlyObjectProperty<QueryBreakdown> breakdownProperty() {
        return breakdown.getReadOnlyProperty();
    }

    /** Empty, or why the numbers could not be computed. */
    public ReadOnlyStringProperty failureProperty() {
        return failure.getReadOnlyProperty();
    }

    public void selectQuery(int index) {
        if (index >= 0 && index < tokens.rows().size()) {
            query.set(index);
        }
    }

    /**
     * "Reset to the course example": the three tokens and the query "shiny"; {@link #undoReset}
     * brings the edits back.
     */
    public void reset() {
        undo.reset(() -> {
            List<Token> rows = tokens.rows();
            int q = query.get();
            return () -> {
                tokens.setRows(rows);
                query.set(q);
            };
        }, () -> {
            tokens.reset();
            query.set(CourseExample.HELLO_QUERY);
        });
    }

    /** Brings back the tokens and query of before the last reset, if nothing was edited since. */
    public void undoReset() {
        undo.undo();
    }

    /** A reset can be undone. */
    public ReadOnlyBooleanProperty undoResetAvailableProperty() {
        return undo.availableProperty();
    }

    private void recompute() {
        List<Token> snapshot = tokens.rows();
        coalescer.request(() -> SimpleAttention.compute(context.engine().join(), snapshot), r -> {
            failure.set("");
            result.set(r);
            updateBreakdown();
        }, e -> failure.set(context.i18n().get("walk.failed", Failures.describe(context.i18n(), e))));
    }

    private void updateBreakdown() {
        SimpleAttention r = result.get();
        if (r == null) {
            return;
        }
        breakdown.set(r.query(Math.max(0, Math.min(query.get(), r.size() - 1))));
    }
}
