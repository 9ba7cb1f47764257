package org.attentionexplainer.engine.tinygpt;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.attentionexplainer.engine.AttentionEngine;
import org.attentionexplainer.engine.Npy;
import org.attentionexplainer.engine.Tensor;
import org.junit.jupiter.api.Test;

/**
 * The app's forward of the shipped model against PyTorch's (tools/tinygpt/reference.py, an
 * implementation of the same architecture written from its description, reading the model file
 * with its own parser): the logits and every layer's and head's weights within 1e-4 for fixed
 * sequences. The arrays are in the test resources ({@code reference/}); the script makes them
 * again from a new shipped model.
 */
class TinyGptReferenceTest {
    private static final String DIR = "/org/attentionexplainer/engine/tinygpt/reference/";
    private static final double TOLERANCE = 1e-4;

    @Test
    void theShippedModelsForwardMatchesPyTorch() throws IOException {
        GptWeights weights = ShippedModel.load().weights();
        TinyGpt gpt = new TinyGpt(weights, new AttentionEngine());
        List<String> sequences = new String(resource("sequences.txt").readAllBytes(), StandardCharsets.UTF_8)
                .strip().lines().toList();
        assertEquals(4, sequences.size());
        for (int s = 0; s < sequences.size(); s++) {
            String text = sequences.get(s);
            int[] tokens = text.chars().map(c -> c - 'A').toArray();
            GptTrace trace = gpt.forward(tokens);
            assertClose(text + " logits", npy("seq" + s + "-logits.npy"), trace.logits().reshape(tokens.length,
                    weights.config().vocab()));
            for (int l = 0; l < weights.config().layers(); l++) {
                Tensor want = npy("seq" + s + "-layer" + l + "-weights.npy");           // (h, t, t)
                Tensor got = trace.layers().get(l).weights();                         // (1, h, t, t)
                assertClose(text + " layer " + l, want, got.reshape(want.shape()));
            }
        }
    }

    private static void assertClose(String what, Tensor want, Tensor got) {
        assertArrayEquals(want.shape(), got.shape(), what + " shape");
        float[] w = want.toArray();
        float[] g = got.toArray();
        double worst = 0;
        for (int i = 0; i < w.length; i++) {
            worst = Math.max(worst, Math.abs(w[i] - g[i]));
        }
        assertEquals(0, worst, TOLERANCE, what + ": largest difference");
    }

    private static Tensor npy(String name) throws IOException {
        try (InputStream in = resource(name)) {
            return Npy.read(in, -1, Npy.DEFAULT_MAX_VALUES, name);
        }
    }

    private static InputStream resource(String name) {
        InputStream in = TinyGptReferenceTest.class.getResourceAsStream(DIR + name);
        if (in == null) {
            throw new AssertionError("missing test resource " + DIR + name);
        }
        return in;
    }
}
