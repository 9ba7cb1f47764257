package org.attentionexplainer;

import java.nio.file.Path;
import org.attentionexplainer.cli.CliApp;
import org.attentionexplainer.engine.AttentionEngine;
import org.attentionexplainer.ui.DesktopApp;

/**
 * Entry point and composition root: sets where native libraries are unpacked, then runs the
 * command line, whose default (no arguments) is the desktop window.
 */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) {
        configureNativeCaches();
        if (args.length == 0 || opensInWindow(args)) {
            // The window needs no parsing: picocli's model of every command costs 0.3-0.4 s of CPU on a
            // window start, and its classes (Java 5 bytecode) cannot be class-data shared.
            DesktopApp.launchWindow(args);
            System.exit(0);
        }
        int status = CliApp.run(args, () -> DesktopApp.launchWindow(args), AttentionEngine::new);
        System.exit(status);
    }

    /**
     * One argument that is a session, spec or .npy file (what a double-click on a session in a
     * file manager passes): the window opens with it, in the explorer.
     */
    static boolean opensInWindow(String[] args) {
        if (args.length != 1 || args[0].startsWith("-")) {
            return false;
        }
        String name = args[0].toLowerCase(java.util.Locale.ROOT);
        return (name.endsWith(".json") || name.endsWith(".npy")) && java.nio.file.Files.isRegularFile(Path.of(args[0]));
    }

    /**
     * javacpp (ND4J) unpacks ~400 MB of native code and JavaFX a few MB on first use. Both go
     * under one folder of the user's cache directory unless the caller chose another.
     */
    static void configureNativeCaches() {
        String xdg = System.getenv("XDG_CACHE_HOME");
        Path cache = (xdg != null && !xdg.isBlank() ? Path.of(xdg) : Path.of(System.getProperty("user.home"), ".cache"))
                .resolve("attention-explainer");
        setIfAbsent("org.bytedeco.javacpp.cachedir", cache.resolve("javacpp").toString());
        setIfAbsent("javafx.cachedir", cache.resolve("javafx").toString());
    }

    private static void setIfAbsent(String key, String value) {
        if (System.getProperty(key) == null) {
            System.setProperty(key, value);
        }
    }
}
