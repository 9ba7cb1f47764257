package org.attentionexplainer.ui.realmodel;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.management.ManagementFactory;
import java.util.Arrays;
import org.attentionexplainer.ui.TestContexts;
import org.attentionexplainer.engine.bert.MiniLmModel;
import org.attentionexplainer.engine.bert.WhatIf;
import org.attentionexplainer.ui.shell.AppContext;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Prints what the real-model screen costs as the app runs it: the model load through the
 * screen's provider, then one screen computation (forward pass plus the 72 maps) at 16 and
 * at 128 tokens. Left out of the default run; run it with
 * {@code ./mvnw -o test -Dtest=RealModelBench -Dsurefire.excludedGroups=none}.
 */
@Tag("bench")
class RealModelBench {
    private static final int RUNS = 7;

    @Test
    void loadAndForward() {
        RealModelViewModel vm = new RealModelViewModel(TestContexts.english(), ModelProvider.classPath());
        vm.start();
        System.out.printf("real model screen: %d cores, load average %.1f%n",
                Runtime.getRuntime().availableProcessors(),
                ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
        System.out.printf("load (as the screen reports it): %.2f s%n", vm.loadSeconds());
        MiniLmModel model = TestModels.loadedOnce(vm);
        for (int tokens : new int[] {16, 128}) {
            String text = textOf(model, tokens);
            double[] forward = new double[RUNS];
            double[] screen = new double[RUNS];
            for (int r = 0; r < RUNS; r++) {
                long t0 = System.nanoTime();
                RealModelViewModel.Computed c = RealModelViewModel.compute(model, text, WhatIf.TRAINED);
                screen[r] = (System.nanoTime() - t0) / 1e6;
                forward[r] = c.overview().forwardNanos() / 1e6;
                assertEquals(tokens, c.overview().size());
            }
            System.out.printf("%d tokens: forward %s ms, with the 72 maps %s ms (first run %.0f ms)%n", tokens,
                    median(forward), median(screen), screen[0]);
        }
    }

    /** A text that the tokenizer makes into exactly {@code n} tokens with [CLS] and [SEP]. */
    private static String textOf(MiniLmModel model, int n) {
        String[] words = "the cat sat on the mat because it was tired and the dog".split(" ");
        StringBuilder b = new StringBuilder();
        for (int i = 0; model.tokenizer().encode(b.toString()).size() < n; i++) {
            b.append(words[i % words.length]).append(' ');
        }
        return b.toString().trim();
    }

    private static String median(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        return String.format("%.0f", s[s.length / 2]);
    }
}
