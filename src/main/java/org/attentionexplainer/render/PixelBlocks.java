package org.attentionexplainer.render;

import java.awt.image.BufferedImage;
import java.awt.image.DataBufferInt;

/**
 * Writes a {@link Mark.Raster} straight into the pixels of an opaque image: each pixel whose
 * centre falls inside the raster takes the colour of the cell under that centre, exactly
 * what a nearest-neighbour drawImage paints; a transparent cell leaves the pixel as it was.
 */
final class PixelBlocks {
    private PixelBlocks() {
    }

    /** False (nothing written) unless {@code img} is INT_RGB and every cell is opaque or transparent. */
    static boolean fill(BufferedImage img, Mark.Raster r, double scale) {
        if (img.getType() != BufferedImage.TYPE_INT_RGB) {
            return false;
        }
        int[] argb = r.argb();
        for (int c : argb) {
            int alpha = c >>> 24;
            if (alpha != 0 && alpha != 0xff) {
                return false;
            }
        }
        int w = img.getWidth();
        int h = img.getHeight();
        int[] px = ((DataBufferInt) img.getRaster().getDataBuffer()).getData();
        int x0 = Math.max(0, (int) Math.floor(r.x() * scale));
        int x1 = Math.min(w, (int) Math.ceil((r.x() + r.w()) * scale));
        int y0 = Math.max(0, (int) Math.floor(r.y() * scale));
        int y1 = Math.min(h, (int) Math.ceil((r.y() + r.h()) * scale));
        int[] col = index(x0, x1, r.x(), r.w(), r.cols(), scale);
        int[] row = index(y0, y1, r.y(), r.h(), r.rows(), scale);
        // the pixel columns whose centres fall inside the raster
        int in0 = x0;
        while (in0 < x1 && col[in0 - x0] < 0) {
            in0++;
        }
        int in1 = x1;
        while (in1 > in0 && col[in1 - 1 - x0] < 0) {
            in1--;
        }
        int lastRow = -1;
        boolean lastOpaque = false;
        for (int y = y0; y < y1; y++) {
            int cellRow = row[y - y0];
            if (cellRow < 0) {
                continue;
            }
            int out = y * w;
            if (cellRow == lastRow) {
                // the same cells as the pixel row above: copy it, where the cells were opaque
                if (lastOpaque) {
                    System.arraycopy(px, out - w + in0, px, out + in0, in1 - in0);
                } else {
                    copyOpaque(px, out - w, out, x0, x1, col, argb, cellRow * r.cols());
                }
                continue;
            }
            lastOpaque = opaqueRow(argb, cellRow * r.cols(), r.cols());
            int base = cellRow * r.cols();
            for (int x = x0; x < x1; x++) {
                int c = col[x - x0];
                if (c >= 0 && argb[base + c] >>> 24 != 0) {
                    px[out + x] = argb[base + c];
                }
            }
            lastRow = cellRow;
        }
        return true;
    }

    private static boolean opaqueRow(int[] argb, int from, int count) {
        for (int i = from; i < from + count; i++) {
            if (argb[i] >>> 24 == 0) {
                return false;
            }
        }
        return true;
    }

    private static void copyOpaque(int[] px, int from, int to, int x0, int x1, int[] col, int[] argb, int base) {
        int run = -1;
        for (int x = x0; x <= x1; x++) {
            boolean opaque = x < x1 && col[x - x0] >= 0 && argb[base + col[x - x0]] >>> 24 != 0;
            if (opaque && run < 0) {
                run = x;
            } else if (!opaque && run >= 0) {
                System.arraycopy(px, from + run, px, to + run, x - run);
                run = -1;
            }
        }
    }

    /** For each pixel from p0 to p1, the cell under its centre, or -1 when the centre is outside. */
    private static int[] index(int p0, int p1, double start, double length, int cells, double scale) {
        int[] out = new int[Math.max(0, p1 - p0)];
        double size = length / cells;
        for (int p = p0; p < p1; p++) {
            double centre = (p + 0.5) / scale;
            out[p - p0] = centre < start || centre >= start + length ? -1
                    : Math.min(cells - 1, (int) ((centre - start) / size));
        }
        return out;
    }
}
