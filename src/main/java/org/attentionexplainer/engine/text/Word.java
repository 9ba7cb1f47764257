package org.attentionexplainer.engine.text;

/**
 * One word of the input as the pre-tokenizer split it.
 *
 * @param text       the word as the user typed it: {@code original.substring(start, end)}
 * @param normalized after lower-casing and accent stripping, e.g. "cafe" for "Café"
 * @param start      UTF-16 index in the original text
 * @param end        UTF-16 index one past the word
 */
public record Word(String text, String normalized, int start, int end) {
}
