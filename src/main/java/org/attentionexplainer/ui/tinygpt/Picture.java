package org.attentionexplainer.ui.tinygpt;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.attentionexplainer.engine.AttentionEngine;
import org.attentionexplainer.engine.AttentionTrace;
import org.attentionexplainer.engine.tinygpt.GptTrace;
import org.attentionexplainer.engine.tinygpt.GptWeights;
import org.attentionexplainer.engine.tinygpt.RepeatTask;
import org.attentionexplainer.engine.tinygpt.TinyGpt;
import org.attentionexplainer.export.AttentionFigure;
import org.attentionexplainer.export.AttentionFigures;
import org.attentionexplainer.export.MapView;
import org.attentionexplainer.lesson.tinygpt.TinyGptScores;
import org.attentionexplainer.ui.i18n.I18n;

/**
 * What the screen shows of one model, made on the worker: the prompt's forward pass, the maps of
 * one layer as a figure, the next-symbol probabilities, and every head's detector scores on a few
 * held-out sequences.
 *
 * @param layerTrace  the attention of the layer shown, for the prompt
 * @param figure      its maps as the screen draws and exports them
 * @param view        the view the figure was made for (its head brought into range)
 * @param predictions the most likely next symbols after the prompt, most likely first
 * @param scores      every head's scores, or null when the caller kept the ones it had
 */
record Picture(AttentionTrace layerTrace, AttentionFigure figure, MapView view, List<Prediction> predictions,
               TinyGptScores scores) {
    /** How many next symbols are listed. */
    static final int PREDICTIONS = 5;
    /** Held-out sequences the head table is measured on (the 200 of the report take longer). */
    static final int SCORED_SEQUENCES = 24;

    static Picture make(AttentionEngine engine, GptWeights weights, Prompt prompt, int layer, MapView wanted,
                        boolean withScores, I18n i18n) {
        TinyGpt gpt = new TinyGpt(weights, engine);
        GptTrace trace = gpt.forward(prompt.tokens());
        int l = Math.min(Math.max(layer, 0), trace.layerCount() - 1);
        AttentionTrace layerTrace = trace.layers().get(l);
        MapView view = wanted.fit(layerTrace.headCount());
        AttentionFigures figures = new AttentionFigures(i18n.texts());
        AttentionFigure figure = figures.figure(layerTrace, null, view,
                i18n.get("tinygpt.figure.caption", l + 1, prompt.text()));
        double[] p = trace.nextProbabilities(0, trace.length() - 1);
        List<Prediction> predictions = new ArrayList<>();
        for (int i = 0; i < p.length; i++) {
            predictions.add(new Prediction(RepeatTask.label(i), p[i]));
        }
        predictions.sort(Comparator.comparingDouble(Prediction::probability).reversed());
        TinyGptScores scores = withScores ? TinyGptScores.measure(gpt, TinyGptScores.HELD_OUT_SEED, SCORED_SEQUENCES,
                RepeatTask.SHOWN_HALF) : null;
        return new Picture(layerTrace, figure, view, List.copyOf(predictions.subList(0, PREDICTIONS)), scores);
    }
}
