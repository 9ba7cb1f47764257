package org.attentionexplainer.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.IntStream;
import org.attentionexplainer.engine.AttentionEngine;
import org.attentionexplainer.export.AttentionFigures;
import org.attentionexplainer.export.ExportRequest;
import org.attentionexplainer.export.FigureFiles;
import org.attentionexplainer.export.FigureParts;
import org.attentionexplainer.export.SvgWriter;
import org.attentionexplainer.export.ViewMode;
import org.attentionexplainer.i18n.Localization;
import org.attentionexplainer.render.Drawing;
import org.attentionexplainer.render.Drawings;
import org.attentionexplainer.render.Mark;
import org.attentionexplainer.ui.TestContexts;
import org.attentionexplainer.ui.explorer.ControlsModel;
import org.attentionexplainer.ui.common.MapsExport;
import org.attentionexplainer.ui.explorer.ExplorerViewModel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * The same settings typed into the explorer and given to {@code export}: the screen's exported
 * picture and the command line's are one drawing, mark by mark, caption included.
 */
class CliAndScreenFigureTest {
    private static final String SENTENCE = "Your journey starts with one step";
    private static final String[] SETTINGS = {"--sentence", SENTENCE, "--d-model", "12", "--heads-count", "4",
        "--seed", "7", "--causal", "--window", "2", "--hard", "--temperature", "0.5", "--dropout", "0.2",
        "--dropout-seed", "3"};

    @TempDir
    Path dir;

    /** The explorer with the settings above, showing {@code mode} (head 2 where one head is shown). */
    private static ExplorerViewModel screen(ViewMode mode) {
        ExplorerViewModel vm = new ExplorerViewModel(TestContexts.english());
        vm.sentenceProperty().set(SENTENCE);
        vm.dModelProperty().set(12);
        vm.headsProperty().set(4);
        vm.weightSeedProperty().set(7);
        ControlsModel c = vm.controls();
        c.causalProperty().set(true);
        c.windowOnProperty().set(true);
        c.windowProperty().set(2);
        c.hardProperty().set(true);
        c.temperatureProperty().set(0.5);
        c.dropoutProperty().set(0.2);
        c.dropoutSeedProperty().set(3);
        vm.display().modeProperty().set(mode);
        vm.display().headProperty().set(1);
        return vm;
    }

    /** What the command draws for the settings above: the trace, the request and the figure builder. */
    private record Cli(ExportCommand.Input in, ExportRequest request, AttentionFigures figures) {
    }

    private Cli cli() throws Exception {
        ExportCommand cmd = new ExportCommand(AttentionEngine::new);
        List<String> args = new java.util.ArrayList<>(List.of(SETTINGS));
        args.addAll(List.of("--out", dir.toString()));
        new CommandLine(cmd).parseArgs(args.toArray(String[]::new));
        ExportCommand.Input in = cmd.input();
        AttentionFigures figures = new AttentionFigures(Localization.of(java.util.Locale.ENGLISH));
        return new Cli(in, cmd.request(in, in.caption(figures)), figures);
    }

    private static Drawing onScreen(ViewMode mode) {
        return FigureFiles.draw(MapsExport.figures(screen(mode).maps()).figure(FigureParts.ALL));
    }

    @Test
    void oneHeadIsTheSameDrawingOnScreenAndOnTheCommandLine() throws Exception {
        Cli c = cli();
        Drawing cli = FigureFiles.draw(c.figures().head(c.in().trace(), 1, c.request()));
        Drawings.assertSameMarks(onScreen(ViewMode.FOCUS), cli);
        assertTrue(captionOf(cli).contains("hard"), captionOf(cli));
    }

    @Test
    void theGridOfEveryHeadIsTheSameDrawingOnScreenAndOnTheCommandLine() throws Exception {
        Cli c = cli();
        List<Integer> all = IntStream.range(0, 4).boxed().toList();
        Drawings.assertSameMarks(onScreen(ViewMode.GRID), FigureFiles.draw(c.figures().grid(c.in().trace(), all, c.request())));
    }

    @Test
    void theFileTheCommandWritesIsTheScreensPicture() throws Exception {
        Drawing onScreen = onScreen(ViewMode.FOCUS);
        CliRun run = CliRun.of(java.util.stream.Stream.concat(java.util.stream.Stream.of("export"),
                java.util.stream.Stream.concat(java.util.Arrays.stream(SETTINGS),
                        java.util.stream.Stream.of("--out", dir.toString(), "--format", "svg", "--heads", "2",
                                "--quiet"))).toArray(String[]::new));
        assertEquals(0, run.status(), run.err());
        assertEquals(withoutClipIds(SvgWriter.svg(onScreen)),
                withoutClipIds(Files.readString(dir.resolve("head-02.svg"))));
    }

    /** The SVG library names clip paths after the clock: the one difference between two writes. */
    private static String withoutClipIds(String svg) {
        return svg.replaceAll("_\\d+clip-", "clip-");
    }

    /** The caption's text: the last text mark of the drawing. */
    /** The caption's lines (the last texts drawn, all of the caption's size), joined. */
    private static String captionOf(Drawing d) {
        List<Mark.Text> texts = d.marks().stream().filter(m -> m instanceof Mark.Text).map(m -> (Mark.Text) m).toList();
        double size = texts.get(texts.size() - 1).size();
        StringBuilder caption = new StringBuilder();
        for (int i = texts.size() - 1; i >= 0 && texts.get(i).size() == size; i--) {
            caption.insert(0, texts.get(i).text() + " ");
        }
        return caption.toString().strip();
    }
}
