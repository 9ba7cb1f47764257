package org.attentionexplainer.export;

import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Iterator;
import javax.imageio.IIOImage;
import javax.imageio.ImageIO;
import javax.imageio.ImageTypeSpecifier;
import javax.imageio.ImageWriteParam;
import javax.imageio.ImageWriter;
import javax.imageio.metadata.IIOInvalidTreeException;
import javax.imageio.metadata.IIOMetadata;
import javax.imageio.metadata.IIOMetadataNode;
import javax.imageio.stream.ImageOutputStream;
import org.attentionexplainer.render.Drawing;
import org.attentionexplainer.render.Java2dPainter;

/**
 * A drawing as PNG through Java2D, with no display needed. The image is exactly
 * ceil(width × scale) by ceil(height × scale) pixels; with a DPI the pHYs chunk records it.
 * Opaque RGB and a fast deflate level keep a batch of large maps quick.
 */
public final class PngWriter {
    private static final String FORMAT = "javax_imageio_png_1.0";
    private static final double INCH_METRES = 0.0254;

    private PngWriter() {
    }

    /** The drawing painted at the resolution's scale. */
    public static BufferedImage image(Drawing drawing, Resolution resolution) {
        int w = Math.max(1, (int) Math.ceil(drawing.width() * resolution.scale() - 1e-9));
        int h = Math.max(1, (int) Math.ceil(drawing.height() * resolution.scale() - 1e-9));
        BufferedImage img = new BufferedImage(w, h, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = img.createGraphics();
        try {
            g.scale(resolution.scale(), resolution.scale());
            Java2dPainter.paint(drawing, g);
        } finally {
            g.dispose();
        }
        return img;
    }

    public static void write(Drawing drawing, Resolution resolution, OutputStream out) throws IOException {
        write(image(drawing, resolution), resolution.dpi(), out);
    }

    /** Writes {@code img}, recording {@code dpi} when it is not 0. */
    public static void write(BufferedImage img, int dpi, OutputStream out) throws IOException {
        Iterator<ImageWriter> writers = ImageIO.getImageWritersByFormatName("png");
        if (!writers.hasNext()) {
            throw new IOException("no PNG writer in this Java runtime");
        }
        ImageWriter writer = writers.next();
        try (ImageOutputStream ios = ImageIO.createImageOutputStream(out)) {
            writer.setOutput(ios);
            ImageWriteParam param = writer.getDefaultWriteParam();
            if (param.canWriteCompressed()) {
                param.setCompressionMode(ImageWriteParam.MODE_EXPLICIT);
                param.setCompressionQuality(0.75f);
            }
            IIOMetadata meta = writer.getDefaultImageMetadata(ImageTypeSpecifier.createFromRenderedImage(img), param);
            if (dpi > 0) {
                addDpi(meta, dpi);
            }
            writer.write(null, new IIOImage(img, null, meta), param);
        } finally {
            writer.dispose();
        }
    }

    private static void addDpi(IIOMetadata meta, int dpi) throws IIOInvalidTreeException {
        String perMetre = Integer.toString((int) Math.round(dpi / INCH_METRES));
        IIOMetadataNode phys = new IIOMetadataNode("pHYs");
        phys.setAttribute("pixelsPerUnitXAxis", perMetre);
        phys.setAttribute("pixelsPerUnitYAxis", perMetre);
        phys.setAttribute("unitSpecifier", "meter");
        IIOMetadataNode root = new IIOMetadataNode(FORMAT);
        root.appendChild(phys);
        meta.mergeTree(FORMAT, root);
    }
}
