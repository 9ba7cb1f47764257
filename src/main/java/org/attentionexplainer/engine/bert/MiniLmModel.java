package org.attentionexplainer.engine.bert;

import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.function.DoubleConsumer;
import org.attentionexplainer.engine.AttentionSpec;
import org.attentionexplainer.engine.model.TransformerModel;
import org.attentionexplainer.engine.MessageText;
import org.attentionexplainer.engine.Worded;
import org.attentionexplainer.engine.onnx.OnnxFormatException;
import org.attentionexplainer.engine.onnx.OnnxModel;
import org.attentionexplainer.engine.onnx.OnnxReader;
import org.attentionexplainer.engine.text.Encoding;
import org.attentionexplainer.engine.text.TextTooLongException;
import org.attentionexplainer.engine.text.TokenizerFormatException;
import org.attentionexplainer.engine.text.WordPieceTokenizer;

/**
 * A pretrained sentence encoder (all-MiniLM-L6-v2: 6 layers, 12 heads, hidden 384, an
 * uncased WordPiece vocabulary of 30522) run by this engine: its tokenizer and its encoder,
 * with every head's attention in the result.
 *
 * <p>Loading reads ~90 MB and takes about a second, so callers run {@link #load} off the UI
 * thread; it reports its progress as a fraction from 0 to 1 on the loading thread.
 */
public final class MiniLmModel implements TransformerModel {
    /** The model's name as captions give it. */
    public static final String NAME = "all-MiniLM-L6-v2";

    private final WordPieceTokenizer tokenizer;
    private final BertEncoder encoder;
    private final String source;

    private MiniLmModel(WordPieceTokenizer tokenizer, BertEncoder encoder, String source) {
        this.tokenizer = tokenizer;
        this.encoder = encoder;
        this.source = source;
    }

    /** True if the model jar is on the class path, so {@link #load(DoubleConsumer)} can succeed. */
    public static boolean isAvailable() {
        return ModelSource.onClassPath(MiniLmModel.class.getClassLoader()).isPresent();
    }

    /** Loads the model from the jar on the class path. */
    public static MiniLmModel load(DoubleConsumer progress) throws ModelLoadException {
        return load(ModelSource.requireOnClassPath(MiniLmModel.class.getClassLoader()), progress);
    }

    /**
     * Loads the model: reads the ONNX weights into ND4J and the tokenizer.
     *
     * @param progress hears fractions from 0 to 1, the last one 1, on the calling thread
     * @throws ModelLoadException with a one-line reason if a file is missing, unreadable or not
     *     a BERT encoder, or memory runs out
     */
    public static MiniLmModel load(ModelSource source, DoubleConsumer progress) throws ModelLoadException {
        Progress p = new Progress(progress);
        try {
            byte[] bytes;
            try (InputStream in = source.openOnnx()) {
                bytes = OnnxReader.readAll(in, source.onnxSize(), f -> p.report(0.70 * f));
            }
            OnnxModel onnx = OnnxReader.read(bytes);
            p.report(0.75);
            BertOnnxImport.Imported imported = BertOnnxImport.read(onnx, f -> p.report(0.75 + 0.2 * f));
            WordPieceTokenizer tokenizer;
            try (InputStream in = source.openTokenizer()) {
                tokenizer = WordPieceTokenizer.fromJson(in, imported.config().maxPositions());
            }
            if (tokenizer.vocabulary().size() != imported.config().vocabSize()) {
                throw new ModelLoadException("engine.model.vocabulary", String.valueOf(tokenizer.vocabulary().size()),
                        String.valueOf(imported.config().vocabSize()));
            }
            BertEncoder encoder = new BertEncoder(imported.config(), imported.weights());
            p.report(1.0);
            return new MiniLmModel(tokenizer, encoder, source.description());
        } catch (IOException e) {
            throw new ModelLoadException(e, "engine.model.unreadable", source.description(),
                    MessageText.oneLine(e.getMessage()));
        } catch (OnnxFormatException e) {
            throw new ModelLoadException(e, "engine.model.unusable", source.description(), e.getMessage());
        } catch (TokenizerFormatException e) {
            throw new ModelLoadException(e, "engine.model.unusable", source.description(),
                    new Worded.Phrase(e.messageKey(), e.messageArgs()));
        } catch (OutOfMemoryError e) {
            throw new ModelLoadException(e, "engine.model.memory");
        }
    }

    public WordPieceTokenizer tokenizer() {
        return tokenizer;
    }

    /**
     * The most tokens of the texts the model was fine-tuned on (128 for all-MiniLM-L6-v2); a
     * longer text still runs, up to {@link BertConfig#maxPositions()}, on positions that only
     * pre-training shaped.
     */
    @Override
    public int trainedLength() {
        return tokenizer.trainedLength();
    }

    public BertEncoder encoder() {
        return encoder;
    }

    public BertConfig config() {
        return encoder.config();
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public int layers() {
        return config().layers();
    }

    @Override
    public int heads() {
        return config().heads();
    }

    @Override
    public boolean causal() {
        return false;
    }

    @Override
    public int maxTokens() {
        return tokenizer.maxLength();
    }

    @Override
    public TokenizerKind tokenizerKind() {
        return TokenizerKind.WORDPIECE;
    }

    @Override
    public Encoding tokenize(String text) {
        return tokenizer.encode(text);
    }

    @Override
    public String unknownToken() {
        return tokenizer.unknownToken();
    }

    @Override
    public AttentionSpec attentionSpec(EncoderTrace trace, int item, int layer) {
        return encoder.attentionSpec(trace, item, layer);
    }

    /** Where it was loaded from. */
    @Override
    public String source() {
        return source;
    }

    /**
     * Tokenizes and encodes one text as trained.
     *
     * @throws TextTooLongException if it makes more tokens than the model has positions
     */
    public EncoderTrace run(String text) {
        return run(List.of(text), WhatIf.TRAINED);
    }

    /** Tokenizes and encodes a batch of texts, with what-if changes to the attention. */
    @Override
    public EncoderTrace run(List<String> texts, WhatIf whatIf) {
        return encoder.forward(tokenizeAll(texts), whatIf);
    }

    /** Reports rising fractions only, so a listener never sees the bar go back. */
    private static final class Progress {
        private final DoubleConsumer listener;
        private double last = -1;

        Progress(DoubleConsumer listener) {
            this.listener = listener;
        }

        void report(double fraction) {
            double f = Math.min(1.0, Math.max(0.0, fraction));
            if (f > last) {
                last = f;
                listener.accept(f);
            }
        }
    }
}
