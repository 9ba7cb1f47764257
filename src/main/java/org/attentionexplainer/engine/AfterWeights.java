package org.attentionexplainer.engine;

import java.util.function.Supplier;

/**
 * The steps of a trace after the weights:
 *
 * <pre>
 *   heads   = weights V                 (b, h, t, hd)
 *   context = concat(heads)             (b, t, d_out)
 *   output  = context W_o + b_o         (b, t, d_model), the context itself without W_o
 *   result  = LayerNorm(X + output)     (b, t, d_model), the output itself without them
 * </pre>
 *
 * <p>A slider step's picture needs only the weights, and at 512 tokens x 12 heads these steps
 * are most of a step's products (12 of 512 x 512 by 512 x 64, then 512 x 768 by 768 x 768):
 * a slider step may leave them to be made when one of them is first read ({@link #later}),
 * all four at once, from values that never change, so they are the same whenever that happens.
 */
record AfterWeights(Tensor heads, Tensor context, Tensor output, Tensor result) {

    /**
     * The four steps as tensors made when one of them is first read, by {@code make}, once,
     * whichever thread reads first (the others wait for it). A step that is the one before it
     * (no W_o; no residual and no LayerNorm) is the same tensor, as {@code make} returns it.
     */
    static AfterWeights later(Supplier<AfterWeights> make, AttentionSpec spec, Shapes sh) {
        Once once = new Once(make);
        Tensor heads = Tensor.lazy(() -> once.get().heads().data(), sh.b(), sh.h(), sh.t(), sh.hd());
        Tensor context = Tensor.lazy(() -> once.get().context().data(), sh.b(), sh.t(), sh.dOut());
        Tensor output = spec.outWeight() == null ? context
                : Tensor.lazy(() -> once.get().output().data(), sh.b(), sh.t(), sh.dModel());
        Tensor result = !spec.residual() && spec.layerNorm() == null ? output
                : Tensor.lazy(() -> once.get().result().data(), sh.b(), sh.t(), sh.dModel());
        return new AfterWeights(heads, context, output, result);
    }

    /** The steps, made by the first call; what makes them is dropped then. */
    private static final class Once {
        private Supplier<AfterWeights> make;
        private AfterWeights made;

        Once(Supplier<AfterWeights> make) {
            this.make = make;
        }

        synchronized AfterWeights get() {
            if (made == null) {
                made = make.get();
                make = null;
            }
            return made;
        }
    }
}
