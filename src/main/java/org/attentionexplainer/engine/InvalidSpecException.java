package org.attentionexplainer.engine;

/**
 * Bad input to the engine: names the field at fault (as the COMPUTE spec spells it) and what
 * is wrong with it, in one line a user can act on.
 */
public class InvalidSpecException extends IllegalArgumentException {
    private final String field;

    public InvalidSpecException(String field, String problem) {
        super(field + ": " + problem);
        this.field = field;
    }

    public String field() {
        return field;
    }
}
