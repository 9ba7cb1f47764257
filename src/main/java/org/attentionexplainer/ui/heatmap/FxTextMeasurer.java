package org.attentionexplainer.ui.heatmap;

import java.util.HashMap;
import java.util.Map;
import javafx.scene.text.Font;
import javafx.scene.text.FontWeight;
import javafx.scene.text.Text;
import org.attentionexplainer.render.TextMeasurer;

/** Text widths as JavaFX will draw them; remembers what it measured (labels repeat on every redraw). */
final class FxTextMeasurer implements TextMeasurer {
    private static final int MAX_CACHED = 20_000;
    private final String family;
    private final Text probe = new Text();
    private final Map<String, Double> widths = new HashMap<>();

    FxTextMeasurer(String family) {
        this.family = family;
    }

    @Override
    public double width(String text, double size, boolean bold) {
        String key = size + (bold ? "b" : "p") + text;
        Double w = widths.get(key);
        if (w == null) {
            if (widths.size() > MAX_CACHED) {
                widths.clear();
            }
            probe.setFont(font(family, size, bold));
            probe.setText(text);
            w = probe.getLayoutBounds().getWidth();
            widths.put(key, w);
        }
        return w;
    }

    static Font font(String family, double size, boolean bold) {
        return Font.font(family, bold ? FontWeight.BOLD : FontWeight.NORMAL, size);
    }
}
