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
    private final javafx.beans.property.BooleanProperty settingsShown =
            new javafx.beans.property.SimpleBooleanProperty(this, "settingsShown", true);
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
        HBox.setHgrow(text, Priority.ALWAYS);
        text.setMaxWidth(Double.MAX_VALUE);
        trained.setMinWidth(Region.USE_PREF_SIZE);
        HBox box = new HBox(10, text, trained);
        box.setAlignment(Pos.CENTER_LEFT);
        box.getStyleClass().add("random-notice");
        box.visibleProperty().bind(vm.trained().randomBinding());
        box.managedProperty().bind(box.visibleProperty());
        return box;
    }

    public Parent createView() {
        BorderPane root = new BorderPane();
        root.getStyleClass().add("explorer");
        root.setTop(top());
        Node settings = new ExplorerControlsView(vm, i18n).createView();
        // presentation mode gives the class the maps: the settings step aside, the sentence stays; at a
        // desk the learner may put them aside too, for the room twelve heads need on a small screen
        settings.visibleProperty().bind(settingsShown.and(presenting.not()));
        settings.managedProperty().bind(settings.visibleProperty());
        root.setLeft(settings);
        javafx.event.EventHandler<javafx.scene.input.KeyEvent> toggle = e -> {
            if (SETTINGS_KEY.match(e) && !presenting.get()) {
                settingsShown.set(!settingsShown.get());
                e.consume();
            }
        };
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

    /** Whether the settings column is shown out of presentation mode (the learner's choice, remembered). */
    public javafx.beans.property.BooleanProperty settingsShownProperty() {
        return settingsShown;
    }

    private Node top() {
        TextField sentence = new TextField();
        sentence.setId("explorer-sentence");
        sentence.textProperty().bindBidirectional(vm.sentenceProperty());
        sentence.promptTextProperty().bind(i18n.text("explorer.sentence.prompt"));
        HBox.setHgrow(sentence, Priority.ALWAYS);
        ToggleButton settings = new ToggleButton();
        settings.setId("explorer-settings-toggle");
        settings.textProperty().bind(i18n.text("explorer.settings.toggle"));
        settings.selectedProperty().bindBidirectional(settingsShown);
        w.tip(settings, "explorer.settings.toggle.tip");
        settings.setMinWidth(Region.USE_PREF_SIZE);
        PageLayout.narrative(presenting, settings);
        HBox line = new HBox(8, w.label("explorer.sentence"), sentence, settings);
        line.setAlignment(Pos.CENTER_LEFT);
        Label message = PageLayout.message("explorer-message", vm.messageProperty(), vm.errorProperty());
        message.visibleProperty().bind(vm.messageProperty().isNotEmpty());
        message.managedProperty().bind(message.visibleProperty());
        VBox box = new VBox(6, line, new TokenChips(vm.tokensProperty(), vm.controls(), i18n).createView(), message);
        box.setPadding(new Insets(10, 12, 6, 12));
        return box;
    }
}
