package org.attentionexplainer.lesson.chapters;

/**
 * A large number in a readable unit: 1.0995e12 bytes is 1.0995 TB (decimal) or 1 TiB (binary).
 * Unit symbols are international (kB, MB, GB, TB; KiB, MiB ...), the same in every language.
 */
public record Quantity(double value, String unit) {
    private static final String[] DECIMAL = {"", "k", "M", "G", "T", "P", "E"};
    private static final String[] BINARY = {"", "Ki", "Mi", "Gi", "Ti", "Pi", "Ei"};

    /** With powers of 1000: "B" gives B, kB, MB, GB, TB; "FLOP" gives FLOP, kFLOP, MFLOP ... */
    public static Quantity decimal(double amount, String base) {
        return scaled(amount, base, 1000.0, DECIMAL);
    }

    /** With powers of 1024: "B" gives B, KiB, MiB, GiB, TiB. */
    public static Quantity binary(double amount, String base) {
        return scaled(amount, base, 1024.0, BINARY);
    }

    private static Quantity scaled(double amount, String base, double step, String[] prefixes) {
        int i = 0;
        double v = amount;
        while (Math.abs(v) >= step && i < prefixes.length - 1) {
            v /= step;
            i++;
        }
        return new Quantity(v, prefixes[i] + base);
    }
}
