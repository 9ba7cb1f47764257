package org.attentionexplainer.i18n;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every user-visible string comes from the bundles: a key the code names must exist, a key
 * in a bundle must be used, and every key must be translated.
 *
 * <p>Keys are found as string literals in src/main/java. Keys built at run time (from an
 * enum name, a step number...) are declared by the prefix the code builds them from, in
 * {@link #DYNAMIC_PREFIXES}.
 */
class BundleCompletenessTest {
    /** Keys composed at run time start with one of these prefixes. */
    static final List<String> DYNAMIC_PREFIXES = List.of("theme.");

    /** English and Turkish may legitimately be the same for these (names, symbols). */
    static final Set<String> SAME_IN_BOTH = Set.of("engine.model.plain", "engine.spec.plain", "engine.model.fileSays",
            // formulas in the notation of the course notes
            "chapter.edge.single.formula", "chapter.encoder.addnorm.formula", "chapter.encoder.position.formula",
            "chapter.hardsoft.dot", "chapter.multihead.split.formula", "chapter.quiz.multihead.hd.why",
            "chapter.stability.shift.formula", "chapter.ui.stability.exp32", "chapter.ui.stability.exp16",
            "chapter.ui.stability.shifted", "chapter.why.measure.formula",
            // the term Turkish uses as it is
            "chapter.ui.flash.logit",
            "chapter.rope.title", "chapter.ui.rope.ropePanel", "chapter.ui.gqa.col.gib", "chapter.ui.gqa.kib",
            "chapter.ui.gqa.llamaOwn",
            // words Turkish borrows as they are
            "explorer.section.model", "explorer.section.dropout", "explorer.dModel",
            "real.model",
            // "token" is the course's Turkish word too (see the glossary atop messages_tr.properties)
            "walk.table.token", "walk.softmax.token", "walk.table.newToken");

    private static final Pattern LITERAL = Pattern.compile("\"([a-z][A-Za-z0-9_-]*(?:\\.[A-Za-z0-9_-]+)+\\.?)\"");

    private static Properties load(String name) throws IOException {
        Properties p = new Properties();
        try (InputStream in = BundleCompletenessTest.class.getResourceAsStream(
                "/org/attentionexplainer/i18n/" + name)) {
            p.load(new InputStreamReader(in, StandardCharsets.UTF_8));
        }
        return p;
    }

    private static Set<String> literalsInSources() throws IOException {
        Set<String> out = new HashSet<>();
        try (Stream<Path> files = Files.walk(Path.of("src/main/java"))) {
            for (Path f : (Iterable<Path>) files.filter(p -> p.toString().endsWith(".java"))::iterator) {
                Matcher m = LITERAL.matcher(Files.readString(f));
                while (m.find()) {
                    out.add(m.group(1));
                }
            }
        }
        return out;
    }

    @Test
    void everyKeyIsTranslatedBothWays() throws IOException {
        Set<String> en = load("messages.properties").stringPropertyNames();
        Set<String> tr = load("messages_tr.properties").stringPropertyNames();
        Set<String> missingTr = new TreeSet<>(en);
        missingTr.removeAll(tr);
        Set<String> extraTr = new TreeSet<>(tr);
        extraTr.removeAll(en);
        assertEquals(Set.of(), missingTr, "keys without a Turkish text");
        assertEquals(Set.of(), extraTr, "Turkish keys without an English text");
    }

    @Test
    void turkishTextsAreTranslations() throws IOException {
        Properties en = load("messages.properties");
        Properties tr = load("messages_tr.properties");
        Set<String> same = new TreeSet<>();
        for (String k : en.stringPropertyNames()) {
            if (en.getProperty(k).equals(tr.getProperty(k)) && !SAME_IN_BOTH.contains(k)
                    && en.getProperty(k).matches(".*[A-Za-z]{3,}.*")) {
                same.add(k);
            }
        }
        assertEquals(Set.of(), same, "texts left in English in the Turkish bundle");
    }

    @Test
    void everyKeyNamedInCodeExistsAndEveryKeyIsUsed() throws IOException {
        Set<String> keys = load("messages.properties").stringPropertyNames();
        Set<String> prefixes = new HashSet<>();
        for (String k : keys) {
            prefixes.add(k.substring(0, k.indexOf('.') + 1));
        }
        Set<String> literals = literalsInSources();
        Set<String> missing = new TreeSet<>();
        for (String lit : literals) {
            boolean looksLikeKey = prefixes.stream().anyMatch(lit::startsWith);
            boolean isPrefix = lit.endsWith(".");
            boolean isFileName = lit.matches(".*\\.(css|json|npy|png|svg|csv|properties|onnx|txt|xml)");
            if (looksLikeKey && !isPrefix && !isFileName && !keys.contains(lit)) {
                missing.add(lit);
            }
        }
        assertEquals(Set.of(), missing, "keys named in code but absent from messages.properties");
        Set<String> unused = new TreeSet<>();
        for (String k : keys) {
            boolean dynamic = DYNAMIC_PREFIXES.stream().anyMatch(k::startsWith)
                    || literals.stream().anyMatch(l -> l.endsWith(".") && k.startsWith(l));
            if (!literals.contains(k) && !dynamic) {
                unused.add(k);
            }
        }
        assertEquals(Set.of(), unused, "keys in messages.properties that no code uses");
        assertTrue(keys.size() > 10);
    }
}
