package org.attentionexplainer.export;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import org.attentionexplainer.engine.AttentionEngine;
import org.attentionexplainer.engine.AttentionSpec;
import org.attentionexplainer.engine.AttentionTrace;
import org.attentionexplainer.engine.Npy;
import org.attentionexplainer.engine.Projection;
import org.attentionexplainer.engine.Tensor;
import org.attentionexplainer.lesson.explorer.AttentionControls;
import org.attentionexplainer.lesson.explorer.LoadedData;
import org.attentionexplainer.lesson.explorer.ModelBuilder;
import org.attentionexplainer.lesson.explorer.ModelSettings;
import org.attentionexplainer.lesson.explorer.ProjectionKind;
import org.attentionexplainer.lesson.explorer.Session;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Tensors travel inside the session file and come back as the same bits; bad ones are refused in one line. */
class SessionTensorsTest {
    private static final Path MHA = Path.of("src/test/resources/golden/shared/mha_bigger");

    @TempDir
    Path dir;

    private static Session session(LoadedData loaded, int heads) {
        ModelSettings m = new ModelSettings(List.of("a", "b", "c"), 64, heads, ProjectionKind.SEPARATE, 1, 0, false);
        return Session.of("a b c", m, AttentionControls.defaults()).withLoaded(loaded);
    }

    @Test
    void awkwardFloatsComeBackBitForBit() throws Exception {
        float[] values = {0f, -0f, Float.MIN_VALUE, -Float.MIN_VALUE, Float.MIN_NORMAL, Float.MAX_VALUE,
            -Float.MAX_VALUE, 0.1f, (float) Math.PI, Math.nextUp(1f)};
        Tensor x = Tensor.of(values, 2, 5);
        Session back = SessionFiles.fromJson(SessionFiles.toJson(session(LoadedData.NONE.withInput("x.npy", x), 1)),
                "s.json");
        float[] got = back.loaded().input().toArray();
        for (int i = 0; i < values.length; i++) {
            assertEquals(Float.floatToRawIntBits(values[i]), Float.floatToRawIntBits(got[i]), "value " + i);
        }
        assertEquals("x.npy", back.loaded().name());
    }

    /** PyTorch's own input and weights (mha_bigger): the file alone reproduces the weights of attention exactly. */
    @Test
    void aSpecWithBiasesOutputProjectionAndLayerNormReopensToTheSameOutputs() throws Exception {
        AttentionSpec spec = new ComputeSpecReader().read(MHA.resolve("spec.json"));
        Session s = session(new LoadedData("spec.json", spec, null, null), 8);
        Path file = dir.resolve("s.json");
        SessionFiles.write(file, s, AtomicFiles.Existing.FAIL);
        Session back = SessionFiles.read(file);
        assertEquals(Session.VERSION, back.version());

        AttentionEngine engine = new AttentionEngine();
        AttentionControls causal = new AttentionControls(true, false, java.util.Set.of(), false, 2, false, 1,
                org.attentionexplainer.lesson.explorer.ScaleMode.INVERSE_SQRT_DK, 1, 0, 0);
        AttentionTrace before = engine.compute(causal.applyTo(new ModelBuilder().build(s.model(), s.loaded())));
        AttentionTrace after = engine.compute(causal.applyTo(new ModelBuilder().build(back.model(), back.loaded())));
        assertArrayEquals(before.weights().toArray(), after.weights().toArray());
        assertArrayEquals(before.output().toArray(), after.output().toArray());
        // and they are PyTorch's (nn.MultiheadAttention with a causal mask, then residual and LayerNorm)
        float[] torch = Npy.read(MHA.resolve("weights.npy")).toArray();
        float[] ours = after.weights().toArray();
        for (int i = 0; i < torch.length; i++) {
            assertEquals(torch[i], ours[i], 1e-5, "weight " + i);
        }
        Projection.Fused fused = (Projection.Fused) back.loaded().spec().projection();
        assertEquals(Npy.read(MHA.resolve("b_qkv.npy")), fused.qkvBias());
        assertEquals(Npy.read(MHA.resolve("W_o.npy")), back.loaded().spec().outWeight());
        assertEquals(Npy.read(MHA.resolve("ln_gamma.npy")), back.loaded().spec().layerNorm().gamma());
    }

    private static String base64(float... v) {
        ByteBuffer b = ByteBuffer.allocate(4 * v.length).order(ByteOrder.LITTLE_ENDIAN);
        b.asFloatBuffer().put(v);
        return Base64.getEncoder().encodeToString(b.array());
    }

    private static String withLoaded(String loaded) {
        return """
                {"version": 2, "sentence": "a b", "model": {"tokens": ["a", "b"], "dModel": 2, "heads": 1,
                 "projection": "SEPARATE"}, "controls": {"window": 2, "temperature": 1, "scaleMode": "NONE",
                 "customScale": 1}, "loaded": %s}""".formatted(loaded);
    }

    private static String refusal(String json) {
        SpecException e = assertThrows(SpecException.class, () -> SessionFiles.fromJson(json, "bad.json"));
        assertTrue(e.getMessage().startsWith("bad.json: "), e.getMessage());
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
        return e.getMessage();
    }

    @Test
    void badTensorsAreRefusedInOneLine() {
        assertEquals("bad.json: loaded.input: value 3 of 4 is NaN; every value must be a finite number",
                refusal(withLoaded("{\"input\": {\"shape\": [2, 2], \"float32\": \"%s\"}}"
                        .formatted(base64(1, 2, Float.NaN, 4)))));
        assertEquals("bad.json: loaded.input: 3 values for shape [2,2], which needs 4",
                refusal(withLoaded("{\"input\": {\"shape\": [2, 2], \"float32\": \"%s\"}}".formatted(base64(1, 2, 3)))));
        assertTrue(refusal(withLoaded("{\"input\": {\"shape\": [100000, 100000], \"float32\": \"\"}}"))
                .contains("too large for a session"));
        assertEquals("bad.json: loaded.input: shape (4,) should be (t, d) or (b, t, d)",
                refusal(withLoaded("{\"input\": {\"shape\": [4], \"float32\": \"%s\"}}".formatted(base64(1, 2, 3, 4)))));
        assertEquals("bad.json: loaded.weights.key: missing", refusal(withLoaded(
                "{\"weights\": {\"kind\": \"separate\", \"query\": {\"shape\": [1, 1], \"float32\": \"%s\"}}}"
                        .formatted(base64(1)))));
        assertTrue(refusal(withLoaded("{\"input\": {\"shape\": [1, 1], \"float32\": \"not base64!\"}}"))
                .startsWith("bad.json: loaded.input.float32: not Base64"));
        assertEquals("bad.json: loaded: names no spec, input or weights", refusal(withLoaded("{\"name\": \"x\"}")));
        assertEquals("bad.json: the session has no model settings", refusal(
                "{\"version\": 2, \"controls\": {\"window\": 2, \"temperature\": 1, \"scaleMode\": \"NONE\","
                        + " \"customScale\": 1}}"));
    }

    @Test
    void aSessionFileLargerThanTheLimitIsNotRead() throws Exception {
        Path big = dir.resolve("big.json");
        try (var ch = java.nio.channels.FileChannel.open(big, java.nio.file.StandardOpenOption.CREATE_NEW,
                java.nio.file.StandardOpenOption.WRITE)) {
            ch.write(ByteBuffer.wrap(new byte[] {'{'}), SessionFiles.MAX_BYTES + 1);
        }
        SpecException e = assertThrows(SpecException.class, () -> SessionFiles.read(big));
        assertTrue(e.getMessage().contains("too large for a session file"), e.getMessage());
        assertTrue(Files.size(big) > SessionFiles.MAX_BYTES);
    }
}
