package org.attentionexplainer.engine.tinygpt;

import org.attentionexplainer.engine.Worded;

/** A text the tiny GPT cannot read: a character that is none of its symbols, or no symbol at all. */
public final class SymbolException extends IllegalArgumentException implements Worded.Phrased {
    private final Worded.Phrase problem;

    SymbolException(String key, Object... args) {
        this(new Worded.Phrase(key, args));
    }

    private SymbolException(Worded.Phrase problem) {
        super(problem.toString());
        this.problem = problem;
    }

    @Override
    public Worded.Phrase phrase() {
        return problem;
    }
}
