package org.attentionexplainer.export;

import org.attentionexplainer.engine.Worded;

/**
 * Something asked of an export that cannot be done (a size out of range, a picture too large, a
 * head that does not exist): a message key of the bundles ({@code export.problem.*}) and its
 * arguments, so that the window words it in the reader's language; {@link #getMessage()} is the
 * English wording, for the command line and logs.
 */
public final class ExportProblem extends IllegalArgumentException implements Worded.Phrased {
    private final Worded.Phrase problem;

    public ExportProblem(String key, Object... args) {
        this(new Worded.Phrase(key, args));
    }

    private ExportProblem(Worded.Phrase problem) {
        super(problem.toString());
        this.problem = problem;
    }

    @Override
    public Worded.Phrase phrase() {
        return problem;
    }
}
