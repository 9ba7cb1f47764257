package org.attentionexplainer.engine.bert;

import java.util.List;
import java.util.function.Function;
import org.attentionexplainer.engine.Tensor;
import org.attentionexplainer.engine.text.Encoding;

/**
 * A batch of tokenized texts as a model reads it: b texts padded at the end to the longest, t
 * tokens. Shared by the encoder and the decoder, which differ only in how they check a text's ids.
 *
 * @param b    texts
 * @param t    tokens of the longest
 * @param ids  (b * t) token ids, {@code padId} after a text's end
 * @param keep (b * t) 1 for a real token, 0 for padding
 */
public record PaddedBatch(int b, int t, int[] ids, float[] keep) {

    /**
     * @param checked a text's ids, checked against the model (it throws for a text it cannot read)
     * @throws IllegalArgumentException for an empty batch
     */
    public static PaddedBatch of(List<Encoding> batch, Function<Encoding, int[]> checked, int padId) {
        int b = batch.size();
        if (b == 0) {
            throw new IllegalArgumentException("the batch holds no text");
        }
        int t = longest(batch);
        int[] ids = new int[b * t];
        float[] keep = new float[b * t];
        for (int bi = 0; bi < b; bi++) {
            int[] row = checked.apply(batch.get(bi));
            for (int i = 0; i < t; i++) {
                ids[bi * t + i] = i < row.length ? row[i] : padId;
                keep[bi * t + i] = i < row.length ? 1f : 0f;
            }
        }
        return new PaddedBatch(b, t, ids, keep);
    }

    /** The most tokens of any text of the batch (0 for none). */
    public static int longest(List<Encoding> batch) {
        int t = 0;
        for (Encoding e : batch) {
            t = Math.max(t, e.size());
        }
        return t;
    }

    /** Whether a text of the batch is padded (its texts are not all of one length). */
    public boolean padded() {
        for (float k : keep) {
            if (k == 0f) {
                return true;
            }
        }
        return false;
    }

    /** (b, t) 1 for a real token, 0 for padding. */
    public Tensor padding() {
        return Tensor.of(keep, b, t);
    }
}
