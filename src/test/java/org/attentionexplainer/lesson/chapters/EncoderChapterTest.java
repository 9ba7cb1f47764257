package org.attentionexplainer.lesson.chapters;

import static org.attentionexplainer.lesson.chapters.Golden.assertClose;
import static org.attentionexplainer.lesson.chapters.Golden.chapter;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.attentionexplainer.engine.Activation;
import org.attentionexplainer.engine.AttentionEngine;
import org.junit.jupiter.api.Test;

class EncoderChapterTest {
    private final AttentionEngine engine = new AttentionEngine();

    @Test
    void reluBlockMatchesPyTorch() {
        EncoderChapter e = EncoderChapter.compute(engine);
        assertClose("x", chapter("encoder/x.npy"), e.embeddings(), 0);
        assertClose("pe", chapter("encoder/pe.npy"), e.positional(), 1e-7);
        assertClose("x + pe", chapter("encoder/x_plus_pe.npy"), e.withPosition(), 1e-7);
        assertClose("weights", chapter("encoder/weights.npy"), e.attention().weights(), 1e-6);
        assertClose("attention", chapter("encoder/attention_output.npy"), e.attention().output(), 1e-6);
        assertClose("norm1", chapter("encoder/norm1.npy"), e.normed1(), 2e-6);
        assertClose("hidden", chapter("encoder/ffn_hidden.npy"), e.ffn().hidden(), 2e-6);
        assertClose("relu", chapter("encoder/ffn_activated_relu.npy"), e.ffn().activated(), 2e-6);
        assertClose("ffn", chapter("encoder/ffn_output_relu.npy"), e.ffn().output(), 2e-6);
        assertClose("norm2", chapter("encoder/norm2_relu.npy"), e.output(), 5e-6);
    }

    @Test
    void geluBlockMatchesPyTorch() {
        EncoderChapter e = EncoderChapter.compute(engine, Activation.GELU, EncoderChapter.DEFAULT_SEED);
        assertClose("gelu", chapter("encoder/ffn_activated_gelu.npy"), e.ffn().activated(), 2e-6);
        assertClose("ffn", chapter("encoder/ffn_output_gelu.npy"), e.ffn().output(), 2e-6);
        assertClose("norm2", chapter("encoder/norm2_gelu.npy"), e.output(), 5e-6);
    }

    @Test
    void layerNormRowsHaveMeanZeroAndVarianceAboutOne() {
        EncoderChapter e = EncoderChapter.compute(engine);
        for (int i = 0; i < 6; i++) {
            assertEquals(0, EncoderChapter.rowMeans(e.output())[i], 1e-6);
            // var / (var + eps) for the default eps 1e-5: a little under 1
            assertEquals(1, EncoderChapter.rowVariances(e.output())[i], 1e-3);
        }
        assertEquals(50, e.positionalMap().dim(0));
        assertEquals((float) Math.sin(2), e.positionalMap().get(2, 0));
        assertEquals((float) Math.cos(2 / Math.pow(10000, 2.0 / 16)), e.positionalMap().get(2, 3));
    }
}
