package org.attentionexplainer.export;

import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.util.concurrent.CompletionException;
import org.attentionexplainer.engine.Worded;
import org.attentionexplainer.i18n.Localization;

/**
 * One line for a failed export, in the language of the texts given: the window shows it in the
 * reader's language, the command line in its own. A problem that carries a message key is worded
 * from it; the file system's usual refusals (a file that exists, no permission, no such file) are
 * worded here; only a reason the operating system gave in its own words is passed on as it is.
 */
public final class ExportErrors {
    private ExportErrors() {
    }

    public static String describe(Localization texts, Throwable e) {
        Throwable t = e;
        while (t instanceof CompletionException && t.getCause() != null) {
            t = t.getCause();
        }
        if (t instanceof Worded w) {
            return w.wordedIn(texts);
        }
        if (t instanceof FileAlreadyExistsException f) {
            return texts.get("export.io.exists", f.getFile());
        }
        if (t instanceof AccessDeniedException f) {
            return texts.get("export.io.denied", f.getFile());
        }
        if (t instanceof NoSuchFileException f) {
            return texts.get("export.io.noSuchFile", f.getFile());
        }
        if (t instanceof FileSystemException f && f.getReason() != null) {
            return f.getFile() == null ? f.getReason() : texts.get("export.io.other", f.getReason(), f.getFile());
        }
        String m = t.getMessage();
        return m == null || m.isBlank() ? t.getClass().getSimpleName() : m;
    }
}
