package org.attentionexplainer.ui.realmodel;

import java.util.function.Consumer;
import java.util.function.Supplier;
import org.attentionexplainer.engine.AttentionSpec;
import org.attentionexplainer.engine.AttentionTrace;
import org.attentionexplainer.export.AttentionFigure;
import org.attentionexplainer.export.AttentionFigures;
import org.attentionexplainer.export.MapView;
import org.attentionexplainer.export.ViewMode;
import org.attentionexplainer.ui.common.MapsModel;
import org.attentionexplainer.ui.shell.AppContext;
import org.attentionexplainer.ui.shell.Coalescer;

/**
 * The focused layer of the trained model as attention maps: its attention computed once per
 * layer and what-if setting, its figure drawn again as the view changes (head, stage, colours).
 * A comparison shows the layer against itself: the real model has no settings to pin.
 */
final class FocusedLayer {
    private final AppContext context;
    private final MapsModel maps;
    private final Coalescer<Drawn> work;
    private final Consumer<Throwable> onError;
    /** The layer shown or last asked for, computed once on the worker. */
    private Supplier<AttentionTrace> layer;
    /** The layer's name for the caption, worded in the language of the moment. */
    private Supplier<String> name;
    private boolean moving;

    /** A trace and its figure for a view. */
    private record Drawn(AttentionTrace trace, AttentionFigure figure, MapView view) {
    }

    /** @param onError told of a failure; the last maps stay */
    FocusedLayer(AppContext context, Consumer<Throwable> onError) {
        this.context = context;
        this.onError = onError;
        this.maps = new MapsModel(context.i18n());
        this.work = new Coalescer<>(context.work());
        maps.onViewChange(this::redraw);
        maps.display().modeProperty().addListener(o -> redraw());
        context.i18n().localeProperty().addListener(o -> redraw());
    }

    MapsModel maps() {
        return maps;
    }

    /** Computes the layer that {@code spec} describes (on the worker) and shows head {@code head} enlarged. */
    void show(Supplier<AttentionSpec> spec, Supplier<String> layerName, int head) {
        moving = true;
        try {
            maps.display().headProperty().set(head);
            if (maps.display().modeProperty().get() == ViewMode.GRID) {
                maps.display().modeProperty().set(ViewMode.FOCUS);
            }
        } finally {
            moving = false;
        }
        layer = once(() -> context.engine().join().compute(spec.get()));
        name = layerName;
        redraw();
    }

    /** The figure of the layer for the view of now; the newest request wins. */
    private void redraw() {
        if (moving || layer == null) {
            return;
        }
        Supplier<AttentionTrace> l = layer;
        String n = name.get();
        MapView view = maps.display().snapshot();
        work.request(() -> draw(l.get(), n, view), this::accept, onError);
    }

    /** Runs on the worker. */
    private Drawn draw(AttentionTrace t, String layerName, MapView wanted) {
        MapView view = wanted.fit(t.headCount());
        AttentionFigures figures = new AttentionFigures(context.i18n().texts());
        AttentionTrace a = view.mode() == ViewMode.COMPARE ? t : null;
        return new Drawn(t, figures.figure(t, a, view, figures.caption(layerName, t)), view);
    }

    private void accept(Drawn d) {
        maps.show(d.trace(), d.view().mode() == ViewMode.COMPARE ? d.trace() : null, d.figure(), d.view());
    }

    /** Computes on the first call (on the worker, one computation at a time) and keeps the result. */
    private static Supplier<AttentionTrace> once(Supplier<AttentionTrace> compute) {
        AttentionTrace[] kept = new AttentionTrace[1];
        return () -> {
            if (kept[0] == null) {
                kept[0] = compute.get();
            }
            return kept[0];
        };
    }
}
