package org.attentionexplainer.engine.bert;

/**
 * Changes to a trained model's attention that it was never trained with, to see what they
 * do: a causal mask (each token sees only itself and the tokens before it) and a softmax
 * temperature (logits divided by T: above 1 flattens every head, below 1 sharpens it).
 * They apply in every layer. {@link #TRAINED} is the model as trained.
 */
public record WhatIf(boolean causal, double temperature) {
    public static final WhatIf TRAINED = new WhatIf(false, 1.0);

    public WhatIf {
        if (!(temperature > 0 && Double.isFinite(temperature))) {
            throw new IllegalArgumentException("temperature must be a positive number, got " + temperature);
        }
    }

    /** True when nothing differs from the trained model. */
    public boolean isTrained() {
        return !causal && temperature == 1.0;
    }

    public WhatIf withCausal(boolean value) {
        return new WhatIf(value, temperature);
    }

    public WhatIf withTemperature(double value) {
        return new WhatIf(causal, value);
    }
}
