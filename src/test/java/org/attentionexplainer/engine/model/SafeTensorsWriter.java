package org.attentionexplainer.engine.model;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Writes float32 tensors as a safetensors file, by the format's description (u64 header
 * length, JSON header, little-endian data), for tests that make model folders.
 */
public final class SafeTensorsWriter {
    private final Map<String, float[]> values = new LinkedHashMap<>();
    private final Map<String, long[]> shapes = new LinkedHashMap<>();

    public SafeTensorsWriter put(String name, float[] data, long... shape) {
        values.put(name, data);
        shapes.put(name, shape);
        return this;
    }

    public void write(Path file) throws IOException {
        ObjectMapper json = new ObjectMapper();
        ObjectNode header = json.createObjectNode();
        long offset = 0;
        for (Map.Entry<String, float[]> e : values.entrySet()) {
            ObjectNode t = header.putObject(e.getKey());
            t.put("dtype", "F32");
            var shape = t.putArray("shape");
            for (long s : shapes.get(e.getKey())) {
                shape.add(s);
            }
            t.putArray("data_offsets").add(offset).add(offset + 4L * e.getValue().length);
            offset += 4L * e.getValue().length;
        }
        byte[] text = json.writeValueAsBytes(header);
        try (OutputStream out = Files.newOutputStream(file)) {
            out.write(ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(text.length).array());
            out.write(text);
            for (float[] data : values.values()) {
                ByteBuffer b = ByteBuffer.allocate(4 * data.length).order(ByteOrder.LITTLE_ENDIAN);
                b.asFloatBuffer().put(data);
                out.write(b.array());
            }
        }
    }
}
