package org.attentionexplainer.engine.tinygpt;

import java.util.ArrayList;
import java.util.List;
import org.attentionexplainer.engine.text.Encoding;
import org.attentionexplainer.engine.text.TextTooLongException;
import org.attentionexplainer.engine.text.Token;
import org.attentionexplainer.engine.text.Word;

/**
 * The tiny GPT's tokenizer: one token per letter, A to Z in either case (A is symbol 0), white
 * space ignored, so "KDXMQ BTRAP" is ten tokens. Each letter is its own word: no token continues
 * another.
 */
final class SymbolTokenizer {
    private final int vocab;
    private final int maxLength;

    SymbolTokenizer(int vocab, int maxLength) {
        this.vocab = Math.min(vocab, RepeatTask.SYMBOLS);
        this.maxLength = maxLength;
    }

    /**
     * @throws SymbolException for a character that is not one of the symbols, or a text of none
     * @throws TextTooLongException for more letters than the model has positions
     */
    Encoding encode(String text) {
        List<Token> tokens = new ArrayList<>();
        List<Word> words = new ArrayList<>();
        for (int i = 0; i < text.length(); ) {
            int c = text.codePointAt(i);
            int width = Character.charCount(c);
            if (!Character.isWhitespace(c)) {
                int symbol = Character.toUpperCase(c) - 'A';
                if (symbol < 0 || symbol >= vocab) {
                    throw new SymbolException("engine.tinygpt.symbol", new String(Character.toChars(c)),
                            RepeatTask.label(vocab - 1));
                }
                String label = RepeatTask.label(symbol);
                tokens.add(new Token(label, symbol, words.size(), false));
                words.add(new Word(text.substring(i, i + width), label, i, i + width));
            }
            i += width;
        }
        if (tokens.isEmpty()) {
            throw new SymbolException("engine.tinygpt.empty", RepeatTask.label(vocab - 1));
        }
        if (tokens.size() > maxLength) {
            throw new TextTooLongException(tokens.size(), maxLength);
        }
        return new Encoding(text, tokens, words);
    }
}
