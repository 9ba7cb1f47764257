package org.attentionexplainer.render;

/**
 * Measures text in the font the painter will use, so labels get exactly the room they
 * need: Java2D's metrics for PNG/SVG export, JavaFX's on screen.
 */
@FunctionalInterface
public interface TextMeasurer {
    /** The advance width of {@code text} in pixels. */
    double width(String text, double size, boolean bold);
}
