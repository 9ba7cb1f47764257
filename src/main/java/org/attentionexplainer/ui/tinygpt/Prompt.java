package org.attentionexplainer.ui.tinygpt;

import org.attentionexplainer.engine.tinygpt.RepeatTask;

/**
 * A prompt for the tiny GPT as a learner types it: letters A to Z (either case; spaces are
 * ignored, so "KDXMQ BTRAP KDX" reads as one sequence). {@link #parse} says what is wrong as a
 * message key with its argument.
 */
record Prompt(int[] tokens) {

    /** A prompt's problem: a message key and its argument. */
    record Problem(String key, Object argument) {
    }

    /** The symbols of {@code text}, or the problem with it. */
    static Object parse(String text, int maxLength) {
        String letters = text.replace(" ", "");
        if (letters.isEmpty()) {
            return new Problem("tinygpt.prompt.empty", maxLength);
        }
        int[] tokens = new int[letters.length()];
        for (int i = 0; i < letters.length(); i++) {
            char c = Character.toUpperCase(letters.charAt(i));
            if (c < 'A' || c >= 'A' + RepeatTask.SYMBOLS) {
                return new Problem("tinygpt.prompt.letter", String.valueOf(letters.charAt(i)));
            }
            tokens[i] = c - 'A';
        }
        if (tokens.length > maxLength) {
            return new Problem("tinygpt.prompt.tooLong", maxLength);
        }
        return new Prompt(tokens);
    }

    String text() {
        StringBuilder sb = new StringBuilder();
        for (int t : tokens) {
            sb.append(RepeatTask.label(t));
        }
        return sb.toString();
    }
}
