package org.attentionexplainer.export;

import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;

/**
 * A matrix as CSV with token labels: the first row holds the key labels, the first column the
 * query labels. Values are written with a fixed number of decimals, '.' as the decimal mark
 * (spreadsheets in every locale import it), {@code -inf} for masked logits. Labels that a
 * spreadsheet would take for a formula are written as text (see {@link #quote}).
 */
public final class CsvWriter {
    public static final int DEFAULT_DECIMALS = 6;

    private CsvWriter() {
    }

    public static void write(OutputStream out, float[][] matrix, List<String> rowLabels, List<String> colLabels,
                             String corner, int decimals) throws IOException {
        Writer w = new OutputStreamWriter(out, StandardCharsets.UTF_8);
        StringBuilder line = new StringBuilder(quote(corner));
        for (String c : colLabels) {
            line.append(',').append(quote(c));
        }
        w.write(line.append("\r\n").toString());
        String format = "%." + decimals + "f";
        for (int i = 0; i < matrix.length; i++) {
            line.setLength(0);
            line.append(quote(rowLabels.get(i)));
            for (float v : matrix[i]) {
                line.append(',').append(format(v, format));
            }
            w.write(line.append("\r\n").toString());
        }
        w.flush();
    }

    static String format(float v, String format) {
        if (Float.isNaN(v)) {
            return "nan";
        }
        if (Float.isInfinite(v)) {
            return v > 0 ? "inf" : "-inf";
        }
        return String.format(Locale.ROOT, format, v);
    }

    /**
     * A label as a CSV field: one that a spreadsheet would run as a formula (starting with =, +,
     * -, @, a tab or a carriage return, as a token such as "=SUM(A1)" or "-" may) gets a leading
     * apostrophe, which makes it text; then RFC 4180 quoting: fields with a comma, quote or line
     * break are quoted, quotes doubled. Numbers are written by {@link #format} and not guarded.
     */
    static String quote(String label) {
        String s = !label.isEmpty() && "=+-@\t\r".indexOf(label.charAt(0)) >= 0 ? "'" + label : label;
        if (s.contains(",") || s.contains("\"") || s.contains("\n") || s.contains("\r") || s.startsWith(" ")
                || s.endsWith(" ")) {
            return '"' + s.replace("\"", "\"\"") + '"';
        }
        return s;
    }
}
