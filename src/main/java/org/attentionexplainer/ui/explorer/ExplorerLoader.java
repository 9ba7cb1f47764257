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
import org.attentionexplainer.ui.shell.AppContext;
import org.attentionexplainer.ui.shell.Failures;

/**
 * Loads a COMPUTE spec, token vectors or weights on the worker, and tries the result with
 * the engine before anything changes: a file of the wrong shape or with NaN in it leaves
 * the explorer as it was and says why in one line.
 */
final class ExplorerLoader {
    private final ExplorerViewModel vm;
    private final AppContext context;

    /** A checked candidate: what to adopt, and the computation that proved it works. */
    record Prepared(LoadedData loaded, AttentionControls controls, int heads, ExplorerViewModel.Result result) {
    }

    ExplorerLoader(ExplorerViewModel vm, AppContext context) {
        this.vm = vm;
        this.context = context;
    }

    void loadSpec(Path file) {
        ExplorerViewModel.Request now = request();
        run(file.getFileName().toString(), () -> {
            AttentionSpec spec = read(() -> DataFiles.spec(file));
            AttentionControls controls = AttentionControls.of(spec);
            LoadedData d = new LoadedData(file.getFileName().toString(), spec, null, null);
            return prepare(now, d, controls, spec.heads());
        });
    }

    void loadInput(Path file) {
        ExplorerViewModel.Request now = request();
        run(file.getFileName().toString(), () -> {
            Tensor x = read(() -> DataFiles.input(file));
            return prepare(now, now.loaded().withInput(file.getFileName().toString(), x), now.controls(),
                    now.settings().heads());
        });
    }

    void loadWeights(List<Path> files) {
        ExplorerViewModel.Request now = request();
        String name = files.size() == 1 ? files.get(0).getFileName().toString()
                : files.stream().map(p -> p.getFileName().toString()).reduce((a, b) -> a + ", " + b).orElse("");
        run(name, () -> {
            Projection w = read(() -> DataFiles.weights(files));
            return prepare(now, now.loaded().withWeights(name, w), now.controls(), now.settings().heads());
        });
    }

    /** Shows a spec made elsewhere (a trained model's layer) with the given head in focus. */
    void show(AttentionSpec spec, String name, int head) {
        ExplorerViewModel.Request now = request();
        run(name, () -> prepare(now, new LoadedData(name, spec, null, null), AttentionControls.of(spec), spec.heads()),
                () -> vm.focusHead(head));
    }

    /**
     * A session's model with its loaded tensors: computed once on the worker, then adopted and
     * {@code then} applies the session's other settings; on failure nothing changes.
     */
    void restore(ModelSettings settings, LoadedData d, AttentionControls controls, ExplorerFigures.View view,
                 Runnable then) {
        ExplorerViewModel.Request now = new ExplorerViewModel.Request(settings, d, controls, null, view);
        run(d.name(), () -> prepare(now, d, controls, settings.heads()), then);
    }

    private ExplorerViewModel.Request request() {
        return new ExplorerViewModel.Request(vm.settings(), vm.loadedProperty().get(), vm.controls().snapshot(),
                null, vm.view());
    }

    /** Runs on the worker: the heads nearest to the wanted ones, then one real computation. */
    private Prepared prepare(ExplorerViewModel.Request now, LoadedData d, AttentionControls controls, int wanted) {
        int heads = ModelBuilder.nearestDivisor(ModelBuilder.projectedWidth(d, now.settings().dModel()), wanted);
        ModelSettings s = now.settings();
        ModelSettings settings = new ModelSettings(s.tokens(), s.dModel(), heads, s.projection(), s.weightSeed(),
                s.embeddingSeed(), s.positional());
        ExplorerViewModel.Request r = new ExplorerViewModel.Request(settings, d, controls, null, now.view());
        return new Prepared(d, controls, heads, vm.compute(r));
    }

    private void run(String name, java.util.function.Supplier<Prepared> task) {
        run(name, task, () -> { });
    }

    private void run(String name, java.util.function.Supplier<Prepared> task, Runnable then) {
        context.work().submit(task, p -> {
            vm.adopt(p, name);
            then.run();
        },
                e -> vm.fail(context.i18n().get("explorer.error.load", name, Failures.describe(context.i18n(), e))));
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
