package org.attentionexplainer.engine.onnx;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One operator of the graph: its type (MatMul, Add, Softmax, ...), the names of the values
 * it reads and writes, and its attributes by name.
 */
public record OnnxNode(String name, String opType, List<String> inputs, List<String> outputs,
        Map<String, OnnxAttribute> attributes) {

    public OnnxNode {
        inputs = List.copyOf(inputs);
        outputs = List.copyOf(outputs);
        attributes = Map.copyOf(attributes);
    }

    public Optional<OnnxAttribute> attribute(String attributeName) {
        return Optional.ofNullable(attributes.get(attributeName));
    }
}
