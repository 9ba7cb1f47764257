package org.attentionexplainer.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The bench command on tiny shapes: its rows, its table, and one clear line for bad options. */
class BenchCommandTest {
    private static CliRun run(String... args) {
        return CliRun.of(args);
    }

    private static final String[] QUICK = {"bench", "--lengths", "4,8", "--d-model", "16", "--heads", "2",
        "--min-runs", "2", "--min-seconds", "0", "--warmup-seconds", "0", "--gemm", "32"};

    @Test
    void helpPrintsNoFormatWarningAndShowsThePercentSign() {
        CliRun r = run("bench", "--help");
        assertEquals(ExitCodes.OK, r.status(), r.err());
        assertEquals("", r.err());
        assertTrue(r.out().replaceAll("\\s+", " ").contains("15 % slower"), r.out());
    }

    @Test
    void tsvHasOneRowPerCaseWithTheFlopCount() {
        String[] args = Arrays.copyOf(QUICK, QUICK.length + 2);
        args[QUICK.length] = "--format";
        args[QUICK.length + 1] = "tsv";
        CliRun r = run(args);
        assertEquals(ExitCodes.OK, r.status(), r.err());
        List<String> lines = r.out().strip().lines().toList();
        assertEquals("case\tseq\truns\tmedian_ms\tp25_ms\tp75_ms\tmin_ms\tgflop\tgflops\tcpu_ms", lines.get(0));
        assertEquals(List.of("mha\t4", "mha\t8", "hello\t3", "sgemm\t32"),
                lines.subList(1, lines.size()).stream().map(l -> l.split("\t")[0] + "\t" + l.split("\t")[1]).toList());
        // t = 8, d_model = 16, 2 heads (hd 8): QKV 2*8*16*48 + out 2*8*16*16 + 2 * (2*2*8*8*8) = 20480 FLOP
        assertEquals(20480e-9, Double.parseDouble(lines.get(2).split("\t")[7]), 1e-12);
        // 2 * 32^3 = 65536 FLOP
        assertEquals(65536e-9, Double.parseDouble(lines.get(4).split("\t")[7]), 1e-12);
        for (String line : lines.subList(1, lines.size())) {
            assertTrue(Double.parseDouble(line.split("\t")[3]) > 0, line);
        }
    }

    @Test
    void tableNamesTheMachineLimitAndTheMemory() {
        CliRun r = run(QUICK);
        assertEquals(ExitCodes.OK, r.status(), r.err());
        assertTrue(r.out().contains("ND4J start-up"), r.out());
        assertTrue(r.out().contains("Machine limit: SGEMM 32^3"), r.out());
        // one (1, 2, 8, 8) float32 map is 512 bytes
        assertTrue(r.out().lines().anyMatch(l -> l.matches("\\s+8\\s+0\\.0 MiB.*")), r.out());
    }

    @Test
    void badOptionsGetOneLine() {
        for (String[] args : List.of(new String[] {"bench", "--heads", "5"},
                new String[] {"bench", "--lengths", "0"}, new String[] {"bench", "--format", "xml"},
                new String[] {"bench", "--warmup-seconds", "-1"})) {
            CliRun r = run(args);
            assertEquals(ExitCodes.BAD_INPUT, r.status(), r.err());
            assertEquals(1, r.err().strip().lines().count(), r.err());
            assertTrue(r.err().startsWith("bench: "), r.err());
            assertFalse(r.err().contains("Exception"), r.err());
        }
    }
}
