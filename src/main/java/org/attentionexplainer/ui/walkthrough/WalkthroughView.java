package org.attentionexplainer.ui.walkthrough;

import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;
import javafx.beans.binding.Bindings;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import org.attentionexplainer.lesson.Step;
import org.attentionexplainer.ui.common.BookView;
import org.attentionexplainer.ui.i18n.I18n;
import org.attentionexplainer.ui.shell.FileAction;

/**
 * The walkthrough as a book of pages: a header with "step n of N", the step's title, the export
 * notice and button, back and next, and below it the current step's page. Pages are built the
 * first time they are shown, the first one after the window's first frame.
 */
public final class WalkthroughView {
    private final WalkthroughViewModel model;
    private final WalkthroughExport export;
    private final I18n i18n;
    private TrainablePages trainable;

    WalkthroughView(WalkthroughViewModel model, WalkthroughExport export) {
        this.model = model;
        this.export = export;
        this.i18n = model.i18n();
    }

    public Parent createView() {
        Map<Step, Supplier<Node>> pages = pages();
        BookView<Step> book = new BookView<>(model.book(), i18n, "walk", "walk.progress", Step::titleKey,
                s -> "page-" + s.name().toLowerCase(Locale.ROOT).replace('_', '-'), s -> pages.get(s).get());
        Parent root = book.create(List.of(), List.of(notice(), exportButton()), null, "walkthrough");
        book.showAfterFirstFrame();
        return root;
    }

    /** Every step's page, in order. */
    private Map<Step, Supplier<Node>> pages() {
        HelloPages hello = new HelloPages(model);
        Map<Step, Supplier<Node>> pages = new EnumMap<>(Step.class);
        pages.put(Step.SCORES, hello::scores);
        pages.put(Step.SOFTMAX, hello::softmax);
        pages.put(Step.CONTEXT, hello::context);
        pages.put(Step.ALL_QUERIES, hello::allQueries);
        pages.put(Step.PROJECTIONS, () -> trainablePages().projections());
        pages.put(Step.SCALED_SCORES, () -> trainablePages().scaledScores());
        pages.put(Step.TRAINED_CONTEXT, () -> trainablePages().trainedContext());
        pages.put(Step.WHY_SQRT_DK, () -> new ScalingPage(model).create());
        return pages;
    }

    /** The pages of steps 5–7, made (with their model) when one of them is first shown. */
    private TrainablePages trainablePages() {
        if (trainable == null) {
            trainable = new TrainablePages(model);
        }
        return trainable;
    }

    private Label notice() {
        Label notice = new Label();
        notice.setId("walk-export-notice");
        notice.getStyleClass().add("hint");
        notice.textProperty().bind(export.noticeProperty());
        notice.setMinWidth(0);
        return notice;
    }

    /**
     * Export picture: the step's matrices as PNG or SVG. Off on a step without a matrix, with
     * a tooltip saying why; the tooltip sits on a wrapper because a disabled button gets no
     * mouse events.
     */
    private Node exportButton() {
        Button button = new Button();
        button.setId("walk-export");
        button.textProperty().bind(i18n.text("walk.export.button"));
        button.setMinWidth(Region.USE_PREF_SIZE);
        button.disableProperty().bind(export.tablesProperty().isNull());
        button.setOnAction(e -> export.actions().run(FileAction.PICTURE, button.getScene().getWindow()));
        StackPane wrapper = new StackPane(button);
        wrapper.setId("walk-export-box");
        Tooltip tip = new Tooltip();
        tip.textProperty().bind(Bindings.createStringBinding(() -> export.whyNot().get().isEmpty()
                ? i18n.get("walk.export.tip") : export.whyNot().get(), export.whyNot(), i18n.localeProperty()));
        Tooltip.install(wrapper, tip);
        return wrapper;
    }
}
