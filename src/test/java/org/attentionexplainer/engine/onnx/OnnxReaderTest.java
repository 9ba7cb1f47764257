package org.attentionexplainer.engine.onnx;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Reads tiny.onnx, written by the official onnx Python package
 * (src/test/python/make_tiny_onnx.py); the expected values are the ones that script writes.
 */
class OnnxReaderTest {

    private static byte[] tinyBytes() throws IOException {
        try (InputStream in = OnnxReaderTest.class.getResourceAsStream("/onnx/tiny.onnx")) {
            return in.readAllBytes();
        }
    }

    @Test
    void readsModelHeaderInputsAndOutputs() throws IOException {
        OnnxModel model = OnnxReader.read(tinyBytes());
        assertEquals(6, model.irVersion());
        assertEquals(11, model.opsetVersion());
        assertEquals("tiny-writer 1.0", model.producer());
        assertEquals(List.of("x"), model.inputs());
        assertEquals(List.of("y"), model.outputs());
    }

    @Test
    void readsRawDataFloatDataAndInt64Initializers() throws IOException {
        OnnxModel model = OnnxReader.read(tinyBytes());
        OnnxTensor w = model.initializer("onnx::MatMul_7").orElseThrow();
        assertArrayEquals(new long[] {2, 3}, w.dims());
        assertArrayEquals(new float[] {1.0f, -2.0f, 3.5f, 0.25f, 0.0f, -1.5f}, w.floats());
        assertEquals(3.5f, w.toTensor().get(0, 2));

        OnnxTensor b = model.initializer("layer.bias").orElseThrow();
        assertArrayEquals(new float[] {0.5f, -0.5f, 1e-12f}, b.floats());

        OnnxTensor ids = model.initializer("position_ids").orElseThrow();
        assertEquals(OnnxTensor.INT64, ids.dataType());
        assertArrayEquals(new long[] {0, 1, 2, 511}, ids.longs());
        OnnxFormatException wrongType = assertThrows(OnnxFormatException.class, ids::floats);
        assertTrue(wrongType.getMessage().contains("position_ids"), wrongType.getMessage());
    }

    @Test
    void readsNodesInOrderWithAttributesAndConstants() throws IOException {
        OnnxModel model = OnnxReader.read(tinyBytes());
        assertEquals(List.of("MatMul", "Add", "Constant", "Div", "Transpose"),
                model.nodes().stream().map(OnnxNode::opType).toList());
        OnnxNode add = model.nodes().get(1);
        assertEquals("/layer/Add", add.name());
        assertEquals(List.of("layer.bias", "mm"), add.inputs());
        assertEquals(List.of("sum"), add.outputs());
        assertEquals(List.of(1L, 0L), model.nodes().get(4).attribute("perm").orElseThrow().ints());
        assertEquals(2.0f, model.constant("two").orElseThrow());
        assertEquals(add, model.producerOf("sum").orElseThrow());
        assertEquals(List.of("Div"), model.consumersOf("sum").stream().map(OnnxNode::opType).toList());
        assertTrue(model.constant("mm").isEmpty());
    }

    @Test
    void truncatedFileFailsWithOneLine() throws IOException {
        byte[] bytes = tinyBytes();
        byte[] cut = Arrays.copyOf(bytes, bytes.length / 2);
        OnnxFormatException e = assertThrows(OnnxFormatException.class, () -> OnnxReader.read(cut));
        assertTrue(!e.getMessage().contains("\n") && !e.getMessage().isBlank(), e.getMessage());
    }

    @Test
    void textIsNotAModel() {
        byte[] text = "this is not an onnx file".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        assertThrows(OnnxFormatException.class, () -> OnnxReader.read(text));
    }

    @Test
    void readAllReportsRisingFractionsEndingAtOne() throws IOException {
        byte[] data = new byte[3_500_000];
        data[data.length - 1] = 7;
        java.util.List<Double> seen = new java.util.ArrayList<>();
        byte[] read = OnnxReader.readAll(new java.io.ByteArrayInputStream(data), data.length, seen::add);
        assertArrayEquals(data, read);
        assertEquals(1.0, seen.get(seen.size() - 1));
        assertTrue(seen.size() >= 4, "one report per megabyte: " + seen);
        for (int i = 1; i < seen.size(); i++) {
            assertTrue(seen.get(i) >= seen.get(i - 1), seen.toString());
        }
        byte[] unsized = OnnxReader.readAll(new java.io.ByteArrayInputStream(data), -1, f -> { });
        assertArrayEquals(data, unsized);
    }

    /** A model whose graph holds one float tensor "w" with the given dims (varint bytes) and 4 bytes of raw data. */
    private static byte[] modelWithTensorDims(int... dimVarints) {
        byte[] tensor = new byte[2 + dimVarints.length + 2 + 3 + 6];
        int i = 0;
        tensor[i++] = 0x0a;                       // field 1 (dims), packed
        tensor[i++] = (byte) dimVarints.length;
        for (int b : dimVarints) {
            tensor[i++] = (byte) b;
        }
        for (int b : new int[] {0x10, 0x01, 0x42, 0x01, 'w', 0x4a, 0x04, 0, 0, 0, 0}) {
            tensor[i++] = (byte) b;                // data_type FLOAT, name "w", raw_data of 4 bytes
        }
        byte[] model = new byte[4 + tensor.length];
        model[0] = 0x3a;                          // ModelProto field 7: the graph
        model[1] = (byte) (tensor.length + 2);
        model[2] = 0x2a;                          // GraphProto field 5: an initializer
        model[3] = (byte) tensor.length;
        System.arraycopy(tensor, 0, model, 4, tensor.length);
        return model;
    }

    @Test
    void aDimensionBeyondAnIntIsRefusedInOneLine() {
        // dims [2^31]: 80 80 80 80 08; shape() reached Math.toIntExact (ArithmeticException)
        OnnxFormatException e = assertThrows(OnnxFormatException.class,
                () -> OnnxReader.read(modelWithTensorDims(0x80, 0x80, 0x80, 0x80, 0x08)));
        assertEquals("tensor w has a dimension of 2147483648; dimensions run from 0 to 2147483647", e.getMessage());
    }

    @Test
    void moreValuesThanAnArrayHoldsIsRefusedInOneLine() {
        // dims [65536, 65536]: 2^32 values; floats() reached Math.toIntExact (ArithmeticException)
        OnnxTensor w = OnnxReader.read(modelWithTensorDims(0x80, 0x80, 0x04, 0x80, 0x80, 0x04)).initializer("w")
                .orElseThrow();
        assertEquals(4294967296L, w.elementCount());
        OnnxFormatException e = assertThrows(OnnxFormatException.class, w::floats);
        assertEquals("tensor w of shape [65536, 65536] has more values than one array holds", e.getMessage());
    }

    @Test
    void aTensorNameIsQuotedOnOneLine() {
        // found by OnnxReaderFuzzTest: a name with a line break in it broke the message into two lines
        byte[] bytes = modelWithTensorDims(0x03);
        bytes[bytes.length - 7] = '\n';        // the name "w" becomes a line break
        OnnxTensor t = OnnxReader.read(bytes).initializers().values().iterator().next();
        OnnxFormatException e = assertThrows(OnnxFormatException.class, t::floats);
        assertEquals("tensor \\n has 4 bytes of data, shape [3] needs 12", e.getMessage());
    }
}
