package org.attentionexplainer.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import org.attentionexplainer.engine.AttentionEngine;
import org.attentionexplainer.engine.AttentionSpec;
import org.attentionexplainer.engine.AttentionTrace;
import org.attentionexplainer.engine.InvalidSpecException;
import org.attentionexplainer.export.AtomicFiles;
import org.attentionexplainer.export.AttentionFigures;
import org.attentionexplainer.export.BatchExporter;
import org.attentionexplainer.export.ComputeSpecReader;
import org.attentionexplainer.export.ExportErrors;
import org.attentionexplainer.export.ExportFormat;
import org.attentionexplainer.export.ExportRequest;
import org.attentionexplainer.export.FigureFiles;
import org.attentionexplainer.i18n.Localization;
import org.attentionexplainer.export.FigureParts;
import org.attentionexplainer.export.Resolution;
import org.attentionexplainer.export.SessionFiles;
import org.attentionexplainer.export.SpecException;
import org.attentionexplainer.lesson.explorer.LoadedData;
import org.attentionexplainer.lesson.explorer.ModelBuilder;
import org.attentionexplainer.lesson.explorer.ModelSettings;
import org.attentionexplainer.lesson.explorer.Session;
import org.attentionexplainer.render.ColorMap;
import org.attentionexplainer.render.Stage;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code export --spec CASE.json --out DIR}: the attention maps of every head as pictures
 * (PNG, SVG) and numbers (CSV, .npy), drawn without a display.
 */
@Command(name = "export", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Export attention maps (one file per head, plus the grid) as PNG, SVG, CSV or .npy.")
public final class ExportCommand implements Callable<Integer> {
    @Option(names = "--spec", paramLabel = "CASE.json", description = "a COMPUTE spec (see README)")
    Path specFile;

    @Option(names = "--sentence", paramLabel = "TEXT", description = "a sentence, with the model options below")
    String sentence;

    @Option(names = "--session", paramLabel = "FILE", description = "a session saved by the explorer")
    Path sessionFile;

    @Option(names = "--model-folder", paramLabel = "DIR",
            description = "a model folder in the Hugging Face layout (config.json, model.safetensors, tokenizer"
                    + " files): with --sentence, each head of the chosen --layers, into layer-NN folders")
    Path modelFolder;

    @Option(names = "--layers", paramLabel = "LIST", description = "with --model-folder: all, or layers from 1: 1,6"
            + " (default all)")
    String layers = "all";

    @Option(names = "--out", required = true, paramLabel = "DIR", description = "an existing folder for the files")
    Path outDir;

    @Option(names = "--format", split = ",", paramLabel = "FMT", description = "png, svg, csv, npy (default png)")
    List<String> formats = new ArrayList<>();

    @Option(names = "--scale", paramLabel = "N", description = "PNG pixels per layout pixel: 1, 2, 3 or 4 (default 1)")
    Integer scale;

    @Option(names = "--dpi", paramLabel = "DPI", description = "PNG resolution for print (72 to 600), recorded in the file")
    Integer dpi;

    @Option(names = "--stage", paramLabel = "STAGE", description = "scores, logits or weights (default weights)")
    String stage;

    @Option(names = "--heads", paramLabel = "LIST", description = "all, or heads from 1: 1,3,5 (default all)")
    String heads = "all";

    @Option(names = "--colormap", paramLabel = "MAP", description = "colour map of the weights, e.g. viridis")
    String colorMap;

    @Option(names = "--auto-range", description = "colour range of the weights from the data, not [0, 1]")
    boolean autoRange;

    @Option(names = "--no-values", description = "no numbers in the cells")
    boolean noValues;

    @Option(names = "--no-grid", description = "no grid of all heads")
    boolean noGrid;

    @Option(names = "--no-title", description = "no title")
    boolean noTitle;

    @Option(names = "--no-labels", description = "no token labels")
    boolean noLabels;

    @Option(names = "--no-legend", description = "no colour bar")
    boolean noLegend;

    @Option(names = "--no-caption", description = "no caption with the settings")
    boolean noCaption;

    @Option(names = "--lang", paramLabel = "LANG", description = "language of titles and captions: en or tr (default en)")
    String lang = "en";

    @Option(names = "--force", description = "replace files that exist")
    boolean force;

    @Option(names = "--quiet", description = "print nothing on success")
    boolean quiet;

    @Mixin
    ModelOptions model;

    @Spec
    CommandSpec commandSpec;

    private final Supplier<AttentionEngine> engines;
    /** The language of the files and of the problems reported, from --lang. */
    private Localization texts = Localization.of(Locale.ENGLISH);

    public ExportCommand(Supplier<AttentionEngine> engines) {
        this.engines = engines;
    }

    /** One line for the user, worded in the language asked for, and the exit status it goes with. */
    static final class Refusal extends Exception {
        final int status;

        Refusal(int status, String message) {
            super(message);
            this.status = status;
        }
    }

    /**
     * The computed trace and where its model came from, for the caption.
     *
     * @param settings the model of a sentence, or null for a spec
     * @param loaded   the spec or the session's tensors as the explorer would have loaded them
     */
    record Input(AttentionTrace trace, ModelSettings settings, LoadedData loaded, Session session) {
        String caption(AttentionFigures figures) {
            return settings == null ? figures.caption(loaded.name(), trace) : figures.caption(settings, loaded, trace);
        }
    }

    @Override
    public Integer call() {
        System.setProperty("java.awt.headless", "true");
        PrintWriter err = commandSpec.commandLine().getErr();
        PrintWriter out = commandSpec.commandLine().getOut();
        try {
            texts = Localization.of(Locale.forLanguageTag(lang));
            if (outDir.toString().isEmpty()) {
                throw new Refusal(ExitCodes.BAD_INPUT, texts.get("cli.export.outEmpty"));
            }
            checkFolder();
            FigureFiles.warmUpInBackground();
            if (modelFolder != null) {
                long begin = System.nanoTime();
                List<Path> written = new ModelFolderExport(this, engines).export(texts);
                if (!quiet) {
                    written.forEach(out::println);
                    out.println(wrote(written.size(), begin));
                }
                return ExitCodes.OK;
            }
            Input in = input();
            AttentionFigures figures = new AttentionFigures(texts);
            ExportRequest request = request(in, in.caption(figures));
            BatchExporter exporter = new BatchExporter(figures);
            long start = System.nanoTime();
            BatchExporter.Result r = exporter.export(in.trace(), request, outDir,
                    force ? AtomicFiles.Existing.REPLACE : AtomicFiles.Existing.FAIL, (done, total, file) -> { },
                    () -> false);
            if (!quiet) {
                // listed once they are all in place: the files appear together or not at all
                r.written().forEach(out::println);
                out.println(wrote(r.written().size(), start));
            }
            return r.cancelled() ? ExitCodes.INTERNAL : ExitCodes.OK;
        } catch (Refusal e) {
            err.println("export: " + e.getMessage());
            return e.status;
        } catch (java.nio.file.FileAlreadyExistsException e) {
            err.println("export: " + texts.get("cli.exists", e.getFile()));
            return ExitCodes.CANNOT_WRITE;
        } catch (IOException e) {
            err.println("export: " + texts.get("cli.cannotWrite", outDir, IoMessages.describe(texts, e)));
            return ExitCodes.CANNOT_WRITE;
        } catch (IllegalArgumentException e) {
            err.println("export: " + ExportErrors.describe(texts, e));
            return ExitCodes.BAD_INPUT;
        } catch (OutOfMemoryError e) {
            err.println("export: " + CliApp.outOfMemory());
            return ExitCodes.BAD_INPUT;
        }
    }

    /** "wrote 12 files in 0.53 s", in the language asked for. */
    private String wrote(int files, long startNanos) {
        double seconds = (System.nanoTime() - startNanos) / 1e9;
        return texts.get("cli.export.wrote", String.valueOf(files), texts.number(seconds, 2));
    }

    private void checkFolder() throws Refusal {
        if (!Files.exists(outDir)) {
            return;                                                 // made by the export, with its parents
        }
        if (!Files.isDirectory(outDir)) {
            throw new Refusal(ExitCodes.CANNOT_WRITE, texts.get("export.io.notFolder", outDir));
        }
        if (!Files.isWritable(outDir)) {
            throw new Refusal(ExitCodes.CANNOT_WRITE, texts.get("export.io.folderNotWritable", outDir));
        }
    }

    /** The trace to export, computed from the one source given. */
    Input input() throws Refusal {
        int sources = (specFile != null ? 1 : 0) + (sentence != null ? 1 : 0) + (sessionFile != null ? 1 : 0);
        if (sources != 1) {
            throw new Refusal(ExitCodes.BAD_INPUT, texts.get("cli.export.oneSource"));
        }
        try {
            if (specFile != null) {
                AttentionSpec spec = new ComputeSpecReader().read(specFile);
                LoadedData file = new LoadedData(specFile.getFileName().toString(), spec, null, null);
                return new Input(engines.get().compute(spec), null, file, null);
            }
            if (sessionFile != null) {
                Session session = SessionFiles.read(sessionFile);
                return new Input(engines.get().compute(session.spec(new ModelBuilder())), session.model(),
                        session.loaded(), session);
            }
            ModelSettings settings = model.settings(sentence);
            AttentionSpec spec = model.controls().applyTo(new ModelBuilder().build(settings, LoadedData.NONE));
            return new Input(engines.get().compute(spec), settings, LoadedData.NONE, null);
        } catch (SpecException | InvalidSpecException e) {
            throw new Refusal(ExitCodes.BAD_INPUT, ExportErrors.describe(texts, e));
        }
    }

    /** What to write, from the options (and the session's view where an option is not given). */
    ExportRequest request(Input in, String caption) throws Refusal {
        Set<ExportFormat> fmts = EnumSet.noneOf(ExportFormat.class);
        for (String f : formats) {
            ExportFormat format = ExportFormat.byId(f);
            if (format == null) {
                throw new Refusal(ExitCodes.BAD_INPUT, texts.get("cli.export.format", f));
            }
            fmts.add(format);
        }
        if (fmts.isEmpty()) {
            fmts.add(ExportFormat.PNG);
        }
        Session s = in.session();
        Stage st = parseStage(stage != null ? stage : s != null ? s.stage() : "weights");
        String mapId = colorMap != null ? colorMap : s != null ? s.colorMap() : "viridis";
        ColorMap map = ColorMap.byId(mapId);
        if (map == null) {
            throw new Refusal(ExitCodes.BAD_INPUT, texts.get("cli.export.colorMap", mapId));
        }
        if (scale != null && dpi != null) {
            throw new Refusal(ExitCodes.BAD_INPUT, texts.get("cli.export.scaleAndDpi"));
        }
        Resolution res = dpi != null ? Resolution.dpi(dpi) : Resolution.times(scale == null ? 1 : scale);
        List<Integer> chosen = parseHeads(in.trace().headCount());
        FigureParts parts = new FigureParts(!noTitle, !noLabels, !noLegend, !noCaption);
        boolean values = !noValues && (s == null || s.showValues());
        return new ExportRequest(fmts, st, chosen, !noGrid, map, autoRange || (s != null && s.autoRange()), values,
                parts, caption, res);
    }

    private Stage parseStage(String id) throws Refusal {
        for (Stage st : Stage.values()) {
            if (st.id().equalsIgnoreCase(id.trim())) {
                return st;
            }
        }
        throw new Refusal(ExitCodes.BAD_INPUT, texts.get("cli.export.stage", id));
    }

    private List<Integer> parseHeads(int count) throws Refusal {
        if (heads.trim().equalsIgnoreCase("all")) {
            return List.of();
        }
        List<Integer> out = new ArrayList<>();
        for (String part : heads.split(",")) {
            int h;
            try {
                h = Integer.parseInt(part.trim());
            } catch (NumberFormatException e) {
                throw new Refusal(ExitCodes.BAD_INPUT, texts.get("cli.export.heads", heads));
            }
            if (h < 1 || h > count) {
                throw new Refusal(ExitCodes.BAD_INPUT, texts.get("export.problem.head", Integer.toString(h),
                        Integer.toString(count)));
            }
            if (!out.contains(h - 1)) {
                out.add(h - 1);
            }
        }
        return out;
    }
}
