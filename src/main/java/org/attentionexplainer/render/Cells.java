package org.attentionexplainer.render;

import java.util.function.Supplier;

/**
 * The colours of a {@link Mark.Raster}'s cells, row-major ARGB, made when first asked for. A
 * long input's grid has millions of cells, of which the screen draws about one per pixel: the
 * screen asks for the colours of those cells alone ({@link #argb(int[], int[])}), an exported
 * picture for all of them ({@link #all()}), which are then made once. Either way a cell has the
 * same colour.
 */
public final class Cells {
    /** Colours of chosen cells: {@code into[k]} the colour of cell {@code cells[k]}. */
    interface Chosen {
        void argb(int[] cells, int[] into);
    }

    private final int count;
    /** The colours of chosen cells; null when the colours were given. */
    private final Chosen chosen;
    /** Every colour, in one loop; null when the colours were given. */
    private final Supplier<int[]> maker;
    private volatile int[] all;

    private Cells(int count, Chosen chosen, Supplier<int[]> maker, int[] all) {
        this.count = count;
        this.chosen = chosen;
        this.maker = maker;
        this.all = all;
    }

    /** Colours made already (not copied: do not modify them). */
    public static Cells of(int[] argb) {
        return new Cells(argb.length, null, null, argb);
    }

    /**
     * Colours made when asked for: {@code chosen} gives those of some cells, {@code maker}
     * every cell's, the same colours.
     */
    static Cells lazy(int count, Chosen chosen, Supplier<int[]> maker) {
        return new Cells(count, chosen, maker, null);
    }

    public int count() {
        return count;
    }

    /**
     * The colours of the cells {@code cells} (row-major indices) into {@code into}, made for
     * them alone unless all are made already.
     */
    public void argb(int[] cells, int[] into) {
        int[] a = all;
        if (a == null) {
            chosen.argb(cells, into);
            return;
        }
        for (int k = 0; k < cells.length; k++) {
            into[k] = a[cells[k]];
        }
    }

    /** Every cell's colour (do not modify), made on the first call. */
    public int[] all() {
        int[] a = all;
        if (a == null) {
            // two threads asking at once may both make them: the same colours either way
            a = maker.get();
            all = a;
        }
        return a;
    }

    /** Colours given as an array equal others given as the same array (a colour bar's, at every layout). */
    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        return o instanceof Cells c && chosen == null && c.chosen == null && all == c.all;
    }

    @Override
    public int hashCode() {
        return chosen == null ? System.identityHashCode(all) : System.identityHashCode(this);
    }
}
