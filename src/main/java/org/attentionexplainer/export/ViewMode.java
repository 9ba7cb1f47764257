package org.attentionexplainer.export;

/** What an attention figure shows: every head, one head, or two settings and their difference. */
public enum ViewMode {
    GRID, FOCUS, COMPARE;

    public String messageKey() {
        return "explorer.view." + name().toLowerCase(java.util.Locale.ROOT);
    }
}
