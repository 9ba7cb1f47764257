package org.attentionexplainer.engine.onnx;

import java.util.List;

/**
 * One node attribute. Only the kinds this reader keeps are present; the others are null
 * (or empty): a float {@code f}, an integer {@code i}, a string {@code s}, a tensor {@code t}
 * (the value of a Constant node) and a list of integers {@code ints} (e.g. a permutation).
 */
public record OnnxAttribute(String name, Float f, Long i, String s, OnnxTensor t, List<Long> ints) {
    public OnnxAttribute {
        ints = List.copyOf(ints);
    }
}
