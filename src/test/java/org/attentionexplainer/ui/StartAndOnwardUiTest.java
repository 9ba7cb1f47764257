package org.attentionexplainer.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import javafx.scene.control.Button;
import org.attentionexplainer.engine.AttentionEngine;
import org.attentionexplainer.ui.i18n.I18n;
import org.attentionexplainer.ui.shell.AppContext;
import org.attentionexplainer.ui.shell.BackgroundWork;
import org.attentionexplainer.ui.shell.MainViewModel;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

/**
 * A real start and no dead ends: a first run opens on the Welcome page, whose buttons lead into
 * the app; the walkthrough's last step leads on to the chapters and the last chapter to the maps.
 */
class StartAndOnwardUiTest {
    private static final AttentionEngine ENGINE = new AttentionEngine();
    private final FxRobot robot = new FxRobot();

    private MainViewModel open(String screen) throws Exception {
        AppContext context = new AppContext(new I18n(Locale.ENGLISH), BackgroundWork.sameThread(),
                CompletableFuture.completedFuture(ENGINE), new MemorySettings());
        return MainWindow.open(context, screen);
    }

    @AfterEach
    void close() throws Exception {
        MainWindow.close();
    }

    @Test
    void theWelcomePageComesFirstAndLeadsIn() throws Exception {
        MainViewModel model = open("home");
        AppContext fresh = new AppContext(new I18n(Locale.ENGLISH), BackgroundWork.sameThread(),
                CompletableFuture.completedFuture(ENGINE), new MemorySettings());
        String[] first = new String[1];
        robot.interact(() -> first[0] = new MainViewModel(fresh, DesktopApp.createScreens(fresh))
                .currentProperty().get().id());
        assertEquals("home", first[0], "a first run, with nothing remembered, opens on the Welcome page");
        assertEquals("home", model.screens().get(0).id(), "Welcome is first in the navigation");
        robot.interact(() -> robot.lookup("#home-go-chapters").queryButton().fire());
        assertEquals("chapters", model.currentProperty().get().id());
        robot.interact(() -> model.currentProperty().set(model.screens().get(0)));
        robot.interact(() -> robot.lookup("#home-language-tr").queryAs(javafx.scene.control.ToggleButton.class).fire());
        assertEquals("tr", model.i18n().locale().getLanguage(), "the language is switched from the page");
    }

    @Test
    void theLastStepAndTheLastChapterLeadOn() throws Exception {
        MainViewModel model = open("walkthrough");
        robot.interact(() -> model.currentProperty().get().last());
        WaitForAsyncUtils.waitForFxEvents();
        Button next = robot.lookup("#walk-next").queryButton();
        assertFalse(next.isDisabled(), "Next is not a dead end on the last step");
        robot.interact(next::fire);
        assertEquals("chapters", model.currentProperty().get().id());
        robot.interact(() -> model.currentProperty().get().last());
        WaitForAsyncUtils.waitForFxEvents();
        Button onward = robot.lookup("#chapter-next").queryButton();
        assertFalse(onward.isDisabled(), "Next is not a dead end on the last chapter");
        robot.interact(onward::fire);
        assertEquals("explorer", model.currentProperty().get().id());
    }
}
