package org.attentionexplainer.ui.explorer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
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
import javafx.stage.Window;
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

/** Export and sessions through the explorer's menu, headless, into a temporary folder. */
@ExtendWith(ApplicationExtension.class)
class ExportFxTest {
    @TempDir
    Path dir;

    private ExplorerScreen explorer;

    @Start
    void start(Stage stage) {
        AppContext context = AppContext.forTests();
        explorer = new ExplorerScreen(context);
        MainViewModel main = new MainViewModel(context, List.of(new HomeScreen(context), explorer));
        Scene scene = new Scene(new MainView(main, stage::close).createView(), 1200, 760);
        scene.getStylesheets().setAll(Theme.base(), Theme.LIGHT.stylesheet());
        stage.setScene(scene);
        stage.show();
    }

    /** Answers every file question with {@code file} and every folder question with the temp folder. */
    private PathChooser fixed(Path file) {
        return new PathChooser() {
            @Override
            public File saveFile(Window owner, String title, String extension, String initialName) {
                return file.toFile();
            }

            @Override
            public File openFile(Window owner, String title, String extension) {
                return file.toFile();
            }

            @Override
            public File folder(Window owner, String title) {
                return dir.toFile();
            }
        };
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

    private List<String> names() throws Exception {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void allHeadsGoToTheFolderOneFilePerHeadPlusTheGrid(FxRobot robot) throws Exception {
        robot.clickOn("Attention maps");
        explorer.usePathChooser(fixed(dir.resolve("unused.png")));
        menu(robot, "#export-menu-export");
        robot.clickOn("#export-scope-all");
        ok(robot);
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> names().contains("grid.png"));
        int heads = explorer.model().traceProperty().get().headCount();
        assertEquals(heads + 1, names().size(), names().toString());
        assertTrue(names().contains("head-01.png"));
    }

    @Test
    void theViewGoesToOneFileAndASessionReopensTheSettings(FxRobot robot) throws Exception {
        robot.clickOn("Attention maps");
        Path svg = dir.resolve("view.svg");
        explorer.usePathChooser(fixed(svg));
        menu(robot, "#export-menu-export");
        robot.clickOn("#export-format");
        robot.clickOn("SVG picture (vector)");
        ok(robot);
        assertTrue(Files.readString(svg).contains("<text"), "an SVG with text");

        Path session = dir.resolve("session.json");
        explorer.usePathChooser(fixed(session));
        ExplorerViewModel vm = explorer.model();
        robot.interact(() -> vm.controls().temperatureProperty().set(0.37));
        menu(robot, "#export-menu-save");
        assertTrue(Files.readString(session).contains("0.37"));
        robot.interact(() -> vm.controls().temperatureProperty().set(2.0));
        menu(robot, "#export-menu-open");
        assertEquals(0.37, vm.controls().temperatureProperty().get());
    }
}
