package org.attentionexplainer.ui;

import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import org.attentionexplainer.engine.AttentionEngine;
import org.attentionexplainer.ui.i18n.I18n;
import org.attentionexplainer.ui.shell.AppContext;
import org.attentionexplainer.ui.shell.BackgroundWork;

/** What screens are given in tests: everything synchronous, settings in memory. */
public final class TestContexts {
    private TestContexts() {
    }

    /** English, work done at once on the calling thread, settings in memory, the engine ready. */
    public static AppContext english() {
        return new AppContext(new I18n(Locale.ENGLISH), BackgroundWork.sameThread(),
                CompletableFuture.completedFuture(new AttentionEngine()), new MemorySettings());
    }
}
