package org.attentionexplainer.lesson.chapters;

import java.util.List;
import org.attentionexplainer.engine.AttentionEngine;
import org.attentionexplainer.engine.AttentionSpec;
import org.attentionexplainer.engine.AttentionTrace;
import org.attentionexplainer.engine.Scale;
import org.attentionexplainer.engine.Tensor;
import org.attentionexplainer.lesson.chapters.quiz.Quiz;

/**
 * Chapter 5, cross-attention: a decoder writing the Turkish "Merhaba parlak güneş" asks the encoder's
 * "Hello shiny sun". Queries come from the decoder (t = 4 positions, with the start token), keys
 * and values from the encoder (s = 3), so the weight map is a t x s rectangle. As in the course's
 * first example, the vectors themselves are Q, K and V and the scores are not scaled; the decoder
 * vectors are made up so that each word points at its translation.
 *
 * @param weights (t, s) each decoder token's weights over the encoder tokens
 * @param context (t, d) what each decoder token takes from the encoder
 */
public record CrossChapter(List<String> decoderTokens, List<String> encoderTokens, Tensor decoder, Tensor encoder,
                           Tensor scores, Tensor weights, Tensor context, AttentionTrace trace) implements Chapter {
    /** The chapter's title, headline and narrative. */
    public static final ChapterText TEXT = new ChapterText("cross", "chapter.cross.title",
            "chapter.cross.headline", List.of(
                    new Section("chapter.cross.sources.title", "chapter.cross.sources.text",
                            "chapter.cross.sources.formula"),
                    new Section("chapter.cross.shape.title", "chapter.cross.shape.text",
                            "chapter.cross.shape.formula")));


    public static final List<String> DECODER_TOKENS = List.of("<bos>", "Merhaba", "parlak", "güneş");
    private static final float[][] DECODER = {
        {0.2f, 0.2f, 0.2f},
        {1.6f, -1.0f, -0.9f},
        {1.2f, 0.0f, 1.2f},
        {-1.2f, 1.4f, 0.3f},
    };

    public CrossChapter {
        decoderTokens = List.copyOf(decoderTokens);
        encoderTokens = List.copyOf(encoderTokens);
    }

    public static CrossChapter compute(AttentionEngine engine) {
        Tensor decoder = Tensor.matrix(DECODER);
        Tensor encoder = CourseExamples.hello();
        AttentionSpec spec = AttentionSpec.builder(decoder)
                .tokens(DECODER_TOKENS)
                .source(encoder)
                .sourceTokens(CourseExamples.HELLO_TOKENS)
                .scale(Scale.none())
                .build();
        AttentionTrace trace = engine.compute(spec);
        return new CrossChapter(DECODER_TOKENS, CourseExamples.HELLO_TOKENS, decoder, encoder,
                Tensor.matrix(Matrices.first(trace.scores())), Tensor.matrix(Matrices.first(trace.weights())),
                Tensor.matrix(trace.context().matrix(0)), trace);
    }

    public int rows() {
        return weights.dim(0);
    }

    public int columns() {
        return weights.dim(1);
    }

    /** The encoder token that decoder token i attends to most. */
    public int strongestSource(int decoderToken) {
        return Matrices.argmax(weights.row(decoderToken));
    }

    @Override
    public Quiz quiz() {
        return AttentionQuizzes.cross(this);
    }
}
