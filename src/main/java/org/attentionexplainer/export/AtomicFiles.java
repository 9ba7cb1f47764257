package org.attentionexplainer.export;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Writes a file completely or not at all: into a temporary file beside the target, then one
 * atomic move. A full disk or a crash never leaves half a picture under the final name.
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
            throw new IOException("folder " + dir + " does not exist");
        }
        if (!Files.isWritable(dir)) {
            throw new IOException("folder " + dir + " is not writable");
        }
        if (existing == Existing.FAIL && Files.exists(target)) {
            throw new FileAlreadyExistsException(target.toString(), null, "file exists; not overwritten");
        }
        Path tmp = Files.createTempFile(dir, "." + target.getFileName(), ".part");
        try {
            try (OutputStream out = Files.newOutputStream(tmp)) {
                body.writeTo(out);
            }
            if (existing == Existing.FAIL && Files.exists(target)) {
                throw new FileAlreadyExistsException(target.toString(), null, "file exists; not overwritten");
            }
            readableByAll(tmp);
            Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    /** A temporary file is private (rw-------); the finished file is an ordinary one (rw-r--r--). */
    private static void readableByAll(Path file) throws IOException {
        if (file.getFileSystem().supportedFileAttributeViews().contains("posix")) {
            java.nio.file.Files.setPosixFilePermissions(file,
                    java.nio.file.attribute.PosixFilePermissions.fromString("rw-r--r--"));
        }
    }
}
