package org.attentionexplainer.ui.chapters;

import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import org.attentionexplainer.engine.AttentionEngine;
import org.attentionexplainer.lesson.chapters.Chapter;
import org.attentionexplainer.lesson.chapters.ChapterText;
import org.attentionexplainer.ui.MemorySettings;
import org.attentionexplainer.ui.i18n.I18n;
import org.attentionexplainer.ui.shell.AppContext;
import org.attentionexplainer.ui.shell.BackgroundWork;

/**
 * The chapters as {@link ChapterPages} lists them, for tests outside this package: a test that
 * goes through every chapter reads the one registry, so a chapter added there is tested everywhere.
 */
public final class RegisteredChapters {
    private RegisteredChapters() {
    }

    /** The chapters' ids, in the course's order. */
    public static List<String> ids() {
        return ChapterPages.all().stream().map(ChapterPage::id).toList();
    }

    /** Each chapter's title, headline and sections, in the course's order. */
    public static List<ChapterText> texts() {
        return ChapterPages.all().stream().map(ChapterPage::text).toList();
    }

    /** Each chapter's numbers as its page computes them at the start, on {@code engine}, in the course's order. */
    public static List<Chapter> compute(AttentionEngine engine) {
        AppContext context = new AppContext(new I18n(Locale.ENGLISH), BackgroundWork.sameThread(),
                CompletableFuture.completedFuture(engine), new MemorySettings());
        return new ChaptersViewModel(context).chapters().stream().<Chapter>map(p -> p.model().get()).toList();
    }
}
