package org.attentionexplainer.lesson.chapters;

import java.util.List;
import org.attentionexplainer.engine.Projection;
import org.attentionexplainer.engine.Tensor;
import org.attentionexplainer.engine.TorchRandom;

/** The sentences of the course notes that the chapters reuse, and their textbook weights. */
public final class CourseExamples {
    /** "Hello shiny sun!": three tokens, three numbers each. */
    public static final List<String> HELLO_TOKENS = List.of("Hello", "shiny", "sun");

    /** "Your journey starts with one step" (rasbt, ch. 3). */
    public static final List<String> JOURNEY_TOKENS = List.of("Your", "journey", "starts", "with", "one", "step");

    private static final float[][] HELLO = {
        {0.34f, 0.22f, 0.54f},
        {0.53f, 0.34f, 0.98f},
        {0.29f, 0.54f, 0.93f},
    };

    private static final float[][] JOURNEY = {
        {0.43f, 0.15f, 0.89f},
        {0.55f, 0.87f, 0.66f},
        {0.57f, 0.85f, 0.64f},
        {0.22f, 0.58f, 0.33f},
        {0.77f, 0.25f, 0.10f},
        {0.05f, 0.80f, 0.55f},
    };

    /** The seed of the book's SelfAttention_v2 and CausalAttention weights. */
    public static final long BOOK_SEED = 789;

    private CourseExamples() {
    }

    /** (3, 3). */
    public static Tensor hello() {
        return Tensor.matrix(HELLO);
    }

    /** (6, 3). */
    public static Tensor journey() {
        return Tensor.matrix(JOURNEY);
    }

    /**
     * W_query, W_key, W_value drawn as three {@code nn.Linear(d_in, d_out, bias=False)} in
     * that order after {@code torch.manual_seed(seed)}, as SelfAttention_v2 does.
     */
    public static Projection.Separate bookProjection(long seed, int dIn, int dOut) {
        TorchRandom rng = new TorchRandom(seed);
        return bookProjection(rng, dIn, dOut);
    }

    /** The same, drawn from a generator's current state. */
    public static Projection.Separate bookProjection(TorchRandom rng, int dIn, int dOut) {
        Tensor query = rng.linear(dIn, dOut, false).weight();
        Tensor key = rng.linear(dIn, dOut, false).weight();
        Tensor value = rng.linear(dIn, dOut, false).weight();
        return new Projection.Separate(query, key, value);
    }
}
