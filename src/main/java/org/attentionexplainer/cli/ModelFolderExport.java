package org.attentionexplainer.cli;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;
import org.attentionexplainer.engine.AttentionEngine;
import org.attentionexplainer.engine.AttentionTrace;
import org.attentionexplainer.engine.bert.EncoderTrace;
import org.attentionexplainer.engine.bert.ModelLoadException;
import org.attentionexplainer.engine.bert.WhatIf;
import org.attentionexplainer.engine.model.ModelFolder;
import org.attentionexplainer.engine.model.TransformerModel;
import org.attentionexplainer.export.AtomicFiles;
import org.attentionexplainer.export.AttentionFigures;
import org.attentionexplainer.export.BatchExporter;
import org.attentionexplainer.export.ExportErrors;
import org.attentionexplainer.export.ExportRequest;
import org.attentionexplainer.i18n.Localization;
import org.attentionexplainer.lesson.explorer.LoadedData;

/**
 * {@code export --model-folder DIR --sentence TEXT}: a model opened from a Hugging Face folder
 * runs the sentence, and each chosen layer's heads are written as {@code export} writes a
 * computation's, into {@code layer-01/}, {@code layer-02/}... Every layer is computed and every
 * file name checked before the first file is written, so a refusal leaves the folder as it was.
 */
final class ModelFolderExport {
    private final ExportCommand command;
    private final Supplier<AttentionEngine> engines;

    ModelFolderExport(ExportCommand command, Supplier<AttentionEngine> engines) {
        this.command = command;
        this.engines = engines;
    }

    /** One layer's attention block, computed, and the folder it goes to. */
    private record Layer(int index, AttentionTrace trace, ExportRequest request, Path dir) {
    }

    /** The files written, in order. */
    List<Path> export(Localization texts) throws ExportCommand.Refusal, IOException {
        if (command.sentence == null || command.specFile != null || command.sessionFile != null) {
            throw new ExportCommand.Refusal(ExitCodes.BAD_INPUT, texts.get("cli.export.modelFolder"));
        }
        TransformerModel model;
        try {
            model = ModelFolder.load(command.modelFolder, f -> { }, () -> false);
        } catch (ModelLoadException e) {
            throw new ExportCommand.Refusal(ExitCodes.BAD_INPUT, ExportErrors.describe(texts, e));
        }
        List<Integer> chosen = layers(texts, model.layers());
        WhatIf whatIf = new WhatIf(command.model.causal, command.model.temperature);
        EncoderTrace trace = model.run(List.of(command.sentence), whatIf);
        AttentionFigures figures = new AttentionFigures(texts);
        BatchExporter exporter = new BatchExporter(figures);
        List<Layer> layers = new ArrayList<>();
        for (int l : chosen) {
            AttentionTrace at = engines.get().compute(model.attentionSpec(trace, 0, l));
            String name = texts.get("real.focus.name", model.name(), l + 1);
            ExportRequest request = command.request(new ExportCommand.Input(at, null,
                    new LoadedData(name, null, null, null), null), figures.caption(name, at));
            Path dir = command.outDir.resolve(String.format(Locale.ROOT, "layer-%02d", l + 1));
            layers.add(new Layer(l, at, request, dir));
        }
        if (!command.force) {
            for (Layer layer : layers) {
                for (Path p : exporter.plan(layer.trace(), layer.request(), layer.dir())) {
                    if (Files.exists(p)) {
                        throw new FileAlreadyExistsException(p.toString());
                    }
                }
            }
        }
        List<Path> written = new ArrayList<>();
        for (Layer layer : layers) {
            written.addAll(exporter.export(layer.trace(), layer.request(), layer.dir(),
                    command.force ? AtomicFiles.Existing.REPLACE : AtomicFiles.Existing.FAIL,
                    (done, total, file) -> { }, () -> false).written());
        }
        return written;
    }

    /** --layers: all, or numbers from 1. */
    private List<Integer> layers(Localization texts, int count) throws ExportCommand.Refusal {
        List<Integer> out = new ArrayList<>();
        if (command.layers.trim().equalsIgnoreCase("all")) {
            for (int l = 0; l < count; l++) {
                out.add(l);
            }
            return out;
        }
        for (String part : command.layers.split(",")) {
            int l;
            try {
                l = Integer.parseInt(part.trim());
            } catch (NumberFormatException e) {
                throw new ExportCommand.Refusal(ExitCodes.BAD_INPUT, texts.get("cli.export.layers", command.layers));
            }
            if (l < 1 || l > count) {
                throw new ExportCommand.Refusal(ExitCodes.BAD_INPUT, texts.get("cli.export.layer", Integer.toString(l),
                        Integer.toString(count)));
            }
            if (!out.contains(l - 1)) {
                out.add(l - 1);
            }
        }
        return out;
    }
}
