package org.attentionexplainer.render;

/**
 * Colour maps from published control points, interpolated linearly in sRGB into a 256-entry
 * table (as matplotlib's listed maps are): a position t in [0, 1] picks entry floor(t * 256),
 * clamped to 255.
 *
 * <ul>
 *   <li>viridis and magma: every 16th entry (and the last) of matplotlib's 256-entry tables
 *       (van der Walt and Smith, 2015, CC0).</li>
 *   <li>greyscale: ColorBrewer "Greys", 9 classes (Brewer, colorbrewer2.org), white to black.</li>
 *   <li>blue-red diverging: ColorBrewer "RdBu", 9 classes, reversed so that negative is blue;
 *       marked colour-blind safe by ColorBrewer and recommended by Paul Tol as "BuRd".</li>
 *   <li>blue-yellow-red diverging: ColorBrewer "RdYlBu", 9 classes, reversed so that negative is
 *       blue; also colour-blind safe, and its centre (pale yellow) stands out from a light or dark
 *       background, so that a difference of 0 reads as a value, not as a gap.</li>
 *   <li>blues: the walkthrough's accent (#0a61c9) laid over white at opacity 0.08 to 0.88,
 *       as the walkthrough's matrices are drawn on screen.</li>
 * </ul>
 */
public enum ColorMap {
    VIRIDIS(false, new double[][] {
        {0, 0.267004, 0.004874, 0.329415}, {16, 0.282327, 0.094955, 0.417331},
        {32, 0.278826, 0.175490, 0.483397}, {48, 0.258965, 0.251537, 0.524736},
        {64, 0.229739, 0.322361, 0.545706}, {80, 0.199430, 0.387607, 0.554642},
        {96, 0.172719, 0.448791, 0.557885}, {112, 0.149039, 0.508051, 0.557250},
        {128, 0.127568, 0.566949, 0.550556}, {144, 0.120638, 0.625828, 0.533488},
        {160, 0.157851, 0.683765, 0.501686}, {176, 0.246070, 0.738910, 0.452024},
        {192, 0.369214, 0.788888, 0.382914}, {208, 0.515992, 0.831158, 0.294279},
        {224, 0.678489, 0.863742, 0.189503}, {240, 0.845561, 0.887322, 0.099702},
        {255, 0.993248, 0.906157, 0.143936}}),
    MAGMA(false, new double[][] {
        {0, 0.001462, 0.000466, 0.013866}, {16, 0.039608, 0.031090, 0.133515},
        {32, 0.113094, 0.065492, 0.276784}, {48, 0.211718, 0.061992, 0.418647},
        {64, 0.316654, 0.071690, 0.485380}, {80, 0.414709, 0.110431, 0.504662},
        {96, 0.512831, 0.148179, 0.507648}, {112, 0.613617, 0.181811, 0.498536},
        {128, 0.716387, 0.214982, 0.475290}, {144, 0.816914, 0.255895, 0.436461},
        {160, 0.904281, 0.319610, 0.388137}, {176, 0.960949, 0.418323, 0.359630},
        {192, 0.986700, 0.535582, 0.382210}, {208, 0.996096, 0.653659, 0.446213},
        {224, 0.996898, 0.769591, 0.534892}, {240, 0.992440, 0.884330, 0.640099},
        {255, 0.987053, 0.991438, 0.749504}}),
    GREYSCALE(false, evenly(0xffffff, 0xf0f0f0, 0xd9d9d9, 0xbdbdbd, 0x969696, 0x737373, 0x525252,
            0x252525, 0x000000)),
    BLUE_RED(true, evenly(0x2166ac, 0x4393c3, 0x92c5de, 0xd1e5f0, 0xf7f7f7, 0xfddbc7, 0xf4a582,
            0xd6604d, 0xb2182b)),
    BLUE_YELLOW_RED(true, evenly(0x4575b4, 0x74add1, 0xabd9e9, 0xe0f3f8, 0xffffbf, 0xfee090, 0xfdae61,
            0xf46d43, 0xd73027)),
    BLUES(false, new double[][] {
        {0, 1 - 0.08 * (1 - 10 / 255.0), 1 - 0.08 * (1 - 97 / 255.0), 1 - 0.08 * (1 - 201 / 255.0)},
        {255, 0.12 + 0.88 * 10 / 255.0, 0.12 + 0.88 * 97 / 255.0, 0.12 + 0.88 * 201 / 255.0}});

    /** Entries in the lookup table. */
    public static final int SIZE = 256;

    private final boolean diverging;
    private final int[] table = new int[SIZE];
    private final int[] topDown = new int[SIZE];

    /** @param stops rows of {index in 0..255, r, g, b} with r, g, b in [0, 1], indices increasing */
    ColorMap(boolean diverging, double[][] stops) {
        this.diverging = diverging;
        for (int i = 0; i < SIZE; i++) {
            int s = 0;
            while (s < stops.length - 2 && stops[s + 1][0] <= i) {
                s++;
            }
            double[] a = stops[s];
            double[] b = stops[s + 1];
            double f = Math.min(1, Math.max(0, (i - a[0]) / (b[0] - a[0])));
            table[i] = rgb(lerp(a[1], b[1], f), lerp(a[2], b[2], f), lerp(a[3], b[3], f));
        }
        for (int i = 0; i < SIZE; i++) {
            topDown[i] = table[SIZE - 1 - i];
        }
    }

    /** Control points spread evenly over the table. */
    private static double[][] evenly(int... rgb) {
        double[][] stops = new double[rgb.length][];
        for (int i = 0; i < rgb.length; i++) {
            stops[i] = new double[] {Math.round(i * (SIZE - 1.0) / (rgb.length - 1)),
                ((rgb[i] >> 16) & 0xff) / 255.0, ((rgb[i] >> 8) & 0xff) / 255.0, (rgb[i] & 0xff) / 255.0};
        }
        return stops;
    }

    private static double lerp(double a, double b, double f) {
        return a + (b - a) * f;
    }

    private static int rgb(double r, double g, double b) {
        return 0xff000000 | channel(r) << 16 | channel(g) << 8 | channel(b);
    }

    private static int channel(double v) {
        return (int) Math.round(Math.min(1, Math.max(0, v)) * 255);
    }

    /** True for maps meant for signed values around a neutral centre. */
    public boolean diverging() {
        return diverging;
    }

    /** The opaque ARGB colour at position t in [0, 1] (clamped; NaN counts as 0). */
    public int argb(double t) {
        if (!(t > 0)) {
            return table[0];
        }
        return table[Math.min(SIZE - 1, (int) (t * SIZE))];
    }

    /** The colour of table entry i, 0..255. */
    public int entry(int i) {
        return table[i];
    }

    /** The table from the last entry to the first: a colour bar's column, largest value on top. Do not modify. */
    int[] topDown() {
        return topDown;
    }

    /** The table from the low end to the high end, for a bar laid across. */
    int[] leftToRight() {
        return table;
    }

    /** The name used on the command line and in files: "viridis", "blue-red"... */
    public String id() {
        return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
    }

    /** The map named by {@link #id()}, or null. */
    public static ColorMap byId(String id) {
        for (ColorMap m : values()) {
            if (m.id().equalsIgnoreCase(id)) {
                return m;
            }
        }
        return null;
    }
}
