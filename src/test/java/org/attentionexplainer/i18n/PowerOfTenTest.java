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
 * Tiny differences on a slide read as a class writes them, "3.0 × 10⁻⁸", not as the computer
 * prints them, "3.0E-8". Rule: the shortest decimal of the double, rounded half up to two
 * significant digits; every nonzero value in this form (2.5 too); an exact zero reads "0".
 */
class PowerOfTenTest {
    private static final Locale TURKISH = Locale.forLanguageTag("tr");

    private static String en(double value) {
        return NumberText.powerOfTen(value, Locale.ENGLISH);
    }

    @Test
    void aTinyNumberReadsAsMantissaTimesTenToASuperscriptPower() {
        assertEquals("3.0 × 10⁻⁸", en(3e-8));
        assertEquals("1.3 × 10⁻⁷", en(1.25e-7), "1.25 rounds half up");
        assertEquals("1.2 × 10⁻⁷", en(1.249e-7));
        assertEquals("1.0 × 10⁻⁷", en(9.96e-8), "rounding up carries into the power");
        assertEquals("5.4 × 10⁻¹²", en(5.4321e-12), "a two-digit power");
        assertEquals("−2.0 × 10⁻⁶", en(-2e-6), "a true minus sign");
    }

    @Test
    void zeroReadsZeroAndLargerNumbersKeepTheForm() {
        assertEquals("0", en(0));
        assertEquals("0", en(-0.0));
        assertEquals("2.5 × 10⁰", en(2.5));
        assertEquals("1.2 × 10³", en(1234));
        assertEquals("4.6 × 10¹⁹", en(4.56e19));
    }

    @Test
    void turkishWritesADecimalComma() {
        assertEquals("3,0 × 10⁻⁸", NumberText.powerOfTen(3e-8, TURKISH));
        assertEquals("1,3 × 10⁻⁷", NumberText.powerOfTen(1.25e-7, TURKISH));
        assertEquals("0", NumberText.powerOfTen(0, TURKISH));
    }

    @Test
    void aMessageWordsItsPowerOfTenArgument() {
        assertEquals("Largest difference between the two: 3.0 × 10⁻⁸",
                Localization.of(Locale.ENGLISH).get("chapter.causal.difference", new PowerOfTen(3e-8)));
        assertEquals("İkisi arasındaki en büyük fark: 3,0 × 10⁻⁸",
                Localization.of(TURKISH).get("chapter.causal.difference", new PowerOfTen(3e-8)));
        assertEquals("Largest difference between the two: 0",
                Localization.of(Locale.ENGLISH).get("chapter.causal.difference", new PowerOfTen(0)));
    }

    @Test
    void noTextPrintsTheComputersExponentNotation() throws IOException {
        Set<String> scientific = new TreeSet<>();
        for (String name : new String[] {"messages.properties", "messages_tr.properties"}) {
            Properties p = new Properties();
            try (InputStream in = getClass().getResourceAsStream("/org/attentionexplainer/i18n/" + name)) {
                p.load(new InputStreamReader(in, StandardCharsets.UTF_8));
            }
            for (String k : p.stringPropertyNames()) {
                if (p.getProperty(k).matches("(?s).*\\{\\d+,number,[^}]*E0}.*")) {
                    scientific.add(name + ": " + k);
                }
            }
        }
        assertEquals(Set.of(), scientific, "texts that would show 3.0E-8: pass a PowerOfTen and write {n}");
    }
}
