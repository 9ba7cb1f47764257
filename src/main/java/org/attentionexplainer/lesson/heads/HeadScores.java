package org.attentionexplainer.lesson.heads;

import java.util.OptionalDouble;

/**
 * What the detectors of {@link HeadDetectors} read from one head, averaged over the rows of
 * one or several sequences. A score is empty when no row qualified (a one-token sequence has no
 * previous token; a sequence without a repeated token has no induction row), never NaN.
 *
 * @param previousToken mean weight of a query on the key just before it (rows 1..t-1)
 * @param firstToken    mean weight of a query on key 0 (rows 1..t-1: row 0 has only key 0 under a causal mask)
 * @param induction     mean weight of a query on the key after the last earlier occurrence of its token
 * @param delimiter     mean total weight of a query on the delimiter positions (every row)
 * @param broad         mean entropy of a row in nats (every row): 0 for one key, ln(n) for n keys alike
 */
public record HeadScores(OptionalDouble previousToken, OptionalDouble firstToken, OptionalDouble induction,
        OptionalDouble delimiter, OptionalDouble broad) {
}
