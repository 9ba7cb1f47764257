package org.attentionexplainer.engine.bert;

import org.attentionexplainer.engine.Worded;

/**
 * The model could not be loaded: why, in one line a user can act on, as a message key
 * ({@code engine.model.*}) and its arguments (see {@link Worded}); the message is its English.
 */
public class ModelLoadException extends Exception implements Worded.Phrased {
    private final Worded.Phrase problem;

    public ModelLoadException(String key, Object... args) {
        this(null, key, args);
    }

    public ModelLoadException(Throwable cause, String key, Object... args) {
        // a problem some callers still say in plain words keeps its words
        this(cause, Worded.Phrase.keyOrWords(PLAIN, key, args));
    }

    private ModelLoadException(Throwable cause, Worded.Phrase problem) {
        super(problem.toString(), cause);
        this.problem = problem;
    }

    /** The key of a problem said in words already: its one argument. */
    static final String PLAIN = "engine.model.plain";

    @Override
    public Worded.Phrase phrase() {
        return problem;
    }
}
