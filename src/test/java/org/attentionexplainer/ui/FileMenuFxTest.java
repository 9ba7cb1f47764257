package org.attentionexplainer.ui;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.DialogPane;
import javafx.scene.control.Labeled;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;
import javax.imageio.ImageIO;
import org.attentionexplainer.export.SvgTexts;
import org.attentionexplainer.ui.export.FixedFiles;
import org.attentionexplainer.ui.shell.AppContext;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The main window's File menu, headless, with every screen: export pictures of the explorer
 * and of a walkthrough step into a temporary folder, accelerators, an overwrite that must be
 * confirmed, and entries that do not apply switched off with the reason shown.
 */
class FileMenuFxTest {
    private final FxRobot robot = new FxRobot();
    private FixedFiles files;

    @TempDir
    Path dir;

    @BeforeEach
    void open() throws Exception {
        files = new FixedFiles(dir);
        AppContext context = TestContexts.english().withFiles(files);
        // the explorer's settings, used below, shown as the learner would ask on this 1200 x 760 window
        context.settings().put("explorer.settingsShown", "true");
        MainWindow.open(context, "walkthrough");
        robot.clickOn("#walk-progress");
    }

    @AfterEach
    void close() throws Exception {
        MainWindow.close();
    }

    private MenuItem fileItem(String id) {
        MenuBar bar = robot.lookup(".menu-bar").queryAs(MenuBar.class);
        Menu file = bar.getMenus().stream().filter(m -> "menu-file".equals(m.getId())).findFirst().orElseThrow();
        return file.getItems().stream().filter(i -> id.equals(i.getId())).findFirst().orElseThrow();
    }

    private void fileMenu(String itemId) {
        robot.clickOn("File");
        robot.clickOn("#" + itemId);
        WaitForAsyncUtils.waitForFxEvents();
    }

    private DialogPane dialog() {
        return robot.lookup(".dialog-pane").queryAs(DialogPane.class);
    }

    private void press(DialogPane pane, ButtonType button) {
        robot.clickOn((Button) pane.lookupButton(button));
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** In the open export dialog: the format and, for a PNG, the scale, as their choice boxes show them; then OK. */
    private void choose(String format, String scale) {
        DialogPane pane = dialog();
        select(pane, "#export-format", format);
        if (scale != null) {
            select(pane, "#export-scale", scale);
        }
        press(pane, ButtonType.OK);
    }

    @SuppressWarnings("unchecked")
    private void select(DialogPane pane, String id, String text) {
        ChoiceBox<Object> box = (ChoiceBox<Object>) pane.lookup(id);
        Object item = box.getItems().stream().filter(i -> box.getConverter().toString(i).equals(text)).findFirst()
                .orElseThrow(() -> new AssertionError(text + " not offered"));
        robot.interact(() -> box.setValue(item));
    }

    private void key(KeyCode... codes) {
        robot.push(codes);
        WaitForAsyncUtils.waitForFxEvents();
    }

    @Test
    void theExplorersViewGoesToSvgAndPngFromTheFileMenuAndAnOverwriteIsAsked() throws Exception {
        robot.clickOn("Attention maps");
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(fileItem("menu-file-save-session").isDisable(), "sessions belong to the explorer");
        // it opens on trained heads; the typed sentence's seeded model says in its picture that it is random
        robot.clickOn("#explorer-use-sentence");
        WaitForAsyncUtils.waitForFxEvents();

        files.file = dir.resolve("maps.svg");
        fileMenu("menu-file-picture");
        choose("SVG picture (vector)", null);
        List<String> texts = SvgTexts.of(files.file);
        for (String token : List.of("Your", "journey", "starts", "with", "one", "step")) {
            assertTrue(texts.contains(token), token + " in " + texts);
        }
        assertTrue(String.join(" ", texts).contains("Random weights: these patterns mean nothing yet"),
                "the exported caption says so too: " + texts);

        files.file = dir.resolve("one.png");
        key(KeyCode.SHORTCUT, KeyCode.E);
        choose("PNG picture", "1×");
        files.file = dir.resolve("two.png");
        key(KeyCode.SHORTCUT, KeyCode.E);
        choose("PNG picture", "2×");
        BufferedImage one = ImageIO.read(dir.resolve("one.png").toFile());
        BufferedImage two = ImageIO.read(dir.resolve("two.png").toFile());
        assertEquals(2 * one.getWidth(), two.getWidth());
        assertEquals(2 * one.getHeight(), two.getHeight());

        byte[] before = Files.readAllBytes(dir.resolve("two.png"));
        fileMenu("menu-file-picture");
        choose("PNG picture", "1×");
        DialogPane confirm = dialog();
        assertEquals("two.png exists. Replace it?", confirm.getContentText());
        press(confirm, ButtonType.CANCEL);
        assertArrayEquals(before, Files.readAllBytes(dir.resolve("two.png")), "cancel leaves the file alone");
        fileMenu("menu-file-picture");
        choose("PNG picture", "1×");
        press(dialog(), ButtonType.OK);
        assertEquals(one.getWidth(), ImageIO.read(dir.resolve("two.png").toFile()).getWidth(), "replaced at 1×");
    }

    @Test
    void aWalkthroughStepExportsItsMatricesAndAStepWithoutOneSaysWhy() throws Exception {
        key(KeyCode.RIGHT);
        key(KeyCode.RIGHT);
        key(KeyCode.RIGHT);
        assertEquals("4. All queries at once", robot.lookup("#walk-title").queryAs(Labeled.class).getText());
        assertTrue(fileItem("menu-file-save-session").isDisable(), "no sessions here: off, not hidden");
        assertTrue(fileItem("menu-file-all-heads").isDisable());

        files.file = dir.resolve("step-4.svg");
        fileMenu("menu-file-picture");
        choose("SVG picture (vector)", null);
        List<String> texts = SvgTexts.of(files.file);
        for (String t : List.of("4. All queries at once", "Hello", "shiny", "sun", "0.4063")) {
            assertTrue(texts.contains(t), t + " in " + texts);
        }
        files.file = dir.resolve("step-4.png");
        robot.clickOn("#walk-export");
        choose("PNG picture", "2×");
        BufferedImage png = ImageIO.read(files.file.toFile());
        assertTrue(png.getWidth() > 1500 && png.getHeight() > 600, png.getWidth() + " x " + png.getHeight());
        assertTrue(robot.lookup("#walk-export-notice").queryAs(Labeled.class).getText().startsWith("Exported 1 file to "));

        key(KeyCode.END);
        assertTrue(fileItem("menu-file-picture").isDisable(), "step 8 has no matrix");
        assertTrue(fileItem("menu-file-data").isDisable());
        assertTrue(robot.lookup("#walk-export").queryAs(Button.class).isDisable());
        Node box = robot.lookup("#walk-export-box").query();
        Tooltip tip = (Tooltip) box.getProperties().get("javafx.scene.control.Tooltip");
        assertTrue(tip.getText().startsWith("This step draws histograms and bars, not a matrix"), tip.getText());
        key(KeyCode.SHORTCUT, KeyCode.E);
        assertTrue(robot.lookup(".dialog-pane").tryQuery().isEmpty(), "the accelerator does nothing where export is off");
    }

    @Test
    void ctrlCCopiesTheStepsPictureButATextFieldKeepsItsOwnCopy() throws Exception {
        key(KeyCode.RIGHT);
        key(KeyCode.RIGHT);
        key(KeyCode.RIGHT);
        robot.clickOn("#walk-progress");
        clearClipboard();
        key(KeyCode.SHORTCUT, KeyCode.C);
        javafx.scene.image.Image copied = onFx(() -> clipboard().getImage());
        assertTrue(copied != null, "Ctrl+C puts the step's picture on the clipboard");
        // the same picture the export writes at 2x: a step-4 PNG at 2x is over 1500 x 600 (test above)
        assertTrue(copied.getWidth() > 1500 && copied.getHeight() > 600, copied.getWidth() + " x " + copied.getHeight());

        clearClipboard();
        fileMenu("menu-file-copy-picture");
        assertTrue(onFx(() -> clipboard().hasImage()), "File > Copy picture does the same");

        robot.clickOn("Attention maps");
        WaitForAsyncUtils.waitForFxEvents();
        clearClipboard();
        robot.clickOn("#explorer-sentence");
        key(KeyCode.SHORTCUT, KeyCode.A);
        key(KeyCode.SHORTCUT, KeyCode.C);
        assertEquals("Your journey starts with one step", onFx(() -> clipboard().getString()),
                "in a text field Ctrl+C copies the text");
        assertFalse(onFx(() -> clipboard().hasImage()));

        key(KeyCode.END);
        // beside the explorer on this 1200 px window the navigation list has stepped aside: the Go menu goes on
        robot.clickOn("Go");
        robot.clickOn("#menu-go-walkthrough");
        WaitForAsyncUtils.waitForFxEvents();
        key(KeyCode.END);
        assertTrue(fileItem("menu-file-copy-picture").isDisable(), "step 8 has no matrix to copy");
    }

    @Test
    void theKvCacheAndFlashAttentionExportAndCopyTheMapOfTheirStep() throws Exception {
        robot.clickOn("Chapters");
        WaitForAsyncUtils.waitForFxEvents();
        robot.clickOn("#chapter-progress");
        key(KeyCode.I);
        robot.clickOn("#index-kv-cache");
        WaitForAsyncUtils.waitForFxEvents();
        key(KeyCode.RIGHT);
        files.file = dir.resolve("kv.svg");
        fileMenu("menu-file-picture");
        choose("SVG picture (vector)", null);
        List<String> texts = SvgTexts.of(files.file);
        // step 2: the row of "journey", 0.5517 and 0.4483 in the book
        for (String t : List.of("The causal map, one row per step", "journey", "0.55", "0.45")) {
            assertTrue(texts.contains(t), t + " in " + texts);
        }
        clearClipboard();
        fileMenu("menu-file-copy-picture");
        assertTrue(onFx(() -> clipboard().hasImage()), "File > Copy picture copies the KV cache's map");

        key(KeyCode.I);
        robot.clickOn("#index-flash");
        WaitForAsyncUtils.waitForFxEvents();
        files.file = dir.resolve("flash.svg");
        key(KeyCode.SHORTCUT, KeyCode.E);
        choose("SVG picture (vector)", null);
        texts = SvgTexts.of(files.file);
        for (String t : List.of("The tile in flight", "q8", "k8", "not held now")) {
            assertTrue(texts.contains(t), t + " in " + texts);
        }
        clearClipboard();
        key(KeyCode.SHORTCUT, KeyCode.C);
        assertTrue(onFx(() -> clipboard().hasImage()), "Ctrl+C copies the tile's map");
    }

    private static javafx.scene.input.Clipboard clipboard() {
        return javafx.scene.input.Clipboard.getSystemClipboard();
    }

    private void clearClipboard() {
        robot.interact(() -> clipboard().clear());
    }

    /** A value read on the FX thread (the clipboard may only be read there). */
    private static <T> T onFx(java.util.concurrent.Callable<T> read) throws Exception {
        return WaitForAsyncUtils.asyncFx(read).get();
    }

    @Test
    void aChapterExportsItsFirstMapAndAChapterWithoutOneIsOff() throws Exception {
        robot.clickOn("Chapters");
        WaitForAsyncUtils.waitForFxEvents();
        robot.clickOn("#chapter-progress");
        assertTrue(robot.lookup("#chapter-progress").queryAs(Labeled.class).getText().startsWith("Chapter 1 of "));
        files.file = dir.resolve("chapter-1.svg");
        key(KeyCode.SHORTCUT, KeyCode.E);
        choose("SVG picture (vector)", null);
        List<String> texts = SvgTexts.of(files.file);
        assertTrue(texts.contains("Where the final vector comes from"), texts.toString());
        assertTrue(robot.lookup("#chapter-export-notice").queryAs(Labeled.class).getText().startsWith("Exported 1 file"));

        key(KeyCode.RIGHT);
        files.file = dir.resolve("chapter-2.svg");
        key(KeyCode.SHORTCUT, KeyCode.E);
        choose("SVG picture (vector)", null);
        texts = SvgTexts.of(files.file);
        assertTrue(texts.contains("Causal attention"), texts.toString());

        for (int i = 0; i < 6; i++) {
            key(KeyCode.RIGHT);
        }
        assertTrue(robot.lookup("#chapter-progress").queryAs(Labeled.class).getText().startsWith("Chapter 8 of "));
        assertTrue(fileItem("menu-file-picture").isDisable(), "the stability chapter has a table, no map");
        key(KeyCode.RIGHT);
        key(KeyCode.RIGHT);
        assertFalse(fileItem("menu-file-picture").isDisable(), "the KV cache has a map again");
    }
}
