package org.attentionexplainer.export;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.BooleanSupplier;
import org.attentionexplainer.engine.AttentionTrace;
import org.attentionexplainer.render.Figure;

/**
 * Every chosen head into a folder, one file per head and format ({@code head-01.png},
 * {@code head-01.csv} ...) plus the grid ({@code grid.png}) when there is more than one
 * head. Names are checked before the first file is written, so a refused overwrite leaves
 * the folder as it was; each file is written whole or not at all; cancel stops before the
 * next file. Files are made a few at a time in parallel; progress comes in file order.
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
    private final AttentionFigures figures;

    public BatchExporter(AttentionFigures figures) {
        this.figures = figures;
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

    public Result export(AttentionTrace trace, ExportRequest r, Path dir, AtomicFiles.Existing existing,
                         Progress progress, BooleanSupplier cancelled) throws IOException {
        if (!Files.isDirectory(dir)) {
            throw new java.nio.file.NoSuchFileException(dir.toString(), null, "no such folder");
        }
        List<Job> jobs = jobs(trace, r, dir);
        if (existing == AtomicFiles.Existing.FAIL) {
            for (Job j : jobs) {
                if (Files.exists(j.target())) {
                    throw new FileAlreadyExistsException(j.target().toString(), null, "file exists; not overwritten");
                }
            }
        }
        List<Integer> heads = r.headsOf(trace.headCount());
        Figure grid = r.grid() && heads.size() > 1 ? figures.grid(trace, heads, r) : null;
        int threads = Math.max(1, Math.min(MAX_THREADS, Runtime.getRuntime().availableProcessors()));
        ExecutorService pool = Executors.newFixedThreadPool(threads, runnable -> {
            Thread t = new Thread(runnable, "export");
            t.setDaemon(true);
            return t;
        });
        List<Path> written = new ArrayList<>();
        try {
            List<Future<Path>> futures = new ArrayList<>();
            for (Job j : jobs) {
                futures.add(pool.submit(() -> {
                    if (cancelled.getAsBoolean()) {
                        return null;
                    }
                    Figure f = j.head() < 0 ? grid : figures.head(trace, j.head(), r);
                    FigureFiles.write(f, j.format(), r.resolution(), j.target(), existing);
                    return j.target();
                }));
            }
            boolean stopped = false;
            IOException failure = null;
            for (Future<Path> future : futures) {
                Path done;
                try {
                    done = future.get();
                } catch (ExecutionException e) {
                    if (failure == null) {
                        failure = asIo(e.getCause());
                    }
                    cancelRest(futures);
                    continue;
                } catch (CancellationException e) {
                    continue;
                }
                if (done == null) {
                    stopped = true;
                    continue;
                }
                written.add(done);
                progress.update(written.size(), jobs.size(), done);
            }
            if (failure != null) {
                throw failure;
            }
            return new Result(List.copyOf(written), stopped);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Result(List.copyOf(written), true);
        } finally {
            pool.shutdownNow();
        }
    }

    private static void cancelRest(List<Future<Path>> futures) {
        for (Future<Path> f : futures) {
            f.cancel(false);
        }
    }

    private static IOException asIo(Throwable t) {
        if (t instanceof IOException io) {
            return io;
        }
        if (t instanceof RuntimeException re) {
            throw re;
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
