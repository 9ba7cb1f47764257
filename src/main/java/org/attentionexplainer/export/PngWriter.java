package org.attentionexplainer.export;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.OutputStream;
import org.attentionexplainer.render.Drawing;
import org.attentionexplainer.render.Java2dPainter;

/**
 * A drawing as PNG through Java2D, with no display needed. The image is exactly
 * ceil(width × scale) by ceil(height × scale) pixels; with a DPI the pHYs chunk records it.
 * Opaque RGB and a fast deflate ({@link PngEncoder}) keep a batch of large maps quick.
 */
public final class PngWriter {

    private PngWriter() {
    }

    /** The drawing painted at the resolution's scale. */
    public static BufferedImage image(Drawing drawing, Resolution resolution) {
        return Java2dPainter.opaqueImage(drawing, resolution.scale());
    }

    public static void write(Drawing drawing, Resolution resolution, OutputStream out) throws IOException {
        write(image(drawing, resolution), resolution.dpi(), out);
    }

    /** Writes {@code img} (opaque RGB), recording {@code dpi} when it is not 0. */
    public static void write(BufferedImage img, int dpi, OutputStream out) throws IOException {
        PngEncoder.write(img, dpi, out);
    }
}
