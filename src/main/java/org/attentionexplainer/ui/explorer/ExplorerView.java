package org.attentionexplainer.ui.explorer;

import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.control.ToggleButton;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.attentionexplainer.ui.common.MapPane;
import org.attentionexplainer.ui.common.PageLayout;
import org.attentionexplainer.ui.common.Widgets;
import org.attentionexplainer.ui.export.ExportActions;
import org.attentionexplainer.ui.i18n.I18n;

/**
 * The heatmap explorer: sentence and tokens on top, the settings on the left, the maps in
 * the middle with the view's toolbar, the clicked cell's arithmetic on the right.
 */
public final class ExplorerView {
    private final ExplorerViewModel vm;
    private final I18n i18n;
    private final Widgets w;
    private final MapPane maps;
    private final javafx.beans.property.BooleanProperty presenting =
            new javafx.beans.property.SimpleBooleanProperty(this, "presenting");
    /** The learner's choice: the settings shown (true) or put aside (false); null leaves it to the window's width. */
    private final javafx.beans.property.ObjectProperty<Boolean> settingsChoice =
            new javafx.beans.property.SimpleObjectProperty<>(this, "settingsChoice");
    /** True while the window has room for the settings beside the maps (see {@link #MAPS_EM}). */
    private final javafx.beans.property.BooleanProperty roomy =
            new javafx.beans.property.SimpleBooleanProperty(this, "roomy");
    private final javafx.beans.binding.BooleanBinding settingsShown = javafx.beans.binding.Bindings.createBooleanBinding(
            () -> settingsChoice.get() == null ? roomy.get() : settingsChoice.get(), settingsChoice, roomy);
    /**
     * The room, in ems of the text, that the maps keep beside the settings before these are put aside
     * unasked: twelve heads of a short sentence in two rows, 16 px cells with every token label.
     */
    static final double MAPS_EM = 76;
    private final TextField sentence = new TextField();
    /** Shows or hides the settings column from anywhere in the window while the explorer is shown. */
    static final javafx.scene.input.KeyCombination SETTINGS_KEY =
            new javafx.scene.input.KeyCodeCombination(javafx.scene.input.KeyCode.F9);

    /** @param actions what the Export menu offers: the same actions as the File menu's */
    public ExplorerView(ExplorerViewModel vm, I18n i18n, ExportActions actions) {
        this.vm = vm;
        this.i18n = i18n;
        this.w = new Widgets(i18n);
        this.maps = new MapPane(vm.maps(), i18n, actions, vm::pinAsA);
        maps.presentingProperty().bind(presenting);
        maps.banner(randomNotice());
        maps.cover(loading());
    }

    /** In the maps' place while the trained heads load: a sign that they are coming, not the seeded ones. */
    private Node loading() {
        javafx.scene.control.ProgressIndicator spinner = new javafx.scene.control.ProgressIndicator();
        Label text = w.label("explorer.trained.loading", "hint");
        text.setWrapText(true);
        VBox box = new VBox(12, spinner, text);
        box.setId("explorer-loading");
        box.setAlignment(Pos.CENTER);
        box.visibleProperty().bind(vm.trained().loadingProperty());
        return box;
    }

    /**
     * On the picture while its weights are seeded random numbers: that its patterns mean
     * nothing yet, and (where the model is installed) the way to trained heads.
     */
    private Node randomNotice() {
        Label text = new Label();
        text.setId("explorer-random-notice");
        text.setWrapText(true);
        text.textProperty().bind(i18n.text("explorer.random.notice"));
        Button trained = new Button();
        trained.setId("explorer-random-trained");
        trained.textProperty().bind(i18n.text("explorer.random.showTrained"));
        trained.setOnAction(e -> vm.trained().show(TrainedHeads.DEFAULT_LAYER));
        trained.setVisible(vm.trained().available());
        trained.setManaged(trained.isVisible());
        // the trained heads were asked for and did not come: why, under the notice (which the next picture keeps)
        Label failed = new Label();
        failed.setId("explorer-trained-failed");
        failed.setWrapText(true);
        failed.textProperty().bind(vm.trained().failureProperty());
        failed.visibleProperty().bind(failed.textProperty().isNotEmpty());
        failed.managedProperty().bind(failed.visibleProperty());
        VBox texts = new VBox(4, text, failed);
        HBox.setHgrow(texts, Priority.ALWAYS);
        text.setMaxWidth(Double.MAX_VALUE);
        trained.setMinWidth(Region.USE_PREF_SIZE);
        HBox box = new HBox(10, texts, trained);
        box.setAlignment(Pos.CENTER_LEFT);
        box.getStyleClass().add("random-notice");
        box.visibleProperty().bind(vm.trained().randomBinding().and(vm.trained().loadingProperty().not()));
        box.managedProperty().bind(box.visibleProperty());
        return box;
    }

    public Parent createView() {
        BorderPane root = new BorderPane();
        root.getStyleClass().add("explorer");
        root.setTop(top());
        Node settings = new ExplorerControlsView(vm, i18n).createView();
        // presentation mode gives the class the maps: the settings step aside, the sentence stays; at a desk
        // a small screen (1280 x 800 and less) gives the maps their room too, until the learner asks for them
        settings.visibleProperty().bind(settingsShown.and(presenting.not()));
        settings.managedProperty().bind(settings.visibleProperty());
        root.setLeft(settings);
        javafx.event.EventHandler<javafx.scene.input.KeyEvent> toggle = e -> {
            if (SETTINGS_KEY.match(e) && !presenting.get()) {
                settingsChoice.set(!settingsShown.get());
                e.consume();
            }
        };
        Runnable measure = () -> roomy.set(root.getWidth() - settings.prefWidth(-1)
                >= MAPS_EM * sentence.getFont().getSize());
        root.widthProperty().addListener(o -> measure.run());
        sentence.fontProperty().addListener(o -> measure.run());
        root.sceneProperty().addListener((o, old, scene) -> {
            if (old != null) {
                old.removeEventHandler(javafx.scene.input.KeyEvent.KEY_PRESSED, toggle);
            }
            if (scene != null) {
                scene.addEventHandler(javafx.scene.input.KeyEvent.KEY_PRESSED, toggle);
            }
        });
        root.setCenter(maps.maps());
        root.setRight(maps.details());
        return root;
    }

    /** Presentation mode: the settings column steps aside and the notes under the maps go. */
    public javafx.beans.property.BooleanProperty presentingProperty() {
        return presenting;
    }

    /**
     * The learner's choice of the settings column out of presentation mode (shown: true, put aside:
     * false, remembered); null shows it only where the window has room for it beside the maps.
     */
    public javafx.beans.property.ObjectProperty<Boolean> settingsChoiceProperty() {
        return settingsChoice;
    }

    private Node top() {
        sentence.setId("explorer-sentence");
        sentence.textProperty().bindBidirectional(vm.sentenceProperty());
        sentence.promptTextProperty().bind(i18n.text("explorer.sentence.prompt"));
        HBox.setHgrow(sentence, Priority.ALWAYS);
        ToggleButton settings = new ToggleButton();
        settings.setId("explorer-settings-toggle");
        settings.textProperty().bind(i18n.text("explorer.settings.toggle"));
        settings.setSelected(settingsShown.get());
        settingsShown.addListener((o, a, b) -> settings.setSelected(b));
        settings.setOnAction(e -> settingsChoice.set(settings.isSelected()));
        w.tip(settings, "explorer.settings.toggle.tip");
        settings.setMinWidth(Region.USE_PREF_SIZE);
        PageLayout.narrative(presenting, settings);
        HBox line = new HBox(8, w.label("explorer.sentence"), sentence, settings);
        line.setAlignment(Pos.CENTER_LEFT);
        Label message = PageLayout.message("explorer-message", vm.messageProperty(), vm.errorProperty());
        // presenting, a problem is said; what went well ("Loaded ... layer 3") is the teacher's, and the map's
        // caption names the model: the maps get the line
        message.visibleProperty().bind(vm.messageProperty().isNotEmpty()
                .and(presenting.not().or(vm.errorProperty())));
        message.managedProperty().bind(message.visibleProperty());
        // the message beside the tokens, where their line has room: the maps keep the height of a line
        Node chips = new TokenChips(vm.tokensProperty(), vm.controls(), i18n).createView();
        // presenting, the maps' axes name the tokens, and the maps get the chips' line
        PageLayout.narrative(presenting, chips);
        HBox.setHgrow(chips, Priority.ALWAYS);
        message.maxWidthProperty().bind(line.widthProperty().multiply(0.5));
        HBox tokens = new HBox(12, chips, message);
        tokens.setAlignment(Pos.TOP_LEFT);
        tokens.managedProperty().bind(chips.managedProperty().or(message.managedProperty()));
        VBox box = new VBox(6, line, tokens);
        box.setPadding(new Insets(10, 12, 6, 12));
        return box;
    }
}
