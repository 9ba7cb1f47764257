package org.attentionexplainer.export;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.exc.ValueInstantiationException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.attentionexplainer.engine.MessageText;
import org.attentionexplainer.engine.Worded;
import org.attentionexplainer.lesson.explorer.LoadedData;
import org.attentionexplainer.lesson.explorer.Session;

/**
 * Session files: the explorer's setting as JSON. Numbers are written with Java's shortest
 * round-trip form, so a temperature or scale reads back as the same double; tensors loaded
 * from files are embedded as float32 in Base64 ({@link SessionTensors}), so the file alone
 * reopens the same weights, bit for bit, on another machine.
 */
public final class SessionFiles {
    /** The largest session file read: a sentence alone is a few kilobytes, embedded weights up to this. */
    static final long MAX_BYTES = 64L << 20;
    private static final String LOADED = "loaded";
    private static final ObjectMapper JSON = new ObjectMapper()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .registerModule(new SimpleModule().addSerializer(LoadedData.class, new JsonSerializer<>() {
                @Override
                public void serialize(LoadedData d, JsonGenerator gen, SerializerProvider provider)
                        throws IOException {
                    if (d.isEmpty()) {
                        gen.writeNull();
                    } else {
                        gen.writeTree(SessionTensors.write(d));
                    }
                }
            }));

    private SessionFiles() {
    }

    public static String toJson(Session s) {
        try {
            return JSON.writeValueAsString(s);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** @throws SpecException with one line on anything that is not a usable session */
    public static Session fromJson(String text, String name) throws SpecException {
        JsonNode tree;
        try {
            tree = JSON.readTree(text);
        } catch (JsonProcessingException e) {
            throw new SpecException(name, "export.session.notSession", JsonFieldErrors.syntax(e));
        }
        try {
            if (tree == null || tree.isMissingNode() || tree.isNull()) {
                throw new SpecException(name, "export.session.empty");
            }
            if (!tree.isObject()) {
                throw new SpecException(name, "export.session.notSession",
                        new Worded.Phrase("export.session.notObject"));
            }
            JsonNode loaded = ((ObjectNode) tree).remove(LOADED);
            Session s = JSON.treeToValue(tree, Session.class);
            if (s.version() > Session.VERSION) {
                throw new SpecException(name, "export.session.newer", String.valueOf(s.version()));
            }
            return s.withLoaded(SessionTensors.read(loaded));
        } catch (SpecException e) {
            throw e.getMessage().startsWith(name + ":") ? e : e.in(name);
        } catch (ValueInstantiationException e) {
            Throwable cause = e.getCause() != null ? e.getCause() : e;
            SpecException located = cause instanceof NullPointerException ? JsonFieldErrors.describeNull(e, tree)
                    : null;
            if (located != null) {
                throw located.in(name);
            }
            throw cause instanceof Worded w ? new SpecException(name, w) : cause.getMessage() != null
                    ? new SpecException(name, "engine.spec.plain", cause.getMessage())
                    : new SpecException(name, "export.session.required", cause.getClass().getSimpleName());
        } catch (JsonMappingException e) {
            SpecException located = JsonFieldErrors.describe(e, tree);
            throw located != null ? located.in(name) : new SpecException(name, "export.session.notSession",
                    MessageText.oneLine(e.getOriginalMessage()));
        } catch (StreamConstraintsException e) {
            throw new SpecException(name, ComputeSpecReader.jsonProblem(e));
        } catch (JsonProcessingException e) {
            throw new SpecException(name, "export.session.notSession", MessageText.oneLine(e.getOriginalMessage()));
        }
    }

    public static void write(Path file, Session s, AtomicFiles.Existing existing) throws IOException {
        byte[] bytes = toJson(s).getBytes(java.nio.charset.StandardCharsets.UTF_8);
        AtomicFiles.write(file, existing, out -> out.write(bytes));
    }

    /**
     * Whether a JSON file is a session rather than a compute spec (a session has "model" and
     * "controls" at its top; a spec has neither); false for what is not JSON or cannot be read.
     */
    public static boolean looksLikeSession(Path file) {
        try {
            if (java.nio.file.Files.size(file) > MAX_BYTES) {
                return false;
            }
            com.fasterxml.jackson.databind.JsonNode root = JSON.readTree(file.toFile());
            return root != null && root.isObject() && root.has("model") && root.has("controls");
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    public static Session read(Path file) throws SpecException {
        try {
            if (Files.isDirectory(file)) {
                throw new SpecException(file.toString(), "export.session.folder");
            }
            if (Files.size(file) > MAX_BYTES) {
                throw new SpecException(String.valueOf(file.getFileName()), "export.session.tooLarge",
                        String.valueOf(Files.size(file)), String.valueOf(MAX_BYTES));
            }
            return fromJson(Files.readString(file), String.valueOf(file.getFileName()));
        } catch (NoSuchFileException e) {
            throw new SpecException(file.toString(), "export.file.noSuchFile");
        } catch (IOException e) {
            throw new SpecException(file.toString(), "export.file.cannotRead", String.valueOf(e.getMessage()));
        }
    }
}
