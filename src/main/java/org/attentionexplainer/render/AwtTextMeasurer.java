package org.attentionexplainer.render;

import java.awt.Font;
import java.awt.font.FontRenderContext;
import java.awt.geom.AffineTransform;

/** Text widths from Java2D's font metrics; works headless (no display needed). */
public final class AwtTextMeasurer implements TextMeasurer {
    private static final FontRenderContext CONTEXT = new FontRenderContext(new AffineTransform(), true, true);
    private final Font plain;
    private final Font bold;

    public AwtTextMeasurer(String family) {
        this.plain = new Font(family, Font.PLAIN, 1);
        this.bold = new Font(family, Font.BOLD, 1);
    }

    @Override
    public double width(String text, double size, boolean isBold) {
        if (text.isEmpty()) {
            return 0;
        }
        Font f = (isBold ? bold : plain).deriveFont((float) size);
        return f.getStringBounds(text, CONTEXT).getWidth();
    }
}
