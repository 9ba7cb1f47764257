package org.attentionexplainer.ui.chapters;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import org.attentionexplainer.engine.AttentionEngine;
import org.attentionexplainer.lesson.chapters.CostInputs;
import org.attentionexplainer.lesson.chapters.HardSoftChapter;
import org.attentionexplainer.lesson.chapters.MasksChapter;
import org.attentionexplainer.lesson.chapters.Precision;
import org.attentionexplainer.ui.i18n.I18n;
import org.attentionexplainer.ui.shell.AppContext;
import org.attentionexplainer.ui.shell.BackgroundWork;
import org.attentionexplainer.ui.shell.Settings;
import org.junit.jupiter.api.Test;

/** The chapters' inputs come back after a restart, each on its own; bad saved values fall back. */
class ChapterInputsTest {
    private static final AttentionEngine ENGINE = new AttentionEngine();

    private static ChaptersViewModel start(Settings settings) {
        return new ChaptersViewModel(new AppContext(new I18n(Locale.ENGLISH), BackgroundWork.sameThread(),
                CompletableFuture.completedFuture(ENGINE), settings));
    }

    @Test
    void everyInputComesBackAfterARestart() {
        Settings settings = Settings.inMemory();
        ChapterModels before = start(settings).models();
        before.dropoutPProperty().set(0.3);
        before.dropoutSeedProperty().set(42);
        before.causalMaskProperty().set(false);
        before.paddingMaskProperty().set(false);
        before.windowSizeProperty().set(3);
        before.betaProperty().set(7.5);
        CostInputs cost = new CostInputs(2, 4096, 16, 16, 4, 64, Precision.BF16);
        before.costInputsProperty().set(cost);

        ChapterModels after = start(settings).models();
        assertEquals(0.3, after.dropoutPProperty().get());
        assertEquals(42, after.dropoutSeedProperty().get());
        assertFalse(after.causalMaskProperty().get());
        assertFalse(after.paddingMaskProperty().get());
        assertEquals(3, after.windowSizeProperty().get());
        assertEquals(7.5, after.betaProperty().get());
        assertEquals(cost, after.costInputsProperty().get());
        // and the chapters computed from them, not from the defaults: 1 / (1 - 0.3)
        assertEquals(1 / 0.7, after.causal().get().dropout().rescale(), 1e-9);
    }

    @Test
    void aBadSavedValueFallsBackAloneAndTheOthersStay() {
        Settings settings = Settings.inMemory();
        settings.put(ChapterInputs.PREFIX + "beta", "NaN");
        settings.put(ChapterInputs.PREFIX + "windowSize", "99");
        settings.put(ChapterInputs.PREFIX + "dropoutP", "zero point three");
        settings.put(ChapterInputs.PREFIX + "cost", "1,1024,32,32,5,128,FP16");      // 5 does not divide 32
        settings.put(ChapterInputs.PREFIX + "causalMask", "false");
        ChapterModels m = start(settings).models();
        assertEquals(HardSoftChapter.DEFAULT_BETA, m.betaProperty().get());
        assertEquals(MasksChapter.DEFAULT_WINDOW, m.windowSizeProperty().get());
        assertEquals(org.attentionexplainer.lesson.chapters.CausalChapter.DEFAULT_P, m.dropoutPProperty().get());
        assertEquals(org.attentionexplainer.lesson.chapters.ModelPreset.LLAMA3_8B.inputs(Precision.FP16),
                m.costInputsProperty().get());
        assertFalse(m.causalMaskProperty().get());
    }
}
