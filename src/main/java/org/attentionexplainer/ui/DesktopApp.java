package org.attentionexplainer.ui;

import javafx.application.Application;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.layout.BorderPane;
import javafx.stage.Stage;

/** The desktop window. */
public final class DesktopApp extends Application {

    /** Opens the window and returns when it is closed. */
    public static void launchWindow(String[] args) {
        try {
            Application.launch(DesktopApp.class);
        } catch (UnsupportedOperationException | IllegalStateException e) {
            System.err.println("attention-explainer: cannot open a window (" + e.getMessage()
                    + "); run with a display, or use a command such as 'compute' (see --help)");
        }
    }

    @Override
    public void start(Stage stage) {
        BorderPane root = new BorderPane(new Label("Attention Explainer"));
        stage.setTitle("Attention Explainer");
        stage.setScene(new Scene(root, 1200, 800));
        stage.show();
    }
}
