package org.attentionexplainer.ui.explorer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.attentionexplainer.export.SessionFiles;
import org.attentionexplainer.lesson.explorer.ProjectionKind;
import org.attentionexplainer.lesson.explorer.ScaleMode;
import org.attentionexplainer.lesson.explorer.Session;
import org.attentionexplainer.render.ColorMap;
import org.attentionexplainer.render.Stage;
import org.attentionexplainer.ui.shell.AppContext;
import org.junit.jupiter.api.Test;

/** A session taken from one explorer and opened in a fresh one gives the same state and weights. */
class ExplorerSessionsTest {
    @Test
    void aSavedSessionReopensTheSameStateAndTheSameWeightsBitForBit() throws Exception {
        AppContext context = AppContext.forTests();
        ExplorerViewModel a = new ExplorerViewModel(context);
        a.sentenceProperty().set("The cat sat on the mat because it was tired");
        a.dModelProperty().set(16);
        a.headsProperty().set(8);
        a.projectionProperty().set(ProjectionKind.FUSED);
        a.weightSeedProperty().set(2024);
        a.embeddingSeedProperty().set(9);
        a.positionalProperty().set(true);
        a.controls().causalProperty().set(true);
        a.controls().temperatureProperty().set(0.6100000000000001);
        a.controls().scaleModeProperty().set(ScaleMode.CUSTOM);
        a.controls().customScaleProperty().set(0.3);
        a.controls().dropoutProperty().set(0.25);
        a.controls().dropoutSeedProperty().set(11);
        a.display().stageProperty().set(Stage.LOGITS);
        a.display().colorMapProperty().set(ColorMap.MAGMA);
        a.display().modeProperty().set(ViewMode.FOCUS);
        a.display().headProperty().set(5);
        a.recompute();
        String json = SessionFiles.toJson(ExplorerSessions.snapshot(a));

        ExplorerViewModel b = new ExplorerViewModel(context);
        Session s = SessionFiles.fromJson(json, "s.json");
        ExplorerSessions.restore(b, context, s);
        assertEquals(ExplorerSessions.snapshot(a), ExplorerSessions.snapshot(b));
        float[] wa = a.traceProperty().get().weights().toArray();
        float[] wb = b.traceProperty().get().weights().toArray();
        assertArrayEquals(wa, wb);
        assertEquals(8, b.traceProperty().get().headCount());
        assertEquals(5, b.display().headProperty().get());
    }
}
