package org.attentionexplainer.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NpyTest {
    @TempDir
    Path dir;

    /** A .npy file built byte by byte as NumPy's format description says. */
    private static byte[] npy(int major, String dict, byte[] body) {
        String header = dict + " ".repeat(3) + "\n";
        int lenBytes = major == 1 ? 2 : 4;
        ByteBuffer b = ByteBuffer.allocate(8 + lenBytes + header.length() + body.length).order(ByteOrder.LITTLE_ENDIAN);
        b.put(new byte[] {(byte) 0x93, 'N', 'U', 'M', 'P', 'Y', (byte) major, 0});
        if (major == 1) {
            b.putShort((short) header.length());
        } else {
            b.putInt(header.length());
        }
        b.put(header.getBytes(StandardCharsets.ISO_8859_1)).put(body);
        return b.array();
    }

    private Path file(byte[] bytes) throws IOException {
        Path p = Files.createTempFile(dir, "a", ".npy");
        Files.write(p, bytes);
        return p;
    }

    @Test
    void readsTheGoldenFileWrittenByNumPy() throws Exception {
        Tensor x = Npy.read(Path.of(getClass().getResource("/golden/shared/hello_shiny_sun_simple/inputs.npy").toURI()));
        assertArrayEquals(new int[] {3, 3}, x.shape());
        assertEquals(0.53f, x.get(1, 0));
        assertEquals(0.93f, x.get(2, 2));
    }

    @Test
    void readsFloat64AndVersion2() throws Exception {
        ByteBuffer body = ByteBuffer.allocate(16).order(ByteOrder.LITTLE_ENDIAN).putDouble(1.5).putDouble(-2.25);
        Tensor t = Npy.read(file(npy(2, "{'descr': '<f8', 'fortran_order': False, 'shape': (2,), }", body.array())));
        assertArrayEquals(new float[] {1.5f, -2.25f}, t.toArray());
    }

    @Test
    void writesWhatItReads() throws Exception {
        Tensor t = Tensor.of(new float[] {1, 2, 3, 4, 5, 6, Float.NEGATIVE_INFINITY, 0}, 2, 2, 2);
        Path p = dir.resolve("t.npy");
        Npy.write(p, t);
        assertEquals(t, Npy.read(p));
        assertEquals(0, (Files.size(p) - 8 * 4) % 64, "header and prefix fill whole 64-byte blocks");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Npy.write(out, Tensor.vector(7f));
        assertTrue(new String(out.toByteArray(), StandardCharsets.ISO_8859_1).contains("'shape': (1,)"));
    }

    @Test
    void hugeDeclaredShapeIsRefusedBeforeAllocating() throws Exception {
        Path p = file(npy(1, "{'descr': '<f4', 'fortran_order': False, 'shape': (100000, 100000), }", new byte[8]));
        IOException e = assertThrows(IOException.class, () -> Npy.read(p));
        assertTrue(e.getMessage().contains("exceeds the limit"), e.getMessage());
    }

    @Test
    void truncatedDataIsRefused() throws Exception {
        Path p = file(npy(1, "{'descr': '<f4', 'fortran_order': False, 'shape': (4,), }", new byte[8]));
        assertTrue(assertThrows(IOException.class, () -> Npy.read(p)).getMessage().contains("truncated"));
    }

    @Test
    void notNpyFortranOrderAndMissingFile() throws Exception {
        assertTrue(assertThrows(IOException.class, () -> Npy.read(file("hello".getBytes())))
                .getMessage().contains("not a .npy file"));
        Path fortran = file(npy(1, "{'descr': '<f4', 'fortran_order': True, 'shape': (1,), }", new byte[4]));
        assertTrue(assertThrows(IOException.class, () -> Npy.read(fortran)).getMessage().contains("Fortran"));
        assertTrue(assertThrows(IOException.class, () -> Npy.read(dir.resolve("missing.npy")))
                .getMessage().contains("no such file"));
    }

    @Test
    void integerAndBooleanArraysBecomeFloats() throws Exception {
        Tensor t = Npy.read(file(npy(1, "{'descr': '|b1', 'fortran_order': False, 'shape': (1, 3), }",
                new byte[] {1, 0, 1})));
        assertArrayEquals(new float[] {1, 0, 1}, t.toArray());
    }

    @Test
    void headerTextQuotedInAMessageStaysOnOneLine() throws Exception {
        // found by NpyFuzzTest: a dimension or dtype with a line break or an escape character in it
        Path dim = file(npy(1, "{'descr': '<f4', 'fortran_order': False, 'shape': (3\nx,), }", new byte[12]));
        assertEquals(dim + ": bad dimension '3\\nx' in .npy shape",
                assertThrows(IOException.class, () -> Npy.read(dim)).getMessage());
        Path dtype = file(npy(1, "{'descr': '<\u001bf8', 'fortran_order': False, 'shape': (3,), }", new byte[6]));
        assertEquals(dtype + ": unsupported dtype '<\\u001bf8' (use float32 or float64)",
                assertThrows(IOException.class, () -> Npy.read(dtype)).getMessage());
    }

    @Test
    void eightByteValuesBeyondOneJavaArrayAreRefusedInOneLine() {
        // 2^28 float64 values are within the value limit but 2^31 bytes, more than a Java array holds:
        // read from a stream of unknown length, that reached Math.toIntExact (ArithmeticException)
        byte[] header = npy(1, "{'descr': '<f8', 'fortran_order': False, 'shape': (268435456,), }", new byte[16]);
        IOException e = assertThrows(IOException.class,
                () -> Npy.read(new java.io.ByteArrayInputStream(header), -1, Npy.DEFAULT_MAX_VALUES, "big.npy"));
        assertEquals("big.npy: array of shape (268435456,) of <f8 needs 2147483648 bytes, more than one read can "
                + "hold; save it as float32", e.getMessage());
    }
}
