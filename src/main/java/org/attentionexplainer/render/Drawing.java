package org.attentionexplainer.render;

import java.util.ArrayList;
import java.util.List;

/**
 * A picture as a list of {@link Mark}s, with its size, background and font family.
 *
 * @param width      in pixels
 * @param height     in pixels
 * @param background ARGB
 * @param fontFamily family of every text ("SansSerif" by default, a logical font both
 *                   Java2D and JavaFX know)
 * @param marks      in painting order
 */
public record Drawing(double width, double height, int background, String fontFamily, List<Mark> marks) {

    public Drawing {
        marks = List.copyOf(marks);
    }

    /** Collects marks, shifted by a movable origin so that a panel can draw itself anywhere. */
    public static final class Builder {
        private final List<Mark> marks = new ArrayList<>();
        private double ox;
        private double oy;

        /** Moves the origin by (dx, dy) for the marks that follow. */
        public Builder translate(double dx, double dy) {
            ox += dx;
            oy += dy;
            return this;
        }

        public Builder rect(double x, double y, double w, double h, int fill) {
            marks.add(Mark.Rect.filled(ox + x, oy + y, w, h, fill));
            return this;
        }

        public Builder outline(double x, double y, double w, double h, int stroke, double width) {
            marks.add(new Mark.Rect(ox + x, oy + y, w, h, 0, stroke, width));
            return this;
        }

        public Builder line(double x1, double y1, double x2, double y2, int color, double width) {
            marks.add(new Mark.Line(ox + x1, oy + y1, ox + x2, oy + y2, color, width));
            return this;
        }

        public Builder text(String text, double x, double y, double size, boolean bold, Mark.Anchor anchor,
                            boolean vertical, int color) {
            marks.add(new Mark.Text(text, ox + x, oy + y, size, bold, anchor, vertical, color));
            return this;
        }

        public Builder raster(double x, double y, double w, double h, int cols, int rows, int[] argb) {
            return raster(x, y, w, h, cols, rows, Cells.of(argb));
        }

        public Builder raster(double x, double y, double w, double h, int cols, int rows, Cells cells) {
            marks.add(new Mark.Raster(ox + x, oy + y, w, h, cols, rows, cells));
            return this;
        }

        public Builder hatch(double[] boxes, int color, double spacing, double width) {
            double[] moved = boxes.clone();
            for (int i = 0; i < moved.length; i += 4) {
                moved[i] += ox;
                moved[i + 1] += oy;
            }
            marks.add(new Mark.Hatch(moved, color, spacing, width));
            return this;
        }

        public Drawing build(double width, double height, int background, String fontFamily) {
            return new Drawing(width, height, background, fontFamily, marks);
        }
    }
}
