package org.attentionexplainer.lesson.chapters;

import org.attentionexplainer.lesson.Text;
/**
 * Popular course notes state that at 128k tokens the attention matrix takes 64 GB. With 32
 * heads in fp16 it is h t^2 bytes = 32 * 131072^2 * 2 = 1 099 511 627 776 bytes = 1.0995e12
 * bytes, about 1.1 TB (exactly 1 TiB), for one layer; reading 128k as 128 000 tokens gives
 * 1.048576e12 bytes, still about 1.05 TB. 64 GiB (68 719 476 736 bytes) is what a single head's
 * matrix takes in fp32: the heads are missing from the figure.
 *
 * @param bytes           32 heads, 131 072 tokens, fp16, in bytes (exact)
 * @param bytesDecimalK   the same with 128 000 tokens
 * @param claimedBytes    64 GB as the notes state it (64e9)
 * @param singleHeadFp32  131 072^2 * 4 bytes
 */
public record CourseNoteCorrection(int heads, int tokens, int bytesPerValue, long bytes, long bytesDecimalK,
                                   long claimedBytes, long singleHeadFp32) {

    public static final int HEADS = 32;
    public static final int TOKENS = 128 * 1024;

    public static CourseNoteCorrection compute() {
        long t = TOKENS;
        long bytes = Math.multiplyExact(Math.multiplyExact((long) HEADS, t * t), 2L);
        long decimal = HEADS * 128_000L * 128_000L * 2L;
        return new CourseNoteCorrection(HEADS, TOKENS, 2, bytes, decimal, 64_000_000_000L, t * t * 4L);
    }

    /** How many times the true figure exceeds the claimed one (about 17). */
    public double ratio() {
        return (double) bytes / claimedBytes;
    }

    /** "32 × 131 072² × 2 bytes = 1 099 511 627 776 bytes ≈ 1.1 TB, not 64 GB". */
    public Text statement() {
        return Text.of("chapter.cost.correction.statement", heads, tokens, bytesPerValue, bytes,
                bytes / 1e12, claimedBytes / 1e9, ratio());
    }
}
