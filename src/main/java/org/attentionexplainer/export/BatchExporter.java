package org.attentionexplainer.export;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;
import org.attentionexplainer.engine.AttentionTrace;
import org.attentionexplainer.engine.Memory;
import org.attentionexplainer.render.Figure;

/**
 * Every chosen head into a folder, one file per head and format ({@code head-01.png},
 * {@code head-01.csv} ...) plus the grid ({@code grid.png}) when there is more than one
 * head. Names are checked before the first file is written, so a refused overwrite leaves
 * the folder as it was; the files appear all together or, after an error, not at all;
 * cancel stops before the next file and keeps the whole ones. Files are made a few at a
 * time in parallel; progress comes in file order.
 */
public final class BatchExporter {
    /** Called after each file: files done, files in all, the file just written. */
    public interface Progress {
        void update(int done, int total, Path file);
    }

    /** @param written the files written, in order; @param cancelled true if the job stopped early */
    public record Result(List<Path> written, boolean cancelled) {
    }

    private record Job(Path target, int head, ExportFormat format) {
    }

    /** Pictures are painted and encoded in parallel, a few at a time (each 2× map holds ~16 MB). */
    static final int MAX_THREADS = 4;
    /** Opens the file a picture or table is written to; tests put a full disk here. */
    interface Opener {
        OutputStream open(Path file) throws IOException;
    }

    private final AttentionFigures figures;
    private final Opener opener;

    public BatchExporter(AttentionFigures figures) {
        this(figures, Files::newOutputStream);
    }

    BatchExporter(AttentionFigures figures, Opener opener) {
        this.figures = figures;
        this.opener = opener;
    }

    /** The file name of head {@code head} (from 0): head-01.png; two digits at least. */
    public static String headName(int head, int headCount, ExportFormat format) {
        int digits = Math.max(2, String.valueOf(headCount).length());
        return String.format(Locale.ROOT, "head-%0" + digits + "d.%s", head + 1, format.extension());
    }

    public static String gridName(ExportFormat format) {
        return "grid." + format.extension();
    }

    /** The files an export would write, in the order it writes them. */
    public List<Path> plan(AttentionTrace trace, ExportRequest r, Path dir) {
        return jobs(trace, r, dir).stream().map(Job::target).toList();
    }

    /**
     * Writes every file into a staging folder in {@code dir} and moves them in together once all
     * are complete: an error leaves {@code dir} as it was, and is thrown only after every writer
     * still running has stopped. A cancel moves in the files finished so far, each one whole. A
     * {@code dir} that does not exist is made, with its parents, and removed again if nothing is written.
     */
    public Result export(AttentionTrace trace, ExportRequest r, Path dir, AtomicFiles.Existing existing,
                         Progress progress, BooleanSupplier cancelled) throws IOException {
        if (Files.exists(dir) && !Files.isDirectory(dir)) {
            throw new FileProblem(dir.toString(), "export.io.notFolder");
        }
        List<Job> jobs = jobs(trace, r, dir);
        for (Job j : jobs) {
            if (existing == AtomicFiles.Existing.FAIL && Files.exists(j.target())) {
                throw new FileAlreadyExistsException(j.target().toString(), null, "file exists; not overwritten");
            }
            if (Files.isDirectory(j.target())) {
                throw new FileProblem(j.target().toString(), "export.io.isFolder");
            }
        }
        List<Integer> heads = r.headsOf(trace.headCount());
        Figure grid = r.grid() && heads.size() > 1 ? figures.grid(trace, heads, r) : null;
        long largest = requireRoom(jobs, heads.isEmpty() ? null : figures.head(trace, heads.get(0), r), grid, r);
        // as many files at a time as the heap holds
        int threads = (int) Math.max(1, Math.min(Math.min(MAX_THREADS, Runtime.getRuntime().availableProcessors()),
                Memory.usable() / Math.max(1, largest)));
        // a folder that does not exist yet is made (and removed again if the export fails), as command-line tools do
        try (Staging staging = Files.isDirectory(dir) ? Staging.open(dir) : Staging.create(dir)) {
            ExecutorService pool = Executors.newFixedThreadPool(threads, runnable -> {
                Thread t = new Thread(runnable, "export");
                t.setDaemon(true);
                return t;
            });
            AtomicBoolean stop = new AtomicBoolean();
            try {
                List<Future<Path>> futures = new ArrayList<>();
                for (Job j : jobs) {
                    futures.add(pool.submit(() -> stop.get() || cancelled.getAsBoolean() ? null
                            : write(j, trace, r, grid, staging)));
                }
                pool.shutdown();
                Result result = collect(futures, stop, progress);
                staging.commit(existing);
                return result;
            } finally {
                pool.shutdownNow();
                awaitWriters(pool);
            }
        }
    }

    private Path write(Job j, AttentionTrace trace, ExportRequest r, Figure grid, Staging staging) throws IOException {
        Figure f = j.head() < 0 ? grid : figures.head(trace, j.head(), r);
        AtomicFiles.Body body = FigureFiles.body(f, j.format(), r.resolution());
        try (OutputStream out = opener.open(staging.file(j.target().getFileName().toString()))) {
            body.writeTo(out);
        }
        return j.target();
    }

    /**
     * Waits for every file in order, reporting each; after a failure (or an interrupt) the files
     * not yet started are skipped but the ones being written are still waited for, so that no
     * writer is busy in the staging folder when it is removed. Throws the first failure.
     */
    private static Result collect(List<Future<Path>> futures, AtomicBoolean stop, Progress progress)
            throws IOException {
        List<Path> written = new ArrayList<>();
        Throwable failure = null;
        boolean stopped = false;
        boolean interrupted = false;
        for (Future<Path> future : futures) {
            Path done = null;
            boolean waiting = true;
            while (waiting) {
                try {
                    done = future.get();
                    waiting = false;
                } catch (ExecutionException e) {
                    failure = failure == null ? e.getCause() : failure;
                    stop.set(true);
                    waiting = false;
                } catch (InterruptedException e) {
                    interrupted = true;
                    stop.set(true);
                }
            }
            if (failure == null && done == null) {
                stopped = true;
            } else if (failure == null) {
                written.add(done);
                progress.update(written.size(), futures.size(), done);
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        if (failure != null) {
            throw asIo(failure);
        }
        return new Result(List.copyOf(written), stopped || interrupted);
    }

    /**
     * Checks, before any file is written, that every file fits, once per kind: the pictures of
     * the heads are alike, so the first head's figure stands for all. Returns the heap the
     * largest file takes.
     */
    private static long requireRoom(List<Job> jobs, Figure head, Figure grid, ExportRequest r) {
        long largest = 0;
        java.util.Set<String> checked = new java.util.HashSet<>();
        for (Job j : jobs) {
            Figure f = j.head() < 0 ? grid : head;
            if (checked.add((j.head() < 0 ? "grid " : "head ") + j.format())) {
                FigureMemory.require(f, j.format(), r.resolution(), String.valueOf(j.target().getFileName()));
                largest = Math.max(largest, FigureMemory.bytes(f, j.format(), r.resolution()));
            }
        }
        return largest;
    }

    /** Waits, even when interrupted, until no writer is busy in the staging folder any more. */
    private static void awaitWriters(ExecutorService pool) {
        boolean interrupted = false;
        while (true) {
            try {
                if (pool.awaitTermination(1, TimeUnit.MINUTES)) {
                    break;
                }
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    private static IOException asIo(Throwable t) {
        if (t instanceof IOException io) {
            return io;
        }
        if (t instanceof RuntimeException re) {
            throw re;
        }
        if (t instanceof Error e) {
            throw e;
        }
        return new IOException(t);
    }

    private List<Job> jobs(AttentionTrace trace, ExportRequest r, Path dir) {
        List<Integer> heads = r.headsOf(trace.headCount());
        List<ExportFormat> formats = new ArrayList<>(r.formats());
        formats.sort(null);
        List<Job> jobs = new ArrayList<>();
        for (int h : heads) {
            for (ExportFormat f : formats) {
                jobs.add(new Job(dir.resolve(headName(h, trace.headCount(), f)), h, f));
            }
        }
        if (r.grid() && heads.size() > 1) {
            for (ExportFormat f : formats) {
                jobs.add(new Job(dir.resolve(gridName(f)), -1, f));
            }
        }
        return jobs;
    }
}
