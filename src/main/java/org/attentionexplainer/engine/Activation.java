package org.attentionexplainer.engine;

/** The non-linearity between the two layers of a position-wise feed-forward network. */
public enum Activation {
    /** max(0, x), the original transformer's choice. */
    RELU,
    /** x * Phi(x) = 0.5 x (1 + erf(x / sqrt 2)), the exact form (PyTorch's nn.GELU() default). */
    GELU
}
