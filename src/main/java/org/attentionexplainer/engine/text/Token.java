package org.attentionexplainer.engine.text;

/**
 * One sub-word token.
 *
 * @param text    as the vocabulary spells it, e.g. {@code ##ing} or {@code [CLS]}
 * @param id      its row in the embedding table
 * @param word    index of the {@link Word} it came from, or -1 for [CLS] and [SEP]
 * @param special true for tokens that are not text: [CLS], [SEP], [PAD], [MASK], ...
 */
public record Token(String text, int id, int word, boolean special) {
    /** True for a piece that continues a word ({@code ##ing}). */
    public boolean isContinuation() {
        return text.startsWith("##") && !special;
    }
}
