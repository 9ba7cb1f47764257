package org.attentionexplainer.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.regex.Pattern;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Labeled;
import javafx.scene.control.TextInputControl;
import javafx.scene.input.KeyCode;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.attentionexplainer.engine.AttentionEngine;
import org.attentionexplainer.export.ViewMode;
import org.attentionexplainer.render.Mark;
import org.attentionexplainer.ui.explorer.ExplorerScreen;
import org.attentionexplainer.ui.explorer.ExplorerViewModel;
import org.attentionexplainer.ui.heatmap.HeatmapControl;
import org.attentionexplainer.ui.i18n.I18n;
import org.attentionexplainer.ui.realmodel.RealModelScreen;
import org.attentionexplainer.ui.realmodel.RealModelViewModel;
import org.attentionexplainer.ui.shell.AppContext;
import org.attentionexplainer.ui.shell.BackgroundWork;
import org.attentionexplainer.ui.shell.MainViewModel;
import org.attentionexplainer.ui.shell.Screen;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Turkish, all of it: the app is used in English (a quiz answered, the real model loaded, the
 * explorer shown), switched to Turkish, and then every page is visited: the walkthrough's
 * steps, every chapter and its index, the explorer's views and stages on trained and random
 * heads, the real model with a head in focus, the welcome screen, the shortcuts sheet and
 * About. No visible text (labels, text nodes, the texts drawn in the maps) may still read as
 * an English bundle text. A text counts as English when it is the English pattern of a key
 * whose Turkish text differs (the arguments matched as anything), or holds an English text of
 * three words or more; texts of names, numbers and symbols (fewer than three letters in a
 * row, or the same in both bundles) are left aside.
 */
class TurkishEverywhereUiTest {
    private static final Locale TURKISH = Locale.forLanguageTag("tr");
    private static final AttentionEngine ENGINE = new AttentionEngine();
    private final FxRobot robot = new FxRobot();
    private final Set<String> found = new LinkedHashSet<>();
    private MainViewModel model;

    @AfterEach
    void close() throws Exception {
        if (model == null) {
            return;
        }
        robot.interact(() -> Window.getWindows().stream().filter(w -> w instanceof Stage s && s.getOwner() != null)
                .map(w -> (Stage) w).toList().forEach(Stage::close));
        MainWindow.close();
    }

    /** An English text of the bundle, as a pattern the visible text is matched against. */
    private record English(String key, Pattern whole, Pattern inside) {
    }

    private static Properties bundle(String name) throws IOException {
        Properties p = new Properties();
        try (InputStream in = TurkishEverywhereUiTest.class.getResourceAsStream("/org/attentionexplainer/i18n/" + name)) {
            p.load(new InputStreamReader(in, StandardCharsets.UTF_8));
        }
        return p;
    }

    static List<English> englishTexts() throws IOException {
        Properties en = bundle("messages.properties");
        Properties tr = bundle("messages_tr.properties");
        List<English> out = new ArrayList<>();
        for (String key : en.stringPropertyNames()) {
            String value = en.getProperty(key);
            if (value.equals(tr.getProperty(key))) {
                continue;
            }
            boolean args = value.matches("(?s).*\\{\\d.*");
            List<String> literals = new ArrayList<>();
            String regex = args ? messageFormatRegex(value, literals) : Pattern.quote(value);
            String letters = args ? String.join(" ", literals) : value;
            if (!letters.matches("(?s).*\\p{L}{3,}.*")) {
                continue;           // a name, a number or a symbol: the same in every language
            }
            Pattern whole = Pattern.compile(regex, Pattern.DOTALL);
            // three English words inside a longer text (a verdict, then an explanation); names
            // such as "Llama 3 8B" have fewer
            boolean sentence = java.util.Arrays.stream(letters.strip().split("\\s+"))
                    .filter(w -> w.matches(".*\\p{L}{2,}.*")).count() >= 3;
            Pattern inside = sentence ? Pattern.compile("(?<![\\p{L}])" + regex + "(?![\\p{L}])", Pattern.DOTALL)
                    : null;
            out.add(new English(key, whole, inside));
        }
        return out;
    }

    /** A MessageFormat pattern as a regular expression: its literal text quoted, each argument any text. */
    private static String messageFormatRegex(String pattern, List<String> literals) {
        StringBuilder regex = new StringBuilder();
        StringBuilder literal = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < pattern.length(); i++) {
            char c = pattern.charAt(i);
            if (c == '\'') {
                if (i + 1 < pattern.length() && pattern.charAt(i + 1) == '\'') {
                    literal.append('\'');
                    i++;
                } else {
                    quoted = !quoted;
                }
            } else if (c == '{' && !quoted) {
                int depth = 1;
                while (depth > 0 && ++i < pattern.length()) {
                    depth += pattern.charAt(i) == '{' ? 1 : pattern.charAt(i) == '}' ? -1 : 0;
                }
                regex.append(Pattern.quote(literal.toString())).append(".*?");
                literals.add(literal.toString());
                literal.setLength(0);
            } else {
                literal.append(c);
            }
        }
        regex.append(Pattern.quote(literal.toString()));
        literals.add(literal.toString());
        return regex.toString();
    }

    /** Every text the user sees now, in every window. */
    private List<String> visibleTexts() {
        List<String> texts = new ArrayList<>();
        robot.interact(() -> {
            for (Window w : Window.getWindows()) {
                if (w.isShowing() && w.getScene() != null) {
                    collect(w.getScene().getRoot(), texts);
                }
            }
        });
        return texts;
    }

    private static void collect(Node node, List<String> out) {
        // a language switch names each language in itself ("English", "Türkçe"), as language menus do
        boolean languageName = node.getId() != null && node.getId().startsWith("home-language-");
        if (!node.isVisible() || node instanceof TextInputControl || languageName) {
            return;                 // what the learner typed is theirs, in any language
        }
        if (node instanceof Labeled l && l.getText() != null) {
            out.add(l.getText());
        }
        if (node instanceof Text t && t.getText() != null) {
            out.add(t.getText());
        }
        if (node instanceof HeatmapControl h && h.shownProperty().get() != null) {
            for (Mark m : h.shownProperty().get().drawing().marks()) {
                if (m instanceof Mark.Text t) {
                    out.add(t.text());
                }
            }
        }
        if (node instanceof Parent p) {
            for (Node child : p.getChildrenUnmodifiable()) {
                collect(child, out);
            }
        }
    }

    private void check(String where, List<English> english) {
        WaitForAsyncUtils.waitForFxEvents();
        for (String text : visibleTexts()) {
            String t = text.strip();
            if (t.isEmpty()) {
                continue;
            }
            if (t.matches("(?s).*!\\p{Alpha}[\\w.-]*\\.[\\w.-]+!.*")) {
                found.add(where + ": a missing key: " + t);
            }
            for (English e : english) {
                if (e.whole().matcher(t).matches() || e.inside() != null && e.inside().matcher(t).find()) {
                    found.add(where + ": \"" + t + "\" is the English of " + e.key());
                }
            }
        }
    }

    private Screen screen(String id) {
        return model.screens().stream().filter(s -> s.id().equals(id)).findFirst().orElseThrow();
    }

    private void show(String id) {
        robot.interact(() -> model.currentProperty().set(screen(id)));
    }

    /** Every page of a book screen, from the first. */
    private void pages(String id, List<English> english) {
        show(id);
        Screen s = screen(id);
        robot.interact(s::first);
        int page = 1;
        boolean more = true;
        while (more) {
            check(id + " page " + page, english);
            boolean[] next = new boolean[1];
            robot.interact(() -> next[0] = s.next());
            more = next[0];
            page++;
        }
    }

    @Test
    void noPageReadsInEnglishOnceTheLanguageIsTurkish() throws Exception {
        List<English> english = englishTexts();
        assertTrue(english.size() > 300, "the English texts to look for: " + english.size());
        AppContext context = new AppContext(new I18n(Locale.ENGLISH), BackgroundWork.sameThread(),
                CompletableFuture.completedFuture(ENGINE), new MemorySettings());
        model = MainWindow.open(context, "chapters");

        // used in English first: an answered quiz, the real model loaded, the explorer computed
        robot.clickOn("#quiz-choice-0");
        show("real");
        show("explorer");
        robot.interact(() -> model.setLocale(TURKISH));
        check("chapters, after answering in English", english);

        pages("walkthrough", english);
        pages("chapters", english);
        robot.interact(() -> screen("chapters").toggleIndex());
        check("chapter index", english);
        robot.interact(() -> screen("chapters").closeOverlay());

        show("explorer");
        ExplorerViewModel explorer = ((ExplorerScreen) screen("explorer")).model();
        for (boolean trained : new boolean[] {true, false}) {
            robot.interact(() -> {
                if (trained) {
                    explorer.trained().show(0);
                } else {
                    explorer.useSentence();
                }
            });
            for (ViewMode mode : ViewMode.values()) {
                for (org.attentionexplainer.render.Stage stage : org.attentionexplainer.render.Stage.values()) {
                    robot.interact(() -> {
                        explorer.display().modeProperty().set(mode);
                        explorer.display().stageProperty().set(stage);
                    });
                    check("explorer (" + (trained ? "trained" : "random") + ", " + mode + ", " + stage + ")",
                            english);
                }
            }
        }

        show("real");
        RealModelViewModel real = ((RealModelScreen) screen("real")).model();
        check("real model", english);
        robot.interact(() -> real.focus(1, 2));
        check("real model, a head in focus", english);
        robot.interact(() -> real.sentenceProperty().set("kedi yorgun olduğu için uyudu"));
        check("real model, a Turkish sentence", english);

        show("home");
        check("welcome", english);

        robot.push(KeyCode.F1);
        check("shortcuts sheet", english);
        robot.push(KeyCode.ESCAPE);
        robot.interact(() -> Window.getWindows().stream().filter(w -> w instanceof Stage s && s.getOwner() != null)
                .map(w -> (Stage) w).toList().forEach(Stage::close));
        robot.clickOn("#menu-help");
        robot.clickOn("#menu-help-about");
        check("about", english);

        assertEquals(List.of(), List.copyOf(found), "texts left in English in Turkish");
    }

    @Test
    void theCheckFindsEnglishWhereItIs() throws IOException {
        List<English> english = englishTexts();
        List<String> hits = new ArrayList<>();
        for (String t : List.of("Right (0.8029). e^0 = 1, not 0: each of the 4 later tokens gets an ordinary share, "
                + "together 0.5000. Only −∞ gives e^−∞ = 0.", "Loading the trained model (about 90 MB, once)...",
            "Doğru (0,8029).", "Σ", "d_model", "T = 1,00")) {
            boolean hit = english.stream().anyMatch(e -> e.whole().matcher(t).matches()
                    || e.inside() != null && e.inside().matcher(t).find());
            hits.add(t.substring(0, Math.min(12, t.length())) + (hit ? ": English" : ": not English"));
        }
        assertEquals(List.of("Right (0.802: English", "Loading the : English", "Doğru (0,802: not English",
                "Σ: not English", "d_model: not English", "T = 1,00: not English"), hits);
    }
}
