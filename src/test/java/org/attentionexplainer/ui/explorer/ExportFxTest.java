package org.attentionexplainer.ui.explorer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.DialogPane;
import javafx.stage.Stage;
import org.attentionexplainer.ui.TestContexts;
import org.attentionexplainer.ui.export.FixedFiles;
import org.attentionexplainer.ui.home.HomeScreen;
import org.attentionexplainer.ui.shell.AppContext;
import org.attentionexplainer.ui.shell.MainView;
import org.attentionexplainer.ui.shell.MainViewModel;
import org.attentionexplainer.ui.theme.Theme;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** Export and sessions through the explorer's own Export menu, headless, into a temporary folder. */
@ExtendWith(ApplicationExtension.class)
class ExportFxTest {
    @TempDir
    static Path dir;

    private ExplorerScreen explorer;
    private FixedFiles files;

    @Start
    void start(Stage stage) {
        files = new FixedFiles(dir);
        AppContext context = TestContexts.english().withFiles(files);
        explorer = new ExplorerScreen(context);
        MainViewModel main = new MainViewModel(context, List.of(new HomeScreen(context), explorer));
        Scene scene = new Scene(new MainView(main, stage::close).createView(), 1200, 760);
        scene.getStylesheets().setAll(Theme.base(), Theme.LIGHT.stylesheet());
        stage.setScene(scene);
        stage.show();
    }

    private void menu(FxRobot robot, String item) {
        robot.clickOn("#explorer-export");
        robot.clickOn(item);
        WaitForAsyncUtils.waitForFxEvents();
    }

    private void ok(FxRobot robot) {
        DialogPane pane = robot.lookup(".dialog-pane").queryAs(DialogPane.class);
        robot.clickOn((Button) pane.lookupButton(ButtonType.OK));
        WaitForAsyncUtils.waitForFxEvents();
    }

    private static List<String> names(Path folder) throws Exception {
        try (Stream<Path> s = Files.list(folder)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void allHeadsGoToTheFolderOneFilePerHeadPlusTheGrid(FxRobot robot) throws Exception {
        Path heads = Files.createDirectories(dir.resolve("heads"));
        files.folder = heads;
        robot.clickOn("Attention maps");
        menu(robot, "#export-menu-all-heads");
        ok(robot);
        int count = explorer.model().traceProperty().get().headCount();
        // done when the files are in place and the staging folder they were made in is gone
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> names(heads).contains("grid.png")
                && names(heads).stream().noneMatch(n -> n.startsWith(".")));
        assertEquals(count + 1, names(heads).size(), names(heads).toString());
        assertTrue(names(heads).contains("head-01.png"));
    }

    @Test
    void theViewGoesToOneFileAndASessionReopensTheSettings(FxRobot robot) throws Exception {
        robot.clickOn("Attention maps");
        Path svg = dir.resolve("view.svg");
        files.file = svg;
        menu(robot, "#export-menu-picture");
        robot.clickOn("#export-format");
        robot.clickOn("SVG picture (vector)");
        ok(robot);
        assertTrue(Files.readString(svg).contains("<text"), "an SVG with text");

        Path session = dir.resolve("session.json");
        files.file = session;
        ExplorerViewModel vm = explorer.model();
        robot.interact(() -> vm.controls().temperatureProperty().set(0.37));
        menu(robot, "#export-menu-save-session");
        assertTrue(Files.readString(session).contains("0.37"));
        robot.interact(() -> vm.controls().temperatureProperty().set(2.0));
        menu(robot, "#export-menu-open-session");
        assertEquals(0.37, vm.controls().temperatureProperty().get());
    }
}
