package org.attentionexplainer.export;

import org.attentionexplainer.engine.Memory;
import org.attentionexplainer.render.AwtTextMeasurer;
import org.attentionexplainer.render.Figure;
import org.attentionexplainer.render.FigureLayout;

/**
 * The heap a file of a figure takes while it is made, counted from the layout before anything
 * is drawn, and the refusal when it is more than a picture can be or more than the heap has
 * free. Each map's cells are one int colour each. A PNG is an int per pixel, then the deflate
 * buffer ({@link PngEncoder} sizes it at a byte per pixel) and its copy. An SVG turns every
 * cell into a rectangle object and about a hundred characters of text (measured: 100.6 per
 * cell for a 2,048-token map), two bytes each once the caption's "√" is in it, which JFreeSVG's
 * string builder holds up to five times over while it grows, copies into the document and the
 * document into bytes. Measured with the command line: a 1,024-token head as SVG (1.05 million
 * cells) fails in a 1,200 MiB heap and is written in 1,300; this count is 1,178 MiB, so it
 * goes ahead from a 1,330 MiB heap on. At 2x as PNG (14,564 x 14,536 pixels) the count is
 * 1,216 MiB; it is written in a 1,700 MiB heap.
 */
final class FigureMemory {
    /** Bytes of a Mark.Rect (header, four doubles, two ints, a double) and its list slot, grown. */
    static final long RECT_BYTES = 74;
    /** Characters of SVG text per cell, rounded up from the 100.6 measured. */
    static final long SVG_CHARS_PER_CELL = 110;
    /** Bytes of SVG text per character held at the peak: two bytes (UTF-16) in five copies. */
    static final long SVG_BYTES_PER_CHAR = 2 * 5;

    private FigureMemory() {
    }

    /** Width and height in image pixels of the figure at a resolution (as {@link PngWriter} makes it). */
    static long[] pixels(Figure figure, Resolution resolution) {
        FigureLayout l = figure.layout(Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY,
                new AwtTextMeasurer(figure.options().fontFamily()));
        return new long[] {Math.max(1, (long) Math.ceil(l.width() * resolution.scale() - 1e-9)),
            Math.max(1, (long) Math.ceil(l.height() * resolution.scale() - 1e-9))};
    }

    static long cells(Figure figure) {
        long cells = 0;
        for (int p = 0; p < figure.panelCount(); p++) {
            cells += (long) figure.data(p).rows() * figure.data(p).cols();
        }
        return cells;
    }

    /** The heap one file takes while it is made. */
    static long bytes(Figure figure, ExportFormat format, Resolution resolution) {
        long cells = cells(figure);
        return switch (format) {
            case PNG -> {
                long[] wh = pixels(figure, resolution);
                yield 6 * wh[0] * wh[1] + 4 * cells;
            }
            case SVG -> cells * (4 + RECT_BYTES + SVG_BYTES_PER_CHAR * SVG_CHARS_PER_CELL);
            case CSV -> 4 * cells;
            case NPY -> 8 * cells;
        };
    }

    /**
     * Refuses, naming the file, a picture larger than an image or a string can be, or a file
     * whose making needs more than the heap has free.
     *
     * @throws IllegalArgumentException with one line
     */
    static void require(Figure figure, ExportFormat format, Resolution resolution, String name) {
        if (format == ExportFormat.PNG) {
            long[] wh = pixels(figure, resolution);
            if (wh[0] * wh[1] > Memory.MAX_ARRAY) {
                throw new ExportProblem("export.problem.pixels", name, Long.toString(wh[0]), Long.toString(wh[1]));
            }
        }
        if (format == ExportFormat.SVG && cells(figure) * SVG_CHARS_PER_CELL > Memory.MAX_ARRAY) {
            throw new ExportProblem("export.problem.svgText", name, Long.toString(cells(figure)));
        }
        requireRoom(bytes(figure, format, resolution), name);
    }

    static void requireRoom(long bytes, String name) {
        if (!Memory.fits(bytes)) {
            throw new ExportProblem("export.problem.memory", name, Long.toString(Memory.mib(bytes)),
                    Long.toString(Memory.usable() >> 20), Long.toString(Runtime.getRuntime().maxMemory() >> 20));
        }
    }
}
