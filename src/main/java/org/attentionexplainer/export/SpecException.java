package org.attentionexplainer.export;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.attentionexplainer.engine.InvalidSpecException;
import org.attentionexplainer.engine.Worded;
import org.attentionexplainer.i18n.Localization;

/**
 * A spec or session file that cannot be used: what is at fault (a field, the file, or both, as
 * {@code "s.json: loaded.input"}) and the problem as a message key of the bundles
 * ({@code export.spec.*}, {@code export.session.*}, {@code export.json.*}) with its arguments, so
 * that a window words it in the reader's language; {@link #getMessage()} is the English wording
 * ("subject: problem"), for the command line and logs. Numbers are passed as text, as the file
 * or the reader wrote them.
 */
public class SpecException extends Exception implements Worded {
    private final String subject;
    private final String messageKey;
    private final List<Object> messageArgs;

    /**
     * @param subject what is at fault, written before the problem; empty for nothing
     * @param key     the problem's message key
     * @param args    its arguments (a {@link Worded.Phrase} is worded in the message's language)
     */
    public SpecException(String subject, String key, Object... args) {
        this(subject, key, List.copyOf(Arrays.asList(args)), null);
    }

    /** {@code problem} found in {@code subject}. */
    public SpecException(String subject, Worded problem) {
        this(subject, problem.messageKey(), problem.messageArgs(), null);
    }

    private SpecException(String subject, String key, List<Object> args, Throwable cause) {
        super(Worded.about(subject, key, args, Localization.of(Locale.ENGLISH)), cause);
        this.subject = subject;
        this.messageKey = key;
        this.messageArgs = List.copyOf(args);
    }

    /** The engine's refusal of a spec, as a problem of the file's field. */
    public static SpecException of(InvalidSpecException e) {
        return new SpecException(e.field(), e.messageKey(), e.messageArgs(), e);
    }

    /** This problem as found in {@code name} (a file): "name: subject: problem". */
    public SpecException in(String name) {
        return new SpecException(subject.isEmpty() ? name : name + ": " + subject, messageKey, messageArgs,
                getCause() != null ? getCause() : this);
    }

    /** What is at fault: a field, a file, or a file and its field. */
    public String subject() {
        return subject;
    }

    /** The problem's message key (without the subject). */
    @Override
    public String messageKey() {
        return messageKey;
    }

    @Override
    public List<Object> messageArgs() {
        return messageArgs;
    }

    /** The message in the language of {@code texts}: "subject: problem". */
    @Override
    public String wordedIn(Localization texts) {
        return Worded.about(subject, messageKey, messageArgs, texts);
    }
}
