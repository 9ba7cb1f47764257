package org.attentionexplainer.engine.model;

/**
 * A file of a model folder (config.json, model.safetensors) is not usable: the message names
 * the file and says what is wrong, in one line.
 */
public class ModelFormatException extends RuntimeException {
    public ModelFormatException(String message) {
        super(message);
    }
}
