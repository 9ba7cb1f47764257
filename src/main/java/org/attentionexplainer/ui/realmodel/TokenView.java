package org.attentionexplainer.ui.realmodel;

/**
 * One sub-word token as the screen shows it.
 *
 * @param text         as the vocabulary spells it ({@code ##ing}, {@code [CLS]})
 * @param continuation true for a {@code ##} piece that continues the word before it
 * @param special      true for [CLS] and [SEP]
 * @param word         the word it came from as typed, or "" for special tokens
 */
public record TokenView(String text, boolean continuation, boolean special, String word) {
}
