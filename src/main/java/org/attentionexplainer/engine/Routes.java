package org.attentionexplainer.engine;

/**
 * How an engine runs its steps on the backend: whether its products call OpenBLAS directly or go
 * through ND4J, whether the maps' memory is read and written in place (the process's own memory,
 * the CPU backend) or copied as a whole (as a GPU's), and which row passes compute softmax. The
 * app runs on {@link #BEST}, fixed when the classes load; an engine made with other routes
 * (a package-private constructor) takes another backend's way on the CPU.
 *
 * @param direct      products straight to OpenBLAS (see {@link Products})
 * @param hostMemory  the maps' memory read and written in place (see {@link Products#hostMemory()})
 * @param rows        the row passes of the maps
 */
record Routes(boolean direct, boolean hostMemory, RowMath rows) {
    /** What this process's backend and JVM allow. */
    static final Routes BEST = new Routes(Products.direct(), Products.hostMemory(), RowMath.best());
}
