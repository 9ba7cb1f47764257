package org.attentionexplainer.ui.walkthrough;

import java.util.ArrayList;
import java.util.List;
import javafx.scene.Node;
import javafx.scene.control.Label;
import org.attentionexplainer.lesson.Step;
import org.attentionexplainer.ui.common.PageLayout;
import org.attentionexplainer.ui.i18n.I18n;

/**
 * A walkthrough step as a page: its explanation, formula and inputs on the left, its visual
 * with the numbers on the right. Presentation mode hides the explanation's prose and the inputs.
 */
final class StepLayout {
    /** The explanation's share of the page's width. */
    private static final double LEFT_SHARE = 0.34;
    /**
     * Presenting, the column keeps the formula alone: the visual takes the prose's room (at 1024 x 768
     * a third of the slide had held one formula while the numbers beside it wrapped).
     */
    private static final double PRESENTING_LEFT_SHARE = 0.22;

    private StepLayout() {
    }

    static Node of(WalkthroughViewModel walk, Step step, Node inputs, Node visual) {
        return of(walk, step, null, inputs, visual);
    }

    /**
     * The same with {@code intro} (null for none) above the explanation, kept in presentation
     * mode: what a learner must know before the step, such as a change of example.
     */
    static Node of(WalkthroughViewModel walk, Step step, Node intro, Node inputs, Node visual) {
        I18n i18n = walk.i18n();
        Label text = PageLayout.wrapped(i18n, step.textKey(), "page-text");
        Label formula = PageLayout.label(i18n.text(step.formulaKey()), "formula", "page-formula");
        PageLayout.narrative(walk.presentingProperty(), text);
        List<Node> left = new ArrayList<>();
        if (intro != null) {
            left.add(intro);
        }
        left.addAll(List.of(text, formula));
        if (inputs != null) {
            // the editing panel is the learner's; the class sees the formula and the figure
            PageLayout.narrative(walk.presentingProperty(), inputs);
            left.add(inputs);
        }
        return PageLayout.page(javafx.beans.binding.Bindings.when(walk.presentingProperty())
                .then(PRESENTING_LEFT_SHARE).otherwise(LEFT_SHARE), visual, left.toArray(new Node[0]));
    }
}
