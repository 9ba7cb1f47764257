package org.attentionexplainer.render;

/**
 * Measures text in the font the painter will use, so labels get exactly the room they
 * need: Java2D's metrics for PNG/SVG export, JavaFX's on screen.
 */
@FunctionalInterface
public interface TextMeasurer {
    /** The advance width of {@code text} in pixels. */
    double width(String text, double size, boolean bold);

    /**
     * Word-wraps {@code text} (at white space) into lines no wider than {@code maxW} at the
     * given size; a single word wider than that gets a line of its own.
     */
    default java.util.List<String> wrap(String text, double maxW, double size, boolean bold) {
        java.util.List<String> lines = new java.util.ArrayList<>();
        StringBuilder line = new StringBuilder();
        for (String word : text.strip().split("\\s+")) {
            String candidate = line.length() == 0 ? word : line + " " + word;
            if (line.length() > 0 && width(candidate, size, bold) > maxW) {
                lines.add(line.toString());
                line.setLength(0);
                line.append(word);
            } else {
                line.setLength(0);
                line.append(candidate);
            }
        }
        lines.add(line.toString());
        return lines;
    }
}
