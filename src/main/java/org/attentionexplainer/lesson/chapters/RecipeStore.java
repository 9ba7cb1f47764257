package org.attentionexplainer.lesson.chapters;

import java.util.List;
import org.attentionexplainer.engine.AttentionEngine;
import org.attentionexplainer.engine.AttentionSpec;
import org.attentionexplainer.engine.AttentionTrace;
import org.attentionexplainer.engine.Normalization;
import org.attentionexplainer.engine.Projection;
import org.attentionexplainer.engine.Scale;
import org.attentionexplainer.engine.Tensor;

/**
 * Attention as a soft key-value store: the keys are recipe titles described by four features
 * (sweet, savoury, hot, cold), the values the recipes as amounts of six ingredients, the query
 * "a warm dessert". A dictionary (hard attention) returns the one recipe whose title matches
 * best; soft attention returns a blend of all recipes, weighted by how well each title matches.
 *
 * <p>The engine takes one source for keys and values, so each source row is [title | recipe]
 * and fixed 0/1 projections pick the title for K and the recipe for V (exact: products with 1
 * and sums with 0).
 *
 * @param scores  (n,) q . k for each title
 * @param soft    (n,) softmax(beta scores)
 * @param hard    (n,) one-hot on the best title
 * @param softOutput (m,) the blended recipe
 * @param hardOutput (m,) the best title's recipe
 */
public record RecipeStore(double beta, Tensor keys, Tensor values, Tensor query, Tensor scores, Tensor soft,
                          Tensor hard, Tensor softOutput, Tensor hardOutput) {

    /** Recipe names, the keys' feature names and the values' ingredient names, as message keys. */
    public static final List<String> RECIPE_KEYS = List.of("chapter.hardsoft.recipe.cake",
            "chapter.hardsoft.recipe.soup", "chapter.hardsoft.recipe.sorbet", "chapter.hardsoft.recipe.pie");
    public static final List<String> FEATURE_KEYS = List.of("chapter.hardsoft.feature.sweet",
            "chapter.hardsoft.feature.savoury", "chapter.hardsoft.feature.hot", "chapter.hardsoft.feature.cold");
    public static final List<String> INGREDIENT_KEYS = List.of("chapter.hardsoft.ingredient.sugar",
            "chapter.hardsoft.ingredient.flour", "chapter.hardsoft.ingredient.cocoa",
            "chapter.hardsoft.ingredient.tomato", "chapter.hardsoft.ingredient.lemon",
            "chapter.hardsoft.ingredient.apple");
    public static final String QUERY_KEY = "chapter.hardsoft.recipe.query";

    private static final float[][] TITLES = {
        {0.9f, 0.0f, 0.6f, 0.1f},   // chocolate cake
        {0.1f, 0.9f, 0.9f, 0.0f},   // tomato soup
        {0.7f, 0.0f, 0.0f, 1.0f},   // lemon sorbet
        {0.8f, 0.1f, 0.8f, 0.0f},   // apple pie
    };
    private static final float[][] RECIPES = {
        {2.0f, 2.0f, 0.5f, 0.0f, 0.0f, 0.0f},
        {0.1f, 0.0f, 0.0f, 4.0f, 0.0f, 0.0f},
        {1.5f, 0.0f, 0.0f, 0.0f, 2.0f, 0.0f},
        {1.0f, 2.5f, 0.0f, 0.0f, 0.0f, 3.0f},
    };
    private static final float[] WARM_DESSERT = {1.0f, 0.0f, 1.0f, 0.0f};

    public static RecipeStore compute(AttentionEngine engine, double beta) {
        int f = TITLES[0].length;
        int m = RECIPES[0].length;
        int width = Math.max(f, m);
        float[][] source = new float[TITLES.length][f + m];
        for (int r = 0; r < TITLES.length; r++) {
            System.arraycopy(TITLES[r], 0, source[r], 0, f);
            System.arraycopy(RECIPES[r], 0, source[r], f, m);
        }
        Projection pick = new Projection.Separate(select(f, 0, f, width), select(f + m, 0, f, width),
                select(f + m, f, m, width));
        AttentionSpec spec = AttentionSpec.builder(Tensor.matrix(new float[][] {WARM_DESSERT}))
                .source(Tensor.matrix(source))
                .projection(pick)
                .scale(Scale.none())
                .build();
        AttentionTrace soft = engine.compute(HardSoftChapter.withBeta(spec, beta));
        AttentionTrace hard = engine.compute(spec.toBuilder().normalization(Normalization.HARDMAX).build());
        return new RecipeStore(beta, Tensor.matrix(TITLES), Tensor.matrix(RECIPES), Tensor.vector(WARM_DESSERT),
                Tensor.vector(soft.scores().row(0, 0, 0)), Tensor.vector(soft.weights().row(0, 0, 0)),
                Tensor.vector(hard.weights().row(0, 0, 0)), Tensor.vector(firstN(soft.context().row(0, 0), m)),
                Tensor.vector(firstN(hard.context().row(0, 0), m)));
    }

    /** (rows, width): 1 at (from + c, c) for c < count, so x W copies columns from..from+count-1. */
    private static Tensor select(int rows, int from, int count, int width) {
        float[][] w = new float[rows][width];
        for (int c = 0; c < count; c++) {
            w[from + c][c] = 1f;
        }
        return Tensor.matrix(w);
    }

    private static float[] firstN(float[] v, int n) {
        return java.util.Arrays.copyOf(v, n);
    }

    /** Index of the recipe a dictionary lookup returns. */
    public int bestRecipe() {
        return Matrices.argmax(hard.toArray());
    }
}
