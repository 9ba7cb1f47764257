package org.attentionexplainer.engine.model;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.CharConversionException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.FloatBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import org.attentionexplainer.engine.MessageText;
import org.attentionexplainer.engine.UnusableFile;

/**
 * A safetensors file: an unsigned 64-bit little-endian header length N, N bytes of JSON that
 * give every tensor's dtype, shape and byte range ({@code data_offsets}, from the end of the
 * header), then the raw little-endian data. The header is checked whole before any value is
 * read, as the format's reference implementation does: known dtypes, byte ranges that match
 * dtype and shape, and ranges that tile the data exactly (no overlap, no gap, none past the
 * end of the file). Values are read on demand, from float32, float16 or bfloat16, a chunk at a
 * time, so a large file needs no heap copy.
 */
public final class SafeTensors implements AutoCloseable {
    /** The reference implementation refuses headers above 100 MB. */
    static final long MAX_HEADER = 100_000_000L;
    private static final int CHUNK = 1 << 20;

    /** One tensor as the header describes it; {@code begin}, {@code end} count from the start of the data. */
    public record Entry(String name, String dtype, long[] shape, long begin, long end) {
        public long values() {
            long n = 1;
            for (long s : shape) {
                n *= s;
            }
            return n;
        }

        /** The shape as "[768, 2304]". */
        public String shapeText() {
            return java.util.Arrays.toString(shape);
        }
    }

    /** Where the bytes come from: a file, or memory (tests, fuzzing). */
    interface Source extends AutoCloseable {
        long size() throws IOException;

        /** Fills {@code into} from {@code position}; the file is checked long enough before. */
        void read(long position, ByteBuffer into) throws IOException;

        @Override
        void close() throws IOException;
    }

    private final Source source;
    private final String fileName;
    private final long dataStart;
    private final Map<String, Entry> entries;

    private SafeTensors(Source source, String fileName, long dataStart, Map<String, Entry> entries) {
        this.source = source;
        this.fileName = fileName;
        this.dataStart = dataStart;
        this.entries = entries;
    }

    /**
     * Opens a file and checks its header.
     *
     * @throws ModelFormatException naming the file when the header is not a safetensors header
     *     or does not fit the file
     */
    public static SafeTensors open(Path file) throws IOException {
        FileChannel channel = FileChannel.open(file, StandardOpenOption.READ);
        try {
            return open(new FileSource(channel), MessageText.name(file.toString()));
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw e;
        }
    }

    /** The same for bytes in memory; {@code fileName} names them in messages. */
    public static SafeTensors read(byte[] bytes, String fileName) throws IOException {
        return open(new BytesSource(bytes), fileName);
    }

    private static SafeTensors open(Source source, String fileName) throws IOException {
        long size = source.size();
        if (size < 8) {
            throw new ModelFormatException("engine.model.st.short", fileName, String.valueOf(size));
        }
        ByteBuffer lengthBytes = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN);
        source.read(0, lengthBytes);
        long n = lengthBytes.getLong(0);
        if (n < 0 || n > size - 8) {
            throw new ModelFormatException("engine.model.st.headerLength", fileName, Long.toUnsignedString(n),
                    String.valueOf(size - 8));
        }
        if (n > MAX_HEADER) {
            throw new ModelFormatException("engine.model.st.headerTooLarge", fileName, String.valueOf(n),
                    String.valueOf(MAX_HEADER));
        }
        ByteBuffer header = ByteBuffer.allocate((int) n);
        source.read(8, header);
        Map<String, Entry> entries = parse(header.array(), fileName);
        checkTiling(entries, size - 8 - n, fileName);
        return new SafeTensors(source, fileName, 8 + n, entries);
    }

    private static Map<String, Entry> parse(byte[] header, String fileName) {
        JsonNode root;
        try {
            ObjectMapper json = new ObjectMapper().enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);
            root = json.readTree(header);
        } catch (JsonProcessingException e) {
            throw new ModelFormatException("engine.model.st.notJson", fileName,
                    MessageText.oneLine(e.getOriginalMessage()));
        } catch (IOException e) {
            // CharConversionException and the like: the bytes are no text in any JSON encoding
            throw new ModelFormatException("engine.model.st.notText", fileName, MessageText.oneLine(e.getMessage()));
        }
        if (root == null || !root.isObject()) {
            throw new ModelFormatException("engine.model.st.notObject", fileName);
        }
        Map<String, Entry> entries = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = root.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> field = it.next();
            String name = field.getKey();
            if (name.equals("__metadata__")) {
                if (!field.getValue().isObject()) {
                    throw new ModelFormatException("engine.model.st.metadata", fileName);
                }
                continue;
            }
            entries.put(name, entry(name, field.getValue(), fileName));
        }
        return Collections.unmodifiableMap(entries);
    }

    private static Entry entry(String name, JsonNode node, String fileName) {
        String quoted = tensor(name);
        if (!node.isObject()) {
            throw new ModelFormatException("engine.model.st.entryObject", fileName, quoted);
        }
        JsonNode dtypeNode = node.path("dtype");
        if (!dtypeNode.isTextual()) {
            throw new ModelFormatException("engine.model.st.noDtype", fileName, quoted);
        }
        String dtype = dtypeNode.asText();
        if (Dtype.size(dtype) == 0) {
            throw new ModelFormatException("engine.model.st.dtype", fileName, quoted, MessageText.quote(dtype));
        }
        JsonNode shapeNode = node.path("shape");
        if (!shapeNode.isArray()) {
            throw new ModelFormatException("engine.model.st.noShape", fileName, quoted);
        }
        long[] shape = new long[shapeNode.size()];
        long values = 1;
        for (int i = 0; i < shape.length; i++) {
            JsonNode s = shapeNode.get(i);
            if (!s.canConvertToLong() || !s.isIntegralNumber() || s.asLong() < 0) {
                throw new ModelFormatException("engine.model.st.shapeSizes", fileName, quoted);
            }
            shape[i] = s.asLong();
            if (shape[i] != 0 && values > Long.MAX_VALUE / 8 / shape[i]) {
                throw new ModelFormatException("engine.model.st.shapeTooLarge", fileName, quoted,
                        MessageText.quote(shapeNode.toString()));
            }
            values *= shape[i];
        }
        JsonNode offsets = node.path("data_offsets");
        if (!offsets.isArray() || offsets.size() != 2 || !isOffset(offsets.get(0)) || !isOffset(offsets.get(1))
                || offsets.get(0).asLong() > offsets.get(1).asLong()) {
            throw new ModelFormatException("engine.model.st.offsets", fileName, quoted);
        }
        long begin = offsets.get(0).asLong();
        long end = offsets.get(1).asLong();
        long bytes = values * Dtype.size(dtype);
        if (end - begin != bytes) {
            throw new ModelFormatException("engine.model.st.span", fileName, quoted, dtype,
                    MessageText.quote(shapeNode.toString()), String.valueOf(bytes), String.valueOf(end - begin));
        }
        return new Entry(name, dtype, shape, begin, end);
    }

    private static boolean isOffset(JsonNode n) {
        return n.isIntegralNumber() && n.canConvertToLong() && n.asLong() >= 0;
    }

    /** The tensors' byte ranges cover the data exactly, one after another. */
    private static void checkTiling(Map<String, Entry> entries, long dataSize, String fileName) {
        List<Entry> sorted = new ArrayList<>(entries.values());
        sorted.sort(Comparator.comparingLong(Entry::begin).thenComparingLong(Entry::end));
        for (int i = 1; i < sorted.size(); i++) {
            if (sorted.get(i).begin() < sorted.get(i - 1).end()) {
                throw new ModelFormatException("engine.model.st.overlap", fileName, tensor(sorted.get(i - 1).name()),
                        tensor(sorted.get(i).name()));
            }
        }
        long at = 0;
        for (Entry e : sorted) {
            if (e.begin() > at) {
                throw new ModelFormatException("engine.model.st.gap", fileName, String.valueOf(at),
                        String.valueOf(e.begin()), tensor(e.name()));
            }
            at = e.end();
        }
        if (at > dataSize) {
            throw new ModelFormatException("engine.model.st.truncated", fileName, String.valueOf(at),
                    String.valueOf(dataSize));
        }
        if (at < dataSize) {
            throw new ModelFormatException("engine.model.st.trailing", fileName, String.valueOf(dataSize - at));
        }
    }

    /** Every tensor, in the header's order. */
    public Map<String, Entry> entries() {
        return entries;
    }

    public Optional<Entry> entry(String name) {
        return Optional.ofNullable(entries.get(name));
    }

    /** How the file is named in messages. */
    public String fileName() {
        return fileName;
    }

    /**
     * Reads a floating-point tensor into {@code into} as float32, checking every value.
     *
     * @param maxMagnitude the largest |value| accepted; NaN is never
     * @param cancelled    asked between chunks; true stops the read with a
     *                     {@link java.util.concurrent.CancellationException}
     * @throws ModelFormatException if the tensor is not float32, float16 or bfloat16, or holds
     *     a value beyond {@code maxMagnitude}
     */
    public void readFloats(Entry e, FloatBuffer into, float maxMagnitude, BooleanSupplier cancelled) throws IOException {
        int width = Dtype.floatWidth(e.dtype());
        if (width == 0) {
            throw new ModelFormatException("engine.model.st.storedAs", fileName, tensor(e.name()), e.dtype());
        }
        long total = e.values();
        if (into.remaining() < total) {
            throw new IllegalArgumentException("a buffer of " + into.remaining() + " values for " + total);
        }
        ByteBuffer chunk = ByteBuffer.allocate((int) Math.min(CHUNK, Math.max(width, e.end() - e.begin())))
                .order(ByteOrder.LITTLE_ENDIAN);
        float[] values = new float[chunk.capacity() / width];
        short[] halves = width == 2 ? new short[values.length] : null;
        long done = 0;
        while (done < total) {
            if (cancelled.getAsBoolean()) {
                throw new java.util.concurrent.CancellationException("cancelled");
            }
            int n = (int) Math.min(values.length, total - done);
            chunk.clear().limit(n * width);
            source.read(dataStart + e.begin() + done * width, chunk);
            chunk.flip();
            // bulk reads and one tight loop: a value at a time through the buffers is several times slower
            if (width == 4) {
                chunk.asFloatBuffer().get(values, 0, n);
            } else {
                chunk.asShortBuffer().get(halves, 0, n);
                Dtype.decode(halves, values, n, e.dtype());
            }
            for (int i = 0; i < n; i++) {
                if (!(Math.abs(values[i]) <= maxMagnitude)) {
                    throw new ModelFormatException("engine.model.st.value", fileName, tensor(e.name()),
                            String.valueOf(values[i]), String.valueOf(done + i + 1), String.valueOf(total),
                            String.valueOf((long) maxMagnitude));
                }
            }
            into.put(values, 0, n);
            done += n;
        }
    }

    /** A tensor's values on the heap (tests, small tensors). */
    public float[] floats(Entry e, float maxMagnitude) throws IOException {
        if (e.values() > org.attentionexplainer.engine.Memory.MAX_ARRAY) {
            throw new ModelFormatException("engine.model.st.oneArray", fileName, tensor(e.name()));
        }
        float[] out = new float[(int) e.values()];
        readFloats(e, FloatBuffer.wrap(out), maxMagnitude, () -> false);
        return out;
    }

    @Override
    public void close() throws IOException {
        source.close();
    }

    private record FileSource(FileChannel channel) implements Source {
        @Override
        public long size() throws IOException {
            return channel.size();
        }

        @Override
        public void read(long position, ByteBuffer into) throws IOException {
            long at = position;
            while (into.hasRemaining()) {
                int n = channel.read(into, at);
                if (n < 0) {
                    throw new UnusableFile("", "engine.model.changed");
                }
                at += n;
            }
        }

        @Override
        public void close() throws IOException {
            channel.close();
        }
    }

    private record BytesSource(byte[] bytes) implements Source {
        @Override
        public long size() {
            return bytes.length;
        }

        @Override
        public void read(long position, ByteBuffer into) {
            into.put(bytes, (int) position, into.remaining());
        }

        @Override
        public void close() {
        }
    }

    /** A tensor's name for a message: whole, unless a damaged header made it absurdly long. */
    static String tensor(String name) {
        return MessageText.quote(name, 120);
    }
}
