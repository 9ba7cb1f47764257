package org.attentionexplainer.i18n;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * A text with arguments goes through MessageFormat, where a lone apostrophe opens a quoted
 * section: "{0} sn'de ... {1}" would show "12 snde ... {1}". In such a text every apostrophe is
 * doubled, except where it quotes a brace ('{').
 */
class MessagePatternsTest {
    private static Properties load(String name) throws IOException {
        Properties p = new Properties();
        try (InputStream in = MessagePatternsTest.class.getResourceAsStream("/org/attentionexplainer/i18n/" + name)) {
            p.load(new InputStreamReader(in, StandardCharsets.UTF_8));
        }
        return p;
    }

    @Test
    void everyApostropheOfATextWithArgumentsIsDoubled() throws IOException {
        Set<String> lone = new TreeSet<>();
        for (String bundle : new String[] {"messages.properties", "messages_tr.properties"}) {
            Properties p = load(bundle);
            for (String k : p.stringPropertyNames()) {
                String text = p.getProperty(k);
                boolean hasArguments = text.matches("(?s).*\\{\\d.*");
                if (hasArguments && text.replace("''", "").replace("'{'", "").replace("'}'", "").contains("'")) {
                    lone.add(bundle + ": " + k);
                }
            }
        }
        assertEquals(Set.of(), lone, "texts with arguments whose apostrophe MessageFormat would swallow");
    }

    @Test
    void theTinyGptTextsKeepTheirApostrophesAndArguments() {
        Localization tr = Localization.of(Locale.forLanguageTag("tr"));
        assertEquals("12 sn'de eğitildi. 200 yeni dizide: tümevarım puanı 0,91, önceki-token puanı 0,88, tekrarın sonraki "
                + "tokenları %95 doğru.", tr.get("tinygpt.trained", "12", "0,91", "0,88", "95"));
        assertEquals("Model yalnızca A'dan Z'ye harfleri bilir, \"é\" değil.", tr.get("tinygpt.prompt.letter", "é"));
    }
}
