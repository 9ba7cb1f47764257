package org.attentionexplainer.engine;

/**
 * Arrays a layer will fill later, made by the calling thread beside a product that does not need them
 * ({@link ForwardBlocks#projectAndAttend(Tensor, ForwardBlocks.Linear, int, int, int, float, Tensor, Spare)}),
 * as the heads' are: Java zeroes an array when it is made, and a core that does it between two products
 * leaves the other idle (at 512 tokens each of a layer's outputs is 0.75 MiB).
 */
public final class Spare {
    private final int[] sizes;
    private float[][] made;

    /** @param sizes each array's length */
    public Spare(int... sizes) {
        this.sizes = sizes.clone();
    }

    /** Makes every array (on the thread that calls it). */
    void make() {
        float[][] arrays = new float[sizes.length][];
        for (int i = 0; i < sizes.length; i++) {
            arrays[i] = new float[sizes[i]];
        }
        made = arrays;
    }

    /** The i-th array, made now if it was not, once: a second take of the same array is refused. */
    float[] take(int i) {
        if (made == null) {
            make();
        }
        float[] a = made[i];
        if (a == null) {
            throw new IllegalStateException("spare array " + i + " was taken already");
        }
        made[i] = null;
        return a;
    }
}
