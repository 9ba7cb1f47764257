package org.attentionexplainer.ui.shell;

import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import javafx.collections.ListChangeListener;
import javafx.scene.image.Image;
import javafx.stage.Stage;
import javafx.stage.Window;

/**
 * The app's icon (assets/attention-explainer.svg, as PNGs of 16 to 512 px in the jar) on every
 * window: the main one and each dialog, chooser and progress window as it opens, so none shows
 * the toolkit's default.
 */
public final class AppIcons {
    static final int[] SIZES = {16, 24, 32, 48, 64, 128, 256, 512};
    private static final String FOLDER = "/org/attentionexplainer/icons/";

    private AppIcons() {
    }

    /** The icon in every size the jar holds (empty if it holds none). */
    public static List<Image> images() {
        List<Image> images = new ArrayList<>();
        for (int size : SIZES) {
            try (InputStream in = AppIcons.class.getResourceAsStream(FOLDER + "attention-explainer-" + size + ".png")) {
                if (in != null) {
                    images.add(new Image(in));
                }
            } catch (java.io.IOException e) {
                // a missing size is not worth a message: the toolkit scales another
            }
        }
        return images;
    }

    /** Puts the icon on every window that opens from now on without one of its own. */
    public static void onEveryWindow() {
        List<Image> images = images();
        Window.getWindows().addListener((ListChangeListener<Window>) change -> {
            while (change.next()) {
                for (Window w : change.getAddedSubList()) {
                    if (w instanceof Stage s && s.getIcons().isEmpty()) {
                        s.getIcons().setAll(images);
                    }
                }
            }
        });
    }
}
