package org.attentionexplainer.engine.bert;

/** The model could not be loaded; the message says why in one line a user can act on. */
public class ModelLoadException extends Exception {
    public ModelLoadException(String message) {
        super(message);
    }

    public ModelLoadException(String message, Throwable cause) {
        super(message, cause);
    }
}
