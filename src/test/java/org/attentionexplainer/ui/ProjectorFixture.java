package org.attentionexplainer.ui;


import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import org.attentionexplainer.engine.AttentionEngine;
import org.attentionexplainer.render.FigureLayout;
import org.attentionexplainer.ui.heatmap.HeatmapControl;
import org.attentionexplainer.ui.i18n.I18n;
import org.attentionexplainer.ui.shell.AppContext;
import org.attentionexplainer.ui.shell.BackgroundWork;
import org.attentionexplainer.ui.shell.MainViewModel;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.provider.Arguments;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

/**
 * What the projector checks share: the window filling a screen of the size the build gives this JVM
 * ({@code projector.screen}; the pom runs each projector class once per size), and the measures they
 * take of it.
 */
abstract class ProjectorFixture {
    static final AttentionEngine ENGINE = new AttentionEngine();
    static final int WIDTH;
    static final int HEIGHT;

    static {
        String[] size = System.getProperty("projector.screen", "1280x800").split("x");
        WIDTH = Integer.parseInt(size[0]);
        HEIGHT = Integer.parseInt(size[1]);
    }

    final FxRobot robot = new FxRobot();
    MainViewModel model;
    MemorySettings settings;

    static Stream<Arguments> modes() {
        return Stream.of(Arguments.of(false, Locale.ENGLISH), Arguments.of(true, Locale.ENGLISH),
                Arguments.of(false, Locale.forLanguageTag("tr")), Arguments.of(true, Locale.forLanguageTag("tr")));
    }

    /** A screen below the 1280 × 800, where what the layout reaches is asserted instead. */
    static final boolean SMALL = WIDTH < 1280;

    /**
     * The size at 1280 × 800 and above, or at 1024 × 768 what the layout reaches there (the
     * pom runs this class at 1024 × 768, 1280 × 800 and 1920 × 1080).
     */
    static double atLeast(double px, double at1024) {
        return SMALL ? at1024 : px;
    }

    MainViewModel open(String screen, boolean presenting, Locale locale) throws Exception {
        AppContext context = new AppContext(new I18n(locale), BackgroundWork.sameThread(),
                CompletableFuture.completedFuture(ENGINE), settings = new MemorySettings());
        model = MainWindow.open(context, screen, WIDTH, HEIGHT);
        robot.interact(() -> model.presentingProperty().set(presenting));
        settle();
        return model;
    }

    static void settle() {
        WaitForAsyncUtils.waitForFxEvents();
        WaitForAsyncUtils.waitForFxEvents();
    }

    @AfterEach
    void close() throws Exception {
        MainWindow.close();
    }

    static boolean treeVisible(Node n) {
        for (Node p = n; p != null; p = p.getParent()) {
            if (!p.isVisible()) {
                return false;
            }
        }
        return true;
    }

    /** True if the whole of the node lies inside the window (nothing scrolled out of sight). */
    static boolean onScreen(Node n, FigureLayout shown) {
        Bounds b = n.localToScene(new javafx.geometry.BoundingBox(0, 0, Math.min(n.getLayoutBounds().getWidth(), shown.width()),
                Math.min(n.getLayoutBounds().getHeight(), shown.height())));
        return b.getMinX() >= -0.5 && b.getMinY() >= -0.5 && b.getMaxX() <= WIDTH + 0.5 && b.getMaxY() <= HEIGHT + 0.5;
    }

    static String describe(String where, HeatmapControl c) {
        FigureLayout l = c.shownProperty().get();
        return String.format(Locale.ROOT, "%s %s @%dx%d, font %.1f px: cell %.1f px, %d panels in %d columns, labels %s%s"
                        + " (pane %.0f x %.0f, figure %.0f x %.0f)",
                where, c.getId(), WIDTH, HEIGHT, c.fontProperty().get().getSize(), l.cellSize(), l.panelCount(), l.columns(), l.labelsShown(),
                l.everyLabelShown() ? " (all)" : " (thinned)",
                c.getWidth(), c.getHeight(), l.width(), l.height());
    }

    /** What is checked on each slide of a chapter's walk; {@code moves} counts the Nexts taken in it. */
    interface Slide {
        void check(int moves) throws Exception;
    }

    /**
     * Opens chapter {@code index} and takes the presenter's Next through its parts and steps until the next
     * chapter, checking each slide once it has settled.
     */
    void walkChapter(org.attentionexplainer.ui.chapters.ChaptersViewModel chapters, int index, Slide each)
            throws Exception {
        robot.interact(() -> chapters.goTo(index));
        int moves = 0;
        do {
            settle();
            settle();
            each.check(moves);
            moves++;
        } while (next() && chapters.indexProperty().get() == index && moves < 80);
    }

    /** The presenter's Next on the screen shown; false at its end. */
    boolean next() {
        boolean[] moved = new boolean[1];
        robot.interact(() -> moved[0] = model.currentProperty().get().next());
        return moved[0];
    }

    static Stream<Locale> languages() {
        return Stream.of(Locale.ENGLISH, Locale.forLanguageTag("tr"));
    }

    /** The labels under {@code root} that their skin draws cut short (ending in "…"), as drawn. */
    static List<String> cutLabels(Node root) {
        List<String> cut = new ArrayList<>();
        if (root instanceof javafx.scene.text.Text t && root.getParent() instanceof javafx.scene.control.Labeled l
                && treeVisible(l) && l.getText() != null && !l.getText().isEmpty() && !l.getText().equals(t.getText())) {
            cut.add(t.getText());
        }
        if (root instanceof javafx.scene.Parent p) {
            for (Node child : p.getChildrenUnmodifiable()) {
                cut.addAll(cutLabels(child));
            }
        }
        return cut;
    }

    /** The visible part, in the scene, of the scroll pane {@code n} lies in. */
    static Bounds viewport(Node n) {
        Node p = n.getParent();
        while (!(p instanceof javafx.scene.control.ScrollPane) || p.getStyleClass().contains("chapter-table-strip")) {
            p = p.getParent();
        }
        Node viewport = p.lookup(".viewport");
        return viewport.localToScene(viewport.getLayoutBounds());
    }

    static boolean inside(Bounds b, Bounds in) {
        // within a pixel: the scroll pane places its content from a fraction, snapped to whole pixels
        return b.getMinX() >= in.getMinX() - 1 && b.getMinY() >= in.getMinY() - 1
                && b.getMaxX() <= in.getMaxX() + 1 && b.getMaxY() <= in.getMaxY() + 1;
    }
}
