package org.attentionexplainer.export;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.attentionexplainer.engine.AttentionEngine;
import org.attentionexplainer.engine.AttentionTrace;
import org.attentionexplainer.lesson.explorer.AttentionControls;
import org.attentionexplainer.lesson.explorer.LoadedData;
import org.attentionexplainer.lesson.explorer.ModelBuilder;
import org.attentionexplainer.lesson.explorer.ModelSettings;
import org.attentionexplainer.lesson.explorer.ProjectionKind;
import org.attentionexplainer.render.ColorMap;
import org.attentionexplainer.render.Stage;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Staging folders: all-or-nothing batches, a full disk mid-export, and stale staging of dead runs. */
class StagingTest {
    private static AttentionTrace trace;

    @TempDir
    Path dir;

    @BeforeAll
    static void compute() {
        System.setProperty("java.awt.headless", "true");
        ModelSettings m = new ModelSettings(List.of("Your", "journey", "starts", "with", "one", "step"), 12, 4,
                ProjectionKind.SEPARATE, 123, 0, false);
        trace = new AttentionEngine().compute(AttentionControls.defaults().applyTo(new ModelBuilder().build(m,
                LoadedData.NONE)));
    }

    private static ExportRequest pngs() {
        return new ExportRequest(Set.of(ExportFormat.PNG), Stage.WEIGHTS, List.of(), true, ColorMap.VIRIDIS, false,
                true, FigureParts.ALL, null, Resolution.times(1));
    }

    private static List<String> names(Path folder) throws IOException {
        try (Stream<Path> s = Files.list(folder)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    /** A disk that fills up after {@code room} bytes, as a real one says it. */
    private static final class FullDisk extends FilterOutputStream {
        private int room;
        private final Runnable onFull;

        FullDisk(OutputStream out, int room, Runnable onFull) {
            super(out);
            this.room = room;
            this.onFull = onFull;
        }

        @Override
        public void write(int b) throws IOException {
            if (room-- <= 0) {
                onFull.run();
                throw new IOException("No space left on device");
            }
            out.write(b);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            for (int i = 0; i < len; i++) {
                write(b[off + i]);
            }
        }
    }

    @Test
    void aFullDiskMidExportLeavesNothingAndTheExporterWaitsForItsWriters() throws Exception {
        Files.writeString(dir.resolve("notes.txt"), "mine");
        CountDownLatch full = new CountDownLatch(1);
        AtomicInteger opened = new AtomicInteger();
        AtomicInteger closed = new AtomicInteger();
        // head-01 runs out of space; head-02, written at the same time on another thread, is still
        // finishing its file when that happens.
        BatchExporter exporter = new BatchExporter(new AttentionFigures(org.attentionexplainer.i18n.Localization.of(Locale.ENGLISH)), file -> {
            opened.incrementAndGet();
            boolean failing = file.getFileName().toString().contains("head-01");
            OutputStream real = Files.newOutputStream(file);
            return new FilterOutputStream(failing ? new FullDisk(real, 1000, full::countDown) : real) {
                @Override
                public void write(byte[] b, int off, int len) throws IOException {
                    out.write(b, off, len);
                }

                @Override
                public void close() throws IOException {
                    try {
                        if (!failing && full.await(10, TimeUnit.SECONDS)) {
                            Thread.sleep(200);
                        }
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    super.close();
                    closed.incrementAndGet();
                }
            };
        });
        IOException e = assertThrows(IOException.class, () -> exporter.export(trace, pngs(), dir,
                AtomicFiles.Existing.FAIL, (a, b, c) -> { }, () -> false));
        assertEquals("No space left on device", e.getMessage());
        assertEquals(opened.get(), closed.get(), "every file begun was finished before the error came back");
        assertEquals(List.of("notes.txt"), names(dir), "no head, no temporary file, no staging folder");
    }

    @Test
    void aFailedSingleFileLeavesNoStaging() throws Exception {
        assertThrows(IOException.class, () -> AtomicFiles.write(dir.resolve("a.csv"), AtomicFiles.Existing.REPLACE,
                out -> new FullDisk(out, 10, () -> { }).write(new byte[100])));
        assertEquals(List.of(), names(dir));
    }

    private Path staging(String name, String lock) throws IOException {
        Path p = Files.createDirectories(dir.resolve(Staging.PREFIX + name).resolve("files"));
        Files.writeString(p.resolve("head-01.png"), "half a picture");
        if (lock != null) {
            Files.writeString(p.getParent().resolve(Staging.LOCK), lock);
        }
        return p.getParent();
    }

    @Test
    void theNextRunRemovesStagingOfDeadRunsAndLeavesLiveOnes() throws Exception {
        Process gone = new ProcessBuilder("true").start();
        gone.waitFor();
        ProcessHandle me = ProcessHandle.current();
        Path dead = staging("dead", gone.pid() + "\n");
        Path live = staging("live", Staging.lockText(me));
        long myStart = me.info().startInstant().orElseThrow().toEpochMilli();
        Path reused = staging("reused", me.pid() + "\n" + (myStart - 3_600_000) + "\n");
        Path freshWithoutLock = staging("fresh", null);
        Path oldWithoutLock = staging("old", null);
        Files.setLastModifiedTime(oldWithoutLock, FileTime.from(Instant.now().minus(Staging.NO_LOCK_GRACE)
                .minusSeconds(5)));

        AtomicFiles.write(dir.resolve("grid.csv"), AtomicFiles.Existing.FAIL, out -> out.write('1'));

        assertFalse(Files.exists(dead), "the owner is dead");
        assertFalse(Files.exists(reused), "the process id now belongs to a process started later");
        assertFalse(Files.exists(oldWithoutLock), "no lock for longer than a run takes to write one");
        assertTrue(Files.exists(live.resolve("files/head-01.png")), "a live run's staging is left alone");
        assertTrue(Files.exists(freshWithoutLock), "a run may be about to write its lock");
        assertEquals(List.of(Staging.PREFIX + "fresh", Staging.PREFIX + "live", "grid.csv"), names(dir));
    }

    @Test
    void aRefusedCommitMovesNothingAndClosingRemovesTheFoldersItMade() throws Exception {
        Path out = dir.resolve("a/b");
        Files.createDirectories(dir.resolve("c"));
        Files.writeString(dir.resolve("c/q.npy"), "mine");
        try (Staging s = Staging.open(dir.resolve("c"))) {
            Files.writeString(s.file("k.npy"), "k");
            Files.writeString(s.file("q.npy"), "q");
            assertThrows(FileAlreadyExistsException.class, () -> s.commit(AtomicFiles.Existing.FAIL));
        }
        assertEquals(List.of("q.npy"), names(dir.resolve("c")));
        assertEquals("mine", Files.readString(dir.resolve("c/q.npy")));
        try (Staging s = Staging.create(out)) {
            Files.writeString(s.file("k.npy"), "k");
        }
        assertEquals(List.of("c"), names(dir), "a/b made for the results and removed again with nothing in it");
        try (Staging s = Staging.create(out)) {
            Files.writeString(s.file("k.npy"), "k");
            assertEquals(List.of(out.resolve("k.npy")), s.commit(AtomicFiles.Existing.FAIL));
        }
        assertEquals(List.of("k.npy"), names(out));
        assertThrows(IllegalArgumentException.class, () -> {
            try (Staging s = Staging.open(out)) {
                s.file("../escape");
            }
        });
    }
}
