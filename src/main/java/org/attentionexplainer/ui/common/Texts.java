package org.attentionexplainer.ui.common;

import java.util.List;
import org.attentionexplainer.lesson.Text;
import org.attentionexplainer.ui.i18n.I18n;

/** Formats the lesson's {@link Text}s in the current language: nested texts first. */
public final class Texts {
    private Texts() {
    }

    public static String format(I18n i18n, Text text) {
        List<Object> args = text.args();
        if (args.isEmpty()) {
            return i18n.get(text.key());
        }
        Object[] resolved = new Object[args.size()];
        for (int i = 0; i < resolved.length; i++) {
            Object a = args.get(i);
            resolved[i] = a instanceof Text nested ? format(i18n, nested) : a;
        }
        return i18n.get(text.key(), resolved);
    }
}
