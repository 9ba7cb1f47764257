package org.attentionexplainer.lesson;

/**
 * The walkthrough, in order, with the message keys of its narrative: a title, a short
 * explanation and the formula of each step.
 */
public enum Step {
    SCORES("walk.scores.title", "walk.scores.text", "walk.scores.formula"),
    SOFTMAX("walk.softmax.title", "walk.softmax.text", "walk.softmax.formula"),
    CONTEXT("walk.context.title", "walk.context.text", "walk.context.formula"),
    ALL_QUERIES("walk.all.title", "walk.all.text", "walk.all.formula"),
    PROJECTIONS("walk.projections.title", "walk.projections.text", "walk.projections.formula"),
    SCALED_SCORES("walk.scaled.title", "walk.scaled.text", "walk.scaled.formula"),
    TRAINED_CONTEXT("walk.trained.title", "walk.trained.text", "walk.trained.formula"),
    WHY_SQRT_DK("walk.sqrt.title", "walk.sqrt.text", "walk.sqrt.formula");

    private final String titleKey;
    private final String textKey;
    private final String formulaKey;

    Step(String titleKey, String textKey, String formulaKey) {
        this.titleKey = titleKey;
        this.textKey = textKey;
        this.formulaKey = formulaKey;
    }

    public String titleKey() {
        return titleKey;
    }

    public String textKey() {
        return textKey;
    }

    public String formulaKey() {
        return formulaKey;
    }

    /** Whether the step works on "Hello shiny sun!" (else on the six-token sentence or random vectors). */
    public boolean usesHelloExample() {
        return ordinal() <= ALL_QUERIES.ordinal();
    }

    /** Whether the step works on the six-token sentence with trainable weights. */
    public boolean usesSentence() {
        return this == PROJECTIONS || this == SCALED_SCORES || this == TRAINED_CONTEXT;
    }
}
