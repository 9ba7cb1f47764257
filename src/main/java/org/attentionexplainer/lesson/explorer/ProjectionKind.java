package org.attentionexplainer.lesson.explorer;

/** How the explorer makes Q, K and V from the token vectors. */
public enum ProjectionKind {
    /** Q = K = V = the vectors themselves, as in the course's first example. */
    IDENTITY,
    /** Three nn.Linear(d_model, d_model, bias=False) layers: W_q, W_k, W_v. */
    SEPARATE,
    /** One nn.Linear(d_model, 3 d_model, bias=False) whose columns split into Q, K, V. */
    FUSED;

    public String messageKey() {
        return "explorer.projection." + name().toLowerCase(java.util.Locale.ROOT);
    }
}
