package org.attentionexplainer.export;

/** A spec or session file that cannot be used; the message names the field and the problem. */
public class SpecException extends Exception {
    public SpecException(String message) {
        super(message);
    }

    public SpecException(String message, Throwable cause) {
        super(message, cause);
    }
}
