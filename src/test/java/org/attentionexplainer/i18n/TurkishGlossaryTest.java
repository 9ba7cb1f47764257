package org.attentionexplainer.i18n;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * One word for one term in Turkish, as the course notes write it: "token", never "belirteç"
 * (the notes use "token" throughout; two words for one thing make a learner look for a
 * difference that is not there); "kafa" for an attention head, never "baş". The glossary at the
 * top of the bundle names the choices.
 */
class TurkishGlossaryTest {
    private static final Locale TURKISH = Locale.forLanguageTag("tr");
    private static final String BUNDLE = "/org/attentionexplainer/i18n/messages_tr.properties";

    /**
     * "baş" and its case forms as a noun (head, the head's, to the head, heads...), as whole words.
     * Left out: "başına" (after a noun it means "per": "kafa başına"; "tek başına", alone), "başlar"
     * and "başta" (begins, at first), and every longer word (başla-, başlık, başka, başkent).
     */
    private static final Pattern HEAD_AS_BAS = Pattern.compile("(?<!\\p{L})(baş|başı|başın|başını|başının|başa"
            + "|başları|başların|başlarını|başlarının|başlara)(?!\\p{L})(?! ve sonu| çık)",
            Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE);

    /** The words of {@code text} that say "baş" where a head is meant. */
    static Set<String> headsAsBas(String text) {
        Set<String> found = new TreeSet<>();
        Matcher m = HEAD_AS_BAS.matcher(text);
        while (m.find()) {
            found.add(m.group());
        }
        return found;
    }

    private static String raw() throws IOException {
        try (InputStream in = TurkishGlossaryTest.class.getResourceAsStream(BUNDLE)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void noTurkishTextSaysBelirtecForToken() throws IOException {
        Properties tr = new Properties();
        tr.load(new java.io.StringReader(raw()));
        Set<String> keys = new TreeSet<>();
        for (String k : tr.stringPropertyNames()) {
            if (tr.getProperty(k).toLowerCase(TURKISH).contains("belirte")) {
                keys.add(k);
            }
        }
        assertEquals(Set.of(), keys, "texts that say \"belirteç\" where the course says \"token\"");
    }

    @Test
    void noTurkishTextSaysBasForHead() throws IOException {
        Properties tr = new Properties();
        tr.load(new java.io.StringReader(raw()));
        Set<String> found = new TreeSet<>();
        for (String k : tr.stringPropertyNames()) {
            headsAsBas(tr.getProperty(k)).forEach(w -> found.add(k + ": " + w));
        }
        assertEquals(Set.of(), found, "texts that say \"baş\" where the glossary says \"kafa\"");
    }

    @Test
    void noTurkishTextSaysTokenizerBesidesAFileName() throws IOException {
        Properties tr = new Properties();
        tr.load(new java.io.StringReader(raw()));
        // a file's name (tokenizer.json) or a field's (pre_tokenizer) stays as the file spells it
        Pattern tokenizer = Pattern.compile("(?i)(?<!_)tokenizer(?![._\\p{L}])");
        Set<String> keys = new TreeSet<>();
        for (String k : tr.stringPropertyNames()) {
            if (tokenizer.matcher(tr.getProperty(k)).find()) {
                keys.add(k);
            }
        }
        assertEquals(Set.of(), keys, "texts that say \"tokenizer\" where the glossary says \"tokenlayıcı\"");
    }

    @Test
    void theRuleForBasFindsHeadsAndLeavesOtherMeanings() {
        assertEquals(Set.of("Baş"), headsAsBas("Baş"));
        assertEquals(Set.of("baş"), headsAsBas("Her baş ne yapıyor"));
        assertEquals(Set.of("başı"), headsAsBas("tümevarım başı oluşmuştur"));
        assertEquals(Set.of("başların"), headsAsBas("başların oluşmasını izleyin"));
        assertEquals(Set.of(), headsAsBas("kafa başına skorlar; tek başına bir token; uzun girdilerle başa çıkar; "
                + "dikkatle başlar; başta korur; [CLS] ve [SEP] başı ve sonu işaretler; başlatın; başlığı; başka; "
                + "başkenti; tümevarım kafası"));
    }

    @Test
    void theBundleOpensWithItsGlossary() throws IOException {
        String text = raw();
        String head = text.substring(0, text.indexOf("\napp.title="));
        assertTrue(head.lines().allMatch(l -> l.startsWith("#")), "the glossary is comments before the first key");
        assertTrue(head.contains("token") && head.contains("sözcük") && head.contains("kafa"), head);
    }
}
