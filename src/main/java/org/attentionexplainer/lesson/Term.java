package org.attentionexplainer.lesson;

/** One term {@code left × right} of a written-out dot product. */
public record Term(double left, double right) {
    public double product() {
        return left * right;
    }
}
