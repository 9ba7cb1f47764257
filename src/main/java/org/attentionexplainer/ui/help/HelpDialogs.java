package org.attentionexplainer.ui.help;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import javafx.beans.value.ObservableValue;
import javafx.geometry.Insets;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TextArea;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.Modality;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.attentionexplainer.ui.i18n.I18n;

/**
 * The Help menu's windows: the keyboard shortcuts sheet (F1) and About (version, build, the
 * compute engine, the licences of what the app bundles). Both close with Escape or their button,
 * use the main window's stylesheets (theme, zoom) and follow the language.
 */
public final class HelpDialogs {
    private HelpDialogs() {
    }

    /** The sheet of every key, grouped, with the typing rule under it. */
    public static Stage shortcuts(Window owner, I18n i18n, ObservableValue<String> zoomStyle) {
        GridPane grid = new GridPane();
        grid.setId("shortcuts-sheet");
        grid.getStyleClass().add("help-sheet");
        grid.setHgap(24);
        grid.setVgap(6);
        int row = 0;
        for (Shortcuts.Group g : Shortcuts.ALL) {
            Label title = new Label();
            title.textProperty().bind(i18n.text(g.titleKey()));
            title.getStyleClass().add("help-heading");
            grid.add(title, 0, row++, 2, 1);
            for (Shortcuts.Shortcut s : g.shortcuts()) {
                Label keys = new Label(s.keys());
                keys.getStyleClass().add("help-keys");
                keys.setMinWidth(Region.USE_PREF_SIZE);                     // keys are never cut
                Label action = new Label();
                action.textProperty().bind(i18n.text(s.actionKey()));
                action.setWrapText(true);
                grid.add(keys, 0, row);
                grid.add(action, 1, row++);
            }
        }
        Label rule = new Label();
        rule.textProperty().bind(i18n.text(Shortcuts.RULE_KEY));
        rule.setWrapText(true);
        rule.setId("shortcuts-rule");
        VBox content = new VBox(16, grid, rule);
        content.setPadding(new Insets(16));
        ScrollPane scroll = new ScrollPane(content);
        scroll.setFitToWidth(true);
        return window(owner, i18n, zoomStyle, "help.keys.title", scroll, 760, 640);
    }

    /** Version, build, engine and the bundled components' licences (the NOTICE file). */
    public static Stage about(Window owner, I18n i18n, ObservableValue<String> zoomStyle, String engine) {
        Package p = HelpDialogs.class.getPackage();
        String version = p.getImplementationVersion() != null ? p.getImplementationVersion() : "development";
        Label name = new Label();
        name.textProperty().bind(i18n.text("app.title"));
        name.getStyleClass().add("help-heading");
        Label facts = new Label();
        facts.setId("about-facts");
        facts.textProperty().bind(javafx.beans.binding.Bindings.createStringBinding(
                () -> i18n.get("help.about.facts", version, buildOf(), engine, System.getProperty("java.version"),
                        System.getProperty("javafx.runtime.version", "?")), i18n.localeProperty()));
        facts.setWrapText(true);
        Label licenceTitle = new Label();
        licenceTitle.textProperty().bind(i18n.text("help.about.licences"));
        TextArea notice = new TextArea(resource("/META-INF/attention-explainer/NOTICE"));
        notice.setId("about-notice");
        notice.setEditable(false);
        notice.setWrapText(false);
        notice.setPrefRowCount(18);
        VBox content = new VBox(10, name, facts, licenceTitle, notice);
        content.setPadding(new Insets(16));
        return window(owner, i18n, zoomStyle, "help.about.title", content, 760, 600);
    }

    private static String buildOf() {
        String b = resource("/META-INF/attention-explainer/attention-explainer-build.txt").strip();
        return b.isEmpty() ? "?" : b;
    }

    private static String resource(String name) {
        try (InputStream in = HelpDialogs.class.getResourceAsStream(name)) {
            return in == null ? "" : new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "";
        }
    }

    private static Stage window(Window owner, I18n i18n, ObservableValue<String> zoomStyle, String titleKey,
                                javafx.scene.Node content, double w, double h) {
        Stage stage = new Stage();
        stage.initOwner(owner);
        stage.initModality(Modality.NONE);
        stage.titleProperty().bind(i18n.text(titleKey));
        Button close = new Button();
        close.textProperty().bind(i18n.text("help.close"));
        close.setDefaultButton(true);
        close.setCancelButton(true);
        close.setOnAction(e -> stage.close());
        HBox buttons = new HBox(close);
        buttons.setPadding(new Insets(8, 16, 16, 16));
        buttons.setAlignment(javafx.geometry.Pos.CENTER_RIGHT);
        BorderPane root = new BorderPane(content, null, null, buttons, null);
        root.getStyleClass().add("help-window");
        Scene scene = new Scene(root, w, h);
        if (owner != null && owner.getScene() != null) {
            scene.getStylesheets().setAll(owner.getScene().getStylesheets());
        }
        root.styleProperty().bind(zoomStyle);                                 // the zoom's font size
        scene.setOnKeyPressed(e -> {
            if (e.getCode() == KeyCode.ESCAPE) {
                stage.close();
            }
        });
        stage.setScene(scene);
        return stage;
    }
}
