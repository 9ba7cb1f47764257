package org.attentionexplainer.lesson.explorer;

import org.attentionexplainer.engine.Worded;

/**
 * Explorer settings that cannot be (a temperature out of range, a head that does not exist), as
 * a session file or the command line may give them: a message key of the bundles
 * ({@code explorer.problem.*}) and its arguments, worded in the reader's language by the window
 * that opens the session; {@link #getMessage()} is the English wording.
 */
public final class SettingsProblem extends IllegalArgumentException implements Worded.Phrased {
    private final Worded.Phrase problem;

    /** @param args the arguments, numbers as text as the settings hold them */
    SettingsProblem(String key, Object... args) {
        this(new Worded.Phrase(key, args));
    }

    private SettingsProblem(Worded.Phrase problem) {
        super(problem.toString());
        this.problem = problem;
    }

    @Override
    public Worded.Phrase phrase() {
        return problem;
    }
}
