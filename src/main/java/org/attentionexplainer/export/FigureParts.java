package org.attentionexplainer.export;

/** Which parts around the map a picture has; each can be switched off. */
public record FigureParts(boolean title, boolean labels, boolean legend, boolean caption) {
    public static final FigureParts ALL = new FigureParts(true, true, true, true);
}
