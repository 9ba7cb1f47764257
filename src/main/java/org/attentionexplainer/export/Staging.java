package org.attentionexplainer.export;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;

/**
 * A hidden folder inside the target folder ({@code .attention-explainer-staging-*}) where a run
 * writes its files before they are moved into place together, so that an error, a cancel,
 * Ctrl-C or a kill never leaves half a result under the final names.
 *
 * <p>The folder holds {@code owner.lock}: the owner's process id on the first line and, when
 * known, the start of that process in milliseconds since 1970 on the second; the files go into
 * its {@code files} folder. It is removed when the run closes it (success or error), by a
 * shutdown hook on SIGINT/SIGTERM, and, after a kill -9 where no hook runs, by the next run into
 * the same folder: staging whose owner is dead (or whose process id now belongs to a process
 * started at another time) is removed; a live run's is left alone.
 */
public final class Staging implements AutoCloseable {
    static final String PREFIX = ".attention-explainer-staging-";
    static final String LOCK = "owner.lock";
    private static final String FILES = "files";
    /** A folder without a readable lock is a run that died between making it and writing the lock. */
    static final Duration NO_LOCK_GRACE = Duration.ofMinutes(1);
    /** The kernel's boot time follows the wall clock, so a process's start time can read a second off. */
    private static final long SAME_START_MS = 2000;

    // Shutdown hooks belong to the whole JVM, so the folders a hook must remove are process-wide state.
    private static final Set<Staging> OPEN = ConcurrentHashMap.newKeySet();
    private static final AtomicBoolean HOOKED = new AtomicBoolean();

    private final Path target;
    private final Path root;
    private final Path files;
    private final List<Path> madeFolders;
    private boolean closed;
    private boolean committed;

    private Staging(Path target, Path root, List<Path> madeFolders) {
        this.target = target;
        this.root = root;
        this.files = root.resolve(FILES);
        this.madeFolders = madeFolders;
    }

    /** Staging in the existing folder {@code dir}, after removing what dead runs left there. */
    public static Staging open(Path dir) throws IOException {
        return start(dir, List.of());
    }

    /**
     * Like {@link #open}, making {@code dir} and its missing parents first; if nothing is committed,
     * closing removes them again (when empty), so a failed or stopped run leaves no new folder.
     */
    public static Staging create(Path dir) throws IOException {
        List<Path> made = new ArrayList<>();
        for (Path p = dir.toAbsolutePath().normalize(); p != null && !Files.exists(p, LinkOption.NOFOLLOW_LINKS);
             p = p.getParent()) {
            made.add(p);
        }
        Files.createDirectories(dir);
        return start(dir, made);
    }

    private static Staging start(Path dir, List<Path> made) throws IOException {
        hook();
        sweep(dir);
        Staging s = new Staging(dir, Files.createTempDirectory(dir, PREFIX), made);
        OPEN.add(s);
        try {
            Files.writeString(s.root.resolve(LOCK), lockText(ProcessHandle.current()));
            Files.createDirectory(s.files);
        } catch (IOException | RuntimeException e) {
            s.close();
            throw e;
        }
        return s;
    }

    private static void hook() throws IOException {
        if (HOOKED.compareAndSet(false, true)) {
            try {
                Runtime.getRuntime().addShutdownHook(new Thread(() -> OPEN.forEach(Staging::close),
                        "staging-cleanup"));
            } catch (IllegalStateException e) {
                throw new IOException("the program is shutting down", e);
            }
        }
    }

    static String lockText(ProcessHandle p) {
        Optional<Instant> start = p.info().startInstant();
        return p.pid() + "\n" + start.map(i -> i.toEpochMilli() + "\n").orElse("");
    }

    /** Where the file {@code name} is written before the commit. */
    public Path file(String name) {
        Path p = files.resolve(name);
        if (!p.getParent().equals(files)) {
            throw new IllegalArgumentException("not a plain file name: " + name);
        }
        return p;
    }

    /**
     * Moves every file written into the target folder, in name order, and returns where they went.
     * With {@link AtomicFiles.Existing#FAIL} a name that exists stops it before anything moves.
     * The moves are renames within one folder (no space needed); should one still fail, the
     * message names the files already moved.
     */
    public synchronized List<Path> commit(AtomicFiles.Existing existing) throws IOException {
        if (closed) {
            throw new IOException("stopped before the files were moved into place");
        }
        List<Path> ready;
        try (Stream<Path> s = Files.list(files)) {
            ready = s.sorted().toList();
        }
        for (Path f : ready) {
            Path to = target.resolve(f.getFileName().toString());
            if (existing == AtomicFiles.Existing.FAIL && Files.exists(to, LinkOption.NOFOLLOW_LINKS)) {
                throw new FileAlreadyExistsException(to.toString(), null, "file exists; not overwritten");
            }
            if (Files.isDirectory(to, LinkOption.NOFOLLOW_LINKS)) {
                throw new java.nio.file.FileSystemException(to.toString(), null, "is a folder");
            }
        }
        List<Path> moved = new ArrayList<>();
        for (Path f : ready) {
            Path to = target.resolve(f.getFileName().toString());
            try {
                if (existing == AtomicFiles.Existing.FAIL) {
                    Files.move(f, to);
                } else {
                    Files.move(f, to, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
                }
            } catch (IOException e) {
                if (moved.isEmpty()) {
                    throw e;
                }
                throw new IOException(e.getMessage() + "; " + moved.size() + " of " + ready.size()
                        + " files were already in place: " + String.join(", ",
                        moved.stream().map(p -> p.getFileName().toString()).toList()), e);
            }
            moved.add(to);
        }
        committed = true;
        return moved;
    }

    /** Removes the staging folder (and, without a commit, the folders {@link #create} made). */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        OPEN.remove(this);
        deleteTree(root);
        if (!committed) {
            for (Path p : madeFolders) {
                try {
                    Files.deleteIfExists(p);
                } catch (IOException e) {
                    break; // not empty: someone else put something there meanwhile
                }
            }
        }
    }

    /** Removes the staging folders in {@code dir} whose owners are gone; returns how many. */
    static int sweep(Path dir) {
        List<Path> found = new ArrayList<>();
        try (DirectoryStream<Path> s = Files.newDirectoryStream(dir, PREFIX + "*")) {
            s.forEach(found::add);
        } catch (IOException | UncheckedIOException e) {
            return 0; // best effort: leftovers that cannot be listed do not stop this run
        }
        int removed = 0;
        for (Path p : found) {
            if (Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS) && !ownerAlive(p)) {
                deleteTree(p);
                removed++;
            }
        }
        return removed;
    }

    static boolean ownerAlive(Path staging) {
        List<String> lines;
        try {
            lines = Files.readAllLines(staging.resolve(LOCK));
        } catch (IOException e) {
            lines = List.of();
        }
        if (lines.isEmpty() || !lines.get(0).strip().matches("\\d{1,18}")) {
            return youngerThan(staging, NO_LOCK_GRACE);
        }
        Optional<ProcessHandle> owner = ProcessHandle.of(Long.parseLong(lines.get(0).strip()));
        if (owner.isEmpty() || !owner.get().isAlive()) {
            return false;
        }
        if (lines.size() > 1 && lines.get(1).strip().matches("\\d{1,18}")) {
            long started = Long.parseLong(lines.get(1).strip());
            Optional<Instant> now = owner.get().info().startInstant();
            if (now.isPresent() && Math.abs(now.get().toEpochMilli() - started) > SAME_START_MS) {
                return false; // the process id was reused by a later process
            }
        }
        return true;
    }

    private static boolean youngerThan(Path p, Duration age) {
        try {
            Instant modified = Files.getLastModifiedTime(p, LinkOption.NOFOLLOW_LINKS).toInstant();
            return modified.isAfter(Instant.now().minus(age));
        } catch (IOException e) {
            return true;
        }
    }

    /** Deletes {@code dir} and all in it; walks again when a writer still running added a file meanwhile. */
    static void deleteTree(Path dir) {
        for (int attempt = 0; attempt < 10 && Files.exists(dir, LinkOption.NOFOLLOW_LINKS); attempt++) {
            try (Stream<Path> all = Files.walk(dir)) {
                for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(p);
                }
            } catch (IOException | UncheckedIOException e) {
                // try again: a file appeared or vanished under the walk
            }
        }
    }
}
