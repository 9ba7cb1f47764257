package org.attentionexplainer.lesson;

import java.util.Arrays;
import java.util.Objects;

/** One token of an example: its label and its embedding (or, for a weight matrix, one row). */
public record Token(String label, double[] values) {

    public Token {
        Objects.requireNonNull(label, "label");
        values = values.clone();
    }

    public static Token of(String label, double... values) {
        return new Token(label, values);
    }

    @Override
    public double[] values() {
        return values.clone();
    }

    public double value(int i) {
        return values[i];
    }

    public int width() {
        return values.length;
    }

    public Token withLabel(String newLabel) {
        return new Token(newLabel, values);
    }

    public Token withValue(int i, double value) {
        double[] copy = values.clone();
        copy[i] = value;
        return new Token(label, copy);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Token t && label.equals(t.label) && Arrays.equals(values, t.values);
    }

    @Override
    public int hashCode() {
        return 31 * label.hashCode() + Arrays.hashCode(values);
    }

    @Override
    public String toString() {
        return label + Arrays.toString(values);
    }
}
