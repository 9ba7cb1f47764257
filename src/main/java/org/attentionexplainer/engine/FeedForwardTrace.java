package org.attentionexplainer.engine;

/**
 * The steps of one position-wise feed-forward pass, n rows of width d_model:
 *
 * @param hidden    (n, d_ff) x W1 + b1, before the activation
 * @param activated (n, d_ff) after ReLU or GELU
 * @param output    (n, d_model) activated W2 + b2
 */
public record FeedForwardTrace(Tensor hidden, Tensor activated, Tensor output) {
}
