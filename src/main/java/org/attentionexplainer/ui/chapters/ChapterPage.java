package org.attentionexplainer.ui.chapters;

import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.function.Supplier;
import javafx.beans.InvalidationListener;
import javafx.beans.Observable;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.value.ObservableBooleanValue;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.layout.VBox;
import org.attentionexplainer.engine.AttentionEngine;
import org.attentionexplainer.lesson.chapters.Chapter;
import org.attentionexplainer.lesson.chapters.ChapterText;
import org.attentionexplainer.lesson.chapters.Section;
import org.attentionexplainer.ui.common.AnswerCover;
import org.attentionexplainer.ui.common.PageLayout;
import org.attentionexplainer.ui.i18n.I18n;
import org.attentionexplainer.ui.shell.Coalescer;

/**
 * One chapter on screen: its lesson's numbers as live state (computed in the background, again
 * whenever the page's inputs change; null until then) and its page. The chapters are listed in
 * {@link ChapterPages}.
 *
 * @param <M> the chapter's numbers, from which its quiz is made
 */
abstract class ChapterPage<M extends Chapter> {
    /** The narrative column's share of the page. */
    private static final double LEFT_SHARE = 0.36;
    /** Presenting, the column holds the headline and the controls only: a pair of maps side by side gets 48 px cells. */
    private static final double PRESENTING_LEFT_SHARE = 0.26;

    private final ObjectProperty<M> model = new SimpleObjectProperty<>(this, "model");
    /** Narrative sections (by title key) that state answers, and the questions whose answers they state. */
    private final Map<String, String[]> sectionAnswers = new HashMap<>();
    private final Set<String> coveredQuestions = new TreeSet<>();
    /** The parts a presenter steps through; null for a page without parts, or until the page is made. */
    private Parts parts;
    /** Counts the moves between the page's parts and their steps (and their making), for the presenter console to follow. */
    private final IntegerProperty partMoves = new SimpleIntegerProperty(this, "partMoves");

    /** The chapter's title, headline and narrative. */
    abstract ChapterText text();

    /** Starts computing the numbers; a chapter with inputs computes them again as they change. */
    abstract void start(ChapterWork work);

    /** The page, made the first time the chapter is shown (see {@link #layout}). */
    abstract Node create(ChaptersViewModel chapters);

    /** The chapter's numbers; null while they are computed. */
    ObjectProperty<M> model() {
        return model;
    }

    String id() {
        return text().id();
    }

    /**
     * The chapter's own steps (a token, a tile at a time); null for a chapter without them. A page
     * with parts gives its steps to the part they belong to instead ({@link #part(Steps, Node...)}).
     */
    Steps steps() {
        return null;
    }

    /** The steps the presenter keys take now: those of the part reached, or the page's own. */
    private Steps stepsShown() {
        return parts != null ? parts.steps() : steps();
    }

    /**
     * One step further inside the chapter, for the presenter keys: the next step of the part
     * reached (of the page, without parts), else in presentation mode its next part, entered at
     * its first step; false where there is none left, so that the next chapter follows.
     */
    final boolean stepForward() {
        Steps s = stepsShown();
        return (s != null && s.forward()) || (parts != null && parts.forward());
    }

    /** One step or part back inside the chapter (a part entered at its last step); false at its start. */
    final boolean stepBack() {
        Steps s = stepsShown();
        return (s != null && s.back()) || (parts != null && parts.back());
    }

    /** Shows the page's first part at its first step, as the page is reached going forward. */
    final void enterAtStart() {
        if (parts != null) {
            parts.first();
        }
        if (stepsShown() != null) {
            stepsShown().first();
        }
    }

    /** Shows the page's last part at its last step, as the page is reached going back. */
    final void enterAtEnd() {
        if (parts != null) {
            parts.last();
        }
        if (stepsShown() != null) {
            stepsShown().last();
        }
    }

    /** The parts of the page, or null for a page without parts (see {@link Parts}). */
    final Parts parts() {
        return parts;
    }

    /** Changes as the part shown changes or steps, and as the page's parts are made. */
    final Observable partMoves() {
        return partMoves;
    }

    /** A part of the page's visual, stepped through on its own in presentation mode (see {@link Parts}). */
    static Node part(Node... nodes) {
        return Parts.part(nodes);
    }

    /** The same, with steps of its own that the presenter keys take while it is shown. */
    static Node part(Steps steps, Node... nodes) {
        return Parts.part(steps, nodes);
    }

    /**
     * A part whose figure is its lines of text (or a small table): presenting, their type grows until
     * they fill the slide, as a map does ({@link PageLayout#fillWhilePresenting}).
     */
    static Node linesPart(ChaptersViewModel chapters, Node... nodes) {
        Node box = part(nodes);
        PageLayout.fillWhilePresenting((javafx.scene.layout.Region) box, chapters.presentingProperty());
        return box;
    }

    /** The same, with steps of its own that the presenter keys take while it is shown. */
    static Node linesPart(ChaptersViewModel chapters, Steps steps, Node... nodes) {
        Node box = part(steps, nodes);
        PageLayout.fillWhilePresenting((javafx.scene.layout.Region) box, chapters.presentingProperty());
        return box;
    }

    /**
     * Computes the numbers now and again whenever one of {@code inputs} changes, in the
     * background; a slider drag computes only the newest setting. {@code task} reads the inputs
     * (on the FX thread) and returns the computation to run.
     */
    final void computeWith(ChapterWork work, Supplier<Function<AttentionEngine, M>> task, Observable... inputs) {
        Coalescer<M> queue = work.coalescer();
        Runnable recompute = () -> {
            Function<AttentionEngine, M> compute = task.get();
            queue.request(() -> compute.apply(work.engine()), model::set, work::failed);
        };
        recompute.run();
        for (Observable input : inputs) {
            input.addListener((InvalidationListener) o -> recompute.run());
        }
    }

    /** Computes the numbers once, in the background. */
    final void computeOnce(ChapterWork work, Function<AttentionEngine, M> task) {
        work.once(task, model::set);
    }

    /**
     * Predict, then reveal: {@code node} gives away the answers to the questions {@code questionIds}
     * of this chapter's quiz, so it stays covered until each of them that the quiz asks has been
     * answered or its answer shown. Returns what to lay out in its place.
     */
    final Node answer(ChaptersViewModel chapters, Node node, String... questionIds) {
        coveredQuestions.addAll(List.of(questionIds));
        return AnswerCover.cover(node, chapters.answersHidden(this, questionIds), chapters.i18n(),
                () -> chapters.reveal(this, questionIds));
    }

    /**
     * The same for a part of a control that gives an answer away (a count of steps): whether the
     * answers to {@code questionIds} are still to be covered, for the page to bind.
     */
    final ObservableBooleanValue answersHidden(ChaptersViewModel chapters, String... questionIds) {
        coveredQuestions.addAll(List.of(questionIds));
        return chapters.answersHidden(this, questionIds);
    }

    /** The same for a narrative section (by its title key) whose text or formula states an answer. */
    final void answerSection(String titleKey, String... questionIds) {
        if (text().sections().stream().noneMatch(sec -> sec.titleKey().equals(titleKey))) {
            throw new IllegalArgumentException(id() + " has no section " + titleKey);
        }
        coveredQuestions.addAll(List.of(questionIds));
        sectionAnswers.put(titleKey, questionIds);
    }

    /** The ids of the questions whose answers this page covers (once its page is made). */
    Set<String> coveredQuestions() {
        return Collections.unmodifiableSet(coveredQuestions);
    }

    /**
     * The chapter's page: its headline, the controls (null for none), the quiz and the narrative
     * section by section on the left, the visual on the right. Presentation mode keeps the
     * headline and the controls; the narrative steps aside, and the quiz too unless in class mode.
     * The children of {@code visual} made with {@link #part} are shown one at a time there.
     */
    final Node layout(ChaptersViewModel chapters, Node controls, Node visual) {
        I18n i18n = chapters.i18n();
        VBox narrative = new VBox();
        narrative.getStyleClass().add("chapter-narrative");
        for (Section s : text().sections()) {
            narrative.getChildren().add(PageLayout.label(i18n.text(s.titleKey()), "page-heading"));
            VBox body = new VBox(PageLayout.label(i18n.text(s.textKey()), "page-text"));
            if (s.formulaKey() != null) {
                body.getChildren().add(PageLayout.label(i18n.text(s.formulaKey()), "formula", "page-formula"));
            }
            String[] answers = sectionAnswers.get(s.titleKey());
            body.setId("section-" + s.titleKey().replace('.', '-'));
            narrative.getChildren().add(answers == null ? body : answer(chapters, body, answers));
        }
        Label headline = PageLayout.label(i18n.text(text().headlineKey()), "chapter-headline");
        headline.setId("headline-" + id());
        Node quiz = new QuizView(chapters).create();
        PageLayout.narrative(chapters.presentingProperty(), narrative);
        quiz.visibleProperty().bind(chapters.presentingProperty().not().or(chapters.classModeProperty()));
        quiz.managedProperty().bind(quiz.visibleProperty());
        visual.getStyleClass().add("chapter-visual");
        scrollWideTables(visual);
        List<Node> declared = visual instanceof javafx.scene.Parent p ? p.getChildrenUnmodifiable().stream()
                .filter(n -> n.getStyleClass().contains(Parts.PART)).toList() : List.of();
        parts = declared.isEmpty() ? null : new Parts(declared, quiz, chapters.presentingProperty());
        if (parts != null) {
            InvalidationListener moved = o -> partMoves.set(partMoves.get() + 1);
            parts.shownProperty().addListener(moved);
            // the steps of a part are moves too: the presenter console names the part's step
            Set<Steps> stepped = Collections.newSetFromMap(new java.util.IdentityHashMap<>());
            for (int i = 0; i < declared.size(); i++) {
                if (parts.steps(i) != null && stepped.add(parts.steps(i))) {
                    parts.steps(i).stepProperty().addListener(moved);
                    parts.steps(i).countProperty().addListener(moved);
                }
            }
            partMoves.set(partMoves.get() + 1);
        }
        // the controls and the quiz first, where they are seen without scrolling; the sections below
        var share = javafx.beans.binding.Bindings.when(chapters.presentingProperty().and(chapters.classModeProperty().not()))
                .then(PRESENTING_LEFT_SHARE).otherwise(LEFT_SHARE);
        Node page;
        if (controls == null) {
            page = PageLayout.page(share, visual, headline, quiz, narrative);
        } else {
            controls.getStyleClass().add("chapter-controls");
            page = PageLayout.page(share, visual, headline, controls, quiz, narrative);
        }
        // class mode's large question keeps the wider column that the prose gives up for the maps
        chapters.classModeProperty().addListener((o, a, b) -> classMode(page, b));
        classMode(page, chapters.classModeProperty().get());
        return page;
    }

    private static void classMode(Node page, boolean on) {
        page.getStyleClass().remove("class-mode");
        if (on) {
            page.getStyleClass().add("class-mode");
        }
    }

    /**
     * Puts each table of the visual (a grid styled chapter-table, whose cells are never wrapped
     * or cut) in a strip that scrolls sideways where the table is wider than the column: a wide
     * table would otherwise widen the whole column, and the maps that fill it would run past its
     * right edge, their colour bars cut.
     */
    private static void scrollWideTables(Node root) {
        if (!(root instanceof javafx.scene.Parent parent)) {
            return;
        }
        for (Node child : List.copyOf(parent.getChildrenUnmodifiable())) {
            if (child instanceof javafx.scene.layout.GridPane grid && grid.getStyleClass().contains("chapter-table")
                    && parent instanceof javafx.scene.layout.Pane pane) {
                javafx.scene.control.ScrollPane strip = new TableStrip();
                int at = pane.getChildren().indexOf(grid);
                pane.getChildren().set(at, strip);
                strip.setContent(grid);
                strip.setVbarPolicy(javafx.scene.control.ScrollPane.ScrollBarPolicy.NEVER);
                strip.setHbarPolicy(javafx.scene.control.ScrollPane.ScrollBarPolicy.AS_NEEDED);
                // as wide as the column where the table's cells allow, so that a wrapping note wraps
                strip.setFitToWidth(true);
                strip.setMinWidth(0);
                strip.getStyleClass().add("chapter-table-strip");
                strip.visibleProperty().bind(grid.visibleProperty());
                strip.managedProperty().bind(grid.managedProperty());
            } else if (!(child instanceof javafx.scene.control.Control)) {
                scrollWideTables(child);
            }
        }
    }

    /**
     * The sideways strip of a table: as tall as the table laid out at the strip's width (and its scroll
     * bar where the table is wider), asked afresh at each layout. The table's own preferred height, asked
     * with no width, wraps its notes at their narrowest (1401 px for GQA's 278 px table), and a height
     * bound to the table's last layout is stale while a slide's type is being fitted.
     */
    private static final class TableStrip extends javafx.scene.control.ScrollPane {
        /** The sideways scroll bar's height before the strip has its skin. */
        private static final double SIDEWAYS_BAR = 16;

        @Override
        public javafx.geometry.Orientation getContentBias() {
            return javafx.geometry.Orientation.HORIZONTAL;
        }

        @Override
        protected double computePrefHeight(double width) {
            return height(width);
        }

        @Override
        protected double computeMinHeight(double width) {
            return height(width);
        }

        private double height(double width) {
            Node table = getContent();
            javafx.geometry.Insets in = getInsets();
            double natural = table.prefWidth(-1);
            double room = width < 0 ? natural : width - in.getLeft() - in.getRight();
            double w = Math.max(Math.min(room, natural), table.minWidth(-1));
            double bar = natural > room ? sidewaysBar() : 0;
            return in.getTop() + table.prefHeight(w) + bar + in.getBottom();
        }

        private double sidewaysBar() {
            for (Node n : lookupAll(".scroll-bar")) {
                if (n instanceof javafx.scene.control.ScrollBar b
                        && b.getOrientation() == javafx.geometry.Orientation.HORIZONTAL) {
                    return b.prefHeight(-1);
                }
            }
            return SIDEWAYS_BAR;
        }
    }

    /** A cell of a chapter's table: never wrapped or cut. */
    static Label cell(String text) {
        Label l = new Label(text);
        l.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        l.getStyleClass().add("chapter-cell");
        return l;
    }
}
