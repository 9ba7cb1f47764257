package org.attentionexplainer.engine.text;

import java.util.HashMap;
import java.util.Map;
import org.attentionexplainer.engine.MessageText;

/** The WordPiece vocabulary: token strings and their ids, which run from 0 to size - 1. */
public final class Vocabulary {
    private final Map<String, Integer> ids;
    private final String[] tokens;

    Vocabulary(Map<String, Integer> tokenToId) {
        this.ids = new HashMap<>(tokenToId);
        this.tokens = new String[tokenToId.size()];
        for (Map.Entry<String, Integer> e : tokenToId.entrySet()) {
            int id = e.getValue();
            if (id < 0 || id >= tokens.length || tokens[id] != null) {
                throw new TokenizerFormatException("engine.tokenizer.idsGap", String.valueOf(tokens.length - 1),
                        String.valueOf(id), MessageText.quote(e.getKey()));
            }
            tokens[id] = e.getKey();
        }
    }

    public int size() {
        return tokens.length;
    }

    /** The id of a token, or -1 if the vocabulary lacks it. */
    public int id(String token) {
        Integer id = ids.get(token);
        return id == null ? -1 : id;
    }

    public boolean contains(String token) {
        return ids.containsKey(token);
    }

    public String token(int id) {
        if (id < 0 || id >= tokens.length) {
            throw new IllegalArgumentException("token id " + id + " is outside the vocabulary of " + tokens.length);
        }
        return tokens[id];
    }
}
