package org.attentionexplainer.ui.walkthrough;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import org.attentionexplainer.engine.AttentionEngine;
import org.attentionexplainer.lesson.Token;
import org.attentionexplainer.ui.i18n.I18n;
import org.attentionexplainer.ui.shell.AppContext;
import org.attentionexplainer.ui.shell.BackgroundWork;
import org.attentionexplainer.ui.shell.Settings;
import org.junit.jupiter.api.Test;

/** A learner's edits in the walkthrough come back after a restart (the settings are saved as they change). */
class WalkthroughRestartTest {
    private static final AttentionEngine ENGINE = new AttentionEngine();

    private static WalkthroughViewModel start(Settings settings) {
        return new WalkthroughViewModel(new AppContext(new I18n(Locale.ENGLISH), BackgroundWork.sameThread(),
                CompletableFuture.completedFuture(ENGINE), settings));
    }

    @Test
    void editedTokensWeightsAndDkComeBack() {
        Settings settings = new org.attentionexplainer.ui.MemorySettings();
        WalkthroughViewModel before = start(settings);
        EditableMatrixModel hello = before.hello().tokens();
        hello.addRow();
        hello.editLabel(3, "moon\tlight");                                 // a tab in a label survives too
        hello.editValue(3, 2, "0.125");
        hello.editValue(0, 0, "-0.75");
        before.hello().selectQuery(3);
        before.trainable().keyWeights().editValue(1, 1, "0.5");
        before.scaling().dkProperty().set(256);

        WalkthroughViewModel after = start(settings);
        List<Token> rows = after.hello().tokens().rows();
        assertEquals(4, rows.size());
        assertEquals("moon\tlight", rows.get(3).label());
        assertEquals(0.125, rows.get(3).values()[2]);
        assertEquals(-0.75, rows.get(0).values()[0]);
        assertEquals(0.53, rows.get(1).values()[0]);                         // the course's "shiny", untouched
        assertEquals(3, after.hello().queryProperty().get());
        assertEquals(0.5, after.trainable().keyWeights().rows().get(1).values()[1]);
        assertEquals(256, after.scaling().dkProperty().get());
        // the numbers are computed from the restored tokens: four of them, "moon"'s row a softmax row
        assertEquals(4, after.hello().resultProperty().get().tokens().size());
        double sum = 0;
        for (double w : after.hello().resultProperty().get().weights().row(3)) {
            sum += w;
        }
        assertEquals(1, sum, 1e-6);
    }

    @Test
    void savedRowsThatNoLongerFitFallBackToTheCourseExample() {
        Settings settings = new org.attentionexplainer.ui.MemorySettings();
        settings.put("walkthrough.hello.tokens", "Hello\t0.1\t0.2\n");         // two values where three are needed
        settings.put("walkthrough.trainable.wq", "1\tNaN\t0\n2\t0\t0\n3\t0\t0\n");
        settings.put("walkthrough.scaling.dk", "4096");
        WalkthroughViewModel vm = start(settings);
        assertEquals(List.of("Hello", "shiny", "sun"), vm.hello().tokens().rows().stream().map(Token::label).toList());
        assertEquals(0.34, vm.hello().tokens().rows().get(0).values()[0]);
        assertEquals(64, vm.scaling().dkProperty().get());
    }
}
