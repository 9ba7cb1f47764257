package org.attentionexplainer.engine;

import java.util.List;

/**
 * A problem the engine reports as a message key of the bundles and its arguments, so that a
 * screen words it in the reader's language through the text layer; the exception's own message
 * is the English wording, for the command line and logs.
 */
public interface Worded {
    /** The message key. */
    String messageKey();

    /** Its arguments, in order. */
    List<Object> messageArgs();
}
