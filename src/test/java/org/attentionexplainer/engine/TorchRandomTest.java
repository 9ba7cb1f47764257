package org.attentionexplainer.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.InputStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * PyTorch's generator reproduced bit for bit: the reference values were drawn by PyTorch 1.13
 * (tools/golden/make_golden.py) and are compared as float32 bit patterns.
 */
class TorchRandomTest {
    private static JsonNode reference;

    @BeforeAll
    static void load() throws Exception {
        try (InputStream in = TorchRandomTest.class.getResourceAsStream(
                "/golden/generated/torch_random_stream/reference.json")) {
            reference = new ObjectMapper().readTree(in);
        }
    }

    private static void assertBits(JsonNode bits, float[] got, int offset, String what) {
        for (int i = 0; i < bits.size(); i++) {
            int want = Integer.parseUnsignedInt(bits.get(i).asText().substring(2), 16);
            assertEquals(want, Float.floatToRawIntBits(got[offset + i]),
                    what + "[" + i + "]: got " + got[offset + i] + ", want " + Float.intBitsToFloat(want));
        }
    }

    @Test
    void rawStreamAndRandMatchForEverySeed() {
        for (JsonNode seed : reference.get("seeds")) {
            long s = seed.get("seed").asLong();
            TorchRandom rng = new TorchRandom(s);
            JsonNode raw = seed.get("mt19937_first_20_u32");
            for (int i = 0; i < raw.size(); i++) {
                assertEquals(raw.get(i).asLong(), Integer.toUnsignedLong(rng.nextInt32()), "seed " + s + " draw " + i);
            }
            assertBits(seed.get("rand_20").get("bits"), new TorchRandom(s).rand(20).toArray(), 0, "rand(20) seed " + s);
            assertBits(seed.get("rand_3x4").get("bits"), new TorchRandom(s).rand(3, 4).toArray(), 0, "rand(3,4)");
        }
    }

    @Test
    void linearLayerWeightsAndBiasMatch() {
        for (JsonNode seed : reference.get("seeds")) {
            TorchRandom.Linear lin = new TorchRandom(seed.get("seed").asLong()).linear(5, 3, true);
            // PyTorch stores (out, in); ours is x @ W, (in, out): transpose back to compare.
            float[] torchLayout = new float[15];
            for (int o = 0; o < 3; o++) {
                for (int i = 0; i < 5; i++) {
                    torchLayout[o * 5 + i] = lin.weight().get(i, o);
                }
            }
            assertBits(seed.get("linear_5_3").get("weight_out_in").get("bits"), torchLayout, 0, "weight");
            assertBits(seed.get("linear_5_3").get("bias").get("bits"), lin.bias().toArray(), 0, "bias");
        }
    }

    @Test
    void largeLayerUsesTheFusedMultiplyAddRounding() {
        JsonNode big = reference.get("linear_768_2304_seed0");
        TorchRandom.Linear lin = new TorchRandom(0).linear(768, 2304, true);
        float[] torchLayout = new float[2304 * 768];
        for (int o = 0; o < 2304; o++) {
            for (int i = 0; i < 768; i++) {
                torchLayout[o * 768 + i] = lin.weight().get(i, o);
            }
        }
        assertBits(big.get("weight_first_10").get("bits"), torchLayout, 0, "first weights");
        assertBits(big.get("weight_last_10").get("bits"), torchLayout, torchLayout.length - 10, "last weights");
        float[] bias = lin.bias().toArray();
        assertBits(big.get("bias_first_10").get("bits"), bias, 0, "first biases");
        assertBits(big.get("bias_last_10").get("bits"), bias, bias.length - 10, "last biases");
    }
}
