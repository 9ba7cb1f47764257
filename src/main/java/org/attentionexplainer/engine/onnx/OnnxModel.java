package org.attentionexplainer.engine.onnx;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The parts of an ONNX ModelProto this project reads: who wrote it, the opset, the graph's
 * input and output names, its initializers (the trained weights) by name and its nodes in
 * file order (which ONNX requires to be topological).
 */
public final class OnnxModel {
    private final long irVersion;
    private final long opsetVersion;
    private final String producer;
    private final List<String> inputs;
    private final List<String> outputs;
    private final Map<String, OnnxTensor> initializers;
    private final List<OnnxNode> nodes;
    private final Map<String, OnnxNode> producers = new HashMap<>();
    private final Map<String, List<OnnxNode>> consumers = new HashMap<>();

    OnnxModel(long irVersion, long opsetVersion, String producer, List<String> inputs, List<String> outputs,
            Map<String, OnnxTensor> initializers, List<OnnxNode> nodes) {
        this.irVersion = irVersion;
        this.opsetVersion = opsetVersion;
        this.producer = producer;
        this.inputs = List.copyOf(inputs);
        this.outputs = List.copyOf(outputs);
        this.initializers = Map.copyOf(initializers);
        this.nodes = List.copyOf(nodes);
        for (OnnxNode node : this.nodes) {
            for (String out : node.outputs()) {
                producers.put(out, node);
            }
            for (String in : node.inputs()) {
                consumers.computeIfAbsent(in, k -> new ArrayList<>()).add(node);
            }
        }
    }

    public long irVersion() {
        return irVersion;
    }

    /** The version of the default ("ai.onnx") operator set, 0 if none is declared. */
    public long opsetVersion() {
        return opsetVersion;
    }

    /** The tool that wrote the file, e.g. "pytorch 2.0.1". */
    public String producer() {
        return producer;
    }

    public List<String> inputs() {
        return inputs;
    }

    public List<String> outputs() {
        return outputs;
    }

    public Map<String, OnnxTensor> initializers() {
        return initializers;
    }

    public Optional<OnnxTensor> initializer(String name) {
        return Optional.ofNullable(initializers.get(name));
    }

    public List<OnnxNode> nodes() {
        return nodes;
    }

    /** The node that writes the named value, if a node does (inputs and initializers have none). */
    public Optional<OnnxNode> producerOf(String value) {
        return Optional.ofNullable(producers.get(value));
    }

    /** The nodes that read the named value. */
    public List<OnnxNode> consumersOf(String value) {
        return List.copyOf(consumers.getOrDefault(value, List.of()));
    }

    /** The nodes of one operator type, in graph order. */
    public List<OnnxNode> nodesOfType(String opType) {
        return nodes.stream().filter(n -> n.opType().equals(opType)).toList();
    }

    /**
     * The float value of a Constant node's output or of a one-element initializer, if the
     * named value is either.
     */
    public Optional<Float> constant(String value) {
        OnnxTensor init = initializers.get(value);
        if (init != null) {
            return init.dataType() == OnnxTensor.FLOAT && init.elementCount() == 1
                    ? Optional.of(init.scalar()) : Optional.empty();
        }
        return producerOf(value)
                .filter(n -> n.opType().equals("Constant"))
                .flatMap(n -> n.attribute("value"))
                .map(OnnxAttribute::t)
                .filter(t -> t != null && t.dataType() == OnnxTensor.FLOAT && t.elementCount() == 1)
                .map(OnnxTensor::scalar);
    }
}
