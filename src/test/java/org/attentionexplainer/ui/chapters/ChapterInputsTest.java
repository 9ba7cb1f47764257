package org.attentionexplainer.ui.chapters;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import org.attentionexplainer.engine.AttentionEngine;
import org.attentionexplainer.lesson.chapters.CausalChapter;
import org.attentionexplainer.lesson.chapters.CostInputs;
import org.attentionexplainer.lesson.chapters.HardSoftChapter;
import org.attentionexplainer.lesson.chapters.MasksChapter;
import org.attentionexplainer.lesson.chapters.ModelPreset;
import org.attentionexplainer.lesson.chapters.Precision;
import org.attentionexplainer.ui.MemorySettings;
import org.attentionexplainer.ui.i18n.I18n;
import org.attentionexplainer.ui.shell.AppContext;
import org.attentionexplainer.ui.shell.BackgroundWork;
import org.attentionexplainer.ui.shell.Settings;
import org.junit.jupiter.api.Test;

/** The chapters' inputs come back after a restart, each on its own; bad saved values fall back. */
class ChapterInputsTest {
    private static final AttentionEngine ENGINE = new AttentionEngine();

    /** The four pages with inputs, started as the app starts them over {@code settings}. */
    private record Pages(CausalPage causal, MasksPage masks, HardSoftPage hardSoft, CostPage cost) {
    }

    private static Pages start(Settings settings) {
        Pages p = new Pages(new CausalPage(), new MasksPage(), new HardSoftPage(), new CostPage());
        new ChaptersViewModel(new AppContext(new I18n(Locale.ENGLISH), BackgroundWork.sameThread(),
                CompletableFuture.completedFuture(ENGINE), settings), List.of(p.causal(), p.masks(), p.hardSoft(),
                p.cost()));
        return p;
    }

    @Test
    void everyInputComesBackAfterARestart() {
        Settings settings = new MemorySettings();
        Pages before = start(settings);
        before.causal().dropoutPProperty().set(0.3);
        before.causal().dropoutSeedProperty().set(42);
        before.masks().causalMaskProperty().set(false);
        before.masks().paddingMaskProperty().set(false);
        before.masks().windowSizeProperty().set(3);
        before.hardSoft().betaProperty().set(7.5);
        CostInputs cost = new CostInputs(2, 4096, 16, 16, 4, 64, Precision.BF16);
        before.cost().inputsProperty().set(cost);

        Pages after = start(settings);
        assertEquals(0.3, after.causal().dropoutPProperty().get());
        assertEquals(42, after.causal().dropoutSeedProperty().get());
        assertFalse(after.masks().causalMaskProperty().get());
        assertFalse(after.masks().paddingMaskProperty().get());
        assertEquals(3, after.masks().windowSizeProperty().get());
        assertEquals(7.5, after.hardSoft().betaProperty().get());
        assertEquals(cost, after.cost().inputsProperty().get());
        // and the chapter computed from them, not from the defaults: 1 / (1 - 0.3)
        assertEquals(1 / 0.7, after.causal().model().get().dropout().rescale(), 1e-9);
    }

    @Test
    void aBadSavedValueFallsBackAloneAndTheOthersStay() {
        Settings settings = new MemorySettings();
        settings.put(ChapterInputs.PREFIX + "beta", "NaN");
        settings.put(ChapterInputs.PREFIX + "windowSize", "99");
        settings.put(ChapterInputs.PREFIX + "dropoutP", "zero point three");
        settings.put(ChapterInputs.PREFIX + "cost", "1,1024,32,32,5,128,FP16");      // 5 does not divide 32
        settings.put(ChapterInputs.PREFIX + "causalMask", "false");
        Pages p = start(settings);
        assertEquals(HardSoftChapter.DEFAULT_BETA, p.hardSoft().betaProperty().get());
        assertEquals(MasksChapter.DEFAULT_WINDOW, p.masks().windowSizeProperty().get());
        assertEquals(CausalChapter.DEFAULT_P, p.causal().dropoutPProperty().get());
        assertEquals(ModelPreset.LLAMA3_8B.inputs(Precision.FP16), p.cost().inputsProperty().get());
        assertFalse(p.masks().causalMaskProperty().get());
    }
}
