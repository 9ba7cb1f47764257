package org.attentionexplainer.ui.shell;

import java.util.concurrent.CompletionException;
import org.attentionexplainer.engine.Worded;
import org.attentionexplainer.ui.i18n.I18n;

/**
 * The one line a screen shows for a failed background task: the problem's own message (an
 * engine problem worded in the reader's language, see {@link Worded}), or,
 * when the heap ran out, what to do about it (an OutOfMemoryError's message, "Java heap
 * space", says nothing to a learner).
 */
public final class Failures {
    private Failures() {
    }

    public static String describe(I18n i18n, Throwable e) {
        Throwable cause = e;
        while (cause instanceof CompletionException && cause.getCause() != null) {
            cause = cause.getCause();
        }
        if (cause instanceof OutOfMemoryError) {
            return i18n.get("error.memory", Runtime.getRuntime().maxMemory() >> 20);
        }
        // an exception that only passes an engine problem on (with its message) is worded as that problem
        Throwable worded = cause;
        while (!(worded instanceof Worded) && worded.getCause() != null
                && java.util.Objects.equals(worded.getMessage(), worded.getCause().getMessage())) {
            worded = worded.getCause();
        }
        if (worded instanceof Worded w) {
            return w.wordedIn(i18n.texts());
        }
        String message = cause.getMessage();
        return message == null || message.isBlank() ? cause.getClass().getSimpleName() : message;
    }
}
