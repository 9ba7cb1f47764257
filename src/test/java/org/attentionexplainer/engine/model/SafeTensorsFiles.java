package org.attentionexplainer.engine.model;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.function.Consumer;

/** Damages a safetensors file the way the tests need: its header rewritten, its data changed in place. */
final class SafeTensorsFiles {
    private SafeTensorsFiles() {
    }

    /** The header as JSON, and where its data starts. */
    record Parts(ObjectNode header, byte[] data) {
    }

    static Parts parts(Path file) throws IOException {
        byte[] all = Files.readAllBytes(file);
        long n = ByteBuffer.wrap(all, 0, 8).order(ByteOrder.LITTLE_ENDIAN).getLong();
        ObjectNode header = (ObjectNode) new ObjectMapper().readTree(new String(all, 8, (int) n, StandardCharsets.UTF_8));
        return new Parts(header, Arrays.copyOfRange(all, 8 + (int) n, all.length));
    }

    static void write(Path file, ObjectNode header, byte[] data) throws IOException {
        byte[] json = new ObjectMapper().writeValueAsBytes(header);
        ByteBuffer out = ByteBuffer.allocate(8 + json.length + data.length).order(ByteOrder.LITTLE_ENDIAN);
        out.putLong(json.length).put(json).put(data);
        Files.write(file, out.array());
    }

    /** Rewrites the header (the data stays as it is). */
    static void editHeader(Path file, Consumer<ObjectNode> edit) throws IOException {
        Parts p = parts(file);
        edit.accept(p.header());
        write(file, p.header(), p.data());
    }

    /** Writes a float32 value over value {@code index} of an F32 tensor. */
    static void putFloat(Path file, String tensor, int index, float value) throws IOException {
        Parts p = parts(file);
        long begin = p.header().get(tensor).get("data_offsets").get(0).asLong();
        ByteBuffer.wrap(p.data()).order(ByteOrder.LITTLE_ENDIAN).putFloat((int) begin + 4 * index, value);
        write(file, p.header(), p.data());
    }
}
