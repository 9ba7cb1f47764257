package org.attentionexplainer.engine.tinygpt;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.attentionexplainer.engine.InvalidSpecException;
import org.attentionexplainer.engine.MessageText;
import org.attentionexplainer.engine.Tensor;
import org.attentionexplainer.engine.UnusableFile;

/**
 * A tiny GPT's model file (*.tinygpt): small, and readable with {@code head -2}.
 *
 * <pre>
 *   line 1   attention-explainer tiny-gpt 1
 *   line 2   {"vocab":26,"positions":24,"d_model":64,"layers":2,"heads":4,"values":N,
 *             "training":{"seed":1,"steps":1500,"batch":32,"learning_rate":0.003}}
 *   then     N float32 values, little-endian, in {@link GptWeights#inFileOrder()}, each row-major
 * </pre>
 *
 * Reading trusts nothing: the header must be one JSON line of a plausible model, the value count
 * must be the one its shape needs, the file must hold exactly that many values, and every value
 * must be finite. A refusal is an {@link UnusableFile} of one line that names the file, worded in
 * the reader's language by the window.
 */
public final class GptModelFile {
    public static final String EXTENSION = ".tinygpt";
    static final String MAGIC = "attention-explainer tiny-gpt 1\n";
    /** A header longer than this is not one of ours. */
    static final int MAX_HEADER = 1024;
    private static final ObjectMapper JSON = new ObjectMapper();

    /** What a model file holds: the weights and, when known, how they were trained. */
    public record Saved(GptWeights weights, TrainingOptions training) {
    }

    private GptModelFile() {
    }

    /** Writes the model; {@code training} may be null. */
    public static void write(GptWeights weights, TrainingOptions training, OutputStream out) throws IOException {
        GptConfig c = weights.config();
        ObjectNode header = JSON.createObjectNode();
        header.put("vocab", c.vocab());
        header.put("positions", c.positions());
        header.put("d_model", c.dModel());
        header.put("layers", c.layers());
        header.put("heads", c.heads());
        header.put("values", c.parameterCount());
        if (training != null) {
            ObjectNode t = header.putObject("training");
            t.put("seed", training.seed());
            t.put("steps", training.steps());
            t.put("batch", training.batchSize());
            t.put("learning_rate", training.learningRate());
        }
        out.write(MAGIC.getBytes(StandardCharsets.US_ASCII));
        out.write(JSON.writeValueAsBytes(header));
        out.write('\n');
        for (Tensor tensor : weights.inFileOrder()) {
            float[] values = tensor.toArray();
            ByteBuffer buffer = ByteBuffer.allocate(values.length * Float.BYTES).order(ByteOrder.LITTLE_ENDIAN);
            buffer.asFloatBuffer().put(values);
            out.write(buffer.array());
        }
    }

    /** The file as bytes, for a test or a copy in memory. */
    public static byte[] toBytes(GptWeights weights, TrainingOptions training) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            write(weights, training, out);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        return out.toByteArray();
    }

    public static Saved read(Path path) throws IOException {
        String shown = MessageText.name(path.toString());
        try {
            if (Files.isDirectory(path)) {
                throw new UnusableFile(shown, "engine.tinygpt.file.folder");
            }
            long size = Files.size(path);
            try (InputStream in = Files.newInputStream(path)) {
                return read(in, size, shown);
            }
        } catch (NoSuchFileException e) {
            throw new UnusableFile(shown, "engine.file.noSuchFile");
        } catch (AccessDeniedException e) {
            throw new UnusableFile(shown, "engine.file.denied");
        } catch (FileSystemException e) {
            throw e.getReason() == null ? new UnusableFile(shown, "engine.file.cannotRead")
                    : new UnusableFile(shown, "engine.file.cannotReadBecause", e.getReason());
        }
    }

    /**
     * Reads from a stream of known total length in bytes (-1 if unknown).
     *
     * @param name how messages name the file
     */
    public static Saved read(InputStream in, long totalBytes, String name) throws IOException {
        byte[] magic = in.readNBytes(MAGIC.length());
        if (!MAGIC.equals(new String(magic, StandardCharsets.ISO_8859_1))) {
            throw new UnusableFile(name, "engine.tinygpt.file.notModel", MAGIC.strip());
        }
        byte[] headerBytes = headerLine(in, name);
        JsonNode header;
        try {
            header = JSON.readTree(headerBytes);
        } catch (JsonProcessingException e) {
            throw new UnusableFile(name, "engine.tinygpt.file.notJson", MessageText.oneLine(e.getOriginalMessage()));
        }
        if (header == null || !header.isObject()) {
            throw new UnusableFile(name, "engine.tinygpt.file.notObject");
        }
        GptConfig config;
        try {
            config = new GptConfig(whole(header, "vocab", name), whole(header, "positions", name),
                    whole(header, "d_model", name), whole(header, "layers", name), whole(header, "heads", name));
        } catch (InvalidSpecException e) {
            throw new UnusableFile(name, "engine.spec.plain", e);
        }
        TrainingOptions training = training(header.get("training"), name);
        long values = config.parameterCount();
        JsonNode claimed = header.get("values");
        if (claimed == null || !claimed.canConvertToLong() || !claimed.isIntegralNumber()
                || claimed.asLong() != values) {
            throw new UnusableFile(name, "engine.tinygpt.file.values", String.valueOf(values));
        }
        long expectedBytes = MAGIC.length() + headerBytes.length + 1L + values * Float.BYTES;
        if (totalBytes >= 0 && totalBytes != expectedBytes) {
            throw new UnusableFile(name, totalBytes < expectedBytes ? "engine.tinygpt.file.shortSize"
                    : "engine.tinygpt.file.longSize", String.valueOf(expectedBytes), String.valueOf(totalBytes));
        }
        byte[] body = in.readNBytes((int) (values * Float.BYTES));
        if (body.length != values * Float.BYTES) {
            throw new UnusableFile(name, "engine.tinygpt.file.shortValues", String.valueOf(values),
                    String.valueOf(body.length / Float.BYTES));
        }
        if (totalBytes < 0 && in.read() != -1) {
            throw new UnusableFile(name, "engine.tinygpt.file.longValues", String.valueOf(values));
        }
        return new Saved(weights(config, body, name), training);
    }

    private static byte[] headerLine(InputStream in, String name) throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        while (true) {
            int b = in.read();
            if (b == -1) {
                throw new UnusableFile(name, "engine.tinygpt.file.headerEnd");
            }
            if (b == '\n') {
                return line.toByteArray();
            }
            if (line.size() >= MAX_HEADER) {
                throw new UnusableFile(name, "engine.tinygpt.file.headerLength", String.valueOf(MAX_HEADER));
            }
            line.write(b);
        }
    }

    private static int whole(JsonNode header, String field, String name) throws IOException {
        JsonNode n = header.get(field);
        if (n == null || !n.isIntegralNumber() || !n.canConvertToInt()) {
            throw new UnusableFile(name, "engine.tinygpt.file.whole", field);
        }
        return n.asInt();
    }

    private static TrainingOptions training(JsonNode t, String name) throws IOException {
        if (t == null || t.isNull()) {
            return null;
        }
        if (!t.isObject() || t.get("seed") == null || !t.get("seed").isIntegralNumber()
                || !t.get("seed").canConvertToLong() || t.get("learning_rate") == null
                || !t.get("learning_rate").isNumber()) {
            throw new UnusableFile(name, "engine.tinygpt.file.training");
        }
        try {
            return new TrainingOptions(t.get("seed").asLong(), whole(t, "steps", name), whole(t, "batch", name),
                    t.get("learning_rate").asDouble());
        } catch (InvalidSpecException e) {
            throw new UnusableFile(name, "engine.tinygpt.file.trainingValue", e);
        }
    }

    private static GptWeights weights(GptConfig config, byte[] body, String name) throws IOException {
        ByteBuffer buffer = ByteBuffer.wrap(body).order(ByteOrder.LITTLE_ENDIAN);
        List<Tensor> tensors = new ArrayList<>();
        long index = 0;
        for (int[] shape : GptWeights.shapesInFileOrder(config)) {
            float[] values = new float[shape[0] * shape[1]];
            for (int i = 0; i < values.length; i++, index++) {
                values[i] = buffer.getFloat();
                if (!Float.isFinite(values[i])) {
                    throw new UnusableFile(name, "engine.tinygpt.file.notFinite", String.valueOf(index),
                            String.valueOf(values[i]));
                }
            }
            tensors.add(Tensor.of(values, shape));
        }
        return GptWeights.fromFileOrder(config, tensors);
    }
}
