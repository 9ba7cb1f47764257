package org.attentionexplainer.render;

/**
 * The colours around the data (ARGB): the screen takes them from the theme's CSS, export
 * from one of the constants.
 *
 * @param background behind everything
 * @param text       titles, labels, tick labels
 * @param muted      axis titles, caption, row sums
 * @param maskFill   under a masked cell
 * @param hatch      the lines over a masked cell
 * @param grid       lines between large cells and the outline of the colour bar
 */
public record HeatmapStyle(int background, int text, int muted, int maskFill, int hatch, int grid) {
    public static final HeatmapStyle LIGHT = new HeatmapStyle(0xfff7f8fa, 0xff1b1f24, 0xff57606a, 0xffdadde1,
            0xff6e7781, 0xfff7f8fa);
    public static final HeatmapStyle DARK = new HeatmapStyle(0xff1c2026, 0xffe6e9ee, 0xffa2abb6, 0xff3a4049,
            0xffa2abb6, 0xff1c2026);
    public static final HeatmapStyle HIGH_CONTRAST = new HeatmapStyle(0xff000000, 0xffffffff, 0xffffff00,
            0xff000000, 0xffffffff, 0xff000000);
}
