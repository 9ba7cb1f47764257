package org.attentionexplainer.export;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Set;
import org.attentionexplainer.engine.Algorithm;
import org.attentionexplainer.engine.InvalidSpecException;
import org.attentionexplainer.engine.Rope;

/**
 * The fields of version 2 of the compute spec that take more than a number: {@code rope} and
 * {@code algorithm}, and the K/V width that {@code init} gives grouped-query attention.
 */
final class SpecExtensions {
    private SpecExtensions() {
    }

    /**
     * The width of the key and value weights {@code init} creates: d_out, or kv_heads * hd with
     * grouped-query attention, hd = d_out / heads.
     */
    static int keyValueWidth(int dOut, int heads, Integer kvHeads) throws SpecException {
        if (kvHeads == null || kvHeads == heads) {
            return dOut;
        }
        if (heads < 1 || dOut % heads != 0) {
            throw new SpecException("heads", "export.spec.headsDivideInit", String.valueOf(heads),
                    String.valueOf(dOut));
        }
        return kvHeads * (dOut / heads);
    }

    /** {@code {"base", "style", "offset"}}, each with its default; null when the field is absent. */
    static Rope rope(JsonNode node) throws SpecException {
        if (node.isMissingNode() || node.isNull()) {
            return null;
        }
        if (!node.isObject()) {
            throw new SpecException("rope", "export.spec.ropeObject");
        }
        ComputeSpecReader.checkKeys(node, Set.of("base", "style", "offset"), "rope.");
        Rope defaults = Rope.defaults();
        String style = ComputeSpecReader.text(node, "style", "rope.style", defaults.style().specValue());
        Rope.Style parsed = switch (style) {
            case "half" -> Rope.Style.HALF;
            case "interleaved" -> Rope.Style.INTERLEAVED;
            default -> throw new SpecException("rope.style", "export.spec.ropeStyle", style);
        };
        double base = ComputeSpecReader.number(node, "base", "rope.base", defaults.base());
        int offset = ComputeSpecReader.integer(node, "offset", "rope.offset", defaults.offset());
        try {
            return new Rope(base, parsed, offset);
        } catch (InvalidSpecException e) {
            throw SpecException.of(e);
        }
    }

    /** {@code {"kind": "direct"}} or {@code {"kind": "tiled", "block_q", "block_k"}}; direct when absent. */
    static Algorithm algorithm(JsonNode node) throws SpecException {
        if (node.isMissingNode() || node.isNull()) {
            return Algorithm.direct();
        }
        if (!node.isObject()) {
            throw new SpecException("algorithm", "export.spec.algorithmObject");
        }
        ComputeSpecReader.checkKeys(node, Set.of("kind", "block_q", "block_k"), "algorithm.");
        String kind = ComputeSpecReader.text(node, "kind", "algorithm.kind", null);
        if (kind == null) {
            throw new SpecException("algorithm.kind", "export.spec.kindMissing");
        }
        try {
            return switch (kind) {
                case "direct" -> Algorithm.direct();
                case "tiled" -> Algorithm.tiled(
                        ComputeSpecReader.integer(node, "block_q", "algorithm.block_q", Double.NaN),
                        ComputeSpecReader.integer(node, "block_k", "algorithm.block_k", Double.NaN));
                default -> throw new SpecException("algorithm.kind", "export.spec.kind", kind);
            };
        } catch (InvalidSpecException e) {
            throw SpecException.of(e);
        }
    }
}
