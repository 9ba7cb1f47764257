package org.attentionexplainer.ui.explorer;

import org.attentionexplainer.lesson.explorer.Tokenizer;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.attentionexplainer.engine.AttentionSpec;
import org.attentionexplainer.engine.Npy;
import org.attentionexplainer.engine.UnusableFile;
import org.attentionexplainer.engine.Projection;
import org.attentionexplainer.engine.Tensor;
import org.attentionexplainer.export.ComputeSpecReader;
import org.attentionexplainer.export.SpecException;

/**
 * Reads what a learner brings: a COMPUTE spec, token vectors or projection weights as
 * {@code .npy}. Every problem becomes one readable line: a message key and its arguments (a
 * {@link UnusableFile}, a {@link SpecException}), worded in the reader's language by the window.
 */
final class DataFiles {
    private DataFiles() {
    }

    static AttentionSpec spec(Path file) throws IOException {
        try {
            AttentionSpec spec = new ComputeSpecReader().read(file);
            int t = spec.input().dim(-2);
            if (t > Tokenizer.MAX_TOKENS || (spec.source() != null && spec.source().dim(-2) > Tokenizer.MAX_TOKENS)) {
                throw new SpecException(file.getFileName().toString(), "explorer.error.specPositions",
                        String.valueOf(Tokenizer.MAX_TOKENS));
            }
            return spec;
        } catch (SpecException e) {
            throw new IOException(e.getMessage(), e);
        }
    }

    /** Token vectors, (t, d) or (b, t, d). */
    static Tensor input(Path file) throws IOException {
        Tensor x = Npy.read(file);
        String name = file.getFileName().toString();
        if (x.rank() != 2 && x.rank() != 3) {
            throw new UnusableFile(name, "engine.spec.inputShape", x.shapeString());
        }
        if (x.dim(-2) < 1 || x.dim(-1) < 1) {
            throw new UnusableFile(name, "explorer.npy.noTokens", x.shapeString());
        }
        if (x.dim(-2) > Tokenizer.MAX_TOKENS) {
            throw new UnusableFile(name, "explorer.npy.tooManyTokens", String.valueOf(x.dim(-2)),
                    String.valueOf(Tokenizer.MAX_TOKENS));
        }
        requireFinite(name, x);
        return x;
    }

    /**
     * One file: a fused W_qkv (d_in, 3 d_out). Three files: W_q, W_k, W_v, told apart by
     * their names ("query"/"q", "key"/"k", "value"/"v" as a word of the file name).
     */
    static Projection weights(List<Path> files) throws IOException {
        if (files.size() == 1) {
            Tensor w = matrix(files.get(0));
            if (w.dim(1) % 3 != 0) {
                throw new UnusableFile(files.get(0).getFileName().toString(), "explorer.npy.fused", w.shapeString());
            }
            return new Projection.Fused(w, null);
        }
        if (files.size() != 3) {
            throw new UnusableFile("", "explorer.npy.fileCount");
        }
        Tensor[] qkv = new Tensor[3];
        for (Path f : files) {
            int role = role(f.getFileName().toString());
            if (role < 0 || qkv[role] != null) {
                throw new UnusableFile("", "explorer.npy.roles", names(files));
            }
            qkv[role] = matrix(f);
        }
        return new Projection.Separate(qkv[0], qkv[1], qkv[2]);
    }

    private static Tensor matrix(Path file) throws IOException {
        Tensor w = Npy.read(file);
        String name = file.getFileName().toString();
        if (w.rank() != 2) {
            throw new UnusableFile(name, "explorer.npy.matrix", w.shapeString());
        }
        requireFinite(name, w);
        return w;
    }

    static int role(String fileName) {
        String base = fileName.toLowerCase(Locale.ROOT).replaceFirst("\\.npy$", "");
        String[] words = base.split("[^a-z]+");
        for (String w : words) {
            switch (w) {
                case "q", "query", "wq" -> {
                    return 0;
                }
                case "k", "key", "wk" -> {
                    return 1;
                }
                case "v", "value", "wv" -> {
                    return 2;
                }
                default -> {
                }
            }
        }
        return -1;
    }

    private static void requireFinite(String name, Tensor x) throws IOException {
        float[] v = x.toArray();
        for (int i = 0; i < v.length; i++) {
            if (!Float.isFinite(v[i])) {
                throw new UnusableFile(name, "export.session.notFinite", String.valueOf(i + 1),
                        String.valueOf(v.length), String.valueOf(v[i]));
            }
        }
    }

    private static String names(List<Path> files) {
        List<String> n = new ArrayList<>();
        for (Path f : files) {
            n.add(f.getFileName().toString());
        }
        return String.join(", ", n);
    }
}
