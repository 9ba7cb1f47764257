package org.attentionexplainer.ui.heatmap;

import java.util.HashMap;
import java.util.Map;
import javafx.geometry.VPos;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.image.PixelFormat;
import javafx.scene.image.WritableImage;
import javafx.scene.paint.Color;
import javafx.scene.text.TextAlignment;
import org.attentionexplainer.render.Cells;
import org.attentionexplainer.render.Drawing;
import org.attentionexplainer.render.Mark;

/**
 * Paints a render {@link Drawing} on a JavaFX canvas: the same marks the Java2D painter
 * exports. Cells go through a {@link javafx.scene.image.PixelWriter} (one pixel per cell,
 * scaled up without smoothing), so a 512 x 512 map costs one image, not 262 144 rectangles.
 *
 * <p>One painter serves one canvas, each paint replacing the last picture: an image that the last
 * two pictures no longer show takes the new colours of a map of its size (a slider step recolours
 * every map of the grid), instead of a new image and a new texture per map and step.
 */
final class FxPainter {
    /** The cells' images by their colours: a repaint after a resize uploads nothing new. */
    private Map<Cells, WritableImage> images = new HashMap<>();
    /** The images of the picture before last that the last one did not show: see {@link #spare()}. */
    private java.util.List<WritableImage> retired = java.util.List.of();
    /** The sampled cells of the sizes last drawn: see {@link #sampledCells}. */
    private final Map<java.util.List<Integer>, int[]> sampled = new HashMap<>();
    /**
     * The arrays the last paint's sampled colours went into, by length: the pixels are copied into
     * their images during the paint, so the next paint writes its colours into the same arrays.
     */
    private Map<Long, java.util.ArrayDeque<int[]>> buffers = new HashMap<>();

    void paint(Drawing d, GraphicsContext gc) {
        Map<Cells, WritableImage> used = new HashMap<>();
        double scale = outputScale(gc);
        Map<Mark.Raster, int[]> pixels = newPixels(d, scale);
        Map<Long, java.util.ArrayDeque<WritableImage>> spare = spare();
        gc.save();
        gc.setTextBaseline(VPos.CENTER);
        for (Mark mark : d.marks()) {
            if (mark instanceof Mark.Rect r) {
                rect(gc, r);
            } else if (mark instanceof Mark.Line l) {
                gc.setStroke(color(l.color()));
                gc.setLineWidth(l.width());
                gc.strokeLine(l.x1(), l.y1(), l.x2(), l.y2());
            } else if (mark instanceof Mark.Text t) {
                text(gc, t, d.fontFamily());
            } else if (mark instanceof Mark.Raster r) {
                raster(gc, r, used, pixels, spare);
            } else if (mark instanceof Mark.Hatch h) {
                hatch(gc, h);
            }
        }
        gc.restore();
        retired = unused(images, used);
        images = used;
    }

    static Color color(int argb) {
        return Color.rgb((argb >> 16) & 0xff, (argb >> 8) & 0xff, argb & 0xff, ((argb >>> 24) & 0xff) / 255.0);
    }

    private static void rect(GraphicsContext gc, Mark.Rect r) {
        if ((r.fill() >>> 24) != 0) {
            gc.setFill(color(r.fill()));
            gc.fillRect(r.x(), r.y(), r.w(), r.h());
        }
        if ((r.stroke() >>> 24) != 0 && r.strokeWidth() > 0) {
            gc.setStroke(color(r.stroke()));
            gc.setLineWidth(r.strokeWidth());
            gc.strokeRect(r.x(), r.y(), r.w(), r.h());
        }
    }

    private static void text(GraphicsContext gc, Mark.Text t, String family) {
        gc.setFont(FxTextMeasurer.font(family, t.size(), t.bold()));
        gc.setFill(color(t.color()));
        gc.setTextAlign(switch (t.anchor()) {
            case START -> TextAlignment.LEFT;
            case MIDDLE -> TextAlignment.CENTER;
            case END -> TextAlignment.RIGHT;
        });
        if (t.vertical()) {
            gc.save();
            gc.translate(t.x(), t.y());
            gc.rotate(-90);
            gc.fillText(t.text(), 0, 0);
            gc.restore();
        } else {
            gc.fillText(t.text(), t.x(), t.y());
        }
    }

    /**
     * A map with more cells than the screen has pixels for it (a long input in the grid) is
     * first sampled down to those pixels, nearest cell as the unsmoothed scaling would pick
     * anyway: the image to convert and upload is then a few times smaller, and only the cells
     * sampled are coloured (see {@link Cells}).
     */
    private void raster(GraphicsContext gc, Mark.Raster r, Map<Cells, WritableImage> used,
                        Map<Mark.Raster, int[]> pixels, Map<Long, java.util.ArrayDeque<WritableImage>> spare) {
        int[] size = size(r, outputScale(gc));
        WritableImage img = used.get(r.cells());
        if (!fits(img, size)) {
            img = images.get(r.cells());
        }
        if (!fits(img, size)) {
            java.util.ArrayDeque<WritableImage> free = spare.get(sizeKey(size[0], size[1]));
            img = free == null || free.isEmpty() ? new WritableImage(size[0], size[1]) : free.pop();
            img.getPixelWriter().setPixels(0, 0, size[0], size[1], PixelFormat.getIntArgbPreInstance(),
                    pixels.get(r), 0, size[0]);
        }
        used.put(r.cells(), img);
        gc.setImageSmoothing(false);
        gc.drawImage(img, r.x(), r.y(), r.w(), r.h());
        gc.setImageSmoothing(true);
    }

    /**
     * The retired images by size: each is free to take the colours of another map of its size. They
     * are the picture before last's, not the last one's: the renderer may still be drawing the last
     * picture while this one is painted (layout comes before the wait for it), so an image the last
     * picture shows is never written.
     */
    private Map<Long, java.util.ArrayDeque<WritableImage>> spare() {
        Map<Long, java.util.ArrayDeque<WritableImage>> spare = new HashMap<>();
        for (WritableImage img : retired) {
            spare.computeIfAbsent(sizeKey((int) img.getWidth(), (int) img.getHeight()),
                    k -> new java.util.ArrayDeque<>()).push(img);
        }
        return spare;
    }

    /** The images of the last picture that the new one does not show. */
    private static java.util.List<WritableImage> unused(Map<Cells, WritableImage> last,
                                                        Map<Cells, WritableImage> now) {
        java.util.Set<WritableImage> shown = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        shown.addAll(now.values());
        java.util.List<WritableImage> out = new java.util.ArrayList<>();
        for (WritableImage img : last.values()) {
            if (shown.add(img)) {
                out.add(img);
            }
        }
        return out;
    }

    private static long sizeKey(int w, int h) {
        return (long) w << 32 | h;
    }

    /** The image's pixels, cols x rows: the cells' or fewer, one per screen pixel. */
    private static int[] size(Mark.Raster r, double scale) {
        return new int[] {(int) Math.min(r.cols(), Math.max(1, Math.ceil(r.w() * scale))),
            (int) Math.min(r.rows(), Math.max(1, Math.ceil(r.h() * scale)))};
    }

    private static boolean fits(WritableImage img, int[] size) {
        return img != null && (int) img.getWidth() == size[0] && (int) img.getHeight() == size[1];
    }

    /**
     * The premultiplied pixels of every raster whose image is not at hand, the grid's heads on
     * both cores: sampling a long input's maps (12 heads of 512 x 512 cells) colours about a
     * third of a million cells on the UI thread.
     */
    private Map<Mark.Raster, int[]> newPixels(Drawing d, double scale) {
        java.util.List<Mark.Raster> toMake = new java.util.ArrayList<>();
        long cells = 0;
        for (Mark mark : d.marks()) {
            if (mark instanceof Mark.Raster r && !fits(images.get(r.cells()), size(r, scale))) {
                toMake.add(r);
                cells += r.cells().count();
            }
        }
        int[][] px = new int[toMake.size()][];
        // which cell each pixel shows, and the arrays its colours go into, made or found here, before
        // the threads share the work: the grid's maps all have one size, and a step the last one's
        int[][] index = new int[px.length][];
        int[][] into = new int[px.length][];
        Map<Long, java.util.ArrayDeque<int[]>> free = buffers;
        buffers = new HashMap<>();
        for (int i = 0; i < px.length; i++) {
            Mark.Raster r = toMake.get(i);
            int[] size = size(r, scale);
            if (size[0] != r.cols() || size[1] != r.rows()) {
                index[i] = sampledCells(r.cols(), r.rows(), size[0], size[1]);
                java.util.ArrayDeque<int[]> same = free.get((long) index[i].length);
                into[i] = same == null || same.isEmpty() ? new int[index[i].length] : same.pop();
                buffers.computeIfAbsent((long) into[i].length, k -> new java.util.ArrayDeque<>()).push(into[i]);
            }
        }
        java.util.stream.IntStream all = java.util.stream.IntStream.range(0, px.length);
        (cells > PARALLEL_CELLS ? all.parallel() : all).forEach(i -> {
            Mark.Raster r = toMake.get(i);
            if (index[i] == null) {
                px[i] = premultiplied(r.argb());
            } else {
                r.cells().argb(index[i], into[i]);
                px[i] = premultiplied(into[i]);
            }
        });
        Map<Mark.Raster, int[]> made = new java.util.IdentityHashMap<>();
        for (int i = 0; i < px.length; i++) {
            made.put(toMake.get(i), px[i]);
        }
        return made;
    }

    /** Below this many cells in all, the rasters' pixels are made on the UI thread alone. */
    private static final long PARALLEL_CELLS = 1 << 16;

    private static double outputScale(GraphicsContext gc) {
        javafx.scene.Scene scene = gc.getCanvas().getScene();
        return scene == null || scene.getWindow() == null ? 1 : Math.max(1, scene.getWindow().getOutputScaleX());
    }

    /** The colour of the nearest cell of each of cols x rows pixels: only those cells are coloured. */
    static int[] sample(Mark.Raster r, int cols, int rows) {
        int[] cell = nearestCells(r.cols(), r.rows(), cols, rows);
        int[] to = new int[cell.length];
        r.cells().argb(cell, to);
        return to;
    }

    /** The cell under the centre of each of cols x rows pixels of a map of mapCols x mapRows cells, row-major. */
    static int[] nearestCells(int mapCols, int mapRows, int cols, int rows) {
        int[] cell = new int[cols * rows];
        int[] sourceCol = new int[cols];
        for (int x = 0; x < cols; x++) {
            sourceCol[x] = (int) ((x + 0.5) * mapCols / cols);
        }
        for (int y = 0; y < rows; y++) {
            int row = (int) ((y + 0.5) * mapRows / rows) * mapCols;
            for (int x = 0; x < cols; x++) {
                cell[y * cols + x] = row + sourceCol[x];
            }
        }
        return cell;
    }

    /** {@link #nearestCells}, remembered: the same few sizes come back at every step (do not modify). */
    private int[] sampledCells(int mapCols, int mapRows, int cols, int rows) {
        java.util.List<Integer> key = java.util.List.of(mapCols, mapRows, cols, rows);
        int[] cells = sampled.get(key);
        if (cells == null) {
            if (sampled.size() >= 16) {
                sampled.clear();
            }
            cells = nearestCells(mapCols, mapRows, cols, rows);
            sampled.put(key, cells);
        }
        return cells;
    }

    /**
     * The colours with alpha multiplied in, the image's own format: cells are opaque or fully
     * transparent (masked), so this is the same colours or 0, and the copy into the image
     * needs no arithmetic per pixel.
     */
    static int[] premultiplied(int[] argb) {
        int[] out = null;
        for (int i = 0; i < argb.length; i++) {
            int a = argb[i] >>> 24;
            if (a != 255 && argb[i] != 0) {
                if (out == null) {
                    out = argb.clone();
                }
                out[i] = a == 0 ? 0 : (a << 24) | (((argb[i] >> 16 & 0xff) * a / 255) << 16)
                        | (((argb[i] >> 8 & 0xff) * a / 255) << 8) | ((argb[i] & 0xff) * a / 255);
            }
        }
        return out == null ? argb : out;
    }

    private static void hatch(GraphicsContext gc, Mark.Hatch h) {
        double[] b = h.boxes();
        gc.save();
        gc.beginPath();
        for (int i = 0; i < b.length; i += 4) {
            gc.rect(b[i], b[i + 1], b[i + 2], b[i + 3]);
        }
        gc.clip();
        gc.setStroke(color(h.color()));
        gc.setLineWidth(h.width());
        double[] box = h.bounds();
        double height = box[3] - box[1];
        for (double x = box[0] - height; x <= box[2]; x += h.spacing()) {
            gc.strokeLine(x, box[3], x + height, box[1]);
        }
        gc.restore();
    }
}
