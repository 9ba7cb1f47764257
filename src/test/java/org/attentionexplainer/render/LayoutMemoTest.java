package org.attentionexplainer.render;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Locale;
import org.attentionexplainer.i18n.NumberText;
import org.junit.jupiter.api.Test;

/** A layout's memo answers as what it remembers: the regular expression's split, the measurer's wrap. */
class LayoutMemoTest {
    @Test
    void wordsAreTheRegularExpressionsPieces() {
        for (String text : List.of("", "Head 3", "Head  3", "  Head 3 ", "a\tb\nc", "one", " ", "\t\t",
                "Weights (softmax) of head 12", "a\u00a0b c", "x\r\n\fy\u000bz", "trailing ", " leading")) {
            assertArrayEquals(text.split("\\s+"), TextMeasurer.words(text), "<" + text + ">");
        }
    }

    @Test
    void aMemosLayoutIsTheMeasurersOwn() {
        // widths of 6 pixels a character, bold 7: easy to follow by hand
        TextMeasurer plain = (text, size, bold) -> text.length() * (bold ? 7 : 6);
        LayoutMemo memo = new LayoutMemo(plain);
        String title = "Attention weights of every head, softmax over keys";
        for (double w : new double[] {40, 120, 300, 1000}) {
            assertEquals(plain.wrap(title, w, 14, true), memo.wrap(title, w, 14, true));
            assertEquals(plain.wrap(title, w, 14, true), memo.wrap(title, w, 14, true));
        }
        // "Attention weights" is 17 characters: 119 pixels bold, "of" would make it 140; "softmax over keys" 119
        assertEquals(List.of("Attention weights", "of every head,", "softmax over keys"),
                memo.wrap(title, 120, 14, true));
        assertEquals("0.99", LayoutMemo.number(memo, 0.987, 2, Locale.ROOT));
        assertEquals(NumberText.format(-3.25, 1, Locale.GERMANY), LayoutMemo.number(memo, -3.25, 1, Locale.GERMANY));
        assertEquals(NumberText.format(-3.25, 1, Locale.GERMANY), LayoutMemo.number(plain, -3.25, 1, Locale.GERMANY));
    }
}
