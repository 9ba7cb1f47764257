package org.attentionexplainer.engine.onnx;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.DoubleConsumer;
import org.attentionexplainer.engine.MessageText;

/**
 * Reads an ONNX model straight from protobuf wire format, without generated classes. Field
 * numbers are those of onnx.proto:
 *
 * <pre>
 *   ModelProto   1 ir_version, 2 producer_name, 3 producer_version, 7 graph, 8 opset_import
 *   OperatorSetIdProto 1 domain, 2 version
 *   GraphProto   1 node, 5 initializer, 11 input, 12 output
 *   NodeProto    1 input, 2 output, 3 name, 4 op_type, 5 attribute
 *   AttributeProto 1 name, 2 f, 3 i, 4 s, 5 t, 8 ints
 *   TensorProto  1 dims, 2 data_type, 4 float_data, 7 int64_data, 8 name, 9 raw_data,
 *                14 data_location (1 = external file)
 *   ValueInfoProto 1 name
 * </pre>
 *
 * Everything else (doc strings, metadata, value types, training info) is skipped.
 */
public final class OnnxReader {
    private OnnxReader() {
    }

    /** Parses a whole model held in memory. Tensors keep pointing into {@code bytes}. */
    public static OnnxModel read(byte[] bytes) {
        ProtoReader model = new ProtoReader(bytes, 0, bytes.length);
        long irVersion = 0;
        long opset = 0;
        String producerName = "";
        String producerVersion = "";
        ProtoReader graph = null;
        while (model.next()) {
            switch (model.field()) {
                case 1 -> irVersion = model.readVarint();
                case 2 -> producerName = model.readString();
                case 3 -> producerVersion = model.readString();
                case 7 -> graph = model.readMessage();
                case 8 -> opset = Math.max(opset, readDefaultOpset(model.readMessage()));
                default -> model.skip();
            }
        }
        if (graph == null) {
            throw new OnnxFormatException("the file holds no graph: it is not an ONNX model");
        }
        String producer = (producerName + " " + producerVersion).trim();
        return readGraph(graph, irVersion, opset, producer);
    }

    /**
     * Reads a stream to its end, then parses it. {@code progress} receives the fraction read
     * so far (0 to 1) as bytes arrive, estimated from {@code expectedSize} (bytes, or -1 when
     * unknown, in which case it only hears 1 at the end).
     */
    public static OnnxModel read(InputStream in, long expectedSize, DoubleConsumer progress) throws IOException {
        return read(readAll(in, expectedSize, progress));
    }

    /** Every byte of the stream, reporting the fraction read as it goes. */
    public static byte[] readAll(InputStream in, long expectedSize, DoubleConsumer progress) throws IOException {
        boolean sized = expectedSize > 0 && expectedSize < Integer.MAX_VALUE - 8;
        byte[] buffer = new byte[sized ? (int) expectedSize : 1 << 20];
        int total = 0;
        while (true) {
            if (total == buffer.length) {
                int next = in.read();
                if (next < 0) {
                    break;
                }
                buffer = Arrays.copyOf(buffer, Math.max(buffer.length * 2, 1 << 20));
                buffer[total++] = (byte) next;
            }
            int n = in.read(buffer, total, Math.min(buffer.length - total, 1 << 20));
            if (n < 0) {
                break;
            }
            total += n;
            if (sized) {
                progress.accept(Math.min(1.0, (double) total / expectedSize));
            }
        }
        progress.accept(1.0);
        return total == buffer.length ? buffer : Arrays.copyOf(buffer, total);
    }

    private static long readDefaultOpset(ProtoReader opset) {
        String domain = "";
        long version = 0;
        while (opset.next()) {
            switch (opset.field()) {
                case 1 -> domain = opset.readString();
                case 2 -> version = opset.readVarint();
                default -> opset.skip();
            }
        }
        return domain.isEmpty() || domain.equals("ai.onnx") ? version : 0;
    }

    private static OnnxModel readGraph(ProtoReader graph, long irVersion, long opset, String producer) {
        List<OnnxNode> nodes = new ArrayList<>();
        Map<String, OnnxTensor> initializers = new LinkedHashMap<>();
        List<String> inputs = new ArrayList<>();
        List<String> outputs = new ArrayList<>();
        while (graph.next()) {
            switch (graph.field()) {
                case 1 -> nodes.add(readNode(graph.readMessage()));
                case 5 -> {
                    OnnxTensor t = readTensor(graph.readMessage());
                    initializers.put(t.name(), t);
                }
                case 11 -> inputs.add(readValueInfoName(graph.readMessage()));
                case 12 -> outputs.add(readValueInfoName(graph.readMessage()));
                default -> graph.skip();
            }
        }
        // Older exports list initializers among the inputs too; those are weights, not inputs.
        inputs.removeIf(initializers::containsKey);
        return new OnnxModel(irVersion, opset, producer, inputs, outputs, initializers, nodes);
    }

    private static OnnxNode readNode(ProtoReader node) {
        List<String> inputs = new ArrayList<>();
        List<String> outputs = new ArrayList<>();
        String name = "";
        String opType = "";
        Map<String, OnnxAttribute> attributes = new HashMap<>();
        while (node.next()) {
            switch (node.field()) {
                case 1 -> inputs.add(node.readString());
                case 2 -> outputs.add(node.readString());
                case 3 -> name = node.readString();
                case 4 -> opType = node.readString();
                case 5 -> {
                    OnnxAttribute a = readAttribute(node.readMessage());
                    attributes.put(a.name(), a);
                }
                default -> node.skip();
            }
        }
        return new OnnxNode(name, opType, inputs, outputs, attributes);
    }

    private static OnnxAttribute readAttribute(ProtoReader attr) {
        String name = "";
        Float f = null;
        Long i = null;
        String s = null;
        OnnxTensor t = null;
        ProtoReader.LongList ints = new ProtoReader.LongList();
        while (attr.next()) {
            switch (attr.field()) {
                case 1 -> name = attr.readString();
                case 2 -> f = attr.readFloat();
                case 3 -> i = attr.readVarint();
                case 4 -> s = attr.readString();
                case 5 -> t = readTensor(attr.readMessage());
                case 8 -> attr.readInt64s(ints);
                default -> attr.skip();
            }
        }
        List<Long> intList = new ArrayList<>();
        for (long v : ints.toArray()) {
            intList.add(v);
        }
        return new OnnxAttribute(name, f, i, s, t, intList);
    }

    private static OnnxTensor readTensor(ProtoReader tensor) {
        ProtoReader.LongList dims = new ProtoReader.LongList();
        ProtoReader.FloatList floatData = new ProtoReader.FloatList();
        ProtoReader.LongList int64Data = new ProtoReader.LongList();
        int dataType = 0;
        String name = "";
        int[] raw = null;
        boolean external = false;
        while (tensor.next()) {
            switch (tensor.field()) {
                case 1 -> tensor.readInt64s(dims);
                case 2 -> dataType = (int) tensor.readVarint();
                case 4 -> tensor.readFloats(floatData);
                case 7 -> tensor.readInt64s(int64Data);
                case 8 -> name = tensor.readString();
                case 9 -> raw = tensor.readSlice();
                case 14 -> external = tensor.readVarint() == 1;
                default -> tensor.skip();
            }
        }
        for (long d : dims.toArray()) {
            if (d < 0 || d > Integer.MAX_VALUE) {
                throw new OnnxFormatException("tensor " + MessageText.quote(name) + " has a dimension of " + d
                        + "; dimensions run from 0 to " + Integer.MAX_VALUE);
            }
        }
        if (external) {
            throw new OnnxFormatException("tensor " + MessageText.quote(name) + " keeps its data in an external file, "
                    + "which this reader does not follow");
        }
        return new OnnxTensor(name, dataType, dims.toArray(), tensor.buffer(), raw, floatData.toArray(),
                int64Data.toArray());
    }

    private static String readValueInfoName(ProtoReader info) {
        String name = "";
        while (info.next()) {
            if (info.field() == 1) {
                name = info.readString();
            } else {
                info.skip();
            }
        }
        return name;
    }
}
