package org.attentionexplainer.ui.home;

import javafx.geometry.Insets;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.layout.VBox;
import org.attentionexplainer.ui.shell.AppContext;
import org.attentionexplainer.ui.shell.Screen;

/** The welcome page: what the app is and what each part does. */
public final class HomeScreen implements Screen {
    private final AppContext context;
    private Node view;

    public HomeScreen(AppContext context) {
        this.context = context;
    }

    @Override
    public String id() {
        return "home";
    }

    @Override
    public String titleKey() {
        return "home.title";
    }

    @Override
    public Node view() {
        if (view == null) {
            view = createView();
        }
        return view;
    }

    private Node createView() {
        Label title = new Label();
        title.textProperty().bind(context.i18n().text("home.heading"));
        title.getStyleClass().add("title");
        Label intro = new Label();
        intro.textProperty().bind(context.i18n().text("home.intro"));
        intro.setWrapText(true);
        Label keys = new Label();
        keys.textProperty().bind(context.i18n().text("home.keys"));
        keys.setWrapText(true);
        keys.getStyleClass().add("hint");
        VBox box = new VBox(16, title, intro, keys);
        box.setPadding(new Insets(32));
        box.setMaxWidth(900);
        ScrollPane scroll = new ScrollPane(box);
        scroll.setFitToWidth(true);
        return scroll;
    }
}
