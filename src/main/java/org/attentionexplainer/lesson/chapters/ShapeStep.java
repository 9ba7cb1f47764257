package org.attentionexplainer.lesson.chapters;

import java.util.List;

/**
 * One line of the shape walk of multi-head attention, e.g. "view: (b, t, h, hd) = (2, 6, 2, 2)".
 *
 * @param labelKey what happens at this step (a message key)
 * @param code     the PyTorch line that does it, e.g. {@code q.view(b, t, h, hd)}
 * @param symbols  the shape in symbols, e.g. {@code (b, t, h, hd)}
 * @param dims     the same shape in numbers
 */
public record ShapeStep(String labelKey, String code, String symbols, List<Integer> dims) {

    public ShapeStep {
        dims = List.copyOf(dims);
    }

    /** "(2, 6, 2, 2)". */
    public String dimsString() {
        StringBuilder sb = new StringBuilder("(");
        for (int i = 0; i < dims.size(); i++) {
            sb.append(i == 0 ? "" : ", ").append(dims.get(i));
        }
        return sb.append(')').toString();
    }
}
