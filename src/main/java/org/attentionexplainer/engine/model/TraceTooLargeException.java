package org.attentionexplainer.engine.model;

import org.attentionexplainer.engine.Worded;

/**
 * A forward pass of a loaded model whose results or working arrays do not fit: a message key of
 * the bundles ({@code engine.model.trace.*}) and its arguments, worded in the reader's language by
 * the window (see {@link Worded}); the message is its English.
 */
public final class TraceTooLargeException extends IllegalArgumentException implements Worded.Phrased {
    private final Worded.Phrase problem;

    TraceTooLargeException(String key, Object... args) {
        this(new Worded.Phrase(key, args));
    }

    private TraceTooLargeException(Worded.Phrase problem) {
        super(problem.toString());
        this.problem = problem;
    }

    @Override
    public Worded.Phrase phrase() {
        return problem;
    }
}
