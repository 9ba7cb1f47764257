package org.attentionexplainer.lesson;

import java.util.List;

/**
 * The inputs of the course: "Hello shiny sun!" with the query "shiny", and the six-token
 * sentence of the trainable-weights section with its seed.
 */
public final class CourseExample {
    /** The query of steps 1–3: "shiny". */
    public static final int HELLO_QUERY = 1;
    /** The query the textbook follows through the trainable weights: "journey". */
    public static final int SENTENCE_QUERY = 1;
    /** The embedding width of both examples. */
    public static final int D_IN = 3;
    /** The projected width of the trainable-weights section. */
    public static final int D_OUT = 2;
    /** {@code torch.manual_seed(789)} before {@code SelfAttention_v2(3, 2)}: the textbook's weights. */
    public static final long SEED = 789;
    /** The context vector of "shiny" as the course notes print it (they round intermediates). */
    private static final double[] NOTES_CONTEXT = {0.3992, 0.3858, 0.8610};

    private CourseExample() {
    }

    public static List<Token> helloShinySun() {
        return List.of(
                Token.of("Hello", 0.34, 0.22, 0.54),
                Token.of("shiny", 0.53, 0.34, 0.98),
                Token.of("sun", 0.29, 0.54, 0.93));
    }

    public static List<Token> yourJourneyStartsWithOneStep() {
        return List.of(
                Token.of("Your", 0.43, 0.15, 0.89),
                Token.of("journey", 0.55, 0.87, 0.66),
                Token.of("starts", 0.57, 0.85, 0.64),
                Token.of("with", 0.22, 0.58, 0.33),
                Token.of("one", 0.77, 0.25, 0.10),
                Token.of("step", 0.05, 0.80, 0.55));
    }

    public static double[] notesContext() {
        return NOTES_CONTEXT.clone();
    }
}
