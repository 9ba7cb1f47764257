package org.attentionexplainer.lesson.chapters;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** Every figure by hand arithmetic. */
class CostChapterTest {

    @Test
    void llama3At8kInFp16() {
        CostEstimate e = CostEstimate.of(ModelPreset.LLAMA3_8B.inputs(Precision.FP16));
        assertEquals(4096, e.inputs().dModel());
        // Q K^T: 2 * 8192^2 * 4096 = 549 755 813 888 FLOPs per layer, and the same for weights V
        assertEquals(549_755_813_888.0, e.scoreFlopsPerLayer());
        assertEquals(1_099_511_627_776.0, e.attentionFlopsPerLayer());
        assertEquals(35_184_372_088_832.0, e.attentionFlopsAllLayers(), "times 32 layers");
        // 32 heads * 8192^2 * 2 bytes = 4 GiB per layer
        assertEquals(4_294_967_296.0, e.attentionMatrixBytesPerLayer());
        // 2 * 32 layers * 8 kv heads * 128 * 2 bytes = 131 072 bytes = 128 KiB per token; 1 GiB at 8192
        assertEquals(131_072.0, e.kvCacheBytesPerToken());
        assertEquals(1_073_741_824.0, e.kvCacheBytes());
        assertEquals(4_294_967_296.0, e.kvCacheBytesWithoutGrouping(), "32 kv heads: four times as much");
    }

    @Test
    void gpt2SmallAt1kInFp32() {
        CostEstimate e = CostEstimate.of(ModelPreset.GPT2_SMALL.inputs(Precision.FP32));
        assertEquals(768, e.inputs().dModel());
        assertEquals(1_610_612_736.0, e.scoreFlopsPerLayer(), "2 * 1024^2 * 768");
        assertEquals(50_331_648.0, e.attentionMatrixBytesPerLayer(), "12 * 1024^2 * 4");
        assertEquals(73_728.0, e.kvCacheBytesPerToken(), "2 * 12 * 12 * 64 * 4");
        assertEquals(75_497_472.0, e.kvCacheBytes(), "73 728 * 1024");
    }

    @Test
    void precisionsAndBatch() {
        CostChapter c = CostChapter.compute(ModelPreset.GPT2_SMALL, Precision.BF16);
        assertEquals(3, c.byPrecision().size());
        assertEquals(50_331_648.0, c.byPrecision().get(0).attentionMatrixBytesPerLayer());
        assertEquals(25_165_824.0, c.byPrecision().get(1).attentionMatrixBytesPerLayer());
        assertEquals(25_165_824.0, c.byPrecision().get(2).attentionMatrixBytesPerLayer());
        CostEstimate batch8 = CostEstimate.of(new CostInputs(8, 1024, 12, 12, 12, 64, Precision.FP16));
        assertEquals(8 * 25_165_824.0, batch8.attentionMatrixBytesPerLayer());
        assertEquals(8 * 2 * 1024.0 * 1024 * 768, batch8.scoreFlopsPerLayer());
    }

    @Test
    void theSeriesShowsTheQuadraticWall() {
        CostChapter c = CostChapter.compute(ModelPreset.LLAMA3_8B, Precision.FP16);
        assertEquals(10, c.series().size());
        assertEquals(256, c.series().get(0).tokens());
        assertEquals(131_072, c.series().get(9).tokens());
        for (int i = 1; i < c.series().size(); i++) {
            CostChapter.SeriesPoint a = c.series().get(i - 1);
            CostChapter.SeriesPoint b = c.series().get(i);
            assertEquals(4.0, b.attentionMatrixBytes() / a.attentionMatrixBytes());
            assertEquals(2.0, b.kvCacheBytes() / a.kvCacheBytes());
        }
        // 32 * 256^2 * 2 = 4 194 304 bytes
        assertEquals(4_194_304.0, c.series().get(0).attentionMatrixBytes());
        // 80e9 = 32 * t^2 * 2  =>  t = sqrt(1.25e9) = 35 355.34
        assertEquals(35_355.34, c.wallTokens(), 0.01);
    }

    @Test
    void theCourseNotesFigureCorrected() {
        CourseNoteCorrection k = CourseNoteCorrection.compute();
        assertEquals(131_072, k.tokens(), "128 * 1024");
        // 32 * 131072^2 * 2 = 32 * 17 179 869 184 * 2 = 2^40
        assertEquals(1_099_511_627_776L, k.bytes());
        assertEquals(1L << 40, k.bytes(), "exactly 1 TiB");
        assertEquals(1_048_576_000_000L, k.bytesDecimalK(), "32 * 128000^2 * 2");
        assertEquals(68_719_476_736L, k.singleHeadFp32(), "131072^2 * 4 = 64 GiB");
        assertEquals(17.18, k.ratio(), 0.01);
        Quantity tb = Quantity.decimal(k.bytes(), "B");
        assertEquals("TB", tb.unit());
        assertEquals(1.0995, tb.value(), 1e-4);
        assertEquals(new Quantity(1.0, "TiB"), Quantity.binary(k.bytes(), "B"));
        assertEquals("chapter.cost.correction.statement", k.statement().key());
    }

    @Test
    void impossibleInputsAreRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new CostInputs(1, 1024, 32, 32, 5, 128, Precision.FP16));
        assertEquals("kv_heads: 5 does not divide the 32 query heads", e.getMessage());
        assertEquals("tokens: must be at least 1, got 0", assertThrows(IllegalArgumentException.class,
                () -> new CostInputs(1, 0, 1, 1, 1, 1, Precision.FP16)).getMessage());
    }
}
