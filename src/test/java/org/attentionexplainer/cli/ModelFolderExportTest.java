package org.attentionexplainer.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.attentionexplainer.engine.Npy;
import org.attentionexplainer.engine.Tensor;
import org.attentionexplainer.engine.model.TinyModels;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code export --model-folder}: a tiny GPT-2 folder's maps, one file per head of the chosen
 * layers, whose numbers are PyTorch's; and one line on stderr for a bad folder, nothing written.
 */
class ModelFolderExportTest {
    @TempDir
    Path dir;

    private List<String> names(Path folder) throws IOException {
        try (var s = Files.list(folder)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void everyHeadOfTheChosenLayersWithPyTorchsWeights() throws Exception {
        String text = TinyModels.text("tiny-gpt2");
        Path out = dir.resolve("maps");
        CliRun r = CliRun.of("export", "--model-folder", TinyModels.folder("tiny-gpt2").toString(), "--sentence",
                text, "--layers", "2", "--format", "npy,png", "--out", out.toString());
        assertEquals(0, r.status(), r.err());
        assertEquals(List.of("layer-02"), names(out));
        assertEquals(List.of("grid.npy", "grid.png", "head-01.npy", "head-01.png", "head-02.npy", "head-02.png",
                "head-03.npy", "head-03.png", "head-04.npy", "head-04.png"), names(out.resolve("layer-02")));
        assertTrue(r.out().contains("wrote 10 files"), r.out());
        Tensor reference = TinyModels.attentions("tiny-gpt2");
        Tensor head3 = Npy.read(out.resolve("layer-02").resolve("head-03.npy"));
        int t = reference.dim(2);
        assertArrayEquals(new int[] {t, t}, head3.shape());
        for (int i = 0; i < t; i++) {
            for (int j = 0; j < t; j++) {
                assertEquals(reference.get(1, 2, i, j), head3.get(i, j), 1e-4, "(" + i + ", " + j + ")");
            }
        }
    }

    @Test
    void allLayersByDefault() throws Exception {
        CliRun r = CliRun.of("export", "--model-folder", TinyModels.folder("tiny-bert").toString(), "--sentence",
                "the cat sat", "--format", "csv", "--out", dir.toString(), "--quiet");
        assertEquals(0, r.status(), r.err());
        assertEquals(List.of("layer-01", "layer-02"), names(dir));
        assertEquals("", r.out());
    }

    @Test
    void aBadFolderIsOneLineOnStderrAndNothingIsWritten() throws Exception {
        Path bad = TinyModels.copy("tiny-gpt2", dir.resolve("models"));
        Files.delete(bad.resolve("config.json"));
        Path out = dir.resolve("maps");
        for (String[] args : List.of(
                new String[] {"--model-folder", bad.toString(), "--sentence", "The cat"},
                new String[] {"--model-folder", dir.resolve("none").toString(), "--sentence", "The cat"},
                new String[] {"--model-folder", TinyModels.folder("tiny-gpt2").toString()},
                new String[] {"--model-folder", TinyModels.folder("tiny-gpt2").toString(), "--sentence", "The cat",
                        "--layers", "3"},
                new String[] {"--model-folder", TinyModels.folder("tiny-gpt2").toString(), "--sentence",
                        "The cat ".repeat(20)})) {
            String[] full = new String[args.length + 3];
            full[0] = "export";
            System.arraycopy(args, 0, full, 1, args.length);
            full[args.length + 1] = "--out";
            full[args.length + 2] = out.toString();
            CliRun r = CliRun.of(full);
            assertEquals(ExitCodes.BAD_INPUT, r.status(), r.err());
            String[] lines = r.err().strip().split("\n");
            assertEquals(1, lines.length, r.err());
            assertTrue(lines[0].startsWith("export: "), lines[0]);
            assertFalse(r.err().contains("Exception"), r.err());
            assertFalse(Files.exists(out), "nothing written for " + List.of(args));
        }
        CliRun missing = CliRun.of("export", "--model-folder", bad.toString(), "--sentence", "x", "--out", out.toString());
        assertTrue(missing.err().contains("has no config.json"), missing.err());
    }
}
