package org.attentionexplainer.engine.text;

/** tokenizer.json is missing a part this tokenizer needs, or uses one it does not implement. */
public class TokenizerFormatException extends RuntimeException {
    public TokenizerFormatException(String message) {
        super(message);
    }
}
