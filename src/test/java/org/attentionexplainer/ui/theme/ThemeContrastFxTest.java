package org.attentionexplainer.ui.theme;

import static org.junit.jupiter.api.Assertions.assertTrue;

import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.ToggleButton;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.scene.paint.Color;
import javafx.scene.paint.LinearGradient;
import javafx.scene.paint.Paint;
import javafx.scene.paint.Stop;
import org.controlsfx.control.ToggleSwitch;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;

/**
 * What a class must tell apart in every theme, read from the colours the stylesheets give: a
 * toggle that is on against one that is off (the Welcome page's language), and in high contrast
 * a switch's thumb against its track (it was white on white). Contrast is WCAG's ratio of
 * relative luminances, 3:1 being its least for parts of controls.
 */
class ThemeContrastFxTest {
    private static final double LEAST_FOR_CONTROLS = 3.0;
    private final FxRobot robot = new FxRobot();

    @BeforeAll
    static void toolkit() throws Exception {
        FxToolkit.registerPrimaryStage();
    }

    @AfterEach
    void close() throws Exception {
        FxToolkit.hideStage();
    }

    private void show(Theme theme, Node... nodes) throws Exception {
        FxToolkit.setupStage(stage -> {
            Scene scene = new Scene(new VBox(10, nodes), 400, 300);
            scene.getStylesheets().setAll(Theme.base(), theme.stylesheet());
            stage.setScene(scene);
            stage.show();
        });
        robot.interact(() -> {
            for (Node n : nodes) {
                n.applyCss();
            }
            nodes[0].getScene().getRoot().layout();
        });
    }

    @ParameterizedTest
    @EnumSource(Theme.class)
    void aToggleThatIsOnStandsOutFromOneThatIsOff(Theme theme) throws Exception {
        ToggleButton on = new ToggleButton("English");
        on.setSelected(true);
        ToggleButton off = new ToggleButton("Türkçe");
        show(theme, on, off);
        double ratio = contrast(face(on), face(off));
        assertTrue(ratio >= LEAST_FOR_CONTROLS, theme + ": on against off " + ratio);
    }

    @Test
    void highContrastSwitchesShowTheirThumbOnTheTrack() throws Exception {
        ToggleSwitch off = new ToggleSwitch("off");
        ToggleSwitch on = new ToggleSwitch("on");
        on.setSelected(true);
        show(Theme.HIGH_CONTRAST, off, on);
        for (ToggleSwitch s : new ToggleSwitch[] {off, on}) {
            double ratio = contrast(face((Region) s.lookup(".thumb")), face((Region) s.lookup(".thumb-area")));
            assertTrue(ratio >= LEAST_FOR_CONTROLS, s.getText() + ": thumb against track " + ratio);
        }
    }

    /** The colour a region shows inside its outlines: its last background fill (a gradient's mean). */
    private static Color face(Region r) {
        var fills = r.getBackground().getFills();
        Paint p = fills.get(fills.size() - 1).getFill();
        if (p instanceof LinearGradient g) {
            double red = 0;
            double green = 0;
            double blue = 0;
            for (Stop s : g.getStops()) {
                red += s.getColor().getRed();
                green += s.getColor().getGreen();
                blue += s.getColor().getBlue();
            }
            int n = g.getStops().size();
            return Color.color(red / n, green / n, blue / n);
        }
        return (Color) p;
    }

    private static double contrast(Color a, Color b) {
        double la = luminance(a);
        double lb = luminance(b);
        return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
    }

    private static double luminance(Color c) {
        return 0.2126 * linear(c.getRed()) + 0.7152 * linear(c.getGreen()) + 0.0722 * linear(c.getBlue());
    }

    private static double linear(double channel) {
        return channel <= 0.03928 ? channel / 12.92 : Math.pow((channel + 0.055) / 1.055, 2.4);
    }
}
