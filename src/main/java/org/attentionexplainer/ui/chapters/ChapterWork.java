package org.attentionexplainer.ui.chapters;

import java.util.function.Consumer;
import java.util.function.Function;
import org.attentionexplainer.engine.AttentionEngine;
import org.attentionexplainer.ui.i18n.I18n;
import org.attentionexplainer.ui.shell.AppContext;
import org.attentionexplainer.ui.shell.SavedValues;
import org.attentionexplainer.ui.shell.Coalescer;

/** How a chapter computes its numbers: in the background, a failure reported in one line. */
final class ChapterWork {
    private final AppContext context;
    private final Consumer<Throwable> failed;

    ChapterWork(AppContext context, Consumer<Throwable> failed) {
        this.context = context;
        this.failed = failed;
    }

    I18n i18n() {
        return context.i18n();
    }

    /** The engine: join it only inside background work. */
    AttentionEngine engine() {
        return context.engine().join();
    }

    /** Computes {@code task} once in the background and hands the result to {@code done}. */
    <T> void once(Function<AttentionEngine, T> task, Consumer<T> done) {
        context.work().submit(() -> task.apply(engine()), done, failed);
    }

    /** A queue of one for inputs that change as a slider moves: only the newest setting is computed. */
    <T> Coalescer<T> coalescer() {
        return new Coalescer<>(context.work());
    }

    /**
     * The chapters' inputs kept in the settings as they change (under "chapters."), so a restart
     * comes back to them; a page calls it in {@link ChapterPage#start} before its first computation.
     */
    SavedValues saved() {
        return new SavedValues(context.settings(), ChapterInputs.PREFIX);
    }

    void failed(Throwable t) {
        failed.accept(t);
    }
}
