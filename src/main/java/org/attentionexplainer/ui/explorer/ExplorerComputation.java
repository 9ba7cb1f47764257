package org.attentionexplainer.ui.explorer;

import org.attentionexplainer.engine.AttentionTrace;
import org.attentionexplainer.lesson.explorer.ModelBuilder;
import org.attentionexplainer.export.AttentionFigure;
import org.attentionexplainer.export.AttentionFigures;
import org.attentionexplainer.export.MapView;
import org.attentionexplainer.ui.shell.AppContext;

/**
 * What the explorer computes for a request: the model, attention and the figure, reusing what
 * the last result already holds. Runs on the worker, or on the FX thread for a small slider
 * step (see {@link #smallStep}); never on both at once.
 */
final class ExplorerComputation {
    /**
     * The largest maps (cells of all heads) that a slider step computes on the FX thread: a grid of
     * 12 heads of 128 tokens. A step computes only the weights and colours the maps (on both cores),
     * a few milliseconds; on the worker the picture came a frame later for about a third of the steps,
     * as a change made just before a pulse missed it.
     */
    static final long AT_ONCE_CELLS = 12 * 128 * 128;

    private final AppContext context;
    private final ModelBuilder builder = new ModelBuilder();
    /** The newest result: a request with the same inputs reuses its traces. */
    private volatile ExplorerResult latest;

    ExplorerComputation(AppContext context) {
        this.context = context;
    }

    /**
     * True when {@code request} only moves a control of the model last computed and its maps
     * are small (see {@link #AT_ONCE_CELLS}): then it costs a few milliseconds at most once warm.
     */
    boolean smallStep(ExplorerRequest request) {
        ExplorerResult prev = latest;
        if (prev == null || !prev.request().sameModel(request)) {
            return false;
        }
        AttentionTrace t = prev.trace();
        long cells = (long) t.batch() * t.headCount() * t.queryLength() * t.keyLength();
        return cells * (request.pinned() == null ? 1 : 2) <= AT_ONCE_CELLS;
    }

    /** The model and attention (unless unchanged), then the figure. */
    ExplorerResult compute(ExplorerRequest r) {
        ExplorerResult prev = latest;
        AttentionTrace b;
        AttentionTrace a;
        if (prev != null && prev.request().sameInputs(r)) {
            b = prev.trace();
            a = prev.traceA();
        } else {
            var engine = context.engine().join();
            var base = builder.build(r.settings(), r.loaded());
            // a trace of the same model lends its projections and scores: a slider step
            // recomputes only the steps after the scores
            b = engine.compute(r.controls().applyTo(base), prev == null ? null : prev.trace());
            a = r.pinned() == null ? null : engine.compute(r.pinned().applyTo(base), b);
        }
        MapView view = r.view().fit(b.headCount());
        // the language of the moment: a change of language asks for a new figure
        AttentionFigures figures = new AttentionFigures(context.i18n().texts());
        AttentionFigure figure = figures.figure(b, a, view, figures.caption(r.settings(), r.loaded(), b));
        ExplorerResult result = new ExplorerResult(new ExplorerRequest(r.settings(), r.loaded(), r.controls(),
                r.pinned(), view), b, a, figure);
        latest = result;
        return result;
    }
}
