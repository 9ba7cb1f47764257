package org.attentionexplainer.export;

/**
 * How many image pixels a layout pixel becomes. A scale of 1× to 4× is for screens and
 * slides; a DPI is for print, counting a layout pixel as 1/96 inch (the CSS pixel), and is
 * written into the PNG so that the picture prints at its intended size.
 *
 * @param scale image pixels per layout pixel
 * @param dpi   dots per inch to record in the file, or 0 when none was chosen
 */
public record Resolution(double scale, int dpi) {
    public static final double MAX_SCALE = 4;
    public static final int MIN_DPI = 72;
    public static final int MAX_DPI = 600;
    /** Layout pixels per inch. */
    public static final double LAYOUT_DPI = 96;

    public Resolution {
        if (!(scale > 0 && scale <= MAX_DPI / LAYOUT_DPI)) {
            throw new ExportProblem("export.problem.scaleRange", Double.toString(scale));
        }
        if (dpi != 0 && (dpi < MIN_DPI || dpi > MAX_DPI)) {
            throw new ExportProblem("export.problem.dpi", MIN_DPI, MAX_DPI, Integer.toString(dpi));
        }
    }

    /** 1×, 2×, 3× or 4×: no DPI recorded. */
    public static Resolution times(int factor) {
        if (factor < 1 || factor > MAX_SCALE) {
            throw new ExportProblem("export.problem.scale", Integer.toString(factor));
        }
        return new Resolution(factor, 0);
    }

    /** A print resolution: 192 DPI is 2× the layout. */
    public static Resolution dpi(int dpi) {
        if (dpi < MIN_DPI || dpi > MAX_DPI) {
            throw new ExportProblem("export.problem.dpi", MIN_DPI, MAX_DPI, Integer.toString(dpi));
        }
        return new Resolution(dpi / LAYOUT_DPI, dpi);
    }

    public boolean hasDpi() {
        return dpi != 0;
    }
}
