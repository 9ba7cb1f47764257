package org.attentionexplainer.engine;

/**
 * Engines on the engine's other routes, for tests on a CPU: products through ND4J instead of
 * straight to OpenBLAS, the maps' buffers copied as a GPU's, plain-Java softmax rows. Each takes
 * the ND4J path for every size (no plain Java for tiny problems).
 */
final class EngineRoutes {
    private EngineRoutes() {
    }

    /** Another backend's way (CUDA: products as ND4J views, maps copied whole) and a JVM without the vector API. */
    static AttentionEngine otherBackends() {
        return new AttentionEngine(false, new Routes(false, false, new ScalarRowMath()));
    }

    /** Products directly on OpenBLAS (where the backend allows) or through ND4J; the rest as the app runs. */
    static AttentionEngine products(boolean direct) {
        return new AttentionEngine(false, new Routes(direct && Products.CPU, Routes.BEST.hostMemory(),
                Routes.BEST.rows()));
    }
}
