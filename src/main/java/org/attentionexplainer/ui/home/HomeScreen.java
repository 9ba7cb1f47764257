package org.attentionexplainer.ui.home;

import java.util.Locale;
import java.util.function.Consumer;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.ToggleGroup;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import org.attentionexplainer.i18n.Localization;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.layout.VBox;
import org.attentionexplainer.ui.shell.AppContext;
import org.attentionexplainer.ui.shell.Screen;

/**
 * The welcome page, first in the navigation: what the app teaches, the three ways in (each a
 * button to it), presentation mode for the class, and the language.
 */
public final class HomeScreen implements Screen {
    private final AppContext context;
    private Node view;
    private Consumer<String> goTo = id -> { };
    private final javafx.beans.property.BooleanProperty presenting = new javafx.beans.property.SimpleBooleanProperty();

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

    @Override
    public void setPresenting(boolean on) {
        presenting.set(on);
    }

    @Override
    public void setNavigator(Consumer<String> goTo) {
        this.goTo = goTo;
    }

    private Node createView() {
        Label title = label("home.heading", "title");
        Label intro = label("home.intro");
        Label start = label("home.start", "subtitle");
        HBox ways = new HBox(16, way("walkthrough", "home.way.walkthrough", "home.way.walkthrough.text"),
                way("chapters", "home.way.chapters", "home.way.chapters.text"),
                way("explorer", "home.way.explorer", "home.way.explorer.text"));
        ways.setId("home-ways");
        Label forClass = label("home.class");
        forClass.setId("home-class");
        Label keys = label("home.keys", "hint");
        keys.setId("home-keys");
        // how to start presentation mode and the keys are the teacher's: the slide is the ways in, whole
        org.attentionexplainer.ui.common.PageLayout.narrative(presenting, forClass, keys);
        HBox language = new HBox(10, label("home.language"));
        language.setAlignment(Pos.CENTER_LEFT);
        ToggleGroup group = new ToggleGroup();
        for (Locale l : Localization.SUPPORTED) {
            ToggleButton b = new ToggleButton(l.getDisplayLanguage(l));
            b.setId("home-language-" + l.getLanguage());
            b.setToggleGroup(group);
            b.setSelected(context.i18n().locale().getLanguage().equals(l.getLanguage()));
            b.setOnAction(e -> context.i18n().localeProperty().set(Localization.supported(l)));
            context.i18n().localeProperty().addListener((o, a, n) -> b.setSelected(
                    n.getLanguage().equals(l.getLanguage())));
            language.getChildren().add(b);
        }
        VBox box = new VBox(16, title, intro, start, ways, forClass, language, keys);
        box.setPadding(new Insets(32));
        // a line length for reading (60 em) that grows with the zoom and presentation mode's large type
        box.maxWidthProperty().bind(javafx.beans.binding.Bindings.createDoubleBinding(
                () -> 60 * intro.getFont().getSize(), intro.fontProperty()));
        box.setId("home");
        // presenting, the ways in are the slide: their type fills it, as a map does
        org.attentionexplainer.ui.common.PageLayout.fillWhilePresenting(box, presenting);
        ScrollPane scroll = new ScrollPane(box);
        scroll.setFitToWidth(true);
        return scroll;
    }

    private Label label(String key, String... styles) {
        Label l = new Label();
        l.textProperty().bind(context.i18n().text(key));
        l.setWrapText(true);
        l.getStyleClass().addAll(styles);
        return l;
    }

    /** One way in: a large button to the screen and a line on what it holds. */
    private Node way(String screenId, String key, String textKey) {
        Button go = new Button();
        go.setId("home-go-" + screenId);
        go.textProperty().bind(context.i18n().text(key));
        go.getStyleClass().add("home-way-button");
        go.setMaxWidth(Double.MAX_VALUE);
        go.setOnAction(e -> goTo.accept(screenId));
        Label text = label(textKey);
        VBox card = new VBox(8, go, text);
        card.getStyleClass().add("home-way");
        HBox.setHgrow(card, Priority.ALWAYS);
        card.setPrefWidth(0);
        return card;
    }
}
