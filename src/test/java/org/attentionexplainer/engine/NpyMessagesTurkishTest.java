package org.attentionexplainer.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.attentionexplainer.i18n.Localization;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A .npy file that cannot be read is refused in the reader's language: every refusal of the
 * reader, worded in Turkish, names the same file, reads differently from its English (which
 * stays as it was) and leaves no pattern unformatted.
 */
class NpyMessagesTurkishTest {
    private static final Localization TR = TurkishWording.TR;
    private static final String F4 = "{'descr': '<f4', 'fortran_order': False, 'shape': (2,), }";

    @TempDir
    Path dir;

    /** A .npy file as NumPy's format description lays it out, with the header length it declares. */
    private static byte[] npy(int major, int declaredLength, String dict, byte[] body) {
        byte[] header = dict.getBytes(StandardCharsets.ISO_8859_1);
        int lenBytes = major == 1 ? 2 : 4;
        ByteBuffer b = ByteBuffer.allocate(8 + lenBytes + header.length + body.length).order(ByteOrder.LITTLE_ENDIAN);
        b.put(new byte[] {(byte) 0x93, 'N', 'U', 'M', 'P', 'Y', (byte) major, 0});
        if (major == 1) {
            b.putShort((short) declaredLength);
        } else {
            b.putInt(declaredLength);
        }
        return b.put(header).put(body).array();
    }

    private static byte[] npy(String dict, byte[] body) {
        return npy(1, dict.length(), dict, body);
    }

    /** Bad files by what is wrong with them, each with the English the reader has always given. */
    static Stream<Arguments> badFiles() {
        return Stream.of(
                Arguments.of("text", "not a .npy file (no NumPy magic header)", "hello, world".getBytes()),
                Arguments.of("empty", "not a .npy file (no NumPy magic header)", new byte[0]),
                Arguments.of("no length", "truncated .npy header", new byte[] {(byte) 0x93, 'N', 'U', 'M', 'P', 'Y',
                        1, 0, 5}),
                Arguments.of("header cut", "truncated .npy header", npy(1, 200, F4, new byte[0])),
                Arguments.of("header length", ".npy header of 1048576 bytes is not plausible",
                        npy(2, 1 << 20, F4, new byte[8])),
                Arguments.of("version", "unsupported .npy version 4", npy(4, F4.length(), F4, new byte[8])),
                Arguments.of("no descr", ".npy header has no 'descr'",
                        npy("{'fortran_order': False, 'shape': (2,), }", new byte[8])),
                Arguments.of("no shape", ".npy header has no 'shape'",
                        npy("{'descr': '<f4', 'fortran_order': False, }", new byte[8])),
                Arguments.of("fortran", "Fortran-order arrays are not supported; save a C-order array "
                        + "(numpy.ascontiguousarray)", npy(F4.replace("False", "True"), new byte[8])),
                Arguments.of("dimension text", "bad dimension '2x' in .npy shape",
                        npy(F4.replace("(2,)", "(2x,)"), new byte[8])),
                Arguments.of("dimension range", "bad dimension 99999999999 in .npy shape",
                        npy(F4.replace("(2,)", "(99999999999,)"), new byte[8])),
                Arguments.of("too many values", "array of shape (100000, 100000) exceeds the limit of 268435456 values",
                        npy(F4.replace("(2,)", "(100000, 100000)"), new byte[8])),
                Arguments.of("complex", "unsupported dtype '<c8' (use float32 or float64)",
                        npy(F4.replace("<f4", "<c8"), new byte[16])),
                Arguments.of("short dtype", "unsupported dtype '<f'", npy(F4.replace("<f4", "<f"), new byte[8])),
                Arguments.of("big-endian", "big-endian arrays are not supported; save with dtype '<f4'",
                        npy(F4.replace("<f4", ">f4"), new byte[8])),
                Arguments.of("data cut", "file is truncated: shape (2,) of <f4 needs 8 bytes of data, the file has 5",
                        npy(F4, new byte[5])));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badFiles")
    void everyRefusalOfABadFileIsWordedInTurkish(String what, String problem, byte[] bytes) throws IOException {
        Path file = Files.write(dir.resolve("w.npy"), bytes);
        UnusableFile e = assertThrows(UnusableFile.class, () -> Npy.read(file));
        assertEquals(file + ": " + problem, e.getMessage(), "the English stays as it was");
        TurkishWording.assertTurkishAbout(e, file.toString());
    }

    @Test
    void aMissingFileAndAFolderAreRefusedInTurkish() throws IOException {
        Path missing = dir.resolve("yok.npy");
        UnusableFile e = assertThrows(UnusableFile.class, () -> Npy.read(missing));
        assertEquals(missing + ": no such file", e.getMessage());
        assertEquals(missing + ": böyle bir dosya yok", e.wordedIn(TR));
        Path folder = Files.createDirectory(dir.resolve("klasör.npy"));
        e = assertThrows(UnusableFile.class, () -> Npy.read(folder));
        assertEquals(folder + ": is a folder, not a .npy file", e.getMessage());
        TurkishWording.assertTurkishAbout(e, folder.toString());
    }

    @Test
    void aStreamThatEndsEarlyOrHoldsMoreThanOneReadIsRefusedInTurkish() {
        byte[] cut = npy(F4, new byte[5]);
        UnusableFile e = assertThrows(UnusableFile.class,
                () -> Npy.read(new ByteArrayInputStream(cut), -1, Npy.DEFAULT_MAX_VALUES, "akış.npy"));
        assertEquals("akış.npy: file is truncated", e.getMessage());
        TurkishWording.assertTurkishAbout(e, "akış.npy");
        byte[] big = npy(F4.replace("<f4", "<f8").replace("(2,)", "(268435456,)"), new byte[16]);
        e = assertThrows(UnusableFile.class,
                () -> Npy.read(new ByteArrayInputStream(big), -1, Npy.DEFAULT_MAX_VALUES, "büyük.npy"));
        TurkishWording.assertTurkishAbout(e, "büyük.npy");
    }

    @Test
    void theTurkishKeepsTheFileTheShapeAndTheTypeAsTheFileGaveThem() throws IOException {
        Path file = Files.write(dir.resolve("x.npy"), npy(F4.replace("<f4", "<c8"), new byte[16]));
        UnusableFile e = assertThrows(UnusableFile.class, () -> Npy.read(file));
        assertEquals(file + ": desteklenmeyen veri türü (dtype) '<c8' (float32 ya da float64 kullanın)",
                e.wordedIn(TR));
        Files.write(file, npy(F4, new byte[5]));
        e = assertThrows(UnusableFile.class, () -> Npy.read(file));
        assertEquals(file + ": dosya yarıda kesilmiş: <f4 türündeki (2,) biçimi 8 bayt veri ister, dosyada 5 bayt var",
                e.wordedIn(TR));
    }
}
