package org.attentionexplainer.ui.chapters;

import javafx.beans.binding.Bindings;
import javafx.beans.value.ObservableValue;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.attentionexplainer.lesson.chapters.ChapterId;
import org.attentionexplainer.lesson.chapters.Section;
import org.attentionexplainer.lesson.chapters.Text;
import org.attentionexplainer.ui.i18n.I18n;

/**
 * The layout every chapter shares, as the walkthrough's steps: the narrative (section by
 * section), the controls and the quiz in a column on the left; the visual and the numbers on
 * the right. In presentation mode the narrative shrinks to the chapter's headline and the quiz
 * steps aside, leaving the visual the room.
 */
final class ChapterLayout {
    private static final double LEFT_SHARE = 0.36;

    private ChapterLayout() {
    }

    static Node of(ChaptersViewModel model, ChapterId chapter, Node controls, Node visual) {
        I18n i18n = model.i18n();
        VBox narrative = new VBox();
        narrative.getStyleClass().add("chapter-narrative");
        for (Section s : chapter.sections()) {
            narrative.getChildren().add(label(i18n.text(s.titleKey()), "walk-heading"));
            narrative.getChildren().add(label(i18n.text(s.textKey()), "walk-text"));
            if (s.formulaKey() != null) {
                Label f = label(i18n.text(s.formulaKey()), "formula");
                f.getStyleClass().add("walk-formula");
                narrative.getChildren().add(f);
            }
        }
        Label headline = label(i18n.text(chapter.headlineKey()), "chapter-headline");
        headline.setId("headline-" + chapter.id());
        Node quiz = new QuizView(model).create();
        // the controls and the quiz first, where they are seen without scrolling; the sections below
        VBox left = new VBox(headline);
        if (controls != null) {
            controls.getStyleClass().add("chapter-controls");
            left.getChildren().add(controls);
        }
        left.getChildren().addAll(quiz, narrative);
        left.getStyleClass().addAll("walk-explanation", "chapter-left");
        showUnless(narrative, model.presentingProperty());
        showUnless(quiz, model.presentingProperty());

        ScrollPane leftScroll = new ScrollPane(left);
        leftScroll.setFitToWidth(true);
        leftScroll.getStyleClass().add("walk-left");
        ScrollPane rightScroll = new ScrollPane(visual);
        rightScroll.setFitToWidth(true);
        rightScroll.getStyleClass().add("walk-right");
        visual.getStyleClass().addAll("walk-visual", "chapter-visual");
        rightScroll.setPrefViewportWidth(1);
        HBox.setHgrow(rightScroll, Priority.ALWAYS);
        HBox page = new HBox(leftScroll, rightScroll);
        leftScroll.prefWidthProperty().bind(page.widthProperty().multiply(LEFT_SHARE));
        page.getStyleClass().add("walk-page");
        return page;
    }

    private static void showUnless(Node node, ObservableValue<Boolean> hidden) {
        node.visibleProperty().bind(Bindings.createBooleanBinding(() -> !hidden.getValue(), hidden));
        node.managedProperty().bind(node.visibleProperty());
    }

    static Label label(ObservableValue<String> text, String... styleClasses) {
        Label label = new Label();
        label.textProperty().bind(text);
        label.setWrapText(true);
        label.setMinHeight(Region.USE_PREF_SIZE);
        label.getStyleClass().addAll(styleClasses);
        return label;
    }

    /** A label that shows a lesson text, or nothing while it is null; follows the language. */
    static Label text(I18n i18n, ObservableValue<Text> text, String id, String... styleClasses) {
        Label label = label(Bindings.createStringBinding(
                () -> text.getValue() == null ? "" : Texts.format(i18n, text.getValue()), text, i18n.localeProperty()),
                styleClasses);
        label.setId(id);
        return label;
    }

    /** A label whose text a function of the locale makes; it follows the language and the given inputs. */
    static Label computed(I18n i18n, String id, java.util.concurrent.Callable<String> make,
                          javafx.beans.Observable... deps) {
        javafx.beans.Observable[] all = java.util.Arrays.copyOf(deps, deps.length + 1);
        all[deps.length] = i18n.localeProperty();
        Label label = label(Bindings.createStringBinding(make, all), "walk-result");
        label.setId(id);
        return label;
    }

    static VBox column(String styleClass, Node... children) {
        VBox box = new VBox(children);
        box.getStyleClass().add(styleClass);
        return box;
    }
}
