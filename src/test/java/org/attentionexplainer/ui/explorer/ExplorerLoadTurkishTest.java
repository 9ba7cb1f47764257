package org.attentionexplainer.ui.explorer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import java.util.regex.Pattern;
import org.attentionexplainer.engine.AttentionEngine;
import org.attentionexplainer.engine.Npy;
import org.attentionexplainer.engine.Tensor;
import org.attentionexplainer.ui.MemorySettings;
import org.attentionexplainer.ui.TestContexts;
import org.attentionexplainer.ui.i18n.I18n;
import org.attentionexplainer.ui.shell.AppContext;
import org.attentionexplainer.ui.shell.BackgroundWork;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A .npy file the explorer cannot use (unreadable, or of a shape or with values the explorer
 * refuses) is refused in a Turkish explorer in Turkish: the reason reads differently from the
 * English explorer's, leaves no pattern unformatted, and the explorer stays as it was.
 */
class ExplorerLoadTurkishTest {
    private static final Pattern UNFORMATTED = Pattern.compile("\\{\\d|![a-z]+\\.[a-zA-Z.]+!|''");
    private static AppContext english;
    private static AppContext turkish;

    @TempDir
    Path dir;

    @BeforeAll
    static void contexts() {
        english = TestContexts.english();
        turkish = new AppContext(new I18n(Locale.forLanguageTag("tr")), BackgroundWork.sameThread(),
                CompletableFuture.completedFuture(new AttentionEngine()), new MemorySettings());
    }

    private Path npy(String name, float[] values, int... shape) throws IOException {
        Path p = dir.resolve(name);
        Npy.write(p, Tensor.of(values, shape));
        return p;
    }

    private static float[] withNaN(int n) {
        float[] v = new float[n];
        v[n - 1] = Float.NaN;
        return v;
    }

    /** The reason after "Could not use NAME: " or "NAME kullanılamadı: ". */
    private static String reason(ExplorerViewModel vm, String prefix) {
        String m = vm.messageProperty().get();
        assertTrue(vm.errorProperty().get(), m);
        assertTrue(m.startsWith(prefix), m);
        return m.substring(prefix.length());
    }

    private void assertRefusedInTurkish(String name, Consumer<ExplorerViewModel> load) {
        ExplorerViewModel en = new ExplorerViewModel(english);
        ExplorerViewModel tr = new ExplorerViewModel(turkish);
        int before = tr.traceProperty().get().queryLength();
        load.accept(en);
        load.accept(tr);
        String inEnglish = reason(en, "Could not use " + name + ": ");
        String inTurkish = reason(tr, name + " kullanılamadı: ");
        assertNotEquals(inEnglish, inTurkish, "left in English");
        assertFalse(UNFORMATTED.matcher(inTurkish).find(), inTurkish);
        assertEquals(before, tr.traceProperty().get().queryLength(), "the explorer stays as it was");
    }

    @Test
    void tokenVectorsThatCannotBeUsedAreRefusedInTurkish() throws IOException {
        List<Path> bad = new ArrayList<>(List.of(dir.resolve("missing.npy"),
                Files.writeString(dir.resolve("text.npy"), "hello"),
                Files.createDirectory(dir.resolve("folder.npy")),
                npy("cube.npy", new float[8], 2, 2, 2, 1),
                npy("empty.npy", new float[0], 0, 3),
                npy("long.npy", new float[513 * 2], 513, 2),
                npy("nan.npy", withNaN(6), 3, 2)));
        for (Path p : bad) {
            assertRefusedInTurkish(p.getFileName().toString(), vm -> vm.loadInput(p));
        }
    }

    @Test
    void weightsThatCannotBeUsedAreRefusedInTurkish() throws IOException {
        Path vector = npy("W_qkv.npy", new float[12], 12);
        assertRefusedInTurkish("W_qkv.npy", vm -> vm.loadWeights(List.of(vector)));
        Path seven = npy("fused.npy", new float[12 * 7], 12, 7);
        assertRefusedInTurkish("fused.npy", vm -> vm.loadWeights(List.of(seven)));
        Path nan = npy("nan.npy", withNaN(12 * 15), 12, 15);
        assertRefusedInTurkish("nan.npy", vm -> vm.loadWeights(List.of(nan)));
        Path q = npy("W_q.npy", new float[144], 12, 12);
        Path k = npy("W_k.npy", new float[144], 12, 12);
        assertRefusedInTurkish("W_q.npy, W_k.npy", vm -> vm.loadWeights(List.of(q, k)));
        Path a = npy("a.npy", new float[144], 12, 12);
        Path b = npy("b.npy", new float[144], 12, 12);
        Path c = npy("c.npy", new float[144], 12, 12);
        assertRefusedInTurkish("a.npy, b.npy, c.npy", vm -> vm.loadWeights(List.of(a, b, c)));
        Path big = Files.write(dir.resolve("big.npy"), new byte[] {(byte) 0x93, 'N', 'U', 'M', 'P', 'Y', 1, 0, 5});
        assertRefusedInTurkish("big.npy", vm -> vm.loadWeights(List.of(big)));
    }

    @Test
    void aSpecNamingABadNpyFileIsRefusedInTurkishWithTheFieldAndTheFile() throws IOException {
        Path text = Files.writeString(dir.resolve("x.npy"), "hello");
        Path spec = Files.writeString(dir.resolve("case.json"), "{\"input\": \"x.npy\"}");
        assertRefusedInTurkish("case.json", vm -> vm.loadSpec(spec));
        ExplorerViewModel tr = new ExplorerViewModel(turkish);
        tr.loadSpec(spec);
        assertEquals("case.json kullanılamadı: input: " + text + ": .npy dosyası değil (NumPy imza başlığı yok)",
                tr.messageProperty().get());
    }

    @Test
    void theTurkishKeepsTheNameAndTheShape() throws IOException {
        ExplorerViewModel tr = new ExplorerViewModel(turkish);
        tr.loadInput(npy("cube.npy", new float[8], 2, 2, 2, 1));
        assertEquals("cube.npy kullanılamadı: cube.npy: (2, 2, 2, 1) biçimi (t, d) ya da (b, t, d) olmalı",
                tr.messageProperty().get());
        tr.loadWeights(List.of(npy("nan.npy", withNaN(12 * 15), 12, 15)));
        assertEquals("nan.npy kullanılamadı: nan.npy: 180 değerin 180. değeri NaN; her değer sonlu bir sayı olmalı",
                tr.messageProperty().get());
    }
}
