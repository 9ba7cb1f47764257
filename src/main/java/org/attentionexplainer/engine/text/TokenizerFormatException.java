package org.attentionexplainer.engine.text;

import org.attentionexplainer.engine.Worded;

/**
 * tokenizer.json (or vocab.txt, vocab.json, merges.txt) is missing a part this tokenizer needs,
 * or uses one it does not implement: a message key of the bundles ({@code engine.tokenizer.*})
 * and its arguments, worded in the reader's language by the window (see {@link Worded}); the
 * message is its English.
 */
public class TokenizerFormatException extends RuntimeException implements Worded.Phrased {
    private final Worded.Phrase problem;

    /**
     * @param key  the problem's message key
     * @param args its arguments, numbers as text
     */
    public TokenizerFormatException(String key, Object... args) {
        this(new Worded.Phrase(key, args));
    }

    private TokenizerFormatException(Worded.Phrase problem) {
        super(problem.toString());
        this.problem = problem;
    }

    @Override
    public Worded.Phrase phrase() {
        return problem;
    }
}
