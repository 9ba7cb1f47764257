package org.attentionexplainer.export;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.exc.InputCoercionException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.attentionexplainer.engine.MessageText;
import org.attentionexplainer.engine.Worded;

/**
 * Words Jackson's failures to map a JSON tree onto records ("Cannot deserialize value of type
 * `java.lang.String` from Array value ...") as the field, what it must be and what the file
 * has there: {@code model.tokens[0]: must be text, got a list}.
 */
final class JsonFieldErrors {
    private JsonFieldErrors() {
    }

    /** "not valid JSON (line 3, column 7): " and the parser's message; without the place if the parser has none. */
    static Worded syntax(JsonProcessingException e) {
        JsonLocation at = e.getLocation();
        String problem = MessageText.oneLine(e.getOriginalMessage());
        return at == null || at.getLineNr() < 0 ? new Worded.Phrase("export.json.syntax", problem)
                : new Worded.Phrase("export.json.syntaxAt", String.valueOf(at.getLineNr()),
                String.valueOf(at.getColumnNr()), problem);
    }

    /** The problem of the field of {@code tree} that {@code e} failed on, or null if {@code e} names none. */
    static SpecException describe(JsonMappingException e, JsonNode tree) {
        List<JsonMappingException.Reference> path = e.getPath();
        if (path.isEmpty()) {
            return null;
        }
        Class<?> target = e instanceof MismatchedInputException m ? m.getTargetType()
                : e.getCause() instanceof InputCoercionException c ? c.getTargetType() : null;
        Worded expected = target == null ? new Worded.Phrase("export.json.usable") : expected(target);
        return new SpecException(path(path), "export.json.mustBe", expected, found(at(tree, path)));
    }

    /** For a record that refused null (List.copyOf): the first null inside a list under the failed field. */
    static SpecException describeNull(JsonMappingException e, JsonNode tree) {
        List<JsonMappingException.Reference> path = e.getPath();
        JsonNode node = at(tree, path);
        String inner = firstNullInList(node);
        if (inner == null) {
            return null;
        }
        String prefix = path(path);
        return new SpecException(prefix.isEmpty() ? inner.replaceFirst("^\\.", "") : prefix + inner,
                "export.json.notNull");
    }

    private static String firstNullInList(JsonNode node) {
        if (node == null) {
            return null;
        }
        if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                if (node.get(i).isNull()) {
                    return "[" + i + "]";
                }
                String inner = firstNullInList(node.get(i));
                if (inner != null) {
                    return "[" + i + "]" + inner;
                }
            }
        } else if (node.isObject()) {
            for (Map.Entry<String, JsonNode> field : node.properties()) {
                String inner = firstNullInList(field.getValue());
                if (inner != null) {
                    return "." + field.getKey() + inner;
                }
            }
        }
        return null;
    }

    private static Worded expected(Class<?> type) {
        if (type == String.class || type == char.class || type == Character.class) {
            return new Worded.Phrase("export.json.text");
        }
        if (type == int.class || type == Integer.class) {
            return new Worded.Phrase("export.json.whole", String.valueOf(Integer.MIN_VALUE),
                    String.valueOf(Integer.MAX_VALUE));
        }
        if (type == long.class || type == Long.class) {
            return new Worded.Phrase("export.json.whole", String.valueOf(Long.MIN_VALUE),
                    String.valueOf(Long.MAX_VALUE));
        }
        if (type == double.class || type == Double.class || type == float.class || type == Float.class) {
            return new Worded.Phrase("export.json.number");
        }
        if (type == boolean.class || type == Boolean.class) {
            return new Worded.Phrase("export.json.bool");
        }
        if (type.isEnum()) {
            return new Worded.Phrase("export.json.oneOf", Arrays.stream(type.getEnumConstants())
                    .map(c -> ((Enum<?>) c).name()).collect(Collectors.joining(", ")));
        }
        if (type.isArray() || Collection.class.isAssignableFrom(type)) {
            return new Worded.Phrase("export.json.list");
        }
        return new Worded.Phrase("export.json.object");
    }

    /** What the file has where a value was expected; JSON's own literals (null, true, false) as they are. */
    private static Object found(JsonNode node) {
        if (node == null || node.isMissingNode()) {
            return new Worded.Phrase("export.json.nothing");
        }
        if (node.isNull()) {
            return "null";
        }
        if (node.isArray()) {
            return new Worded.Phrase("export.json.list");
        }
        if (node.isObject()) {
            return new Worded.Phrase("export.json.object");
        }
        if (node.isTextual()) {
            return new Worded.Phrase("export.json.theText", MessageText.quote(node.asText()));
        }
        if (node.isBoolean()) {
            return String.valueOf(node.asBoolean());
        }
        return new Worded.Phrase("export.json.theNumber", MessageText.quote(node.asText()));
    }

    private static JsonNode at(JsonNode tree, List<JsonMappingException.Reference> path) {
        JsonNode node = tree;
        for (JsonMappingException.Reference r : path) {
            if (node == null) {
                return null;
            }
            node = r.getFieldName() != null ? node.get(r.getFieldName()) : node.get(r.getIndex());
        }
        return node;
    }

    private static String path(List<JsonMappingException.Reference> path) {
        StringBuilder sb = new StringBuilder();
        for (JsonMappingException.Reference r : path) {
            if (r.getFieldName() != null) {
                sb.append(sb.length() == 0 ? "" : ".").append(r.getFieldName());
            } else if (r.getIndex() >= 0) {
                sb.append('[').append(r.getIndex()).append(']');
            }
        }
        return sb.toString();
    }
}
