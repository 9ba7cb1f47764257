package org.attentionexplainer.cli;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;

/** Turns an IOException into one line a user can act on. */
final class IoMessages {
    private IoMessages() {
    }

    static String describe(IOException e) {
        if (e instanceof AccessDeniedException a) {
            return "permission denied (" + a.getFile() + ")";
        }
        if (e instanceof NoSuchFileException n) {
            return "no such file or folder (" + n.getFile() + ")";
        }
        if (e instanceof FileSystemException f && f.getReason() != null) {
            return f.getReason() + (f.getFile() == null ? "" : " (" + f.getFile() + ")");
        }
        String m = e.getMessage();
        return m == null ? e.getClass().getSimpleName() : m;
    }
}
