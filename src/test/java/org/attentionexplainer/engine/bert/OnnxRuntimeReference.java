package org.attentionexplainer.engine.bert;

import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * all-MiniLM-L6-v2 run by ONNX Runtime, the independent implementation the engine is checked
 * against. Besides the model's own output (last_hidden_state) it can return the softmax of
 * every attention layer: the graph is given those values as extra outputs before the session
 * is made.
 */
final class OnnxRuntimeReference implements AutoCloseable {
    private final OrtEnvironment env = OrtEnvironment.getEnvironment();
    private final OrtSession session;
    private final List<String> attentionOutputs;

    /** Results for a batch: (b, t, d) hidden states and per layer (b, h, t, t) attention. */
    record Result(float[][][] lastHidden, List<float[][][][]> attention) {
    }

    OnnxRuntimeReference(List<String> attentionOutputs) throws IOException, OrtException {
        this(attentionOutputs, 1);
    }

    /** @param threads ONNX Runtime's intra-op threads; 0 for its own choice (a thread per physical core) */
    OnnxRuntimeReference(List<String> attentionOutputs, int threads) throws IOException, OrtException {
        this.attentionOutputs = List.copyOf(attentionOutputs);
        byte[] model;
        try (InputStream in = OnnxRuntimeReference.class.getResourceAsStream("/" + ModelSource.ONNX_RESOURCE)) {
            model = in.readAllBytes();
        }
        OrtSession.SessionOptions options = new OrtSession.SessionOptions();
        if (threads > 0) {
            options.setIntraOpNumThreads(threads);
        }
        session = env.createSession(withExtraOutputs(model, attentionOutputs), options);
    }

    /** Runs padded ids; {@code lengths[b]} tokens of row b are real, the rest padding. */
    Result run(long[][] ids, int[] lengths) throws OrtException {
        long[][] mask = new long[ids.length][ids[0].length];
        long[][] types = new long[ids.length][ids[0].length];
        for (int b = 0; b < ids.length; b++) {
            for (int i = 0; i < lengths[b]; i++) {
                mask[b][i] = 1;
            }
        }
        Map<String, OnnxTensor> inputs = new HashMap<>();
        inputs.put("input_ids", OnnxTensor.createTensor(env, ids));
        inputs.put("attention_mask", OnnxTensor.createTensor(env, mask));
        inputs.put("token_type_ids", OnnxTensor.createTensor(env, types));
        try (OrtSession.Result r = session.run(inputs)) {
            float[][][] hidden = (float[][][]) r.get("last_hidden_state").orElseThrow().getValue();
            List<float[][][][]> attention = new java.util.ArrayList<>();
            for (String name : attentionOutputs) {
                attention.add((float[][][][]) r.get(name).orElseThrow().getValue());
            }
            return new Result(hidden, attention);
        } finally {
            inputs.values().forEach(OnnxTensor::close);
        }
    }

    @Override
    public void close() throws OrtException {
        session.close();
    }

    /**
     * The model with each named value added as a float graph output. ModelProto field 7 is
     * the graph; GraphProto field 12 an output, a ValueInfoProto {1: name, 2: TypeProto {1:
     * tensor_type {1: elem_type = 1 (FLOAT)}}}. Repeated fields may follow one another
     * anywhere in a message, so the outputs are appended to the graph's bytes.
     */
    private static byte[] withExtraOutputs(byte[] model, List<String> names) {
        if (names.isEmpty()) {
            return model;
        }
        ByteArrayOutputStream extra = new ByteArrayOutputStream();
        for (String name : names) {
            byte[] utf8 = name.getBytes(StandardCharsets.UTF_8);
            ByteArrayOutputStream info = new ByteArrayOutputStream();
            info.write(0x0a);
            writeVarint(info, utf8.length);
            info.writeBytes(utf8);
            info.writeBytes(new byte[] {0x12, 0x04, 0x0a, 0x02, 0x08, 0x01});
            extra.write(0x62);
            writeVarint(extra, info.size());
            extra.writeBytes(info.toByteArray());
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream(model.length + extra.size() + 16);
        int[] pos = {0};
        while (pos[0] < model.length) {
            int start = pos[0];
            long key = readVarint(model, pos);
            int wireType = (int) (key & 7);
            int valueStart = pos[0];
            int length = switch (wireType) {
                case 0 -> {
                    readVarint(model, pos);
                    yield pos[0] - valueStart;
                }
                case 1 -> 8;
                case 5 -> 4;
                case 2 -> {
                    int n = (int) readVarint(model, pos);
                    yield pos[0] - valueStart + n;
                }
                default -> throw new IllegalStateException("wire type " + wireType);
            };
            pos[0] = valueStart + length;
            if (key >>> 3 == 7 && wireType == 2) {
                int[] p = {valueStart};
                int graphLength = (int) readVarint(model, p);
                out.write(0x3a);
                writeVarint(out, graphLength + extra.size());
                out.write(model, p[0], graphLength);
                out.writeBytes(extra.toByteArray());
            } else {
                out.write(model, start, pos[0] - start);
            }
        }
        return out.toByteArray();
    }

    private static long readVarint(byte[] b, int[] pos) {
        long v = 0;
        for (int shift = 0; ; shift += 7) {
            byte x = b[pos[0]++];
            v |= (long) (x & 0x7f) << shift;
            if (x >= 0) {
                return v;
            }
        }
    }

    private static void writeVarint(ByteArrayOutputStream out, long v) {
        while ((v & ~0x7fL) != 0) {
            out.write((int) ((v & 0x7f) | 0x80));
            v >>>= 7;
        }
        out.write((int) v);
    }
}
