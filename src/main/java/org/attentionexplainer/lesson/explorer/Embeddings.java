package org.attentionexplainer.lesson.explorer;

import java.nio.charset.StandardCharsets;
import java.text.Normalizer;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.attentionexplainer.engine.PositionalEncoding;
import org.attentionexplainer.engine.Tensor;
import org.attentionexplainer.engine.TorchRandom;

/**
 * Token vectors for the explorer. The course's words keep their published 3-number
 * embeddings ("Hello shiny sun" and "Your journey starts with one step", from Build a Large
 * Language Model (From Scratch), ch. 3): with d_model 3 exactly those, with more dimensions
 * those three first. Every other number comes from a generator seeded by the word and the
 * seed, so the same word with the same seed always gets the same vector: PyTorch's
 * generator, uniform in [-3, 3): wide enough that an untrained model's heads differ visibly
 * (with PyTorch's default nn.Linear initialisation, vectors in [-1, 1) give logits of about
 * ±0.1 and every head looks uniform).
 */
public final class Embeddings {
    static final Map<String, float[]> COURSE = Map.of(
            "hello", new float[] {0.34f, 0.22f, 0.54f},
            "shiny", new float[] {0.53f, 0.34f, 0.98f},
            "sun", new float[] {0.29f, 0.54f, 0.93f},
            "your", new float[] {0.43f, 0.15f, 0.89f},
            "journey", new float[] {0.55f, 0.87f, 0.66f},
            "starts", new float[] {0.57f, 0.85f, 0.64f},
            "with", new float[] {0.22f, 0.58f, 0.33f},
            "one", new float[] {0.77f, 0.25f, 0.10f},
            "step", new float[] {0.05f, 0.80f, 0.55f});

    /** The numbers the course publishes for each of its words. */
    static final int COURSE_WIDTH = 3;

    /** Seeded components are uniform in [-SPREAD, SPREAD). */
    static final float SPREAD = 3f;

    private Embeddings() {
    }

    /** (t, d): one vector per token, plus the sinusoidal positional encoding when asked. */
    public static Tensor build(List<String> tokens, int d, long seed, boolean positional) {
        int t = tokens.size();
        float[] x = new float[t * d];
        for (int i = 0; i < t; i++) {
            System.arraycopy(vector(tokens.get(i), d, seed), 0, x, i * d, d);
        }
        if (positional && t > 0) {
            float[] pe = PositionalEncoding.sinusoidal(t, d).toArray();
            for (int i = 0; i < x.length; i++) {
                x[i] += pe[i];
            }
        }
        return Tensor.of(x, t, d);
    }

    /** The vector of one word. */
    public static float[] vector(String token, int d, long seed) {
        String word = normalise(token);
        float[] v = new float[d];
        TorchRandom rng = new TorchRandom(mix(fnv1a(word), seed));
        for (int i = 0; i < d; i++) {
            v[i] = rng.uniform(-SPREAD, SPREAD);
        }
        float[] course = COURSE.get(word);
        if (course != null) {
            System.arraycopy(course, 0, v, 0, Math.min(d, course.length));
        }
        return v;
    }

    /** True if the word has the course's embedding. */
    public static boolean isCourseWord(String token) {
        return COURSE.containsKey(normalise(token));
    }

    private static String normalise(String token) {
        return Normalizer.normalize(token, Normalizer.Form.NFC).toLowerCase(Locale.ROOT);
    }

    /** Folds word hash and seed into the 32 bits PyTorch's generator takes. */
    private static long mix(long hash, long seed) {
        long h = hash ^ seed * 0x9E3779B97F4A7C15L;
        return (h ^ (h >>> 32)) & 0xffffffffL;
    }

    /** 64-bit FNV-1a of the UTF-8 bytes: a stable hash, the same on every machine and run. */
    static long fnv1a(String s) {
        long h = 0xcbf29ce484222325L;
        for (byte b : s.getBytes(StandardCharsets.UTF_8)) {
            h ^= b & 0xff;
            h *= 0x100000001b3L;
        }
        return h;
    }
}
