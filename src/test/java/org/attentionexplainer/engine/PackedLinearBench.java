package org.attentionexplainer.engine;

import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.factory.Nd4j;

/**
 * One linear layer of all-MiniLM-L6-v2's shapes, {@link ForwardBlocks#linear}, on OpenBLAS
 * against the same weights' {@link PackedWeights}, at several row counts: where the cut-over
 * {@code attention.packedRows} goes. The two alternate within each round; the medians over the
 * rounds of the wall and the process CPU time per product. Left out of the default run:
 *
 * <pre>
 * ./mvnw -B -o test -Dtest=PackedLinearBench -Dsurefire.excludedGroups=none [-Dbench.rows=16,64,128,256]
 *     [-Dbench.shapes=384x1152,384x384,384x1536,1536x384] [-Dbench.rounds=5]
 * </pre>
 */
@Tag("bench")
class PackedLinearBench {
    @Test
    void linearLayers() {
        Backends.warmUp();
        int[] rowCounts = ints(System.getProperty("bench.rows", "16,64,128,192,256"), ",");
        String[] shapes = System.getProperty("bench.shapes", "384x1152,384x384,384x1536,1536x384").split(",");
        int rounds = Integer.getInteger("bench.rounds", 5);
        System.out.printf("packed against OpenBLAS, %s, %d cores, load average %.1f%n", ForwardBlocks.rowMath(),
                Runtime.getRuntime().availableProcessors(),
                ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
        System.out.println("| rows | in x out | OpenBLAS µs | OpenBLAS CPU µs | packed µs | packed CPU µs | OpenBLAS / packed |");
        System.out.println("| ---: | --- | ---: | ---: | ---: | ---: | ---: |");
        ForwardBlocks blocks = new ForwardBlocks();
        Random random = new Random(1);
        for (String shape : shapes) {
            int[] io = ints(shape, "x");
            INDArray weight = Nd4j.rand(DataType.FLOAT, io[0], io[1]).subi(0.5);
            INDArray bias = Nd4j.rand(DataType.FLOAT, 1, io[1]);
            ForwardBlocks.Linear packed = ForwardBlocks.Linear.of(weight, bias);
            ForwardBlocks.Linear blas = new ForwardBlocks.Linear(packed.weight(), packed.bias(), null);
            for (int m : rowCounts) {
                INDArray x = Nd4j.rand(DataType.FLOAT, m, io[0]);
                long macs = (long) m * io[0] * io[1];
                int runs = (int) Math.max(20, 1e10 / macs);                // about half a second a side: the CPU clock ticks in 10 ms
                Runnable[] sides = {() -> blocks.linear("a", x, blas, null), () -> blocks.linear("b", x, packed, null)};
                for (Runnable side : sides) {
                    long until = System.nanoTime() + 1_000_000_000L;
                    while (System.nanoTime() < until) {
                        side.run();
                    }
                }
                double[][] wall = new double[2][rounds];
                double[][] cpu = new double[2][rounds];
                for (int r = 0; r < rounds; r++) {
                    for (int s = 0; s < 2; s++) {
                        int side = (s + r) % 2;
                        long c0 = cpuNanos();
                        long t0 = System.nanoTime();
                        for (int i = 0; i < runs; i++) {
                            sides[side].run();
                        }
                        wall[side][r] = (System.nanoTime() - t0) / 1e3 / runs;
                        cpu[side][r] = (cpuNanos() - c0) / 1e3 / runs;
                    }
                }
                double a = median(wall[0]);
                double b = median(wall[1]);
                System.out.printf("| %d | %s | %.0f | %.0f | %.0f | %.0f | %.2f |%n", m, shape, a, median(cpu[0]), b,
                        median(cpu[1]), a / b);
            }
        }
        System.out.printf("load average at the end: %.1f%n",
                ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
    }

    private static long cpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }

    private static int[] ints(String list, String separator) {
        return Arrays.stream(list.split(separator)).mapToInt(s -> Integer.parseInt(s.trim())).toArray();
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }
}
