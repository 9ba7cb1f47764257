package org.attentionexplainer.export;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.ResourceBundle;
import java.util.Set;
import java.util.TreeSet;
import org.attentionexplainer.i18n.Localization;
import org.attentionexplainer.render.ColorMap;
import org.attentionexplainer.render.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The problems of an export (a size out of range, a folder that is not there, a file that
 * exists, a head that does not exist) are message keys of both bundles: a Turkish reader reads
 * them in Turkish, with no English left, while their messages, for the command line and logs,
 * stay the English ones.
 */
class ExportMessagesTest {
    private static final Localization TURKISH = Localization.of(Locale.forLanguageTag("tr"));
    private static final Localization ENGLISH = Localization.of(Locale.ENGLISH);

    @TempDir
    Path dir;

    @Test
    void everyExportAndCommandLineMessageIsTurkishInTurkish() {
        ResourceBundle en = ResourceBundle.getBundle(Localization.BUNDLE, Locale.ROOT);
        Set<String> english = new TreeSet<>();
        int keys = 0;
        for (String key : en.keySet()) {
            if (!key.startsWith("export.problem.") && !key.startsWith("export.io.") && !key.startsWith("cli.")) {
                continue;
            }
            keys++;
            Object[] args = {"A", "B", "C", "D", "E", "F", "G", "H", "I"};
            String tr = TURKISH.get(key, args);
            if (tr.startsWith("!") || tr.equals(ENGLISH.get(key, args)) || tr.contains("{")) {
                english.add(key + ": " + tr);
            }
        }
        assertTrue(keys >= 25, keys + " keys");
        assertEquals(Set.of(), english);
    }

    /** What the window says, in Turkish, and what the command line says. */
    private static void assertWorded(Throwable e, String turkish, String english) {
        assertEquals(turkish, ExportErrors.describe(TURKISH, e));
        assertEquals(english, ExportErrors.describe(ENGLISH, e));
    }

    @Test
    void sizesAndHeadsOutOfRangeReadInTurkish() {
        ExportProblem scale = assertThrows(ExportProblem.class, () -> Resolution.times(5));
        assertEquals("scale must be 1, 2, 3 or 4, got 5", scale.getMessage());
        assertWorded(scale, "ölçek 1, 2, 3 ya da 4 olmalı, verilen: 5", "scale must be 1, 2, 3 or 4, got 5");
        ExportProblem dpi = assertThrows(ExportProblem.class, () -> Resolution.dpi(1200));
        assertWorded(dpi, "dpi [72, 600] aralığında olmalı, verilen: 1200", "dpi must be in [72, 600], got 1200");
        ExportProblem none = assertThrows(ExportProblem.class, () -> request(Set.of(), List.of()));
        assertWorded(none, "en az bir biçim seçin", "choose at least one format");
        ExportProblem head = assertThrows(ExportProblem.class,
                () -> request(Set.of(ExportFormat.PNG), List.of(4)).headsOf(2));
        assertWorded(head, "5. kafa yok: modelin 2 kafası var", "head 5 does not exist: the model has 2 heads");
    }

    private static ExportRequest request(Set<ExportFormat> formats, List<Integer> heads) {
        return new ExportRequest(formats, Stage.WEIGHTS, heads, false, ColorMap.VIRIDIS, false, true,
                new FigureParts(true, true, true, true), "", Resolution.times(1));
    }

    @Test
    void filesThatCannotBeWrittenReadInTurkish() throws Exception {
        Path missing = dir.resolve("missing");
        FileSystemException gone = assertThrows(FileSystemException.class,
                () -> AtomicFiles.write(missing.resolve("a.png"), AtomicFiles.Existing.FAIL, out -> { }));
        assertWorded(gone, missing + " klasörü yok", "folder " + missing + " does not exist");
        Path there = Files.writeString(dir.resolve("b.csv"), "1");
        FileSystemException exists = assertThrows(FileSystemException.class,
                () -> AtomicFiles.write(there, AtomicFiles.Existing.FAIL, out -> { }));
        assertWorded(exists, there + " zaten var; üzerine yazılmadı", there + " exists; not overwritten");
        assertWorded(new AccessDeniedException("/x"), "izin yok (/x)", "permission denied (/x)");
        assertWorded(new FileProblem("/y", "export.io.notFolder"), "/y bir dosya, klasör değil",
                "/y is a file, not a folder");
    }
}
