package org.attentionexplainer.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxToolkit;

/** The real application class opens a titled window, headless under Monocle. */
class DesktopAppSmokeTest {
    private javafx.application.Application app;

    @AfterEach
    void closeApp() throws Exception {
        FxToolkit.cleanupApplication(app);
        FxToolkit.cleanupStages();
    }

    @Test
    void opensTheMainWindow() throws Exception {
        Stage stage = FxToolkit.registerPrimaryStage();
        app = FxToolkit.setupApplication(DesktopApp.class);
        assertTrue(stage.isShowing());
        assertEquals("Attention Explainer", stage.getTitle());
    }
}
