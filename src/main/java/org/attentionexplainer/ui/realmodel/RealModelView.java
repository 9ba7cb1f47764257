package org.attentionexplainer.ui.realmodel;

import java.util.ArrayList;
import java.util.List;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.collections.ListChangeListener;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.Slider;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.input.ScrollEvent;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import org.attentionexplainer.ui.common.MapPane;
import org.attentionexplainer.ui.common.PageLayout;
import org.attentionexplainer.ui.common.Widgets;
import org.attentionexplainer.ui.export.ExportActions;
import org.attentionexplainer.ui.i18n.I18n;
import org.controlsfx.control.ToggleSwitch;

/**
 * The real-model screen: in a column on the left the sentence and its sub-word tokens, the
 * loading bar or the notice, the what-if settings and the layer x head overview; beside them,
 * the whole height of the window, the focused head, which the explorer's own view shows
 * (stages, hover arithmetic, colour maps).
 */
final class RealModelView {
    static final double MIN_TEMPERATURE = 0.05;
    static final double MAX_TEMPERATURE = 10;
    /** The left column's share of the width: the overview's thumbnails need less than the focused head. */
    private static final double FOCUS_DIVIDER = 0.38;
    /** The token chips' rows in sight at once; a longer text scrolls by whole rows. */
    private static final int TOKEN_ROWS = 2;

    private final RealModelViewModel vm;
    private final I18n i18n;
    private final OverviewView overview;
    private final MapPane focus;
    private final javafx.beans.property.BooleanProperty presenting =
            new javafx.beans.property.SimpleBooleanProperty(this, "presenting");
    /** The load and forward timings are for the teacher, shown on request, never on the slide. */
    private final javafx.scene.control.ToggleButton details = new javafx.scene.control.ToggleButton();

    /** @param actions the screen's export actions, which the focused head's Export menu offers too */
    RealModelView(RealModelViewModel vm, I18n i18n, ExportActions actions) {
        this.vm = vm;
        this.i18n = i18n;
        this.overview = new OverviewView(vm, i18n, presenting);
        this.focus = new MapPane(vm.focusModel(), i18n, actions, null);
        focus.presentingProperty().bind(presenting);
        // presenting, the overview beside the map is the view of every head and picks the head (so do the
        // presenter keys, and the map's title names it): at 1024 x 768 the view's and the head's buttons
        // had put the toolbar on three rows of the map's height; the stages stay
        focus.viewAndHeadShownProperty().bind(presenting.not());
    }

    /** Presentation mode: notes, hints and timings step aside; the sentence, tokens and maps stay. */
    javafx.beans.property.BooleanProperty presentingProperty() {
        return presenting;
    }

    Parent createView() {
        BorderPane root = new BorderPane();
        root.getStyleClass().add("real-model");
        root.setCenter(centre(top()));
        return root;
    }

    private Label label(String key, String... styles) {
        Label l = new Label();
        l.textProperty().bind(i18n.text(key));
        l.getStyleClass().addAll(styles);
        l.setMinWidth(Label.USE_PREF_SIZE);
        return l;
    }

    private Node top() {
        TextField sentence = new TextField();
        sentence.setId("real-sentence");
        sentence.textProperty().bindBidirectional(vm.sentenceProperty());
        sentence.promptTextProperty().bind(i18n.text("real.sentence.prompt"));
        HBox.setHgrow(sentence, Priority.ALWAYS);
        Label name = new Label();
        name.setId("real-model-name");
        name.getStyleClass().add("subtitle");
        name.setWrapText(true);
        name.setMinHeight(Label.USE_PREF_SIZE);
        name.textProperty().bind(Bindings.createStringBinding(() -> i18n.get("real.model", vm.modelNameProperty().get()),
                vm.modelNameProperty(), i18n.localeProperty()));
        HBox field = new HBox(8, label("real.sentence"), sentence);
        field.setAlignment(Pos.CENTER_LEFT);
        // the model's name above the field, which the column's width leaves to the sentence
        VBox line = new VBox(4, name, field);

        ProgressBar bar = new ProgressBar();
        bar.setId("real-progress");
        bar.progressProperty().bind(vm.progressProperty());
        bar.setPrefWidth(260);
        BooleanBinding loading = vm.statusProperty().isEqualTo(RealModelViewModel.Status.LOADING);
        bar.visibleProperty().bind(loading);
        bar.managedProperty().bind(loading);
        Label message = PageLayout.message("real-message", vm.messageProperty(), vm.errorProperty());
        Button cancel = new Button();
        cancel.setId("real-cancel");
        cancel.textProperty().bind(i18n.text("real.cancel"));
        cancel.setOnAction(e -> vm.cancelLoad());
        BooleanBinding cancellable = loading.and(vm.cancellableProperty());
        cancel.visibleProperty().bind(cancellable);
        cancel.managedProperty().bind(cancellable);
        details.setId("real-details");
        details.textProperty().bind(i18n.text("real.details"));
        details.visibleProperty().bind(presenting.not().and(loading.not()));
        details.managedProperty().bind(details.visibleProperty());
        message.visibleProperty().bind(loading.or(vm.errorProperty())
                .or(details.selectedProperty().and(presenting.not())));
        message.managedProperty().bind(message.visibleProperty());
        HBox status = new HBox(10, bar, cancel, details, message);
        status.setAlignment(Pos.CENTER_LEFT);
        Label notice = new Label();
        notice.setId("real-length-notice");
        notice.setWrapText(true);
        notice.getStyleClass().add("real-changed");
        notice.textProperty().bind(vm.lengthNoticeBinding());
        BooleanBinding longText = vm.lengthNoticeBinding().isNotEmpty();
        notice.visibleProperty().bind(longText);
        notice.managedProperty().bind(longText);

        Node whatIf = whatIf();
        BooleanBinding absent = vm.statusProperty().isEqualTo(RealModelViewModel.Status.UNAVAILABLE);
        line.disableProperty().bind(absent);
        Node tokens = tokens();
        for (Node n : new Node[] {tokens, whatIf}) {
            n.visibleProperty().bind(absent.not());
            n.managedProperty().bind(absent.not());
        }
        VBox box = new VBox(6, line, tokens, status, notice, whatIf);
        box.setPadding(new Insets(10, 12, 6, 12));
        return box;
    }

    private Node tokens() {
        DoubleProperty rowsHeight = new SimpleDoubleProperty(30);
        FlowPane pane = new FlowPane(5, 5) {
            @Override
            protected void layoutChildren() {
                super.layoutChildren();
                // after this layout pass: a request made inside it does not reach the column around the strip
                double rows = wholeRows(this);
                if (rows != rowsHeight.get()) {
                    javafx.application.Platform.runLater(() -> rowsHeight.set(rows));
                }
            }
        };
        pane.setId("real-tokens");
        pane.getStyleClass().add("token-chips");
        Runnable rebuild = () -> {
            List<Node> chips = new ArrayList<>();
            for (TokenView t : vm.tokensProperty()) {
                Label chip = new Label(t.text());
                chip.getStyleClass().add("token-chip");
                if (t.continuation()) {
                    chip.getStyleClass().add("continuation");
                    chip.setTooltip(new Tooltip(i18n.get("real.token.piece", t.word())));
                } else if (t.special()) {
                    chip.getStyleClass().add("special");
                    chip.setTooltip(new Tooltip(i18n.get("real.token.special")));
                }
                chips.add(chip);
            }
            pane.getChildren().setAll(chips);
            pane.setAccessibleText(i18n.get("real.tokens.count", chips.size()));
        };
        vm.tokensProperty().addListener((ListChangeListener<TokenView>) c -> rebuild.run());
        rebuild.run();
        ScrollPane scroll = new ScrollPane(pane);
        scroll.setFitToWidth(true);
        scroll.setHbarPolicy(ScrollPane.ScrollBarPolicy.NEVER);
        scroll.prefViewportHeightProperty().bind(rowsHeight);
        scroll.setMinHeight(Region.USE_PREF_SIZE);
        scroll.addEventFilter(ScrollEvent.SCROLL, e -> {
            if (scrollByRow(scroll, pane, e.getDeltaY())) {
                e.consume();
            }
        });
        scroll.getStyleClass().add("token-scroll");
        Label legend = new Label();
        legend.textProperty().bind(Bindings.createStringBinding(() -> i18n.get(switch (vm.tokenizerKindProperty().get()) {
            case WORDPIECE -> "real.tokens.legend";
            case BYTE_LEVEL_BPE -> "real.tokens.legend.bpe";
            case OTHER -> "real.tokens.legend.other";
        }), vm.tokenizerKindProperty(), i18n.localeProperty()));
        legend.getStyleClass().add("hint");
        legend.setWrapText(true);
        legend.setMinWidth(0);
        legend.setMinHeight(Region.USE_PREF_SIZE);
        Label foreign = new Label();
        foreign.setId("real-language-notice");
        foreign.setWrapText(true);
        foreign.setMinWidth(0);
        foreign.getStyleClass().add("real-changed");
        foreign.textProperty().bind(vm.languageNoticeBinding());
        BooleanBinding notEnglish = vm.languageNoticeBinding().isNotEmpty();
        foreign.visibleProperty().bind(notEnglish);
        foreign.managedProperty().bind(notEnglish);
        PageLayout.narrative(presenting, legend);
        return new VBox(4, scroll, foreign, legend);
    }

    /**
     * The height of the chips' first {@link #TOKEN_ROWS} rows, all of a short text's: the strip
     * never shows a row cut in half.
     */
    private static double wholeRows(FlowPane pane) {
        double first = Double.NaN;
        double bottom = 0;
        int rows = 0;
        double rowTop = Double.NaN;
        for (Node chip : pane.getChildren()) {
            double y = chip.getLayoutY();
            if (Double.isNaN(rowTop) || y > rowTop + 0.5) {
                if (++rows > TOKEN_ROWS) {
                    break;
                }
                rowTop = y;
                first = Double.isNaN(first) ? y : first;
            }
            bottom = Math.max(bottom, y + chip.getLayoutBounds().getHeight());
        }
        return rows == 0 ? 30 : Math.ceil(bottom - first + pane.snappedTopInset() + pane.snappedBottomInset());
    }

    /** A turn of the wheel over a long text's chips moves them by one whole row. */
    private static boolean scrollByRow(ScrollPane scroll, FlowPane pane, double delta) {
        double hidden = pane.getHeight() - scroll.getViewportBounds().getHeight();
        if (hidden <= 0.5 || delta == 0 || pane.getChildren().isEmpty()) {
            return false;
        }
        double row = pane.getChildren().get(0).getLayoutBounds().getHeight() + pane.getVgap();
        double top = scroll.getVvalue() * hidden;
        double next = (Math.round(top / row) + (delta < 0 ? 1 : -1)) * row;
        scroll.setVvalue(Math.max(0, Math.min(1, next / hidden)));
        return true;
    }

    private Node whatIf() {
        ToggleSwitch causal = new ToggleSwitch();
        causal.setId("real-causal");
        causal.accessibleTextProperty().bind(i18n.text("real.whatif.causal"));
        causal.selectedProperty().bindBidirectional(vm.causalProperty());
        causal.setMinWidth(ToggleSwitch.USE_PREF_SIZE);
        // a decoder's causal mask is its own: the switch shows it on and cannot turn it off
        causal.disableProperty().bind(vm.modelCausalProperty());
        // the switch's long name wraps in the screen's narrow left column, a click on it flips the switch
        Label causalText = label("real.whatif.causal");
        causalText.setWrapText(true);
        causalText.setMinWidth(0);
        causalText.setMinHeight(Region.USE_PREF_SIZE);
        causalText.setLabelFor(causal);
        causalText.disableProperty().bind(causal.disabledProperty());
        causalText.setOnMouseClicked(e -> causal.setSelected(!causal.isSelected()));
        HBox.setHgrow(causalText, Priority.ALWAYS);
        HBox causalRow = new HBox(8, causalText, causal);
        causalRow.setAlignment(Pos.CENTER_LEFT);

        // T = 1 is the model as trained: the slider snaps back to it
        Slider temperature = new Widgets(i18n).logSlider("real-temperature", vm.temperatureProperty(), MIN_TEMPERATURE,
                MAX_TEMPERATURE, 1.0);
        temperature.setPrefWidth(160);
        Label value = new Label();
        value.setId("real-temperature-value");
        value.getStyleClass().add("value-label");
        value.textProperty().bind(Bindings.createStringBinding(() -> "T = "
                + i18n.number(vm.temperatureProperty().get(), 2), vm.temperatureProperty(), i18n.localeProperty()));

        Button reset = new Button();
        reset.setId("real-reset");
        reset.textProperty().bind(i18n.text("real.whatif.reset"));
        reset.setOnAction(e -> vm.resetWhatIf());
        reset.disableProperty().bind(vm.asTrainedBinding());

        Label state = new Label();
        state.setId("real-whatif-state");
        state.textProperty().bind(Bindings.createStringBinding(() -> i18n.get(vm.asTrainedBinding().get()
                ? "real.whatif.trained" : "real.whatif.changed"), vm.asTrainedBinding(), i18n.localeProperty()));
        vm.asTrainedBinding().addListener((o, a, b) -> state.getStyleClass().setAll("label",
                b ? "real-trained" : "real-changed"));
        state.getStyleClass().add("real-trained");

        HBox slider = new HBox(8, label("real.whatif.temperature"), temperature, value);
        slider.setAlignment(Pos.CENTER_LEFT);
        FlowPane row = new FlowPane(14, 6, slider, reset, state);
        row.setAlignment(Pos.CENTER_LEFT);
        row.setId("real-whatif");
        row.getStyleClass().add("real-whatif");
        Label hint = label("real.whatif.hint", "hint");
        hint.setWrapText(true);
        hint.setMinWidth(0);
        hint.setMinHeight(Region.USE_PREF_SIZE);
        Label decoder = label("real.whatif.decoder", "hint");
        decoder.setId("real-whatif-decoder");
        decoder.setWrapText(true);
        decoder.setMinWidth(0);
        decoder.setMinHeight(Region.USE_PREF_SIZE);
        decoder.visibleProperty().bind(vm.modelCausalProperty());
        decoder.managedProperty().bind(vm.modelCausalProperty());
        PageLayout.narrative(presenting, hint);
        return new VBox(4, label("real.whatif.title", "subtitle"), causalRow, row, decoder, hint);
    }

    /**
     * The sentence, the settings and the overview in the left column, the focused head beside
     * them: the map gets the window's full height, which a 13-token sentence needs on a projector.
     */
    private Node centre(Node top) {
        Node grid = overview.createView();
        ScrollPane left = new ScrollPane(grid);
        // the content follows the visible width, so a long readout wraps instead of adding a
        // scroll bar that would shrink the thumbnails under the pointer
        left.setFitToWidth(true);
        left.setHbarPolicy(ScrollPane.ScrollBarPolicy.NEVER);
        left.viewportBoundsProperty().addListener((o, a, b) -> overview.fitTo(b.getWidth(), b.getHeight()));
        Label title = new Label();
        // presenting, without its note on rows and columns (the focused map's axes say it), which took
        // two lines of the thumbnails' height at 1024 x 768
        title.textProperty().bind(Bindings.createStringBinding(() -> i18n.get(presenting.get()
                        ? "real.overview.title.short" : "real.overview.title", vm.layersProperty().get(),
                vm.headsProperty().get()), vm.layersProperty(), vm.headsProperty(), i18n.localeProperty(), presenting));
        title.getStyleClass().addAll("subtitle", "real-overview-title");
        title.setMinWidth(0);
        title.setWrapText(true);
        title.setMinHeight(Region.USE_PREF_SIZE);
        VBox overviewBox = new VBox(4, title, left);
        VBox.setVgrow(left, Priority.ALWAYS);
        overviewBox.setPadding(new Insets(0, 0, 0, 12));
        VBox.setVgrow(overviewBox, Priority.ALWAYS);
        BooleanBinding available = vm.statusProperty().isNotEqualTo(RealModelViewModel.Status.UNAVAILABLE);
        overviewBox.visibleProperty().bind(available);
        VBox column = new VBox(top, overviewBox);

        Parent explorer = focus.create();
        explorer.setId("real-focus");
        Label pick = label("real.focus.pick", "hint");
        pick.setWrapText(true);
        pick.setMinWidth(0);
        BooleanBinding none = vm.focusedLayerProperty().lessThan(0);
        explorer.visibleProperty().bind(none.not());
        pick.visibleProperty().bind(none);
        Label heading = new Label();
        heading.setId("real-focus-title");
        heading.getStyleClass().add("subtitle");
        heading.textProperty().bind(Bindings.createStringBinding(() -> vm.focusedLayerProperty().get() < 0 ? ""
                : i18n.get("real.focus.title", vm.focusedLayerProperty().get() + 1,
                        vm.focusedHeadProperty().get() + 1), vm.focusedLayerProperty(), vm.focusedHeadProperty(),
                i18n.localeProperty()));
        PageLayout.narrative(presenting, heading);
        // under the thumbnails, whose outline it names: the focused map keeps the height beside them
        overviewBox.getChildren().add(heading);
        StackPane stack = new StackPane(explorer, pick);
        VBox focusBox = new VBox(4, stack);
        VBox.setVgrow(stack, Priority.ALWAYS);
        focusBox.setPadding(new Insets(6, 0, 0, 0));
        focusBox.visibleProperty().bind(available);

        SplitPane split = new SplitPane(column, focusBox);
        split.setOrientation(Orientation.HORIZONTAL);
        // the overview's thumbnails need less than the focused head: the head's cells grow, 72 maps stay
        // whole, and the map's toolbar keeps to two rows at 1280 px
        split.setDividerPositions(FOCUS_DIVIDER);
        // the column's least width pushes the divider while the window opens small; the window's new
        // width puts it back, so a maximised window does not keep a small one's split
        split.widthProperty().addListener((o, a, b) -> split.setDividerPositions(FOCUS_DIVIDER));
        return split;
    }

    OverviewView overview() {
        return overview;
    }
}
