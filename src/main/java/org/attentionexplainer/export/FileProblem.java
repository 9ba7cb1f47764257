package org.attentionexplainer.export;

import java.nio.file.FileSystemException;
import java.util.List;
import java.util.Locale;
import org.attentionexplainer.engine.Worded;
import org.attentionexplainer.i18n.Localization;

/**
 * A file or folder an export cannot write to, for a reason the export itself found (a folder
 * that is a file, a target that is a folder): the reason is a message key ({@code export.io.*})
 * with the path as its one argument, worded in the reader's language by the window;
 * {@link #getReason()} is the English reason, for the command line and logs.
 */
public final class FileProblem extends FileSystemException implements Worded {
    private final String messageKey;

    /** @param key a key of the bundles whose text names the path as {0} */
    public FileProblem(String path, String key) {
        super(path, null, Localization.of(Locale.ENGLISH).get(key, path));
        this.messageKey = key;
    }

    @Override
    public String messageKey() {
        return messageKey;
    }

    @Override
    public List<Object> messageArgs() {
        return List.of(getFile());
    }

    /** The English reason alone, which names the file. */
    @Override
    public String getMessage() {
        return getReason();
    }
}
