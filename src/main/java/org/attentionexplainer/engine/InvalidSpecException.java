package org.attentionexplainer.engine;

import org.attentionexplainer.i18n.Localization;

/**
 * Bad input to the engine: names the field at fault (as the COMPUTE spec spells it) and what
 * is wrong with it, in one line a user can act on. The problem is a message key of the bundles
 * and its arguments ({@code engine.spec.*}): a screen words it in the reader's language through
 * the text layer; {@link #getMessage()} is the English wording, for the command line and logs.
 * Arguments are passed as text where a number must appear as the engine wrote it.
 */
public class InvalidSpecException extends IllegalArgumentException implements Worded.Phrased {
    private final String field;
    private final Worded.Phrase problem;

    /**
     * @param field the field at fault
     * @param key   the problem's message key, {@code engine.spec.*}
     * @param args  its arguments
     */
    public InvalidSpecException(String field, String key, Object... args) {
        // a problem some callers still say in plain words (the tiny GPT's settings) keeps its words
        this(field, Worded.Phrase.keyOrWords(PLAIN, key, args));
    }

    private InvalidSpecException(String field, Worded.Phrase problem) {
        super(field + ": " + problem);
        this.field = field;
        this.problem = problem;
    }

    /** The key of a problem said in words already: its one argument. */
    static final String PLAIN = "engine.spec.plain";

    public String field() {
        return field;
    }

    @Override
    public Worded.Phrase phrase() {
        return problem;
    }

    /** The message in the language of {@code texts}: "field: problem". */
    @Override
    public String wordedIn(Localization texts) {
        return field + ": " + problem.wordedIn(texts);
    }
}
