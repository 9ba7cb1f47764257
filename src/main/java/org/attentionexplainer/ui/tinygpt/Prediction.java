package org.attentionexplainer.ui.tinygpt;

/** A symbol the tiny GPT may write next, and its probability. */
public record Prediction(String symbol, double probability) {
}
