package org.attentionexplainer.render;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.Shape;
import java.awt.font.FontRenderContext;
import java.awt.font.LineMetrics;
import java.awt.geom.AffineTransform;
import java.awt.geom.Line2D;
import java.awt.geom.Path2D;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;

/** Paints a {@link Drawing} with Java2D: for PNG export, and anywhere without a display. */
public final class Java2dPainter {
    private Java2dPainter() {
    }

    /** Paints onto {@code g} (scale it first for 2×, 3×...). The graphics state is restored afterwards. */
    public static void paint(Drawing drawing, Graphics2D g) {
        paint(drawing, g, null, 1);
    }

    /**
     * The drawing as an opaque image, {@code scale} pixels per layout pixel, for PNG export.
     * Blocks of cells are written straight into the pixels, each pixel taking the cell under
     * its centre as a nearest-neighbour drawImage does (the same pixels, at a fraction of its
     * cost for a large map); everything else is painted through Java2D. The image is ceil(width × scale) by
     * ceil(height × scale) pixels.
     */
    public static BufferedImage opaqueImage(Drawing drawing, double scale) {
        int w = Math.max(1, (int) Math.ceil(drawing.width() * scale - 1e-9));
        int h = Math.max(1, (int) Math.ceil(drawing.height() * scale - 1e-9));
        BufferedImage img = new BufferedImage(w, h, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = img.createGraphics();
        try {
            g.scale(scale, scale);
            paint(drawing, g, img, scale);
        } finally {
            g.dispose();
        }
        return img;
    }

    /** @param target the image under {@code g} (INT_RGB, scaled by {@code scale}) whose cells may be written directly, or null */
    private static void paint(Drawing drawing, Graphics2D g, BufferedImage target, double scale) {
        Graphics2D g2 = (Graphics2D) g.create();
        try {
            g2.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
            g2.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
            g2.setRenderingHint(RenderingHints.KEY_FRACTIONALMETRICS, RenderingHints.VALUE_FRACTIONALMETRICS_ON);
            g2.setRenderingHint(RenderingHints.KEY_STROKE_CONTROL, RenderingHints.VALUE_STROKE_PURE);
            g2.setColor(color(drawing.background()));
            g2.fill(new Rectangle2D.Double(0, 0, drawing.width(), drawing.height()));
            Font plain = new Font(drawing.fontFamily(), Font.PLAIN, 1);
            Font bold = new Font(drawing.fontFamily(), Font.BOLD, 1);
            for (Mark mark : drawing.marks()) {
                if (mark instanceof Mark.Rect r) {
                    rect(g2, r);
                } else if (mark instanceof Mark.Line l) {
                    g2.setColor(color(l.color()));
                    g2.setStroke(new BasicStroke((float) l.width()));
                    g2.draw(new Line2D.Double(l.x1(), l.y1(), l.x2(), l.y2()));
                } else if (mark instanceof Mark.Text t) {
                    text(g2, t, (t.bold() ? bold : plain).deriveFont((float) t.size()));
                } else if (mark instanceof Mark.Raster r) {
                    if (target == null || !PixelBlocks.fill(target, r, scale)) {
                        raster(g2, r);
                    }
                } else if (mark instanceof Mark.Hatch h) {
                    hatch(g2, h);
                }
            }
        } finally {
            g2.dispose();
        }
    }

    /** The drawing as an image, {@code scale} pixels per layout pixel. */
    public static BufferedImage image(Drawing drawing, double scale) {
        int w = (int) Math.ceil(drawing.width() * scale);
        int h = (int) Math.ceil(drawing.height() * scale);
        BufferedImage img = new BufferedImage(Math.max(1, w), Math.max(1, h), BufferedImage.TYPE_INT_ARGB);
        Graphics2D g = img.createGraphics();
        try {
            g.scale(scale, scale);
            paint(drawing, g);
        } finally {
            g.dispose();
        }
        return img;
    }

    private static Color color(int argb) {
        return new Color(argb, true);
    }

    private static void rect(Graphics2D g, Mark.Rect r) {
        Rectangle2D box = new Rectangle2D.Double(r.x(), r.y(), r.w(), r.h());
        if ((r.fill() >>> 24) != 0) {
            g.setColor(color(r.fill()));
            g.fill(box);
        }
        if ((r.stroke() >>> 24) != 0 && r.strokeWidth() > 0) {
            g.setColor(color(r.stroke()));
            g.setStroke(new BasicStroke((float) r.strokeWidth()));
            g.draw(box);
        }
    }

    private static void text(Graphics2D g, Mark.Text t, Font font) {
        FontRenderContext frc = g.getFontRenderContext();
        double w = font.getStringBounds(t.text(), frc).getWidth();
        LineMetrics lm = font.getLineMetrics(t.text(), frc);
        double dx = switch (t.anchor()) {
            case START -> 0;
            case MIDDLE -> -w / 2;
            case END -> -w;
        };
        double baseline = (lm.getAscent() - lm.getDescent()) / 2;
        AffineTransform saved = g.getTransform();
        g.translate(t.x(), t.y());
        if (t.vertical()) {
            g.rotate(-Math.PI / 2);
        }
        g.setFont(font);
        g.setColor(color(t.color()));
        g.drawString(t.text(), (float) dx, (float) baseline);
        g.setTransform(saved);
    }

    private static void raster(Graphics2D g, Mark.Raster r) {
        BufferedImage img = new BufferedImage(r.cols(), r.rows(), BufferedImage.TYPE_INT_ARGB);
        img.setRGB(0, 0, r.cols(), r.rows(), r.argb(), 0, r.cols());
        Object hint = g.getRenderingHint(RenderingHints.KEY_INTERPOLATION);
        g.setRenderingHint(RenderingHints.KEY_INTERPOLATION, RenderingHints.VALUE_INTERPOLATION_NEAREST_NEIGHBOR);
        AffineTransform place = new AffineTransform(r.w() / r.cols(), 0, 0, r.h() / r.rows(), r.x(), r.y());
        g.drawImage(img, place, null);
        if (hint != null) {
            g.setRenderingHint(RenderingHints.KEY_INTERPOLATION, hint);
        }
    }

    private static void hatch(Graphics2D g, Mark.Hatch h) {
        double[] b = h.boxes();
        Path2D.Double area = new Path2D.Double();
        for (int i = 0; i < b.length; i += 4) {
            area.append(new Rectangle2D.Double(b[i], b[i + 1], b[i + 2], b[i + 3]), false);
        }
        Shape savedClip = g.getClip();
        g.clip(area);
        g.setColor(color(h.color()));
        g.setStroke(new BasicStroke((float) h.width()));
        double[] box = h.bounds();
        double height = box[3] - box[1];
        for (double x = box[0] - height; x <= box[2]; x += h.spacing()) {
            g.draw(new Line2D.Double(x, box[3], x + height, box[1]));
        }
        g.setClip(savedClip);
    }
}
