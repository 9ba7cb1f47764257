package org.attentionexplainer.export;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.attentionexplainer.engine.Npy;
import org.attentionexplainer.engine.Tensor;
import org.attentionexplainer.render.AwtTextMeasurer;
import org.attentionexplainer.render.ColorMap;
import org.attentionexplainer.render.ColorScale;
import org.attentionexplainer.render.Drawing;
import org.attentionexplainer.render.Figure;
import org.attentionexplainer.render.HeatmapData;
import org.attentionexplainer.render.HeatmapOptions;

/**
 * Writes one figure in one format, through {@link AtomicFiles}: the picture (PNG, SVG) or
 * the numbers behind it. CSV holds one labelled matrix per panel one after the other (the
 * panel's title in the corner cell when there are several), .npy the panels stacked as
 * (panels, t, s) float32, or (t, s) for a single map; panels of different shapes have no .npy.
 */
public final class FigureFiles {
    private FigureFiles() {
    }

    /** The figure laid out at its natural size (cells of its largest cell). */
    public static Drawing draw(Figure figure) {
        return figure.layout(Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY,
                new AwtTextMeasurer(figure.options().fontFamily())).drawing();
    }

    /**
     * Starts Java2D, the fonts and the PNG encoder on a small picture, in the background: the
     * command line does it while the engine computes, so that the first of the real pictures
     * does not pay for it (about a third of a second).
     */
    public static void warmUpInBackground() {
        Thread t = new Thread(() -> {
            HeatmapData d = new HeatmapData(List.of("warm", "up"), List.of("warm", "up"), new float[] {1, 0, 0, 1},
                    null);
            Drawing drawing = draw(Figure.single(d, ColorScale.unit(ColorMap.VIRIDIS),
                    HeatmapOptions.defaults().withTitle("warm up").withCaption("warm up")));
            try {
                PngWriter.write(drawing, Resolution.times(2), java.io.OutputStream.nullOutputStream());
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }, "export-warm-up");
        t.setDaemon(true);
        t.start();
    }

    /**
     * Writes the file after checking that it can be made (see {@link FigureMemory}).
     *
     * @throws IllegalArgumentException with one line when the picture is too large for the heap
     */
    public static void write(Figure figure, ExportFormat format, Resolution resolution, Path target,
                             AtomicFiles.Existing existing) throws IOException {
        requireRoom(figure, format, resolution, String.valueOf(target.getFileName()));
        AtomicFiles.write(target, existing, body(figure, format, resolution));
    }

    /**
     * Refuses, naming it, a file of the figure that is larger than a picture can be or than the
     * heap has room for while it is made (see {@link FigureMemory}).
     *
     * @throws IllegalArgumentException with one line
     */
    public static void requireRoom(Figure figure, ExportFormat format, Resolution resolution, String name) {
        FigureMemory.require(figure, format, resolution, name);
    }

    /** The bytes of the figure in one format; the drawing (or the stacking of .npy) is done here, up front. */
    static AtomicFiles.Body body(Figure figure, ExportFormat format, Resolution resolution) {
        return switch (format) {
            case PNG -> {
                Drawing d = draw(figure);
                yield out -> PngWriter.write(d, resolution, out);
            }
            case SVG -> {
                Drawing d = draw(figure);
                yield out -> SvgWriter.write(d, out);
            }
            case CSV -> out -> {
                for (int p = 0; p < figure.panelCount(); p++) {
                    HeatmapData m = figure.data(p);
                    String corner = figure.panelCount() > 1 && figure.title(p) != null ? figure.title(p) : "";
                    CsvWriter.write(out, matrix(m), m.rowLabels(), m.colLabels(), corner, CsvWriter.DEFAULT_DECIMALS);
                }
            };
            case NPY -> {
                Tensor all = stack(figure);
                yield out -> Npy.write(out, all);
            }
        };
    }

    static float[][] matrix(HeatmapData m) {
        float[][] rows = new float[m.rows()][m.cols()];
        float[] values = m.values();
        for (int i = 0; i < m.rows(); i++) {
            System.arraycopy(values, i * m.cols(), rows[i], 0, m.cols());
        }
        return rows;
    }

    /** The formats of the numbers of {@code figure}: CSV always, .npy when every panel has the same shape. */
    public static List<ExportFormat> dataFormats(Figure figure) {
        return sameShape(figure) ? List.of(ExportFormat.CSV, ExportFormat.NPY) : List.of(ExportFormat.CSV);
    }

    private static boolean sameShape(Figure figure) {
        HeatmapData first = figure.data(0);
        for (int p = 1; p < figure.panelCount(); p++) {
            if (figure.data(p).rows() != first.rows() || figure.data(p).cols() != first.cols()) {
                return false;
            }
        }
        return true;
    }

    static Tensor stack(Figure figure) {
        if (!sameShape(figure)) {
            throw new ExportProblem("export.problem.npyShapes");
        }
        List<HeatmapData> maps = new ArrayList<>();
        for (int p = 0; p < figure.panelCount(); p++) {
            maps.add(figure.data(p));
        }
        HeatmapData first = maps.get(0);
        int cells = first.size();
        float[] all = new float[cells * maps.size()];
        for (int p = 0; p < maps.size(); p++) {
            System.arraycopy(maps.get(p).values(), 0, all, p * cells, cells);
        }
        return maps.size() == 1 ? Tensor.of(all, first.rows(), first.cols())
                : Tensor.of(all, maps.size(), first.rows(), first.cols());
    }
}
