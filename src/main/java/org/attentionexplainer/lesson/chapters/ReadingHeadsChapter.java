package org.attentionexplainer.lesson.chapters;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;
import java.util.function.Function;
import org.attentionexplainer.engine.bert.EncoderTrace;
import org.attentionexplainer.engine.bert.MiniLmModel;
import org.attentionexplainer.engine.bert.WhatIf;
import org.attentionexplainer.engine.text.Encoding;
import org.attentionexplainer.engine.text.Token;
import org.attentionexplainer.lesson.Text;
import org.attentionexplainer.lesson.chapters.quiz.ChoiceQuestion;
import org.attentionexplainer.lesson.chapters.quiz.NumericQuestion;
import org.attentionexplainer.lesson.chapters.quiz.Question;
import org.attentionexplainer.lesson.chapters.quiz.Quiz;
import org.attentionexplainer.lesson.heads.HeadDetectors;
import org.attentionexplainer.lesson.heads.HeadScores;

/**
 * Reading the heads of a real model: the detectors of {@link HeadDetectors} run on every head of
 * all-MiniLM-L6-v2 (6 layers x 12 heads), pooled over a fixed set of English sentences and,
 * apart, of Turkish ones. The model is optional: until it is loaded (or when it is not
 * installed) the chapter holds only the hand-made map, whose scores are worked out in the text.
 *
 * @param status  where the model stands
 * @param detail  why loading failed (one line), or ""
 * @param english the survey over {@link #ENGLISH}, or null until the model has run
 * @param turkish the survey over {@link #TURKISH}, or null
 */
public record ReadingHeadsChapter(Status status, String detail, Survey english, Survey turkish) implements Chapter {
    /** The chapter's title, headline and narrative. */
    public static final ChapterText TEXT = new ChapterText("heads", "chapter.heads.title", "chapter.heads.headline",
            List.of(new Section("chapter.heads.detectors.title", "chapter.heads.detectors.text",
                            "chapter.heads.detectors.formula"),
                    new Section("chapter.heads.model.title", "chapter.heads.model.text", null),
                    new Section("chapter.heads.induction.title", "chapter.heads.induction.text",
                            "chapter.heads.induction.formula"),
                    new Section("chapter.heads.turkish.title", "chapter.heads.turkish.text", null)));

    /** Where the real model stands. */
    public enum Status { NOT_LOADED, UNAVAILABLE, LOADING, READY, FAILED }

    /** What a head is scored for, with the message keys of its name and of "find the head that ...". */
    public enum Detector {
        PREVIOUS("chapter.heads.detector.previous", "chapter.heads.task.previous", HeadScores::previousToken),
        FIRST("chapter.heads.detector.first", "chapter.heads.task.first", HeadScores::firstToken),
        DELIMITER("chapter.heads.detector.delimiter", "chapter.heads.task.delimiter", HeadScores::delimiter),
        BROAD("chapter.heads.detector.broad", "chapter.heads.task.broad", HeadScores::broad),
        INDUCTION("chapter.heads.detector.induction", "chapter.heads.task.induction", HeadScores::induction);

        private final String key;
        private final String taskKey;
        private final Function<HeadScores, OptionalDouble> read;

        Detector(String key, String taskKey, Function<HeadScores, OptionalDouble> read) {
            this.key = key;
            this.taskKey = taskKey;
            this.read = read;
        }

        public String key() {
            return key;
        }

        public String taskKey() {
            return taskKey;
        }

        /** The score, or NaN where no row qualified (drawn as an empty cell, never shown as a number). */
        public double of(HeadScores s) {
            return read.apply(s).orElse(Double.NaN);
        }
    }

    /** Sentences with commas, full stops and repeated words (for the induction rows). */
    public static final List<String> ENGLISH = List.of(
            "The cat sat on the mat, and the dog sat on the rug.",
            "Harry Potter went to the station. Harry Potter took the train.",
            "She opened the door; the room was dark and quiet.",
            "When the rain stopped, we walked to the old bridge.",
            "Paris is the capital of France, and Rome is the capital of Italy.",
            "My brother, who lives in Ankara, visits us every summer.");
    public static final List<String> TURKISH = List.of(
            "Kedi halının üzerinde uyudu, köpek de bahçede oynadı.",
            "Ali Bey istasyona gitti. Ali Bey trene bindi.",
            "Kapıyı açtı; oda karanlık ve sessizdi.",
            "Yağmur durunca eski köprüye kadar yürüdük.",
            "Paris Fransa'nın başkenti, Roma da İtalya'nın başkenti.",
            "Ankara'da yaşayan kardeşim her yaz bize gelir.");

    /** A hand-made causal map over the tokens A B A B (row i: query i), scored in the text and the quiz. */
    public static final float[][] HAND = {
        {1f, 0f, 0f, 0f},
        {0.25f, 0.75f, 0f, 0f},
        {0.1f, 0.6f, 0.3f, 0f},
        {0.2f, 0.1f, 0.5f, 0.2f},
    };
    public static final List<String> HAND_TOKENS = List.of("A", "B", "A", "B");
    private static final int[] HAND_IDS = {0, 1, 0, 1};
    /** Delimiters of the hand-made map: none but the first token, as if it were a separator. */
    private static final int[] HAND_DELIMITERS = {0};

    /**
     * Every head scored over one set of sentences.
     *
     * @param scores    [layer][head]
     * @param tokens    each sentence's tokens as the model split them
     * @param maps      [sentence][layer][head] (n, n) weights, n the sentence's token count
     */
    public record Survey(List<List<HeadScores>> scores, List<List<String>> tokens, float[][][][][] maps) {
        public Survey {
            scores = List.copyOf(scores);
            tokens = List.copyOf(tokens);
        }

        public int layers() {
            return scores.size();
        }

        public int heads() {
            return scores.get(0).size();
        }

        /** (layers, heads) of one detector's scores, NaN where no row qualified. */
        public float[][] grid(Detector d) {
            float[][] g = new float[layers()][heads()];
            for (int l = 0; l < layers(); l++) {
                for (int h = 0; h < heads(); h++) {
                    g[l][h] = (float) d.of(scores.get(l).get(h));
                }
            }
            return g;
        }

        /** Every head as {layer, head}, best first for the detector (ties: lower layer, then head). */
        public List<int[]> ranking(Detector d) {
            List<int[]> all = new ArrayList<>();
            for (int l = 0; l < layers(); l++) {
                for (int h = 0; h < heads(); h++) {
                    all.add(new int[] {l, h});
                }
            }
            all.sort(Comparator.comparingDouble((int[] x) -> -value(d, x[0], x[1]))
                    .thenComparingInt(x -> x[0]).thenComparingInt(x -> x[1]));
            return all;
        }

        /** The score of one head; NaN sorts last in {@link #ranking}. */
        public double value(Detector d, int layer, int head) {
            double v = d.of(scores.get(layer).get(head));
            return Double.isNaN(v) ? Double.NEGATIVE_INFINITY : v;
        }

        /** Where a head ranks for a detector, 1 for the best. */
        public int rank(Detector d, int layer, int head) {
            List<int[]> r = ranking(d);
            for (int i = 0; i < r.size(); i++) {
                if (r.get(i)[0] == layer && r.get(i)[1] == head) {
                    return i + 1;
                }
            }
            throw new IllegalArgumentException("no head " + layer + "/" + head);
        }
    }

    /** Before the model has run: the hand-made map only. */
    public static ReadingHeadsChapter waiting(Status status, String detail) {
        return new ReadingHeadsChapter(status, detail, null, null);
    }

    /** Runs the model on both sets of sentences (slow: call it off the UI thread). */
    public static ReadingHeadsChapter compute(MiniLmModel model) {
        return new ReadingHeadsChapter(Status.READY, "", survey(model, ENGLISH), survey(model, TURKISH));
    }

    /** Every head of the model scored over the sentences, pooled. */
    public static Survey survey(MiniLmModel model, List<String> sentences) {
        EncoderTrace trace = model.run(sentences, WhatIf.TRAINED);
        List<HeadDetectors.Sample> samples = new ArrayList<>();
        List<List<String>> tokens = new ArrayList<>();
        float[][][][][] maps = new float[sentences.size()][][][][];
        for (int s = 0; s < sentences.size(); s++) {
            Encoding e = trace.inputs().get(s);
            maps[s] = new float[trace.layerCount()][trace.headCount()][][];
            for (int l = 0; l < trace.layerCount(); l++) {
                for (int h = 0; h < trace.headCount(); h++) {
                    maps[s][l][h] = trace.attention(s, l, h);
                }
            }
            samples.add(new HeadDetectors.Sample(maps[s], e.ids(), delimiters(e.tokens())));
            tokens.add(e.tokenTexts());
        }
        return new Survey(HeadDetectors.survey(samples), tokens, maps);
    }

    /** The positions of [SEP] and of tokens that are punctuation only (",", ".", ";"). */
    public static int[] delimiters(List<Token> tokens) {
        List<Integer> found = new ArrayList<>();
        for (int i = 0; i < tokens.size(); i++) {
            Token t = tokens.get(i);
            if (t.special() ? t.text().equals("[SEP]") : isPunctuation(t.text())) {
                found.add(i);
            }
        }
        return found.stream().mapToInt(Integer::intValue).toArray();
    }

    private static boolean isPunctuation(String s) {
        return !s.isEmpty() && s.codePoints().allMatch(c -> switch (Character.getType(c)) {
            case Character.CONNECTOR_PUNCTUATION, Character.DASH_PUNCTUATION, Character.START_PUNCTUATION,
                 Character.END_PUNCTUATION, Character.INITIAL_QUOTE_PUNCTUATION, Character.FINAL_QUOTE_PUNCTUATION,
                 Character.OTHER_PUNCTUATION -> true;
            default -> false;
        });
    }

    /** The detectors on the hand-made map. */
    public static HeadScores handScores() {
        return HeadDetectors.score(HAND, HAND_IDS, HAND_DELIMITERS);
    }

    /** The survey of a language: English or Turkish sentences. */
    public Survey survey(boolean turkishSentences) {
        return turkishSentences ? turkish : english;
    }

    @Override
    public Quiz quiz() {
        List<Question> q = new ArrayList<>();
        HeadScores hand = handScores();
        // rows 1..3 of HAND: 0.25, 0.6, 0.5 on the key just before -> 1.35 / 3 = 0.45
        q.add(new NumericQuestion("previous", Text.of("chapter.quiz.heads.previous"),
                hand.previousToken().getAsDouble(), NumericQuestion.toleranceFor(2),
                Text.of("chapter.quiz.heads.previous.why", hand.previousToken().getAsDouble())));
        // rows 2 and 3 repeat A and B: the keys after their first occurrence, 1 and 2 -> (0.6 + 0.5) / 2
        q.add(new NumericQuestion("induction", Text.of("chapter.quiz.heads.induction"),
                hand.induction().getAsDouble(), NumericQuestion.toleranceFor(2),
                Text.of("chapter.quiz.heads.induction.why", hand.induction().getAsDouble())));
        if (english != null) {
            q.add(findTheHead(english, Detector.PREVIOUS, "chapter.quiz.heads.find.previous"));
            q.add(findTheHead(english, Detector.FIRST, "chapter.quiz.heads.find.first"));
        }
        q.add(new ChoiceQuestion("turkish", Text.of("chapter.quiz.heads.turkish"), List.of(
                Text.of("chapter.quiz.heads.turkish.position"), Text.of("chapter.quiz.heads.turkish.grammar"),
                Text.of("chapter.quiz.heads.turkish.none")), 0, Text.of("chapter.quiz.heads.turkish.why")));
        return new Quiz(TEXT.id(), q);
    }

    /**
     * "Which of these heads ...?": the best head for the detector among three others (the 10th,
     * the middle one and the last), listed by layer and head. Its id is "find-" and the detector
     * ("find-previous").
     */
    static ChoiceQuestion findTheHead(Survey s, Detector d, String promptKey) {
        List<int[]> ranking = s.ranking(d);
        int[] best = ranking.get(0);
        List<int[]> picks = new ArrayList<>(List.of(best, ranking.get(9), ranking.get(ranking.size() / 2),
                ranking.get(ranking.size() - 1)));
        picks.sort(Comparator.comparingInt((int[] x) -> x[0]).thenComparingInt(x -> x[1]));
        List<Text> choices = new ArrayList<>();
        for (int[] p : picks) {
            choices.add(Text.of("chapter.heads.headName", p[0] + 1, p[1] + 1));
        }
        Text why = Text.of("chapter.quiz.heads.find.why", best[0] + 1, best[1] + 1, s.value(d, best[0], best[1]),
                ranking.size() / 2 + 1, s.value(d, ranking.get(ranking.size() / 2)[0],
                        ranking.get(ranking.size() / 2)[1]));
        return new ChoiceQuestion("find-" + d.name().toLowerCase(Locale.ROOT), Text.of(promptKey), choices,
                picks.indexOf(best), why);
    }
}
