package org.attentionexplainer.export;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A session or spec file with a field of the wrong kind names the field, what it must be and what it holds. */
class SessionFileErrorsTest {
    private static final String MODEL = "{\"tokens\": [\"a\"], \"dModel\": 4, \"heads\": 2, \"projection\": \"SEPARATE\"}";
    private static final String CONTROLS =
            "{\"window\": 2, \"temperature\": 1, \"scaleMode\": \"NONE\", \"customScale\": 1, \"paddedKeys\": []}";

    private static String session(String model, String controls, String extra) {
        return "{\"version\": 2, \"model\": " + model + ", \"controls\": " + controls + extra + "}";
    }

    private static String message(String json) {
        return assertThrows(SpecException.class, () -> SessionFiles.fromJson(json, "s.json")).getMessage();
    }

    @Test
    void textGivenAList() {
        assertEquals("s.json: sentence: must be text, got a list", message(session(MODEL, CONTROLS, ", \"sentence\": [1]")));
        assertEquals("s.json: model.tokens[0]: must be text, got a list",
                message(session(MODEL.replace("[\"a\"]", "[[\"a\"]]"), CONTROLS, "")));
    }

    @Test
    void wrongEnumNumberBooleanOrObject() {
        assertEquals("s.json: model.projection: must be one of IDENTITY, SEPARATE, FUSED, got the text \"BOGUS\"",
                message(session(MODEL.replace("SEPARATE", "BOGUS"), CONTROLS, "")));
        assertEquals("s.json: model.dModel: must be a whole number from -2147483648 to 2147483647, got the text \"four\"",
                message(session(MODEL.replace("4", "\"four\""), CONTROLS, "")));
        assertEquals("s.json: model.dModel: must be a whole number from -2147483648 to 2147483647, got the number 1.0E20",
                message(session(MODEL.replace("4", "1e20"), CONTROLS, "")));
        assertEquals("s.json: autoRange: must be true or false, got the text \"yes\"",
                message(session(MODEL, CONTROLS, ", \"autoRange\": \"yes\"")));
        assertEquals("s.json: model: must be an object, got the number 3", message(session("3", CONTROLS, "")));
        assertEquals("s.json: controls.paddedKeys: must be a list, got an object",
                message(session(MODEL, CONTROLS.replace("[]", "{}"), "")));
    }

    @Test
    void nullInsideAList() {
        assertEquals("s.json: model.tokens[0]: must not be null",
                message(session(MODEL.replace("[\"a\"]", "[null]"), CONTROLS, "")));
        assertEquals("s.json: controls.paddedKeys[1]: must not be null",
                message(session(MODEL, CONTROLS.replace("[]", "[0, null]"), "")));
    }

    @Test
    void tooDeeplyNestedJsonIsOneLine(@TempDir Path dir) throws Exception {
        String deep = "[".repeat(1001);
        String m = message(deep);
        assertTrue(m.startsWith("s.json: not a session file: not valid JSON"), m);
        Path spec = dir.resolve("deep.json");
        Files.writeString(spec, "{\"input\": " + deep);
        SpecException e = assertThrows(SpecException.class, () -> new ComputeSpecReader().read(spec));
        assertTrue(e.getMessage().startsWith(spec + ": ") && e.getMessage().contains("nesting depth (1001)"),
                e.getMessage());
        assertTrue(!e.getMessage().contains("\n"), e.getMessage());
    }
}
