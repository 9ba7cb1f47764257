package org.attentionexplainer.export;

import java.util.Locale;

/** What a file holds: a picture (PNG, SVG) or the numbers behind it (CSV, .npy). */
public enum ExportFormat {
    PNG, SVG, CSV, NPY;

    /** The file name extension, e.g. "png". */
    public String extension() {
        return name().toLowerCase(Locale.ROOT);
    }

    public boolean picture() {
        return this == PNG || this == SVG;
    }

    /** The format named {@code id} ("png", "SVG"...), or null. */
    public static ExportFormat byId(String id) {
        for (ExportFormat f : values()) {
            if (f.extension().equalsIgnoreCase(id.trim())) {
                return f;
            }
        }
        return null;
    }
}
