package org.attentionexplainer.ui.walkthrough;

import java.util.ArrayList;
import java.util.List;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyLongProperty;
import javafx.beans.property.ReadOnlyLongWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleIntegerProperty;
import org.attentionexplainer.lesson.CourseExample;
import org.attentionexplainer.lesson.Matrix;
import org.attentionexplainer.lesson.ProjectionWeights;
import org.attentionexplainer.lesson.Token;
import org.attentionexplainer.lesson.TrainableAttention;
import org.attentionexplainer.ui.shell.AppContext;
import org.attentionexplainer.ui.shell.Coalescer;
import org.attentionexplainer.ui.shell.Failures;

/**
 * Steps 5–7, trainable weights on "Your journey starts with one step": the sentence, W_query,
 * W_key and W_value (from a PyTorch-compatible seed, each value editable) and the query are
 * the inputs; Q, K, V, the scores, their scaling, the weights and the context follow.
 */
public final class TrainableViewModel {
    private final AppContext context;
    private final EditableMatrixModel sentence;
    private final EditableMatrixModel query;
    private final EditableMatrixModel key;
    private final EditableMatrixModel value;
    private final ReadOnlyLongWrapper seed = new ReadOnlyLongWrapper(CourseExample.SEED);
    private final ReadOnlyStringWrapper seedError = new ReadOnlyStringWrapper("");
    private final IntegerProperty selected = new SimpleIntegerProperty(CourseExample.SENTENCE_QUERY);
    private final ReadOnlyObjectWrapper<TrainableAttention> result = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyStringWrapper failure = new ReadOnlyStringWrapper("");
    private final Coalescer<TrainableAttention> coalescer;
    private final ResetUndo undo;

    public TrainableViewModel(AppContext context) {
        this.context = context;
        this.coalescer = new Coalescer<>(context.work());
        sentence = new EditableMatrixModel(context.i18n(), CourseExample::yourJourneyStartsWithOneStep, true);
        ProjectionWeights w = weightsFor(CourseExample.SEED);
        query = new EditableMatrixModel(context.i18n(), () -> rowsOf(w.query()), false);
        key = new EditableMatrixModel(context.i18n(), () -> rowsOf(w.key()), false);
        value = new EditableMatrixModel(context.i18n(), () -> rowsOf(w.value()), false);
        sentence.remember(context.settings(), "walkthrough.trainable.sentence");
        query.remember(context.settings(), "walkthrough.trainable.wq");
        key.remember(context.settings(), "walkthrough.trainable.wk");
        value.remember(context.settings(), "walkthrough.trainable.wv");
        sentence.rowsProperty().addListener((o, a, b) -> {
            if (selected.get() >= b.size()) {
                selected.set(b.size() - 1);
            }
            recompute();
        });
        for (EditableMatrixModel m : List.of(query, key, value)) {
            m.rowsProperty().addListener((o, a, b) -> recompute());
        }
        undo = new ResetUndo(sentence.rowsProperty(), query.rowsProperty(), key.rowsProperty(),
                value.rowsProperty(), seed);
        recompute();
    }

    private static ProjectionWeights weightsFor(long seed) {
        return ProjectionWeights.fromSeed(seed, CourseExample.D_IN, CourseExample.D_OUT);
    }

    /** The rows of a weight matrix, labelled by the input component they multiply (1, 2, 3). */
    private static List<Token> rowsOf(Matrix m) {
        List<Token> rows = new ArrayList<>();
        for (int r = 0; r < m.rows(); r++) {
            rows.add(new Token(Integer.toString(r + 1), m.row(r)));
        }
        return rows;
    }

    private static Matrix matrixOf(EditableMatrixModel m) {
        return Matrix.of(m.values());
    }

    public EditableMatrixModel sentence() {
        return sentence;
    }

    public EditableMatrixModel queryWeights() {
        return query;
    }

    public EditableMatrixModel keyWeights() {
        return key;
    }

    public EditableMatrixModel valueWeights() {
        return value;
    }

    public ReadOnlyLongProperty seedProperty() {
        return seed.getReadOnlyProperty();
    }

    /** Empty, or why the last seed typed was refused. */
    public ReadOnlyStringProperty seedErrorProperty() {
        return seedError.getReadOnlyProperty();
    }

    /** The token whose arithmetic is written out. */
    public IntegerProperty selectedProperty() {
        return selected;
    }

    public ReadOnlyObjectProperty<TrainableAttention> resultProperty() {
        return result.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty failureProperty() {
        return failure.getReadOnlyProperty();
    }

    public void select(int index) {
        if (index >= 0 && index < sentence.rows().size()) {
            selected.set(index);
        }
    }

    /** Draws W_query, W_key, W_value afresh from {@code text} as PyTorch would; false if refused. */
    public boolean reseed(String text) {
        String t = text.strip();
        if (!t.matches("\\d{1,18}")) {
            seedError.set(context.i18n().get("walk.seed.invalid", t));
            return false;
        }
        long parsed = Long.parseLong(t);
        seedError.set("");
        seed.set(parsed);
        ProjectionWeights w = weightsFor(parsed);
        query.setRows(rowsOf(w.query()));
        key.setRows(rowsOf(w.key()));
        value.setRows(rowsOf(w.value()));
        return true;
    }

    /**
     * "Reset to the course example": the sentence and the weights of seed 789; {@link #undoReset}
     * brings the edits back.
     */
    public void reset() {
        undo.reset(this::snapshot, () -> {
            sentence.reset();
            reseed(Long.toString(CourseExample.SEED));
            selected.set(CourseExample.SENTENCE_QUERY);
        });
    }

    private Runnable snapshot() {
        List<Token> s = sentence.rows();
        List<Token> q = query.rows();
        List<Token> k = key.rows();
        List<Token> v = value.rows();
        long drawnWith = seed.get();
        int chosen = selected.get();
        return () -> {
            sentence.setRows(s);
            query.setRows(q);
            key.setRows(k);
            value.setRows(v);
            seed.set(drawnWith);
            seedError.set("");
            selected.set(chosen);
        };
    }

    /** Brings back the sentence, weights, seed and token of before the last reset, unless edited since. */
    public void undoReset() {
        undo.undo();
    }

    /** A reset can be undone. */
    public ReadOnlyBooleanProperty undoResetAvailableProperty() {
        return undo.availableProperty();
    }

    private void recompute() {
        List<Token> tokens = sentence.rows();
        ProjectionWeights w = new ProjectionWeights(matrixOf(query), matrixOf(key), matrixOf(value));
        coalescer.request(() -> TrainableAttention.compute(context.engine().join(), tokens, w), r -> {
            failure.set("");
            result.set(r);
        }, e -> failure.set(context.i18n().get("walk.failed", Failures.describe(context.i18n(), e))));
    }
}
