package org.attentionexplainer.ui.shell;

import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javafx.beans.binding.Bindings;
import javafx.beans.value.ObservableBooleanValue;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.RadioMenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.control.ToggleGroup;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import org.attentionexplainer.i18n.Localization;
import org.attentionexplainer.ui.help.HelpDialogs;
import org.attentionexplainer.ui.i18n.I18n;
import org.attentionexplainer.ui.theme.Theme;

/** The main window's content: menu bar, navigation, the current screen, status bar. */
public final class MainView {
    /** The base font size in pixels at zoom 1; everything sized in em follows the zoom. */
    public static final double BASE_FONT_PX = 14;
    /** The navigation list is shown on windows at least this many ems of the base font wide. */
    static final double NAVIGATION_FROM_EM = 80;
    /**
     * The same for a screen that asks for the whole width ({@link Screen#wide()}): the explorer's twelve heads
     * of a sentence in one row of six take 1 240 px at 16 px a cell, more than a 1280 px window leaves beside it.
     */
    static final double WIDE_NAVIGATION_FROM_EM = 92;
    /** How much larger the type is in presentation mode, on a slide of {@link #SLIDE_WIDTH} x {@link #SLIDE_HEIGHT}. */
    public static final double PRESENTING_SCALE = 1.5;
    /**
     * The slide the presenting type is set for: a larger window (a 1920 x 1080 projector) sets it
     * larger in proportion, so that the wall shows the same slide whatever the projector's pixels;
     * a smaller one keeps it.
     */
    static final double SLIDE_WIDTH = 1280;
    static final double SLIDE_HEIGHT = 800;
    /** The most a large window enlarges the presenting type (a 4K projector at output scale 1). */
    static final double MAX_SLIDE_GROWTH = 2;

    private final MainViewModel model;
    private final Runnable quit;
    private final BorderPane root = new BorderPane();
    private final StackPane content = new StackPane();
    private final Map<FileAction, MenuItem> fileItems = new EnumMap<>(FileAction.class);

    public MainView(MainViewModel model, Runnable quit) {
        this.model = model;
        this.quit = quit;
    }

    public Parent createView() {
        root.getStyleClass().add("main-view");
        root.setTop(menuBar());
        root.setLeft(navigation());
        content.getStyleClass().add("screen-area");
        root.setCenter(content);
        root.setBottom(statusBar());
        Region blank = new Region();
        blank.setId("blank-screen");
        blank.getStyleClass().add("blank-screen");
        blank.visibleProperty().bind(model.blankedProperty());
        StackPane stack = new StackPane(root, blank);
        init();
        acceptDrops(stack);
        // The window, not the page's first slider or field, holds the focus when it opens and when
        // the screen changes: the presenter keys work at once, and a control keeps its arrow keys
        // only once the user has gone to it (Tab or a click).
        stack.sceneProperty().addListener((o, a, scene) -> {
            if (scene != null) {
                javafx.application.Platform.runLater(stack::requestFocus);
            }
        });
        model.currentProperty().addListener((o, a, b) -> stack.requestFocus());
        // Presentation mode hides the navigation: had it the focus, the scene would hand it on to
        // the page's first field at the next pulse, and the presenter keys would go into that field.
        model.presentingProperty().addListener((o, a, presenting) -> {
            Node owner = stack.getScene() == null ? null : stack.getScene().getFocusOwner();
            if (presenting && !within(owner, content)) {
                stack.requestFocus();
            }
        });
        return stack;
    }

    private static boolean within(Node node, Node ancestor) {
        for (Node n = node; n != null; n = n.getParent()) {
            if (n == ancestor) {
                return true;
            }
        }
        return false;
    }

    private void init() {
        showScreen(model.currentProperty().get());
        model.currentProperty().addListener((o, a, b) -> showScreen(b));
        root.styleProperty().bind(Bindings.createStringBinding(
                () -> String.format(Locale.ROOT, "-fx-font-size: %.1fpx;", BASE_FONT_PX * model.zoomProperty().get()
                        * (model.presentingProperty().get() ? PRESENTING_SCALE * slideGrowth(root.getWidth(),
                        root.getHeight()) : 1)),
                model.zoomProperty(), model.presentingProperty(), root.widthProperty(), root.heightProperty()));
        model.presentingProperty().addListener((o, a, b) -> {
            if (b) {
                root.getStyleClass().add("presenting");
            } else {
                root.getStyleClass().remove("presenting");
            }
        });
        for (Node n : new Node[] {root.getTop(), root.getLeft(), root.getBottom()}) {
            n.visibleProperty().bind(model.presentingProperty().not());
            n.managedProperty().bind(n.visibleProperty());
        }
        // a narrow window (a 1024 x 768 projector at a desk) gives the screen the navigation's room too:
        // twelve heads need the whole width there, and the Go menu still reaches every screen
        root.getLeft().visibleProperty().bind(model.presentingProperty().not().and(Bindings.createBooleanBinding(
                () -> root.getWidth() >= (model.currentProperty().get() != null && model.currentProperty().get().wide()
                        ? WIDE_NAVIGATION_FROM_EM : NAVIGATION_FROM_EM) * BASE_FONT_PX * model.zoomProperty().get(),
                root.widthProperty(), model.zoomProperty(), model.currentProperty())));
    }

    /** How much a window of w x h enlarges the presenting type: 1 up to the slide's size, then in proportion. */
    static double slideGrowth(double w, double h) {
        double growth = Math.min(w / SLIDE_WIDTH, h / SLIDE_HEIGHT);
        return Double.isFinite(growth) ? Math.max(1, Math.min(MAX_SLIDE_GROWTH, growth)) : 1;
    }

    private void showScreen(Screen screen) {
        if (screen == null) {
            content.getChildren().clear();
            return;
        }
        Node view = screen.view();
        view.setId(screen.id());
        content.getChildren().setAll(view);
        bindFileItems(screen.fileActions().orElse(null));
    }

    /** The File menu's export and session items act on the screen shown: off (not hidden) where they do not apply. */
    private void bindFileItems(FileActions actions) {
        for (Map.Entry<FileAction, MenuItem> e : fileItems.entrySet()) {
            MenuItem item = e.getValue();
            item.disableProperty().unbind();
            if (actions == null) {
                item.setDisable(true);
            } else {
                ObservableBooleanValue on = actions.available(e.getKey());
                item.disableProperty().bind(Bindings.createBooleanBinding(() -> !on.get(), on));
            }
        }
    }

    private static KeyCombination accelerator(FileAction a) {
        return switch (a) {
            case PICTURE -> new KeyCodeCombination(KeyCode.E, KeyCombination.SHORTCUT_DOWN);
            case COPY_PICTURE -> new KeyCodeCombination(KeyCode.C, KeyCombination.SHORTCUT_DOWN);
            case ALL_HEADS -> new KeyCodeCombination(KeyCode.E, KeyCombination.SHORTCUT_DOWN, KeyCombination.SHIFT_DOWN);
            case DATA -> new KeyCodeCombination(KeyCode.D, KeyCombination.SHORTCUT_DOWN, KeyCombination.SHIFT_DOWN);
            case SAVE_SESSION -> new KeyCodeCombination(KeyCode.S, KeyCombination.SHORTCUT_DOWN);
            case OPEN_SESSION -> new KeyCodeCombination(KeyCode.O, KeyCombination.SHORTCUT_DOWN);
        };
    }

    private MenuBar menuBar() {
        I18n i18n = model.i18n();
        MenuItem quitItem = item("menu.file.quit", new KeyCodeCombination(KeyCode.Q, KeyCombination.SHORTCUT_DOWN));
        quitItem.setOnAction(e -> quit.run());
        Menu file = menu("menu.file");
        file.setId("menu-file");
        for (FileAction a : FileAction.values()) {
            MenuItem m = item(a.messageKey(), accelerator(a));
            m.setId("menu-file-" + a.id());
            m.setDisable(true);
            m.setOnAction(e -> {
                Screen shown = model.currentProperty().get();
                if (shown != null) {
                    shown.fileActions().ifPresent(f -> f.run(a, root.getScene().getWindow()));
                }
            });
            fileItems.put(a, m);
            file.getItems().add(m);
            if (a == FileAction.DATA || a == FileAction.OPEN_SESSION) {
                file.getItems().add(new SeparatorMenuItem());
            }
        }
        Menu recent = menu("menu.file.openRecent");
        recent.setId("menu-file-recent");
        recent.getItems().add(new MenuItem());                              // so that the menu opens and fills itself
        recent.setOnShowing(e -> fillRecent(recent));
        file.getItems().add(file.getItems().size() - 1, recent);            // before the separator after Open session
        MenuItem openModel = item("menu.file.openModel", null);
        openModel.setId("menu-file-open-model");
        openModel.setOnAction(e -> model.openModelFolder(root.getScene().getWindow()));
        file.getItems().add(file.getItems().size() - 1, openModel);
        file.getItems().add(quitItem);

        MenuItem zoomIn = item("menu.view.zoomIn", new KeyCodeCombination(KeyCode.PLUS, KeyCombination.SHORTCUT_DOWN));
        zoomIn.setOnAction(e -> model.zoomIn());
        MenuItem zoomOut = item("menu.view.zoomOut",
                new KeyCodeCombination(KeyCode.MINUS, KeyCombination.SHORTCUT_DOWN));
        zoomOut.setOnAction(e -> model.zoomOut());
        MenuItem zoomReset = item("menu.view.zoomReset",
                new KeyCodeCombination(KeyCode.DIGIT0, KeyCombination.SHORTCUT_DOWN));
        zoomReset.setOnAction(e -> model.resetZoom());
        MenuItem fullScreen = item("menu.view.fullScreen", new KeyCodeCombination(KeyCode.F11));
        fullScreen.setOnAction(e -> model.toggleFullScreen());
        MenuItem present = item("present.menu", new KeyCodeCombination(KeyCode.F5));
        present.setId("menu-present");
        present.setOnAction(e -> model.togglePresenting());

        Menu themes = menu("menu.view.theme");
        ToggleGroup themeGroup = new ToggleGroup();
        for (Theme t : Theme.values()) {
            RadioMenuItem r = new RadioMenuItem();
            r.textProperty().bind(i18n.text(t.messageKey()));
            r.setId("theme-" + t.name().toLowerCase(Locale.ROOT));
            r.setToggleGroup(themeGroup);
            r.setSelected(model.themeProperty().get() == t);
            r.setOnAction(e -> model.themeProperty().set(t));
            themes.getItems().add(r);
        }
        Menu languages = menu("menu.view.language");
        languages.setId("menu-language");
        ToggleGroup languageGroup = new ToggleGroup();
        for (Locale l : Localization.SUPPORTED) {
            RadioMenuItem r = new RadioMenuItem(l.getDisplayLanguage(l));
            r.setId("language-" + l.getLanguage());
            r.setToggleGroup(languageGroup);
            r.setSelected(i18n.locale().getLanguage().equals(l.getLanguage()));
            r.setOnAction(e -> model.setLocale(l));
            // the Welcome page switches the language too: the menu follows
            i18n.localeProperty().addListener((o, a, b) -> r.setSelected(b.getLanguage().equals(l.getLanguage())));
            languages.getItems().add(r);
        }
        Menu view = menu("menu.view", zoomIn, zoomOut, zoomReset, new SeparatorMenuItem(), fullScreen, present,
                new SeparatorMenuItem(), themes, languages);
        view.setId("menu-view");

        Menu go = menu("menu.go");
        for (Screen s : model.screens()) {
            MenuItem m = new MenuItem();
            m.textProperty().bind(i18n.text(s.titleKey()));
            m.setId("menu-go-" + s.id());
            m.setOnAction(e -> model.currentProperty().set(s));
            go.getItems().add(m);
        }
        MenuItem keys = item("menu.help.keys", new KeyCodeCombination(KeyCode.F1));
        keys.setId("menu-help-keys");
        keys.setOnAction(e -> HelpDialogs.shortcuts(root.getScene().getWindow(), i18n, root.styleProperty()).show());
        MenuItem about = item("menu.help.about", null);
        about.setId("menu-help-about");
        about.setOnAction(e -> HelpDialogs.about(root.getScene().getWindow(), i18n, root.styleProperty(),
                model.backendStatusProperty().get()).show());
        Menu help = menu("menu.help", keys, about);
        help.setId("menu-help");
        MenuBar bar = new MenuBar(file, view, go, help);
        bar.setUseSystemMenuBar(true);
        return bar;
    }

    private Node navigation() {
        ListView<Screen> list = new ListView<>();
        list.setId("navigation");
        list.getStyleClass().add("navigation");
        list.getItems().setAll(model.screens());
        list.setCellFactory(v -> new ListCell<>() {
            @Override
            protected void updateItem(Screen item, boolean empty) {
                super.updateItem(item, empty);
                textProperty().unbind();
                if (empty || item == null) {
                    setText(null);
                } else {
                    textProperty().bind(model.i18n().text(item.titleKey()));
                }
            }
        });
        list.getSelectionModel().select(model.currentProperty().get());
        list.getSelectionModel().selectedItemProperty().addListener((o, a, b) -> {
            if (b != null) {
                model.currentProperty().set(b);
            }
        });
        model.currentProperty().addListener((o, a, b) -> list.getSelectionModel().select(b));
        return list;
    }

    private Node statusBar() {
        Label backend = new Label();
        backend.setId("status-backend");
        backend.textProperty().bind(model.backendStatusProperty());
        // which engine computes is for the About box once it is ready, not for the class's screen
        backend.visibleProperty().bind(model.engineReadyProperty().not());
        backend.managedProperty().bind(backend.visibleProperty());
        ProgressIndicator warming = new ProgressIndicator();
        warming.getStyleClass().add("status-progress");
        warming.visibleProperty().bind(model.engineReadyProperty().not());
        warming.managedProperty().bind(warming.visibleProperty());
        Label zoom = new Label();
        zoom.setId("status-zoom");
        zoom.textProperty().bind(Bindings.createStringBinding(
                () -> model.i18n().get("status.zoom", Math.round(model.zoomProperty().get() * 100)),
                model.zoomProperty(), model.i18n().localeProperty()));
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        HBox bar = new HBox(8, warming, backend, spacer, zoom);
        bar.setAlignment(Pos.CENTER_LEFT);
        bar.getStyleClass().add("status-bar");
        return bar;
    }

    private void fillRecent(Menu recent) {
        recent.getItems().clear();
        List<java.nio.file.Path> files = new RecentFiles(model.settings()).list();
        if (files.isEmpty()) {
            MenuItem none = item("menu.file.openRecent.none", null);
            none.setDisable(true);
            recent.getItems().add(none);
        }
        for (java.nio.file.Path p : files) {
            MenuItem m = new MenuItem(p.getFileName() + "  —  " + p.getParent());
            m.setMnemonicParsing(false);
            m.setOnAction(e -> model.openFile(p, root.getScene().getWindow()));
            recent.getItems().add(m);
        }
    }

    /** Files dropped on the window open where they belong: sessions, specs and .npy files in the explorer. */
    private void acceptDrops(Node target) {
        target.setOnDragOver(e -> {
            if (e.getDragboard().hasFiles()) {
                e.acceptTransferModes(javafx.scene.input.TransferMode.COPY);
            }
            e.consume();
        });
        target.setOnDragDropped(e -> {
            boolean opened = false;
            if (e.getDragboard().hasFiles()) {
                for (java.io.File f : e.getDragboard().getFiles()) {
                    opened |= model.openFile(f.toPath(), root.getScene().getWindow());
                }
            }
            e.setDropCompleted(opened);
            e.consume();
        });
    }

    private Menu menu(String key, MenuItem... items) {
        Menu m = new Menu();
        m.textProperty().bind(model.i18n().text(key));
        m.getItems().addAll(items);
        return m;
    }

    private MenuItem item(String key, KeyCombination accelerator) {
        MenuItem m = new MenuItem();
        m.textProperty().bind(model.i18n().text(key));
        m.setAccelerator(accelerator);
        return m;
    }
}
