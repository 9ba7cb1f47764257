package org.attentionexplainer.ui.explorer;

import org.attentionexplainer.lesson.explorer.ModelBuilder;
import org.attentionexplainer.lesson.explorer.ModelSettings;
import org.attentionexplainer.lesson.explorer.AttentionControls;
import org.attentionexplainer.lesson.explorer.LoadedData;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import org.attentionexplainer.engine.AttentionSpec;
import org.attentionexplainer.engine.Projection;
import org.attentionexplainer.engine.Tensor;
import org.attentionexplainer.ui.i18n.I18n;
import org.attentionexplainer.ui.shell.BackgroundWork;
import org.attentionexplainer.export.MapView;
import org.attentionexplainer.ui.shell.Failures;

/**
 * Loads a COMPUTE spec, token vectors or weights on the worker, and tries the result with
 * the engine before anything changes: a file of the wrong shape or with NaN in it leaves
 * the explorer as it was and says why in one line.
 */
final class ExplorerLoader {
    private final Explorer explorer;
    private final BackgroundWork work;
    private final I18n i18n;

    /** What the loader needs of the explorer. */
    interface Explorer {
        /** The request of the settings now, with nothing pinned. */
        ExplorerRequest now();

        /** Computes a request (on the worker). */
        ExplorerResult compute(ExplorerRequest request);

        /** Takes a loaded model that has been computed once, on the FX thread. */
        void adopt(Prepared prepared, String name);

        /** Says in one line why a load failed; the explorer stays as it was. */
        void fail(String message);
    }

    /** A checked candidate: what to adopt, and the computation that proved it works. */
    record Prepared(LoadedData loaded, AttentionControls controls, int heads, ExplorerResult result) {
    }

    ExplorerLoader(Explorer explorer, BackgroundWork work, I18n i18n) {
        this.explorer = explorer;
        this.work = work;
        this.i18n = i18n;
    }

    void loadSpec(Path file) {
        ExplorerRequest now = request();
        run(file.getFileName().toString(), () -> {
            AttentionSpec spec = read(() -> DataFiles.spec(file));
            AttentionControls controls = AttentionControls.of(spec);
            LoadedData d = new LoadedData(file.getFileName().toString(), spec, null, null);
            return prepare(now, d, controls, spec.heads());
        });
    }

    /**
     * A model made on the worker by {@code spec} (a trained layer), adopted whole if {@code take} still
     * wants it when it arrives; {@code then} follows, or {@code failed} with the line that says why it failed.
     */
    void loadTrained(String name, java.util.function.Supplier<AttentionSpec> spec,
                     java.util.function.BooleanSupplier take, Runnable then,
                     java.util.function.Consumer<String> failed) {
        ExplorerRequest now = request();
        run(name, () -> {
            AttentionSpec s = spec.get();
            return prepare(now, new LoadedData(name, s, null, null), AttentionControls.of(s), s.heads());
        }, take, then, failed);
    }

    void loadInput(Path file) {
        ExplorerRequest now = request();
        run(file.getFileName().toString(), () -> {
            Tensor x = read(() -> DataFiles.input(file));
            return prepare(now, now.loaded().withInput(file.getFileName().toString(), x), now.controls(),
                    now.settings().heads());
        });
    }

    void loadWeights(List<Path> files) {
        ExplorerRequest now = request();
        String name = files.size() == 1 ? files.get(0).getFileName().toString()
                : files.stream().map(p -> p.getFileName().toString()).reduce((a, b) -> a + ", " + b).orElse("");
        run(name, () -> {
            Projection w = read(() -> DataFiles.weights(files));
            return prepare(now, now.loaded().withWeights(name, w), now.controls(), now.settings().heads());
        });
    }

    /**
     * A session's model with its loaded tensors: computed once on the worker, then adopted and
     * {@code then} applies the session's other settings; on failure nothing changes.
     */
    void restore(ModelSettings settings, LoadedData d, AttentionControls controls, MapView view,
                 Runnable then) {
        ExplorerRequest now = new ExplorerRequest(settings, d, controls, null, view);
        run(d.name(), () -> prepare(now, d, controls, settings.heads()), then);
    }

    private ExplorerRequest request() {
        return explorer.now();
    }

    /** Runs on the worker: the heads nearest to the wanted ones, then one real computation. */
    private Prepared prepare(ExplorerRequest now, LoadedData d, AttentionControls controls, int wanted) {
        int heads = ModelBuilder.nearestDivisor(ModelBuilder.projectedWidth(d, now.settings().dModel()), wanted);
        ModelSettings s = now.settings();
        ModelSettings settings = new ModelSettings(s.tokens(), s.dModel(), heads, s.projection(), s.weightSeed(),
                s.embeddingSeed(), s.positional());
        ExplorerRequest r = new ExplorerRequest(settings, d, controls, null, now.view());
        return new Prepared(d, controls, heads, explorer.compute(r));
    }

    private void run(String name, java.util.function.Supplier<Prepared> task) {
        run(name, task, () -> { });
    }

    private void run(String name, java.util.function.Supplier<Prepared> task, Runnable then) {
        run(name, task, () -> true, then, why -> { });
    }

    private void run(String name, java.util.function.Supplier<Prepared> task, java.util.function.BooleanSupplier take,
                     Runnable then, java.util.function.Consumer<String> failed) {
        work.submit(task, p -> {
            if (take.getAsBoolean()) {
                explorer.adopt(p, name);
                then.run();
            }
        }, e -> {
            String why = i18n.get("explorer.error.load", name, Failures.describe(i18n, e));
            explorer.fail(why);
            failed.accept(why);
        });
    }

    /** The one-line reason of a failure (unwrapping the worker's CompletionException). */
    static String detail(Throwable e) {
        Throwable cause = e instanceof java.util.concurrent.CompletionException && e.getCause() != null
                ? e.getCause() : e;
        return cause.getMessage() != null ? cause.getMessage() : cause.getClass().getSimpleName();
    }

    private interface Reader<T> {
        T read() throws IOException;
    }

    private static <T> T read(Reader<T> r) {
        try {
            return r.read();
        } catch (IOException e) {
            throw new UncheckedIOException(e.getMessage(), e);
        }
    }
}
