package org.attentionexplainer.render;

import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.attentionexplainer.i18n.NumberText;

/**
 * What one layout measures, remembered while it lasts: the cell size is found by trying sizes,
 * and each try lays a panel out again, with the same titles wrapped at the same widths and the
 * same largest value written out. Text widths, wrapped lines and written numbers are the
 * measurer's and {@link NumberText}'s own, so the layout is the one made without it.
 */
final class LayoutMemo implements TextMeasurer {
    private record TextKey(String text, double size, boolean bold) {
    }

    private record WrapKey(String text, double maxW, double size, boolean bold) {
    }

    private record NumberKey(double value, int decimals, Locale locale) {
    }

    private final TextMeasurer measurer;
    private final Map<TextKey, Double> widths = new HashMap<>();
    private final Map<WrapKey, List<String>> wrapped = new HashMap<>();
    private final Map<NumberKey, String> numbers = new HashMap<>();

    LayoutMemo(TextMeasurer measurer) {
        this.measurer = measurer;
    }

    @Override
    public double width(String text, double size, boolean bold) {
        return widths.computeIfAbsent(new TextKey(text, size, bold), k -> measurer.width(text, size, bold));
    }

    /** The lines of {@link TextMeasurer#wrap}, with this memo's widths (a list nobody may modify). */
    @Override
    public List<String> wrap(String text, double maxW, double size, boolean bold) {
        WrapKey key = new WrapKey(text, maxW, size, bold);
        List<String> lines = wrapped.get(key);
        if (lines == null) {
            lines = List.copyOf(TextMeasurer.super.wrap(text, maxW, size, bold));
            wrapped.put(key, lines);
        }
        return lines;
    }

    /** {@link NumberText#format}, remembered by {@code m} when it is a layout's memo. */
    static String number(TextMeasurer m, double value, int decimals, Locale locale) {
        if (m instanceof LayoutMemo memo) {
            return memo.numbers.computeIfAbsent(new NumberKey(value, decimals, locale),
                    k -> NumberText.format(value, decimals, locale));
        }
        return NumberText.format(value, decimals, locale);
    }
}
