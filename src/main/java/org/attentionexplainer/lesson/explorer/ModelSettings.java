package org.attentionexplainer.lesson.explorer;

import java.util.List;

/**
 * What the model is made of when it comes from a typed sentence.
 *
 * @param tokens        the sentence's tokens
 * @param dModel        width of the token vectors (and of Q, K, V)
 * @param heads         number of heads, a divisor of the projected width
 * @param projection    how Q, K, V are made
 * @param weightSeed    torch.manual_seed for the projection weights
 * @param embeddingSeed seed of the vectors of words the course does not have
 * @param positional    add the sinusoidal positional encoding
 */
public record ModelSettings(List<String> tokens, int dModel, int heads, ProjectionKind projection, long weightSeed,
                            long embeddingSeed, boolean positional) {
    /** The widest token vectors: its three seeded weights are then 12 MiB. */
    public static final int MAX_D_MODEL = 1024;

    public ModelSettings {
        tokens = tokens == null ? List.of() : List.copyOf(tokens);
    }
}
