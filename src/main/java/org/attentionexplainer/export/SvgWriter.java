package org.attentionexplainer.export;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import org.attentionexplainer.render.Drawing;
import org.attentionexplainer.render.Java2dPainter;
import org.attentionexplainer.render.Mark;
import java.util.ArrayList;
import java.util.List;
import org.jfree.svg.SVGGraphics2D;
import org.jfree.svg.SVGHints;
import org.jfree.svg.SVGUnits;

/**
 * A drawing as SVG: the same Java2D painting, recorded by JFreeSVG's {@link SVGGraphics2D}.
 * Texts stay {@code <text>} elements (searchable, editable in a slide tool), cells stay
 * rectangles, a large map's raster is one embedded image.
 */
public final class SvgWriter {
    private SvgWriter() {
    }

    /** The SVG document of the drawing, in layout pixels. */
    public static String svg(Drawing drawing) {
        double w = Math.ceil(drawing.width());
        double h = Math.ceil(drawing.height());
        SVGGraphics2D g = new SVGGraphics2D(w, h, SVGUnits.PX);
        g.setRenderingHint(SVGHints.KEY_DRAW_STRING_TYPE, SVGHints.VALUE_DRAW_STRING_TYPE_STANDARD);
        Java2dPainter.paint(vectorCells(drawing), g);
        return g.getSVGDocument();
    }

    /**
     * The drawing with each raster (a large map drawn as one image on screen) as one
     * rectangle per cell: SVG viewers smooth a scaled image, which would blur the cells. A
     * colour bar (one row or column) stays an image, where smoothing is what it wants.
     */
    static Drawing vectorCells(Drawing drawing) {
        List<Mark> marks = new ArrayList<>(drawing.marks().size());
        for (Mark m : drawing.marks()) {
            if (m instanceof Mark.Raster r && r.cols() > 1 && r.rows() > 1) {
                double cw = r.w() / r.cols();
                double ch = r.h() / r.rows();
                for (int i = 0; i < r.rows(); i++) {
                    for (int j = 0; j < r.cols(); j++) {
                        marks.add(new Mark.Rect(r.x() + j * cw, r.y() + i * ch, cw, ch, r.argb()[i * r.cols() + j],
                                0, 0));
                    }
                }
            } else {
                marks.add(m);
            }
        }
        return new Drawing(drawing.width(), drawing.height(), drawing.background(), drawing.fontFamily(), marks);
    }

    public static void write(Drawing drawing, OutputStream out) throws IOException {
        out.write(svg(drawing).getBytes(StandardCharsets.UTF_8));
    }
}
