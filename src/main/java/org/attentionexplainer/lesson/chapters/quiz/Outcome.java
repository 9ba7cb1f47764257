package org.attentionexplainer.lesson.chapters.quiz;

import java.util.Locale;

/** How a question ended for the learner: answered right or wrong, or its answer shown unanswered. */
public enum Outcome {
    RIGHT, WRONG, REVEALED;

    /** "right", the stored form. */
    public String stored() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Reads "right", "wrong" or "revealed"; anything else is null. */
    static Outcome parse(String s) {
        for (Outcome o : values()) {
            if (o.stored().equals(s.strip())) {
                return o;
            }
        }
        return null;
    }
}
