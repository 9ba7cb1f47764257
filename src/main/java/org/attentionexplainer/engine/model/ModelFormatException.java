package org.attentionexplainer.engine.model;

import org.attentionexplainer.engine.Worded;

/**
 * A file of a model folder (config.json, model.safetensors) is not usable: one line that names
 * the file and says what is wrong, as a message key of the bundles ({@code engine.model.*}, the
 * file as its first argument) and its arguments, worded in the reader's language by the window
 * (see {@link Worded}); the message is its English.
 */
public class ModelFormatException extends RuntimeException implements Worded.Phrased {
    private final Worded.Phrase problem;

    public ModelFormatException(String key, Object... args) {
        this(new Worded.Phrase(key, args));
    }

    private ModelFormatException(Worded.Phrase problem) {
        super(problem.toString());
        this.problem = problem;
    }

    @Override
    public Worded.Phrase phrase() {
        return problem;
    }
}
