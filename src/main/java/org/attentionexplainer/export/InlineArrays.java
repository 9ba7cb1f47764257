package org.attentionexplainer.export;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import org.attentionexplainer.engine.MessageText;
import org.attentionexplainer.engine.Tensor;
import org.attentionexplainer.engine.Worded;

/** Nested JSON lists of numbers to tensors and back. */
final class InlineArrays {
    private InlineArrays() {
    }

    static Tensor toTensor(JsonNode node, String field) throws SpecException {
        List<Integer> shape = new ArrayList<>();
        JsonNode probe = node;
        while (probe.isArray()) {
            shape.add(probe.size());
            if (probe.size() == 0) {
                break;
            }
            probe = probe.get(0);
        }
        int[] dims = shape.stream().mapToInt(Integer::intValue).toArray();
        long n = 1;
        for (int d : dims) {
            n *= d;
        }
        float[] values = new float[Math.toIntExact(n)];
        int[] pos = {0};
        fill(node, 0, dims, values, pos, field);
        return Tensor.of(values, dims);
    }

    private static void fill(JsonNode node, int depth, int[] dims, float[] out, int[] pos, String field)
            throws SpecException {
        if (depth == dims.length) {
            if (!node.isNumber() && !(node.isTextual() && isNonFinite(node.asText()))) {
                throw new SpecException(field, "export.spec.numberAt", String.valueOf(depth),
                        MessageText.quote(node.toString()));
            }
            out[pos[0]++] = (float) node.asDouble();
            return;
        }
        if (!node.isArray() || node.size() != dims[depth]) {
            throw new SpecException(field, "export.spec.ragged", String.valueOf(dims[depth]), String.valueOf(depth),
                    node.isArray() ? new Worded.Phrase("export.spec.entries", String.valueOf(node.size()))
                    : MessageText.quote(node.toString()));
        }
        for (JsonNode child : node) {
            fill(child, depth + 1, dims, out, pos, field);
        }
    }

    private static boolean isNonFinite(String s) {
        return s.equals("NaN") || s.endsWith("Infinity");
    }
}
