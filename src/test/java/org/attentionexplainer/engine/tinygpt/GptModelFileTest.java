package org.attentionexplainer.engine.tinygpt;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.attentionexplainer.engine.Tensor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The model file written and read back, and each way a file can be damaged or lie, refused in one line. */
class GptModelFileTest {
    /** 2 symbols, 2 positions, d_model 2, 1 layer, 1 head: 2·2 + 2·2 + 4·2·2 + 2·2 = 28 values. */
    private static final GptConfig SMALL = new GptConfig(2, 2, 2, 1, 1);
    private static final TrainingOptions TRAINING = new TrainingOptions(9, 10, 4, 0.01);

    @Test
    void writtenModelsReadBackExactly(@TempDir Path dir) throws IOException {
        GptWeights w = GptWeights.initial(GptConfig.DEFAULT, 3);
        Path file = dir.resolve("m" + GptModelFile.EXTENSION);
        Files.write(file, GptModelFile.toBytes(w, TRAINING));
        GptModelFile.Saved saved = GptModelFile.read(file);
        assertEquals(GptConfig.DEFAULT, saved.weights().config());
        assertEquals(TRAINING, saved.training());
        List<Tensor> want = w.inFileOrder();
        List<Tensor> got = saved.weights().inFileOrder();
        for (int i = 0; i < want.size(); i++) {
            assertArrayEquals(want.get(i).toArray(), got.get(i).toArray(), "tensor " + i);
        }
        // 64·26·2 + 24·64 + 4·2·64·64 = 3328 + 1536 + 32768 = 37632 values, 4 bytes each, plus two lines
        assertEquals(37632, GptConfig.DEFAULT.parameterCount());
        assertTrue(Files.size(file) < 37632 * 4 + 200);
    }

    @Test
    void theLayoutIsTheDocumentedOne() throws IOException {
        float[] values = new float[28];
        for (int i = 0; i < values.length; i++) {
            values[i] = i;
        }
        byte[] file = file(header(28), values);
        GptWeights w = GptModelFile.read(new ByteArrayInputStream(file), file.length, "m").weights();
        assertArrayEquals(new float[] {0, 1, 2, 3}, w.tokenEmbedding().toArray());
        assertArrayEquals(new float[] {4, 5, 6, 7}, w.positionEmbedding().toArray());
        assertArrayEquals(new float[] {8, 9, 10, 11}, w.layers().get(0).query().toArray());
        assertArrayEquals(new float[] {20, 21, 22, 23}, w.layers().get(0).out().toArray());
        assertArrayEquals(new float[] {24, 25, 26, 27}, w.unembedding().toArray());
    }

    @Test
    void damagedAndLyingFilesAreRefusedInOneLine() {
        float[] values = new float[28];
        byte[] good = file(header(28), values);
        refused(Arrays.copyOf(good, good.length - 1), "truncated");
        refused(Arrays.copyOf(good, good.length + 4), "trailing bytes");
        refused(file(header(29), values), "\"values\" must be 28");
        refused(file(header(28).replace("\"heads\":1", "\"heads\":3"), values), "heads");
        refused(file(header(28).replace("\"layers\":1", "\"layers\":0"), values), "layers");
        refused(file(header(28).replace("\"d_model\":2", "\"d_model\":2.5"), values), "d_model");
        refused(file("{\"vocab\":", values), "not JSON");
        refused("hello".getBytes(StandardCharsets.US_ASCII), "not a tiny GPT model file");
        refused(GptModelFile.MAGIC.getBytes(StandardCharsets.US_ASCII), "no end");
        float[] nan = values.clone();
        nan[5] = Float.NaN;
        refused(file(header(28), nan), "value 5 is NaN");
        // a header that claims a large model over a few bytes is refused before anything is allocated
        String huge = "{\"vocab\":256,\"positions\":256,\"d_model\":512,\"layers\":8,\"heads\":8,\"values\":8781824}";
        refused(file(huge, values), "truncated");
    }

    private static void refused(byte[] bytes, String part) {
        for (long length : new long[] {bytes.length, -1}) {
            IOException e = assertThrows(IOException.class,
                    () -> GptModelFile.read(new ByteArrayInputStream(bytes), length, "m.tinygpt"));
            assertTrue(e.getMessage().startsWith("m.tinygpt: ") && e.getMessage().contains(part),
                    e.getMessage());
            assertTrue(!e.getMessage().contains("\n"), e.getMessage());
        }
    }

    private static String header(long count) {
        return "{\"vocab\":2,\"positions\":2,\"d_model\":2,\"layers\":1,\"heads\":1,\"values\":" + count + "}";
    }

    private static byte[] file(String header, float[] values) {
        byte[] head = (GptModelFile.MAGIC + header + "\n").getBytes(StandardCharsets.UTF_8);
        ByteBuffer b = ByteBuffer.allocate(head.length + values.length * 4).order(ByteOrder.LITTLE_ENDIAN);
        b.put(head);
        for (float v : values) {
            b.putFloat(v);
        }
        return b.array();
    }
}
