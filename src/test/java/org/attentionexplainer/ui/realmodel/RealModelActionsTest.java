package org.attentionexplainer.ui.realmodel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.attentionexplainer.ui.TestContexts;
import org.attentionexplainer.export.AtomicFiles;
import org.attentionexplainer.export.ExportFormat;
import org.attentionexplainer.export.FigureFiles;
import org.attentionexplainer.export.FigureParts;
import org.attentionexplainer.export.Resolution;
import org.attentionexplainer.export.SvgTexts;
import org.attentionexplainer.render.Figure;
import org.attentionexplainer.ui.export.ExportActions;
import org.attentionexplainer.ui.shell.AppContext;
import org.attentionexplainer.ui.shell.FileAction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the real-model screen exports: the 6 x 12 overview, and the focused head and its layer's
 * heads; a new model opens focused on its previous-token head.
 */
class RealModelActionsTest {
    @TempDir
    Path dir;

    @Test
    void theOverviewAndTheFocusedHeadTheModelOpensOn() throws Exception {
        AppContext context = TestContexts.english();
        RealModelViewModel vm = new RealModelViewModel(context, TestModels.loaded());
        ExportActions actions = RealModelActions.create(context, vm);
        assertFalse(actions.available(FileAction.PICTURE).get(), "nothing before the model has run");
        vm.start();
        assertTrue(actions.available(FileAction.PICTURE).get());
        // the slide opens on a head, not half empty: the one most on the previous token, L1 H3 of this model
        // (its weight on the previous token is 1.00 in every row of the sentence, as the reading-heads chapter finds)
        assertEquals(0, vm.focusedLayerProperty().get());
        assertEquals(2, vm.focusedHeadProperty().get());
        assertTrue(actions.available(FileAction.ALL_HEADS).get(), "every head of the focused head's layer");
        assertFalse(actions.available(FileAction.SAVE_SESSION).get());

        Figure overview = RealModelActions.overview(vm, context.i18n(), FigureParts.ALL);
        assertEquals(72, overview.panelCount());
        assertEquals("L1 H1", overview.title(0));
        assertEquals("L6 H12", overview.title(71));
        Path svg = dir.resolve("overview.svg");
        FigureFiles.write(overview, ExportFormat.SVG, Resolution.times(1), svg, AtomicFiles.Existing.FAIL);
        List<String> texts = SvgTexts.of(svg);
        assertTrue(texts.contains("all-MiniLM-L6-v2: attention weights of every layer (rows) and head (columns)"),
                texts.toString());
        assertTrue(texts.contains("L3 H7"));

        vm.focus(2, 6);
        assertTrue(actions.available(FileAction.ALL_HEADS).get());
        assertEquals(12, vm.focusModel().traceProperty().get().headCount());
    }
}
