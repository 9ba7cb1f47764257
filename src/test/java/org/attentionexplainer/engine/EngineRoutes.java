package org.attentionexplainer.engine;

/**
 * Sends the engine down its other routes for a test, on a CPU: products through ND4J instead
 * of straight to OpenBLAS, the maps' buffers copied as a GPU's are, plain-Java softmax rows.
 * Each switch returns the setting before it, for the test to put back.
 */
final class EngineRoutes {
    private EngineRoutes() {
    }

    /** Products directly on OpenBLAS (where the backend allows) or through ND4J. */
    static boolean useDirect(boolean on) {
        boolean was = Products.direct;
        Products.direct = on && Products.CPU;
        return was;
    }

    /** Treats the arrays as a GPU's (copied as a whole) even on the CPU when off. */
    static boolean useHostMemory(boolean on) {
        boolean was = Products.hostMemory;
        Products.hostMemory = on && Products.CPU;
        return was;
    }

    /** The engine's row passes with {@code math} from now on. */
    static RowMath useRows(RowMath math) {
        RowMath was = RowMath.Holder.inUse;
        RowMath.Holder.inUse = math;
        return was;
    }
}
