package org.attentionexplainer.export;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Writes a file completely or not at all: into a {@link Staging} folder beside the target, then
 * one atomic move. A full disk, Ctrl-C or a kill never leaves half a picture under the final
 * name, nor a temporary file that outlives the next write into the folder.
 */
public final class AtomicFiles {
    /** What to do when the target exists. */
    public enum Existing { REPLACE, FAIL }

    /** Writes the bytes produced by {@code body}. */
    public interface Body {
        void writeTo(OutputStream out) throws IOException;
    }

    private AtomicFiles() {
    }

    public static void write(Path target, Existing existing, Body body) throws IOException {
        Path dir = target.toAbsolutePath().getParent();
        if (dir == null || !Files.isDirectory(dir)) {
            throw new FileProblem(String.valueOf(dir), "export.io.folderMissing");
        }
        if (!Files.isWritable(dir)) {
            throw new FileProblem(dir.toString(), "export.io.folderNotWritable");
        }
        if (existing == Existing.FAIL && Files.exists(target)) {
            throw new FileAlreadyExistsException(target.toString(), null, "file exists; not overwritten");
        }
        try (Staging staging = Staging.open(dir)) {
            try (OutputStream out = Files.newOutputStream(staging.file(target.getFileName().toString()))) {
                body.writeTo(out);
            }
            staging.commit(existing);
        }
    }
}
