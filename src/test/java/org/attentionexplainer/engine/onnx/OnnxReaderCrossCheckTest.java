package org.attentionexplainer.engine.onnx;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import onnx.OnnxMl;
import org.junit.jupiter.api.Test;

/**
 * The hand-written ONNX reader against ND4J's own generated ONNX classes (protobuf), on the
 * real model (all-MiniLM-L6-v2, 90 MB): the same header, graph inputs and outputs, the same
 * nodes in order with their inputs, outputs and attribute names, and the same initializers with
 * their types, shapes and every value.
 */
class OnnxReaderCrossCheckTest {
    @Test
    void theRealModelReadsTheSameAsWithNd4jsOnnxClasses() throws IOException {
        byte[] bytes;
        try (InputStream in = OnnxReaderCrossCheckTest.class.getClassLoader()
                .getResourceAsStream("all-minilm-l6-v2.onnx")) {
            bytes = in.readAllBytes();
        }
        OnnxModel ours = OnnxReader.read(bytes);
        OnnxMl.ModelProto theirs = OnnxMl.ModelProto.parseFrom(bytes);
        OnnxMl.GraphProto graph = theirs.getGraph();

        assertEquals(theirs.getIrVersion(), ours.irVersion());
        assertEquals(theirs.getProducerName() + " " + theirs.getProducerVersion(), ours.producer());
        assertEquals(graph.getInputList().stream().map(OnnxMl.ValueInfoProto::getName).toList(), ours.inputs());
        assertEquals(graph.getOutputList().stream().map(OnnxMl.ValueInfoProto::getName).toList(), ours.outputs());

        assertTrue(graph.getNodeCount() > 100, "nodes: " + graph.getNodeCount());
        assertEquals(graph.getNodeCount(), ours.nodes().size());
        for (int i = 0; i < graph.getNodeCount(); i++) {
            OnnxMl.NodeProto n = graph.getNode(i);
            OnnxNode o = ours.nodes().get(i);
            assertEquals(n.getName(), o.name());
            assertEquals(n.getOpType(), o.opType(), n.getName());
            assertEquals(n.getInputList(), o.inputs(), n.getName());
            assertEquals(n.getOutputList(), o.outputs(), n.getName());
            for (OnnxMl.AttributeProto a : n.getAttributeList()) {
                assertTrue(o.attribute(a.getName()).isPresent(), n.getName() + " lacks attribute " + a.getName());
            }
        }

        Map<String, OnnxMl.TensorProto> initializers = graph.getInitializerList().stream()
                .collect(Collectors.toMap(OnnxMl.TensorProto::getName, t -> t));
        assertEquals(initializers.keySet(), ours.initializers().keySet());
        long floats = 0;
        for (OnnxTensor t : ours.initializers().values()) {
            OnnxMl.TensorProto p = initializers.get(t.name());
            assertEquals(p.getDataType(), t.dataType(), t.name());
            assertArrayEquals(p.getDimsList().stream().mapToLong(Long::longValue).toArray(), t.dims(), t.name());
            if (t.dataType() == OnnxTensor.FLOAT) {
                assertArrayEquals(floatsOf(p), t.floats(), t.name());
                floats += t.elementCount();
            } else if (t.dataType() == OnnxTensor.INT64) {
                assertArrayEquals(longsOf(p), t.longs(), t.name());
            }
        }
        assertTrue(floats > 22_000_000, "the model's weights were compared: " + floats);
    }

    private static float[] floatsOf(OnnxMl.TensorProto p) {
        if (!p.getRawData().isEmpty()) {
            ByteBuffer b = p.getRawData().asReadOnlyByteBuffer().order(ByteOrder.LITTLE_ENDIAN);
            float[] out = new float[b.remaining() / 4];
            b.asFloatBuffer().get(out);
            return out;
        }
        List<Float> list = p.getFloatDataList();
        float[] out = new float[list.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = list.get(i);
        }
        return out;
    }

    private static long[] longsOf(OnnxMl.TensorProto p) {
        if (!p.getRawData().isEmpty()) {
            ByteBuffer b = p.getRawData().asReadOnlyByteBuffer().order(ByteOrder.LITTLE_ENDIAN);
            long[] out = new long[b.remaining() / 8];
            b.asLongBuffer().get(out);
            return out;
        }
        return p.getInt64DataList().stream().mapToLong(Long::longValue).toArray();
    }
}
