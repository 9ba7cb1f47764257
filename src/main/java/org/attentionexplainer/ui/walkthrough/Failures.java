package org.attentionexplainer.ui.walkthrough;

import java.util.concurrent.CompletionException;

/** One line about a failed computation, for the user. */
final class Failures {
    private Failures() {
    }

    static String describe(Throwable e) {
        Throwable cause = e;
        while (cause instanceof CompletionException && cause.getCause() != null) {
            cause = cause.getCause();
        }
        String message = cause.getMessage();
        return message == null || message.isBlank() ? cause.getClass().getSimpleName() : message;
    }
}
