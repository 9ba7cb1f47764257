package org.attentionexplainer.ui.shell;

import java.util.List;
import java.util.Locale;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.beans.property.SimpleObjectProperty;
import org.attentionexplainer.engine.AttentionEngine;
import org.attentionexplainer.i18n.Localization;
import org.attentionexplainer.ui.i18n.I18n;
import org.attentionexplainer.ui.theme.Theme;

/** State of the main window: current screen, language, theme, zoom, full screen, backend status. */
public final class MainViewModel {
    public static final double MIN_ZOOM = 0.6;
    public static final double MAX_ZOOM = 3.0;
    private static final double ZOOM_STEP = 1.15;

    private final AppContext context;
    private final List<Screen> screens;
    private final ObjectProperty<Screen> current = new SimpleObjectProperty<>();
    private final ObjectProperty<Theme> theme = new SimpleObjectProperty<>(Theme.LIGHT);
    private final DoubleProperty zoom = new SimpleDoubleProperty(1.0);
    private final BooleanProperty fullScreen = new SimpleBooleanProperty();
    private final ReadOnlyStringWrapper backendStatus = new ReadOnlyStringWrapper();
    private final BooleanProperty engineReady = new SimpleBooleanProperty();
    private final BooleanProperty presenting = new SimpleBooleanProperty();
    private final BooleanProperty blanked = new SimpleBooleanProperty();
    /** The window's full screen when presentation mode started: ending it goes back to that. */
    private boolean fullScreenBeforePresenting;

    public MainViewModel(AppContext context, List<Screen> screens) {
        this.context = context;
        this.screens = List.copyOf(screens);
        Settings s = context.settings();
        theme.set(parseTheme(s.get("theme", Theme.LIGHT.name())));
        zoom.set(clampZoom(s.getDouble("zoom", 1.0)));
        String last = s.get("screen", "");
        current.set(this.screens.stream().filter(x -> x.id().equals(last)).findFirst()
                .orElse(this.screens.isEmpty() ? null : this.screens.get(0)));
        current.addListener((o, a, b) -> s.put("screen", b.id()));
        for (Screen screen : this.screens) {
            screen.setNavigator(id -> this.screens.stream().filter(x -> x.id().equals(id)).findFirst()
                    .ifPresent(current::set));
            screen.setModelOpener(this::openModel);
        }
        theme.addListener((o, a, b) -> s.put("theme", b.name()));
        zoom.addListener((o, a, b) -> s.put("zoom", Double.toString(b.doubleValue())));
        context.i18n().localeProperty().addListener((o, a, b) -> {
            s.put("language", b.getLanguage());
            updateBackendStatus();
        });
        backendStatus.set(context.i18n().get("status.warming"));
        presenting.addListener((o, a, b) -> {
            if (b) {
                fullScreenBeforePresenting = fullScreen.get();
            }
            fullScreen.set(b || fullScreenBeforePresenting);
            blanked.set(false);
            this.screens.forEach(x -> x.setPresenting(b));
        });
        fullScreen.addListener((o, a, b) -> {
            if (!b) {
                // leaving full screen while presenting asks for the window: presentation mode ends there
                fullScreenBeforePresenting = false;
                presenting.set(false);
            }
        });
        context.engine().whenComplete((engine, error) -> context.work().onFx(() -> {
            engineReady.set(error == null);
            updateBackendStatus();
        }));
    }

    private void updateBackendStatus() {
        AttentionEngine engine = context.engine().getNow(null);
        if (engine != null) {
            backendStatus.set(context.i18n().get("status.backend", engine.backend()));
        } else if (context.engine().isCompletedExceptionally()) {
            backendStatus.set(context.i18n().get("status.engineFailed"));
        } else {
            backendStatus.set(context.i18n().get("status.warming"));
        }
    }

    private static Theme parseTheme(String name) {
        try {
            return Theme.valueOf(name);
        } catch (IllegalArgumentException e) {
            return Theme.LIGHT;
        }
    }

    private static double clampZoom(double z) {
        return Math.max(MIN_ZOOM, Math.min(MAX_ZOOM, Double.isFinite(z) ? z : 1.0));
    }

    public List<Screen> screens() {
        return screens;
    }

    public ObjectProperty<Screen> currentProperty() {
        return current;
    }

    public ObjectProperty<Theme> themeProperty() {
        return theme;
    }

    public DoubleProperty zoomProperty() {
        return zoom;
    }

    public BooleanProperty fullScreenProperty() {
        return fullScreen;
    }

    public BooleanProperty engineReadyProperty() {
        return engineReady;
    }

    public ReadOnlyStringProperty backendStatusProperty() {
        return backendStatus.getReadOnlyProperty();
    }

    public I18n i18n() {
        return context.i18n();
    }

    public void zoomIn() {
        zoom.set(clampZoom(zoom.get() * ZOOM_STEP));
    }

    public void zoomOut() {
        zoom.set(clampZoom(zoom.get() / ZOOM_STEP));
    }

    public void resetZoom() {
        zoom.set(1.0);
    }

    public void setLocale(Locale locale) {
        context.i18n().localeProperty().set(Localization.supported(locale));
    }

    public void toggleFullScreen() {
        fullScreen.set(!fullScreen.get());
    }

    public void next() {
        if (current.get() != null) {
            current.get().next();
        }
    }

    public void previous() {
        if (current.get() != null) {
            current.get().previous();
        }
    }

    public void first() {
        if (current.get() != null) {
            current.get().first();
        }
    }

    public void last() {
        if (current.get() != null) {
            current.get().last();
        }
    }

    /** Presentation mode: full screen, large type, headlines only, no navigation around the screen. */
    public BooleanProperty presentingProperty() {
        return presenting;
    }

    /**
     * What the presenter console shows: the cue of the screen shown (see {@link Screen#cue}), or,
     * for a screen without pages, its name with nothing to follow.
     */
    public javafx.beans.value.ObservableValue<Cue> cue() {
        return current.flatMap(s -> s.cue() != null ? s.cue() : javafx.beans.binding.Bindings.createObjectBinding(
                () -> new Cue(context.i18n().get(s.titleKey()), null, ""), context.i18n().localeProperty()));
    }

    /** The screen blanked to black (presentation mode's B key). */
    public BooleanProperty blankedProperty() {
        return blanked;
    }

    public void togglePresenting() {
        presenting.set(!presenting.get());
    }

    /** Blanks the screen or brings it back; only in presentation mode. */
    public boolean toggleBlank() {
        if (!presenting.get() && !blanked.get()) {
            return false;
        }
        blanked.set(!blanked.get());
        return true;
    }

    /** The current screen's index; false if it has none. */
    /** Space in the chapters' class mode; false where there is nothing to reveal. */
    public boolean revealAnswer() {
        return current.get() != null && current.get().revealAnswer();
    }

    public boolean toggleIndex() {
        return current.get() != null && current.get().toggleIndex();
    }

    /**
     * Opens a file in the first screen that takes it (sessions, specs and .npy files: the
     * explorer), which is then shown; false if none does.
     */
    public boolean openFile(java.nio.file.Path file, javafx.stage.Window owner) {
        for (Screen s : screens()) {
            if (s.open(file, owner)) {
                current.set(s);
                return true;
            }
        }
        return false;
    }

    /** Shows a trained model in the first screen that shows models (the real-model screen); false if none does. */
    public boolean openModel(org.attentionexplainer.engine.model.TransformerModel model, String text) {
        for (Screen s : screens()) {
            if (s.openModel(model, text)) {
                current.set(s);
                return true;
            }
        }
        return false;
    }

    /**
     * Asks for a model folder and opens it where model folders go (the real-model screen); false
     * if the user gave up or no screen takes folders.
     */
    public boolean openModelFolder(javafx.stage.Window owner) {
        java.io.File folder = context.files().folder(owner, context.i18n().get("menu.file.openModel.title"));
        return folder != null && openFile(folder.toPath(), owner);
    }

    /** What the app remembers (File > Open recent reads it). */
    public Settings settings() {
        return context.settings();
    }

    /** Closes the screen's open overlay (the chapter index); false if none was open. */
    public boolean closeOverlay() {
        return current.get() != null && current.get().closeOverlay();
    }
}
