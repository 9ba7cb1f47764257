package org.attentionexplainer.engine;

/**
 * PyTorch's CPU random-number generator, reproduced bit for bit so that a seed typed in the
 * app gives the very weights PyTorch (and the textbooks printed from it) gives.
 *
 * <p>{@code torch.manual_seed(n)} seeds a standard MT19937 with the low 32 bits of n. A
 * float32 {@code uniform_(from, to)} takes one 32-bit draw per element, keeps its low 24 bits,
 * multiplies by 2^-24 and maps {@code x * (to - from) + from} in float arithmetic, as one
 * fused multiply-add (PyTorch's vectorised x86-64 build contracts it; without the fusion
 * about half of a large layer's weights would differ by one unit in the last place).
 * {@code nn.Linear(in, out)} fills its weight (out, in) with kaiming_uniform(a = sqrt 5),
 * i.e. U(-bound, bound) with bound = sqrt(3) * sqrt(2 / (1 + a^2)) / sqrt(in), then its bias
 * with U(-1/sqrt(in), 1/sqrt(in)).
 */
public final class TorchRandom {
    private static final int N = 624;
    private static final int M = 397;
    private final int[] state = new int[N];
    private int next;

    public TorchRandom(long seed) {
        manualSeed(seed);
    }

    public void manualSeed(long seed) {
        state[0] = (int) seed;
        for (int j = 1; j < N; j++) {
            int prev = state[j - 1];
            state[j] = 1812433253 * (prev ^ (prev >>> 30)) + j;
        }
        next = N;
    }

    /** The next 32-bit draw, as an unsigned value in an int. */
    public int nextInt32() {
        if (next >= N) {
            twist();
        }
        int y = state[next++];
        y ^= y >>> 11;
        y ^= (y << 7) & 0x9d2c5680;
        y ^= (y << 15) & 0xefc60000;
        y ^= y >>> 18;
        return y;
    }

    private void twist() {
        for (int i = 0; i < N; i++) {
            int y = (state[i] & 0x80000000) | (state[(i + 1) % N] & 0x7fffffff);
            int v = state[(i + M) % N] ^ (y >>> 1);
            if ((y & 1) != 0) {
                v ^= 0x9908b0df;
            }
            state[i] = v;
        }
        next = 0;
    }

    /** One float32 draw of {@code uniform_(from, to)}. */
    public float uniform(float from, float to) {
        float x = (nextInt32() & 0xFFFFFF) * 0x1p-24f;
        return Math.fma(x, to - from, from);
    }

    /** {@code torch.rand(shape)}: U[0, 1) float32, row-major. */
    public Tensor rand(int... shape) {
        long n = 1;
        for (int d : shape) {
            n *= d;
        }
        float[] out = new float[Math.toIntExact(n)];
        for (int i = 0; i < out.length; i++) {
            out[i] = uniform(0f, 1f);
        }
        return Tensor.wrap(out, shape.clone());
    }

    /** The weight and optional bias of {@code nn.Linear(in, out)}, weight in x @ W form (in, out). */
    public record Linear(Tensor weight, Tensor bias) {
    }

    /** Draws exactly as {@code nn.Linear(in, out, bias)} does after this generator's state. */
    public Linear linear(int in, int out, boolean withBias) {
        double a = Math.sqrt(5.0);
        double gain = Math.sqrt(2.0 / (1 + a * a));
        double std = gain / Math.sqrt(in);
        float bound = (float) (Math.sqrt(3.0) * std);
        float[] torchLayout = new float[out * in];
        for (int i = 0; i < torchLayout.length; i++) {
            torchLayout[i] = uniform(-bound, bound);
        }
        float[] xw = new float[in * out];
        for (int o = 0; o < out; o++) {
            for (int i = 0; i < in; i++) {
                xw[i * out + o] = torchLayout[o * in + i];
            }
        }
        Tensor bias = null;
        if (withBias) {
            float biasBound = (float) (in > 0 ? 1.0 / Math.sqrt(in) : 0.0);
            float[] b = new float[out];
            for (int i = 0; i < out; i++) {
                b[i] = uniform(-biasBound, biasBound);
            }
            bias = Tensor.wrap(b, out);
        }
        return new Linear(Tensor.wrap(xw, in, out), bias);
    }
}
