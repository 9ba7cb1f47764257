package org.attentionexplainer.ui.shell;

import java.util.concurrent.CompletableFuture;
import org.attentionexplainer.engine.AttentionEngine;
import org.attentionexplainer.ui.i18n.I18n;

/**
 * What every screen is given: the strings, the background worker, the engine (ready once
 * ND4J has started; join it only inside background work), the remembered settings and the
 * file and folder choosers (the system's; fixed answers in tests).
 */
public record AppContext(I18n i18n, BackgroundWork work, CompletableFuture<AttentionEngine> engine, Settings settings,
                         PathChooser files) {

    /** With the system's file choosers. */
    public AppContext(I18n i18n, BackgroundWork work, CompletableFuture<AttentionEngine> engine, Settings settings) {
        this(i18n, work, engine, settings, PathChooser.system(settings));
    }

    /** The same context with other file choosers. */
    public AppContext withFiles(PathChooser chooser) {
        return new AppContext(i18n, work, engine, settings, chooser);
    }
}
