package org.attentionexplainer.engine.text;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import org.attentionexplainer.engine.MessageText;

/**
 * BERT's vocab.txt: one token a line, its id the line's number from 0, read as Hugging Face's
 * BertTokenizer reads it, with BERT's usual [CLS], [SEP], [PAD], [UNK] and [MASK].
 */
final class VocabTxt {
    private static final String[] SPECIALS = {"[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"};

    private VocabTxt() {
    }

    static WordPieceTokenizer read(InputStream in, boolean lowercase, int maxLength, int trainedLength)
            throws IOException {
        Map<String, Integer> ids = new HashMap<>();
        BufferedReader lines = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
        int id = 0;
        for (String line = lines.readLine(); line != null; line = lines.readLine()) {
            String token = line;
            if (ids.putIfAbsent(token, id) != null) {
                throw new TokenizerFormatException("engine.tokenizer.vocabTwice", MessageText.quote(token),
                        String.valueOf(ids.get(token) + 1), String.valueOf(id + 1));
            }
            id++;
        }
        if (ids.isEmpty()) {
            throw new TokenizerFormatException("engine.tokenizer.vocabEmpty");
        }
        Vocabulary vocabulary = new Vocabulary(ids);
        Map<String, Integer> specials = new LinkedHashMap<>();
        for (String s : SPECIALS) {
            if (vocabulary.contains(s)) {
                specials.put(s, vocabulary.id(s));
            }
        }
        WordPiece wordPiece = new WordPiece(vocabulary, "[UNK]", "##", 100);
        BertNormalizer normalizer = new BertNormalizer(true, true, lowercase, lowercase);
        return new WordPieceTokenizer(vocabulary, normalizer, wordPiece, specials, "[CLS]", "[SEP]",
                Math.max(vocabulary.id("[PAD]"), 0), maxLength, Math.min(trainedLength, maxLength));
    }
}
