package org.attentionexplainer.engine.text;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * The three character classes BERT's normalizer and pre-tokenizer ask about, as Unicode 8.0
 * defines them: "other" (Cc, Cf, Co, Cs), non-spacing marks (Mn) and punctuation (P*).
 *
 * <p>The model was trained on ids from Hugging Face's tokenizer, which classifies characters by
 * Unicode 8.0 tables; Java's tables are newer (Unicode 13 in Java 17) and vary with the JDK. A
 * character added since 8.0 (a new emoji, a newer script's marks or punctuation) is unassigned
 * to the reference, so it is kept as an ordinary character, and a few older characters changed
 * category since. Following Java's tables would give the model ids it was never trained on.
 */
final class Unicode8Categories {
    private static final String RESOURCE = "unicode-8.0-categories.txt";
    private static final Map<String, int[]> SETS = load();
    private static final int[] OTHER = require("other");
    private static final int[] NONSPACING_MARK = require("nonspacing-mark");
    private static final int[] PUNCTUATION = require("punctuation");

    private Unicode8Categories() {
    }

    /** General category C except Cn: control, format, private use, surrogate. */
    static boolean isOther(int cp) {
        return contains(OTHER, cp);
    }

    /** General category Mn. */
    static boolean isNonspacingMark(int cp) {
        return contains(NONSPACING_MARK, cp);
    }

    /** General category P (Pc, Pd, Ps, Pe, Pi, Pf, Po). */
    static boolean isPunctuation(int cp) {
        return contains(PUNCTUATION, cp);
    }

    /** {@code ranges} holds inclusive {first, last} pairs in ascending order. */
    private static boolean contains(int[] ranges, int cp) {
        int i = Arrays.binarySearch(ranges, cp);
        // A hit is a range's first or last code point; a miss lands inside a range when the
        // insertion point is odd (after a range's first, before its last).
        return i >= 0 || ((-i - 1) & 1) == 1;
    }

    private static Map<String, int[]> load() {
        Map<String, int[]> sets = new HashMap<>();
        try (InputStream in = Unicode8Categories.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("the resource " + RESOURCE + " is missing from the build");
            }
            BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.US_ASCII));
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                if (line.isBlank() || line.startsWith("#")) {
                    continue;
                }
                String[] fields = line.trim().split(" ");
                int[] ranges = new int[2 * (fields.length - 1)];
                for (int i = 1; i < fields.length; i++) {
                    int dash = fields[i].indexOf('-');
                    ranges[2 * i - 2] = Integer.parseInt(dash < 0 ? fields[i] : fields[i].substring(0, dash), 16);
                    ranges[2 * i - 1] = Integer.parseInt(fields[i].substring(dash + 1), 16);
                }
                sets.put(fields[0], ranges);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return sets;
    }

    private static int[] require(String name) {
        int[] ranges = SETS.get(name);
        if (ranges == null) {
            throw new IllegalStateException("the resource " + RESOURCE + " has no set " + name);
        }
        return ranges;
    }
}
