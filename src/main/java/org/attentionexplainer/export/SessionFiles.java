package org.attentionexplainer.export;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.exc.ValueInstantiationException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.attentionexplainer.lesson.explorer.Session;

/**
 * Session files: the explorer's setting as JSON. Numbers are written with Java's shortest
 * round-trip form, so a temperature or scale reads back as the same double.
 */
public final class SessionFiles {
    /** The largest session file read: a sentence of 512 tokens is a few kilobytes. */
    static final long MAX_BYTES = 4L << 20;
    private static final ObjectMapper JSON = new ObjectMapper()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    private SessionFiles() {
    }

    public static String toJson(Session s) {
        try {
            return JSON.writeValueAsString(s);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** @throws SpecException with one line on anything that is not a session */
    public static Session fromJson(String text, String name) throws SpecException {
        try {
            Session s = JSON.readValue(text, Session.class);
            if (s == null) {
                throw new SpecException(name + ": empty session file");
            }
            if (s.version() > Session.VERSION) {
                throw new SpecException(name + ": session version " + s.version() + " is newer than this program");
            }
            return s;
        } catch (ValueInstantiationException e) {
            Throwable cause = e.getCause() != null ? e.getCause() : e;
            throw new SpecException(name + ": " + cause.getMessage());
        } catch (JsonProcessingException e) {
            throw new SpecException(name + ": not a session file: " + e.getOriginalMessage());
        }
    }

    public static void write(Path file, Session s, AtomicFiles.Existing existing) throws IOException {
        byte[] bytes = toJson(s).getBytes(java.nio.charset.StandardCharsets.UTF_8);
        AtomicFiles.write(file, existing, out -> out.write(bytes));
    }

    public static Session read(Path file) throws SpecException {
        try {
            if (Files.size(file) > MAX_BYTES) {
                throw new SpecException(file.getFileName() + ": too large for a session file");
            }
            return fromJson(Files.readString(file), String.valueOf(file.getFileName()));
        } catch (NoSuchFileException e) {
            throw new SpecException(file + ": no such file");
        } catch (IOException e) {
            throw new SpecException(file + ": cannot read: " + e.getMessage());
        }
    }
}
