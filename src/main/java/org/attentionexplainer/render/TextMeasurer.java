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
        for (String word : words(text.strip())) {
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

    /**
     * {@code text.split("\\s+")} without a regular expression (a layout splits its titles a few
     * hundred times): the pieces between runs of ASCII white space, an empty first piece if the
     * text starts with one, no empty last pieces; {@code [""]} for an empty text.
     */
    static String[] words(String text) {
        int n = text.length();
        if (n == 0) {
            return new String[] {""};
        }
        java.util.List<String> out = new java.util.ArrayList<>();
        int start = 0;
        int i = 0;
        while (i < n) {
            if (isSpace(text.charAt(i))) {
                out.add(text.substring(start, i));
                while (i < n && isSpace(text.charAt(i))) {
                    i++;
                }
                start = i;
            } else {
                i++;
            }
        }
        if (start < n) {
            out.add(text.substring(start));
        }
        int size = out.size();
        while (size > 0 && out.get(size - 1).isEmpty()) {
            size--;
        }
        return out.subList(0, size).toArray(new String[0]);
    }

    private static boolean isSpace(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == 0x0B || c == '\f' || c == '\r';
    }
}
