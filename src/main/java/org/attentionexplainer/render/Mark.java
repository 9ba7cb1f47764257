package org.attentionexplainer.render;

/**
 * One thing a painter draws. A {@link Drawing} is a list of marks in painting order; the
 * screen (JavaFX), PNG (Java2D) and SVG painters each interpret the same list, so what is
 * exported is what is shown. Coordinates are in pixels from the top left; colours are ARGB.
 */
public sealed interface Mark {

    /** A filled and/or outlined rectangle; a colour with alpha 0 is not drawn. */
    record Rect(double x, double y, double w, double h, int fill, int stroke, double strokeWidth) implements Mark {
        public static Rect filled(double x, double y, double w, double h, int fill) {
            return new Rect(x, y, w, h, fill, 0, 0);
        }
    }

    record Line(double x1, double y1, double x2, double y2, int color, double width) implements Mark {
    }

    /**
     * Text whose anchor point is (x, y): y is the vertical middle of the text, x its start,
     * middle or end. With {@code vertical} the text is turned 90° anticlockwise (reading
     * upwards) about the anchor, and the anchor runs along the turned text.
     */
    record Text(String text, double x, double y, double size, boolean bold, Anchor anchor, boolean vertical,
                int color) implements Mark {
    }

    /**
     * A block of cells, {@code cols x rows} colours row-major, stretched over (x, y, w, h)
     * without smoothing: each value one crisp rectangle.
     */
    record Raster(double x, double y, double w, double h, int cols, int rows, Cells cells) implements Mark {
        public Raster {
            if (cells.count() != cols * rows) {
                throw new IllegalArgumentException(cells.count() + " colours for " + cols + " x " + rows + " cells");
            }
        }

        public Raster(double x, double y, double w, double h, int cols, int rows, int[] argb) {
            this(x, y, w, h, cols, rows, Cells.of(argb));
        }

        /** Every cell's colour, row-major (do not modify); see {@link Cells#all()}. */
        public int[] argb() {
            return cells.all();
        }
    }

    /**
     * Diagonal lines ("/") at the given spacing, clipped to the union of the rectangles
     * {@code boxes} (x, y, w, h quadruples): how masked cells differ from a weight of 0.
     */
    record Hatch(double[] boxes, int color, double spacing, double width) implements Mark {
        public Hatch {
            if (boxes.length % 4 != 0) {
                throw new IllegalArgumentException("boxes come in x, y, w, h quadruples");
            }
        }

        public int boxCount() {
            return boxes.length / 4;
        }

        /** The box around all boxes: {minX, minY, maxX, maxY}; the lines are drawn across it. */
        public double[] bounds() {
            double[] b = {Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY,
                Double.NEGATIVE_INFINITY};
            for (int i = 0; i < boxes.length; i += 4) {
                b[0] = Math.min(b[0], boxes[i]);
                b[1] = Math.min(b[1], boxes[i + 1]);
                b[2] = Math.max(b[2], boxes[i] + boxes[i + 2]);
                b[3] = Math.max(b[3], boxes[i + 1] + boxes[i + 3]);
            }
            return b;
        }
    }

    enum Anchor { START, MIDDLE, END }
}
