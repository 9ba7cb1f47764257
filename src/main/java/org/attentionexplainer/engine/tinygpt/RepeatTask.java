package org.attentionexplainer.engine.tinygpt;

import java.util.Random;

/**
 * The task the tiny GPT learns: n distinct random symbols, then the same n again. The first half
 * cannot be predicted (beyond "not a symbol already used"); the second half, after its first
 * symbol, can be copied from the first: find where the current symbol appeared before and read
 * what followed it, which is what an induction head does.
 *
 * <p>The half length n varies from batch to batch. With one fixed n, layer 2 could simply look
 * n − 1 positions back, which needs no induction circuit; with n changing, only matching the
 * content works.
 */
public final class RepeatTask {
    /** The symbols A to Z, as token ids 0 to 25. */
    public static final int SYMBOLS = 26;
    public static final int MIN_HALF = 5;
    public static final int MAX_HALF = 12;
    /** The longest sequence: two halves of {@link #MAX_HALF}. */
    public static final int MAX_LENGTH = 2 * MAX_HALF;
    /** The half length of the sequences the screen shows and the scores are measured on. */
    public static final int SHOWN_HALF = 10;

    private RepeatTask() {
    }

    /** The letter of a symbol: 0 is A. */
    public static String label(int symbol) {
        return symbol >= 0 && symbol < SYMBOLS ? String.valueOf((char) ('A' + symbol)) : "#" + symbol;
    }

    /** A batch of {@code b} sequences of length 2n, each row its n symbols twice. */
    public static int[][] batch(Random random, int b, int half, int vocab) {
        if (half < 1 || half > vocab) {
            throw new IllegalArgumentException("half length " + half + " for " + vocab + " symbols");
        }
        int[][] rows = new int[b][2 * half];
        int[] deck = new int[vocab];
        for (int[] row : rows) {
            for (int i = 0; i < vocab; i++) {
                deck[i] = i;
            }
            // the first n of a Fisher–Yates shuffle: n distinct symbols, each order equally likely
            for (int i = 0; i < half; i++) {
                int j = i + random.nextInt(vocab - i);
                int tmp = deck[i];
                deck[i] = deck[j];
                deck[j] = tmp;
                row[i] = deck[i];
                row[half + i] = deck[i];
            }
        }
        return rows;
    }

    /** A half length drawn for one training batch. */
    static int drawHalf(Random random, int maxLength) {
        int max = Math.min(MAX_HALF, maxLength / 2);
        int min = Math.min(MIN_HALF, max);
        return min + random.nextInt(max - min + 1);
    }
}
