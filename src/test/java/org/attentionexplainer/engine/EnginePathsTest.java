package org.attentionexplainer.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.attentionexplainer.export.ComputeSpecReader;
import org.attentionexplainer.export.ComputeWriter;
import org.junit.jupiter.api.Test;

/**
 * The engine has two paths: ND4J, and plain Java for tiny problems. The golden cases are all
 * tiny, so the default engine checks the plain path against PyTorch (GoldenCasesTest); here
 * the ND4J path must match the same PyTorch arrays, one engine running every case in turn so
 * that its reused buffers and cached weights change shape and values between cases.
 */
class EnginePathsTest {
    private static final AttentionEngine ND4J = new AttentionEngine(false);

    @Test
    void nd4jPathMatchesEveryGoldenCase() throws Exception {
        everyGoldenCase(ND4J);
    }

    private static void everyGoldenCase(AttentionEngine engine) throws Exception {
        Path root = Path.of(EnginePathsTest.class.getResource("/golden").toURI());
        List<Path> specs;
        try (Stream<Path> files = Files.walk(root)) {
            specs = files.filter(p -> p.getFileName().toString().matches("spec.*\\.json")).sorted()
                    .collect(Collectors.toList());
        }
        assertTrue(specs.size() >= 11, "found only " + specs.size() + " golden specs");
        for (int round = 0; round < 2; round++) {
            for (Path spec : specs) {
                check(engine, spec);
            }
        }
    }

    @Test
    void heapRouteMatchesEveryGoldenCase() throws Exception {
        // every case on the heap with the products on the vector kernel (HeapAttention), where it runs
        everyGoldenCase(new AttentionEngine(false, Routes.BEST, Integer.MAX_VALUE));
    }

    @Test
    void productsThroughNd4jAndPlainJavaRowsMatchEveryGoldenCase() throws Exception {
        // the other backends' way (CUDA: products as ND4J views, the maps' buffer copied to and
        // from the heap as a whole) and a JVM without the vector API; on the CPU, so this checks
        // the route's arithmetic, not a GPU's memory
        AttentionEngine other = EngineRoutes.otherBackends();
        everyGoldenCase(other);
        headsInGroups(other);
        groupedRotaryAndTiled(other);
    }

    private static void check(AttentionEngine engine, Path specFile) throws Exception {
        JsonNode json = new ObjectMapper().readTree(specFile.toFile());
        double atol = json.path("expect_atol").asDouble(Arrays32.ATOL);
        AttentionSpec spec = new ComputeSpecReader().read(specFile);
        expectMatches(specFile, json, atol, "", engine.compute(spec));
        // a slider step: the same model at another temperature first, whose Q, K, V and scores
        // the engine takes over; the reference arrays must come out all the same
        AttentionTrace before = engine.compute(spec.toBuilder().temperature(spec.temperature() * 3).build());
        AttentionTrace after = engine.compute(spec, before);
        assertSame(before.scores(), after.scores(), "the scores of the same model are taken over");
        expectMatches(specFile, json, atol, " (after a temperature step)", after);
    }

    private static void expectMatches(Path specFile, JsonNode json, double atol, String when, AttentionTrace trace) {
        Map<String, Tensor> got = ComputeWriter.arrays(trace);
        Iterator<Map.Entry<String, JsonNode>> it = json.path("expect").fields();
        while (it.hasNext()) {
            Map.Entry<String, JsonNode> e = it.next();
            Tensor want;
            try {
                want = Npy.read(specFile.resolveSibling(e.getValue().asText()));
            } catch (java.io.IOException ex) {
                throw new java.io.UncheckedIOException(ex);
            }
            Arrays32.assertClose(specFile.getFileName() + " " + e.getKey() + when, want, got.get(e.getKey()), atol);
        }
    }

    @Test
    void aNewModelIsNeverServedTheOldScores() {
        Random rng = new Random(5);
        Tensor x = random(rng, 1, 6, 8);
        Tensor w = random(rng, 8, 24);
        AttentionSpec spec = AttentionSpec.builder(x).projection(new Projection.Fused(w, null)).heads(2).build();
        AttentionTrace first = ND4J.compute(spec);
        // other weights, other heads, other input: each must be projected anew
        AttentionTrace otherWeights = ND4J.compute(spec.toBuilder()
                .projection(new Projection.Fused(random(rng, 8, 24), null)).build(), first);
        AttentionTrace otherHeads = ND4J.compute(spec.toBuilder().heads(4).build(), first);
        AttentionTrace otherInput = ND4J.compute(spec.toBuilder().input(random(rng, 1, 6, 8)).build(), first);
        AttentionTrace rotated = ND4J.compute(spec.toBuilder().rope(Rope.defaults()).build(), first);
        AttentionTrace grouped = ND4J.compute(spec.toBuilder().kvHeads(1).build(), first);
        for (AttentionTrace t : List.of(otherWeights, otherHeads, otherInput, rotated, grouped)) {
            assertNotEquals(first.scores(), t.scores());
            Arrays32.assertClose("scores", new AttentionEngine(false).compute(t.spec()).scores(), t.scores(), 0);
        }
    }

    @Test
    void bothPathsAgreeOnEveryOptionTogether() {
        AttentionEngine plain = new AttentionEngine(true);
        Random rng = new Random(11);
        int b = 2;
        int t = 5;
        int s = 7;
        int d = 8;
        Tensor padding = Tensor.of(new float[] {1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0}, b, s);
        AttentionSpec spec = AttentionSpec.builder(random(rng, b, t, d))
                .source(random(rng, b, s, d))
                .projection(new Projection.Separate(random(rng, d, d), random(rng, d, d), random(rng, d, d),
                        random(rng, d), null, random(rng, d)))
                .outProjection(random(rng, d, d), random(rng, d))
                .heads(2)
                .temperature(0.7)
                .window(1)
                .padding(padding)
                .residual(true)
                .layerNorm(new LayerNormParams(random(rng, d), random(rng, d), 1e-5))
                .build();
        assertTrue(PlainAttention.multiplyAdds(spec, Shapes.check(spec, spec.input(), spec.source()))
                <= PlainAttention.MAX_MULTIPLY_ADDS);
        for (Normalization n : Normalization.values()) {
            AttentionSpec variant = spec.toBuilder().normalization(n).dropout(new Dropout(0.25, 5)).build();
            AttentionTrace a = plain.compute(variant);
            AttentionTrace c = ND4J.compute(variant);
            assertEquals(a.fullyMaskedRows(), c.fullyMaskedRows());
            Map<String, Tensor> got = ComputeWriter.arrays(c);
            ComputeWriter.arrays(a).forEach((name, want) -> Arrays32.assertClose(n + " " + name, want, got.get(name),
                    1e-6));
        }
        // cross-attention through a fused W_qkv (K and V from the source's own product) and
        // through no projection at all, on both routes of the products
        AttentionSpec fused = spec.toBuilder().projection(new Projection.Fused(random(rng, d, 3 * d), random(rng, 3 * d)))
                .build();
        AttentionSpec identity = spec.toBuilder().projection(new Projection.Identity()).build();
        for (boolean direct : new boolean[] {true, false}) {
            AttentionEngine route = EngineRoutes.products(direct);
            for (AttentionSpec variant : List.of(fused, identity)) {
                Map<String, Tensor> got = ComputeWriter.arrays(route.compute(variant));
                ComputeWriter.arrays(plain.compute(variant)).forEach((name, want) -> Arrays32.assertClose(
                        variant.projection().getClass().getSimpleName() + " " + name + " direct " + direct, want,
                        got.get(name), 1e-6));
            }
        }
    }

    @Test
    void longInputsGoAFewHeadsAtATimeWithTheSameResults() {
        headsInGroups(ND4J);
    }

    private static void headsInGroups(AttentionEngine engine) {
        Random rng = new Random(17);
        int b = 2;
        int t = 600;
        int d = 8;
        float[] keep = new float[b * t];
        java.util.Arrays.fill(keep, 1f);
        keep[t] = 0f;                                   // batch 1 hides key 0: its query 0 sees nothing
        AttentionSpec spec = AttentionSpec.builder(random(rng, b, t, d))
                .projection(new Projection.Fused(random(rng, d, 3 * d), random(rng, 3 * d)))
                .heads(4)
                .causal(true)
                .padding(Tensor.of(keep, b, t))
                .build();
        Shapes sh = Shapes.check(spec, spec.input(), spec.input());
        assertTrue(MapSteps.headsPerGroup(sh) > 1 && MapSteps.headsPerGroup(sh) < 4,
                "this case should run in groups of heads, got " + MapSteps.headsPerGroup(sh));
        Tensor mask = Masks.build(b, t, t, true, null, spec.padding());
        for (Normalization n : Normalization.values()) {
            AttentionSpec variant = spec.toBuilder().normalization(n).dropout(new Dropout(0.1, 9)).build();
            List<MaskedRow> fullyMasked = WeightRules.fullyMaskedRows(mask);
            assertEquals(List.of(new MaskedRow(1, 0)), fullyMasked);
            AttentionTrace want = PlainAttention.compute(variant, variant.input(), variant.input(), sh, mask,
                    fullyMasked, variant.scale().factorFor(sh.hd()), List.of(), List.of(), "plain");
            Map<String, Tensor> got = ComputeWriter.arrays(engine.compute(variant));
            // sums of products of unit-size numbers: float rounding is about 1e-6 absolute
            ComputeWriter.arrays(want).forEach((name, w) -> Arrays32.assertClose(n + " " + name, w, got.get(name),
                    Arrays32.ATOL));
        }
    }

    @Test
    void longInputsWithGroupedHeadsRotaryPositionsAndTilesMatchThePlainSteps() {
        groupedRotaryAndTiled(ND4J);
    }

    private static void groupedRotaryAndTiled(AttentionEngine engine) {
        // the BLAS route reads each K/V head for its group of query heads where the projection
        // wrote it, and the rotated q and k from their own copies; plain Java is checked against
        // PyTorch by the golden cases. Weights of nn.Linear's size (about 1 / sqrt(fan in)) keep
        // the logits near 1, where float32 rounding stays within the tolerance.
        Random rng = new Random(23);
        int b = 2;
        int t = 300;
        int d = 16;
        float[] keep = new float[b * t];
        java.util.Arrays.fill(keep, 1f);
        java.util.Arrays.fill(keep, t, t + 64, 0f);     // batch 1 hides its first 64 keys: whole key blocks
        AttentionSpec fused = AttentionSpec.builder(random(rng, b, t, d))
                .projection(new Projection.Fused(scaled(rng, 0.25, d, d + 2 * 4), scaled(rng, 0.1, d + 2 * 4)))
                .heads(8)
                .kvHeads(2)
                .causal(true)
                .padding(Tensor.of(keep, b, t))
                .rope(new Rope(500, Rope.Style.INTERLEAVED, 3))
                .outProjection(scaled(rng, 0.25, d, d), scaled(rng, 0.1, d))
                .build();
        AttentionSpec cross = AttentionSpec.builder(random(rng, b, t, d))
                .source(random(rng, b, 180, 6))
                .projection(new Projection.Separate(scaled(rng, 0.25, d, d), scaled(rng, 0.4, 6, 4),
                        scaled(rng, 0.4, 6, 4), scaled(rng, 0.1, d), scaled(rng, 0.1, 4), scaled(rng, 0.1, 4)))
                .heads(4)
                .kvHeads(1)
                .rope(Rope.defaults())
                .temperature(0.8)
                .build();
        for (AttentionSpec spec : List.of(fused, cross)) {
            Shapes sh = Shapes.check(spec, spec.input(), spec.source() == null ? spec.input() : spec.source());
            assertTrue(PlainAttention.multiplyAdds(spec, sh) > PlainAttention.MAX_MULTIPLY_ADDS, "the BLAS route");
            Tensor mask = Masks.build(b, sh.t(), sh.s(), spec.causal(), null, spec.padding());
            for (Algorithm algorithm : List.of(Algorithm.direct(), Algorithm.tiled(7, 64), Algorithm.tiled(300, 33))) {
                AttentionSpec variant = spec.toBuilder().algorithm(algorithm).build();
                AttentionTrace want = PlainAttention.compute(variant, variant.input(),
                        variant.source() == null ? variant.input() : variant.source(), sh, mask,
                        WeightRules.fullyMaskedRows(mask), variant.scale().factorFor(sh.hd()), List.of(), List.of(),
                        "plain");
                Map<String, Tensor> got = ComputeWriter.arrays(engine.compute(variant));
                assertEquals(ComputeWriter.arrays(want).keySet(), got.keySet());
                ComputeWriter.arrays(want).forEach((name, w) -> Arrays32.assertClose(
                        algorithm.specValue() + " " + name, w, got.get(name), Arrays32.ATOL));
            }
        }
    }

    @Test
    void mapsLargerThanTheHeapAreRefusedWithAMessage() {
        long heapMiB = Runtime.getRuntime().maxMemory() >> 20;
        // 3 maps of 8192^2 x 8 heads x 4 bytes = 6144 MiB, the (t, s) mask 256 MiB, Q, K, V (3 x 8192 x 8
        // x 4 bytes) 0.75 MiB, heads, context, output, result (4 x 8192 x 8 x 4 bytes) 1 MiB: 6401.75 MiB
        int t = 8192;
        assertTrue(heapMiB < 6144, "this test assumes a heap under 6 GiB, not " + heapMiB + " MiB");
        AttentionSpec spec = AttentionSpec.builder(Tensor.zeros(t, 8)).heads(8).causal(true).build();
        InvalidSpecException e = org.junit.jupiter.api.Assertions.assertThrows(InvalidSpecException.class,
                () -> ND4J.compute(spec));
        assertTrue(e.getMessage().contains("need 6402 MiB for the attention maps and results, more than the "),
                e.getMessage());
        assertTrue(e.getMessage().contains(" MiB free for it in the " + heapMiB + " MiB Java heap"), e.getMessage());
    }

    @Test
    void reusedBuffersGiveTheSameAsAFreshEngine() {
        Random rng = new Random(3);
        AttentionSpec wide = multiHead(rng, 40, 32, 4, true);
        AttentionSpec narrow = multiHead(rng, 24, 32, 8, false);
        AttentionTrace first = ND4J.compute(wide);
        AttentionTrace other = ND4J.compute(narrow);
        AttentionTrace again = ND4J.compute(wide);
        AttentionTrace fresh = new AttentionEngine(false).compute(narrow);
        for (String name : List.of("scores", "logits", "weights", "heads", "final")) {
            assertEquals(ComputeWriter.arrays(first).get(name), ComputeWriter.arrays(again).get(name), name);
            assertEquals(ComputeWriter.arrays(fresh).get(name), ComputeWriter.arrays(other).get(name), name);
        }
    }

    @Test
    void newWeightsOfTheSameShapeAreNotServedFromTheCache() {
        Random rng = new Random(5);
        AttentionSpec one = multiHead(rng, 30, 32, 4, false);
        AttentionSpec two = one.toBuilder().projection(new Projection.Fused(random(rng, 32, 96), null)).build();
        Tensor first = ND4J.compute(one).weights();
        Tensor second = ND4J.compute(two).weights();
        assertNotEquals(first, second);
        assertEquals(new AttentionEngine(false).compute(two).weights(), second);
    }

    @Test
    void stepsWithEqualValuesShareOneTensor() {
        for (AttentionEngine engine : List.of(ND4J, new AttentionEngine(true))) {
            AttentionSpec spec = AttentionSpec.builder(random(new Random(1), 6, 4)).heads(2)
                    .scale(Scale.none()).build();
            AttentionTrace trace = engine.compute(spec);
            assertSame(trace.q(), trace.k(), "identity projection: K = Q");
            assertSame(trace.k(), trace.v(), "identity projection: V = K");
            assertSame(trace.scores(), trace.logits(), "no scale, no mask: logits = scores");
            assertSame(trace.context(), trace.output(), "no output projection: output = context");
            assertSame(trace.output(), trace.result(), "no residual or norm: result = output");
            assertEquals(2f * trace.scores().get(0, 0, 1, 2),
                    engine.compute(spec.toBuilder().scale(Scale.of(2)).build()).logits().get(0, 0, 1, 2));
        }
    }

    private static AttentionSpec multiHead(Random rng, int t, int d, int heads, boolean causal) {
        return AttentionSpec.builder(random(rng, t, d))
                .projection(new Projection.Fused(random(rng, d, 3 * d), random(rng, 3 * d)))
                .outProjection(random(rng, d, d), null)
                .heads(heads)
                .causal(causal)
                .build();
    }

    private static Tensor scaled(Random rng, double factor, int... shape) {
        float[] values = random(rng, shape).toArray();
        for (int i = 0; i < values.length; i++) {
            values[i] *= (float) factor;
        }
        return Tensor.of(values, shape);
    }

    private static Tensor random(Random rng, int... shape) {
        int n = 1;
        for (int x : shape) {
            n *= x;
        }
        float[] values = new float[n];
        for (int i = 0; i < n; i++) {
            values[i] = (float) rng.nextGaussian();
        }
        return Tensor.of(values, shape);
    }
}
