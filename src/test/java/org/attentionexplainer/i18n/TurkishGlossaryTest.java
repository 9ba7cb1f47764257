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
import org.junit.jupiter.api.Test;

/**
 * One word for one term in Turkish, as the course notes write it: "token", never "belirteç"
 * (the notes use "token" throughout; two words for one thing make a learner look for a
 * difference that is not there). The glossary at the top of the bundle names the choices.
 */
class TurkishGlossaryTest {
    private static final Locale TURKISH = Locale.forLanguageTag("tr");
    private static final String BUNDLE = "/org/attentionexplainer/i18n/messages_tr.properties";

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
    void theBundleOpensWithItsGlossary() throws IOException {
        String text = raw();
        String head = text.substring(0, text.indexOf("\napp.title="));
        assertTrue(head.lines().allMatch(l -> l.startsWith("#")), "the glossary is comments before the first key");
        assertTrue(head.contains("token") && head.contains("sözcük") && head.contains("kafa"), head);
    }
}
