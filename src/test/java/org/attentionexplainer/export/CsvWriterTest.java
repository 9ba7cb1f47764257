package org.attentionexplainer.export;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CsvWriterTest {
    @TempDir
    Path dir;

    @Test
    void labelsASpreadsheetWouldRunAsAFormulaAreWrittenAsText() throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        float[][] m = {{-0.5f, 1f}, {0f, -1f}};
        CsvWriter.write(out, m, List.of("=HYPERLINK(\"x\",\"y\")", "-"), List.of("+1", "@SUM(A1)"), "query\\key", 1);
        String csv = out.toString(StandardCharsets.UTF_8);
        // labels get an apostrophe (and quotes where they hold one); numbers stay numbers
        assertEquals("query\\key,'+1,'@SUM(A1)\r\n\"'=HYPERLINK(\"\"x\"\",\"\"y\"\")\",-0.5,1.0\r\n'-,0.0,-1.0\r\n", csv);
    }

    @Test
    void labelsQuotingAndInfinity() throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        float[][] m = {{0.25f, Float.NEGATIVE_INFINITY}, {1f, 0.5f}};
        CsvWriter.write(out, m, List.of("a,b", "say \"hi\""), List.of("x", "y"), "query\\key", 4);
        String csv = out.toString(StandardCharsets.UTF_8);
        assertEquals("query\\key,x,y\r\n\"a,b\",0.2500,-inf\r\n\"say \"\"hi\"\"\",1.0000,0.5000\r\n", csv);
    }

    @Test
    void atomicWriteRefusesToOverwriteWhenAskedAndLeavesNoTemporaryFile() throws IOException {
        Path target = dir.resolve("head-01.csv");
        AtomicFiles.write(target, AtomicFiles.Existing.FAIL, o -> o.write("one".getBytes()));
        assertThrows(FileAlreadyExistsException.class,
                () -> AtomicFiles.write(target, AtomicFiles.Existing.FAIL, o -> o.write("two".getBytes())));
        assertEquals("one", Files.readString(target));
        assertThrows(IOException.class, () -> AtomicFiles.write(target, AtomicFiles.Existing.REPLACE, o -> {
            o.write("half".getBytes());
            throw new IOException("disk full");
        }));
        assertEquals("one", Files.readString(target), "a failed write leaves the old file intact");
        try (var files = Files.list(dir)) {
            assertEquals(1, files.count(), "no temporary files left behind");
        }
        IOException missing = assertThrows(IOException.class, () -> AtomicFiles.write(dir.resolve("no/such/x.csv"),
                AtomicFiles.Existing.REPLACE, o -> { }));
        assertTrue(missing.getMessage().contains("does not exist"), missing.getMessage());
    }
}
