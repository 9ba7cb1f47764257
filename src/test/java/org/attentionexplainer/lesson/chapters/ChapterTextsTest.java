package org.attentionexplainer.lesson.chapters;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.text.MessageFormat;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import org.attentionexplainer.engine.AttentionEngine;
import org.attentionexplainer.i18n.NumberText;
import org.attentionexplainer.i18n.PowerOfTen;
import org.attentionexplainer.lesson.chapters.quiz.ChoiceQuestion;
import org.attentionexplainer.lesson.chapters.quiz.Question;
import org.attentionexplainer.ui.chapters.RegisteredChapters;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.attentionexplainer.lesson.Text;

/**
 * The narrative keys exist in both languages, and every sentence a chapter or quiz produces
 * formats cleanly the way the user interface formats it: {@code MessageFormat} when there are
 * arguments (a single quote must then be written twice), the bare text when there are none.
 */
class ChapterTextsTest {
    private static final Locale TR = Locale.forLanguageTag("tr");
    private static Properties en;
    private static Properties tr;
    private static List<Text> produced;

    @BeforeAll
    static void load() throws Exception {
        en = bundle("messages.properties");
        tr = bundle("messages_tr.properties");
        AttentionEngine engine = new AttentionEngine();
        produced = new ArrayList<>();
        for (Chapter chapter : RegisteredChapters.compute(engine)) {
            for (Question q : chapter.quiz().questions()) {
                produced.add(q.prompt());
                produced.add(q.explanation());
                if (q instanceof ChoiceQuestion c) {
                    produced.addAll(c.choices());
                }
            }
        }
        CausalChapter causal = CausalChapter.compute(engine);
        produced.add(causal.differenceText());
        produced.add(causal.leakText(0));
        produced.add(causal.dropout().summary());
        produced.add(MultiHeadChapter.compute(engine).differenceText());
        produced.add(CourseNoteCorrection.compute().statement());
        produced.add(EdgeCasesChapter.longInput(engine, 16, System::nanoTime).summary());
        WhyAttentionChapter why = WhyAttentionChapter.compute(engine);
        produced.add(why.firstWordText());
        produced.add(why.bottleneckText());
        KvCacheChapter kv = KvCacheChapter.compute(engine);
        for (int n = 1; n <= kv.steps().size(); n++) {
            produced.add(kv.stepText(n));
            produced.add(kv.sameText(n));
            produced.add(kv.memoryText(n));
        }
        produced.add(kv.farText());
        for (int n = 1; n <= kv.generation().steps().size(); n++) {
            produced.add(kv.generation().stepText(n));
            produced.add(kv.generation().cacheText(n));
        }
        FlashChapter flash = FlashChapter.compute(engine);
        for (int step = 1; step <= flash.stepCount(); step++) {
            produced.add(flash.stepText(step));
        }
        produced.add(flash.differenceText());
        produced.add(flash.memoryText());
    }

    private static Properties bundle(String name) throws Exception {
        Properties p = new Properties();
        try (InputStream in = ChapterTextsTest.class.getResourceAsStream(
                "/org/attentionexplainer/i18n/" + name)) {
            p.load(new InputStreamReader(in, StandardCharsets.UTF_8));
        }
        return p;
    }

    @Test
    void everyChapterHasItsTextsInBothLanguages() {
        for (ChapterText id : RegisteredChapters.texts()) {
            List<String> keys = new ArrayList<>(List.of(id.titleKey(), id.headlineKey()));
            assertTrue(id.sections().size() >= 2, id + " sections");
            for (Section s : id.sections()) {
                keys.add(s.titleKey());
                keys.add(s.textKey());
                if (s.formulaKey() != null) {
                    keys.add(s.formulaKey());
                }
            }
            for (String k : keys) {
                assertNotNull(en.getProperty(k), "English " + k);
                assertNotNull(tr.getProperty(k), "Turkish " + k);
                assertFalse(en.getProperty(k).contains("''") || tr.getProperty(k).contains("''"),
                        k + " takes no arguments, so its quotes are written once");
            }
        }
    }

    @Test
    void producedSentencesFormatInBothLanguages() {
        assertTrue(produced.size() > 60, "texts: " + produced.size());
        for (Text t : produced) {
            for (Properties bundle : List.of(en, tr)) {
                Locale locale = bundle == en ? Locale.ENGLISH : TR;
                String pattern = bundle.getProperty(t.key());
                assertNotNull(pattern, "missing " + t.key());
                String out = format(t, bundle, locale);
                assertFalse(out.contains("{") || out.contains("}"), t.key() + " left a placeholder: " + out);
                if (!t.args().isEmpty()) {
                    assertFalse(pattern.replace("''", "").contains("'"),
                            t.key() + " takes arguments: write a single quote as ''");
                } else {
                    assertFalse(pattern.contains("''"), t.key() + " takes no arguments: write ' once");
                }
            }
        }
    }

    @Test
    void numbersFollowTheLocale() {
        Text leak = CausalChapter.compute(new AttentionEngine()).leakText(0);
        assertTrue(format(leak, en, Locale.ENGLISH).contains("0.8029"), format(leak, en, Locale.ENGLISH));
        assertTrue(format(leak, tr, TR).contains("0,8029"), format(leak, tr, TR));
        String statement = format(CourseNoteCorrection.compute().statement(), en, Locale.ENGLISH);
        assertTrue(statement.contains("1,099,511,627,776 bytes ≈ 1.1 TB, not 64 GB"), statement);
        String hinted = format(CourseNoteCorrection.compute().statement(), tr, TR);
        assertTrue(hinted.contains("1.099.511.627.776 bayt ≈ 1,1 TB"), hinted);
    }

    /** What the user interface does: nested texts first, MessageFormat only with arguments. */
    static String format(Text t, Properties bundle, Locale locale) {
        String pattern = bundle.getProperty(t.key());
        if (t.args().isEmpty()) {
            return pattern;
        }
        Object[] args = t.args().toArray();
        for (int i = 0; i < args.length; i++) {
            if (args[i] instanceof Text nested) {
                args[i] = format(nested, bundle, locale);
            } else if (args[i] instanceof PowerOfTen p) {
                args[i] = NumberText.powerOfTen(p.value(), locale);
            }
        }
        return new MessageFormat(pattern, locale).format(args);
    }
}
