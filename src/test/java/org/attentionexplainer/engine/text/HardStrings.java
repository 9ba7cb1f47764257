package org.attentionexplainer.engine.text;

import java.util.List;
import java.util.Random;

/** Texts on which BERT tokenizers are known to disagree, and random mixtures of their characters. */
final class HardStrings {
    static final List<String> ALL = List.of(
            "",
            " ",
            "\n\n\t",
            // emoji of Unicode 14 and 15, sequences joined by ZWJ, variation selectors, skin tones, flags, keycaps
            "\uD83E\uDEE0",
            "melting \uD83E\uDEE0 face",
            "hello\uD83E\uDEE0world",
            "\uD83E\uDEE8 \uD83E\uDE77 \uD83E\uDD79 \uD83E\uDEF6",
            "\uD83D\uDC26\u200D\uD83D\uDD25 phoenix",
            "\uD83E\uDDD1\uD83C\uDFFD\u200D\uD83D\uDCBB coder",
            "\uD83D\uDC68\u200D\uD83D\uDC69\u200D\uD83D\uDC67\u200D\uD83D\uDC66",
            "\uD83C\uDFF3\uFE0F\u200D\uD83C\uDF08",
            "\uD83C\uDDF9\uD83C\uDDF7 \uD83C\uDDEF\uD83C\uDDF5",
            "1\uFE0F\u20E3 #\uFE0F\u20E3",
            "I \u2764\uFE0F NY \u263A \u2603",
            // CJK compatibility ideographs (decompose to unified ones), Extension E, CJK punctuation
            "\uF902 \uF90A",
            "\uF900\uF901\uF902\uF903\uF904\uF905",
            "\uD87E\uDC00\uD87E\uDC01\uD87E\uDC1D",
            "\u5317\u4EAC\uF902\u7AD9car\uF90Ais",
            "\uD86E\uDC20 \uD86E\uDD1F \uD86E\uDD20",
            "\u4F60\u597D\uFF0C\u4E16\u754C\uFF01",
            "\u65E5\u672C\u8A9E\u306E\u30C6\u30AD\u30B9\u30C8\u3067\u3059\u3002 \u30AB\u30BF\u30AB\u30CA",
            "\uC548\uB155\uD558\uC138\uC694 \uC138\uACC4",
            // accents, combining marks, decomposed input, Zalgo
            "Caf\u00E9 na\u00EFve \u00C9COLE r\u00E9sum\u00E9",
            "Cafe\u0301 e\u0301e\u0300e\u0302",
            "a\u0300\u0316 a\u0316\u0300",
            "Z\u0337\u0322\u0354a\u0335l\u0334g\u0336o\u0338",
            "Ti\u1EBFng Vi\u1EC7t c\u00F3 d\u1EA5u",
            "\u1F08\u03B8\u1FC6\u03BD\u03B1\u03B9 \u03A3\u038A\u03A3\u03A5\u03A6\u039F\u03A3 \u1F40\u03B4\u03C5\u03C3\u03C3\u03B5\u03CD\u03C2",
            "\u0928\u092E\u0938\u094D\u0924\u0947 \u0926\u0941\u0928\u093F\u092F\u093E",
            "\u0E2A\u0E27\u0E31\u0E2A\u0E14\u0E35\u0E04\u0E23\u0E31\u0E1A",
            "\u05E9\u05B8\u05C1\u05DC\u05D5\u05B9\u05DD",
            "x\uD834\uDD6D\uD834\uDD65 x\uD834\uDD65\uD834\uDD6D",
            // Turkish dotted and dotless i
            "\u0130stanbul \u0131\u011Fd\u0131r \u0130I\u0131i",
            "D\u0130YARBAKIR \u015EEH\u0130R g\u00FCne\u015F parl\u0131yor",
            // case quirks
            "\u00DF \u1E9E \u01C5 \uFB00 \u0390 \u03A3 \u03C2 \u03C3 \u212A \u2126",
            "\uFF21\uFF22\uFF23 \uFF46\uFF55\uFF4C\uFF4C \uFB01 \uFB02",
            // control and format characters, BOM, soft hyphen, replacement character, bidi controls
            "\u0000a\u0001b\u007Fc\u0085d\u009Fe",
            "tab\tnew\nline\r\nend\u000B\u000C",
            "\uFEFFbom soft\u00ADhyphen \uFFFDreplacement",
            "zero\u200Bwidth\u200Cnon\u200Djoiner\u2060word",
            "\u202Ebidi\u202C \u2066isolate\u2069 \u200Fmark\u200E",
            "mongolian\u180Evowel separator",
            "\u00A0\u1680\u2000\u2005\u200A\u2028\u2029\u202F\u205F\u3000x",
            "\uE000 \uDB80\uDC00 \uFDD0 \uFFFE \uFFFF \uDBFF\uDFFF",
            // right to left
            "\u0645\u0631\u062D\u0628\u0627 \u0628\u0627\u0644\u0639\u0627\u0644\u0645",
            "\u200F\u0627\u0644\u0633\u0644\u0627\u0645 \u0639\u0644\u064A\u0643\u0645 hello",
            "\u0661\u0662\u0663 \u06F1\u06F2\u06F3",
            // characters Unicode added or moved after 8.0
            "a\u08D3b a\u0AFAb a\u0C77b a\u166Db a\uD804\uDDC9b a\u1885b a\uA9BDb",
            "\uD83A\uDD00\uD83A\uDD23\uD83A\uDD24\uD83A\uDD22\uD83A\uDD25 \uD83A\uDD5E",
            "\uD80D\uDC30 \u2E43 \u2E52",
            // words of 100 and more characters, before and after normalization
            "a".repeat(100),
            "a".repeat(101),
            "\u00E9".repeat(101),
            "e\u0301".repeat(60),
            "x".repeat(99) + "\u00E9",
            "pneumonoultramicroscopicsilicovolcanoconiosis".repeat(3),
            "https://example.com/a_very-long/path?with=query&and=more#frag",
            // punctuation runs, quotes, dashes, symbols
            "!!!???...,,,;;;",
            "\u00ABquotes\u00BB \u201EGerman\u201C \u201Asingle\u2018 \u300CJapanese\u300D \u00BFQu\u00E9? \u00A1Hola!",
            "--\u2014\u2013\u2012\u2015 \u2026\u2025",
            "$100 + 50% = \u20AC150 \u00A5 \u00A3 \u20B9 \u20BF",
            "a.b,c;d:e x=>y C++ / C# / F# <html>&amp;</html>",
            "\u2211\u222B\u221A\u221E\u2248\u2260\u2264\u2265 \u00BD \u00B2 \u2462 \u216B",
            "3.14159 1,000,000 -42 1e-9",
            // special tokens typed in the text
            "[MASK]",
            "[mask] [Mask]",
            "[CLS] hi [SEP]",
            "[MASK][MASK]",
            "a[MASK]b",
            "[UNK] [PAD] [[MASK]] [MAS K]",
            "Paris is the [MASK] of France.",
            // mixed scripts
            "Hello\u4E16\u754C\u041F\u0440\u0438\u0432\u0435\u0442 \u043C\u0438\u0440\u0661\u0662\u0663",
            "The quick brown fox jumps over the lazy dog");

    private static final int[][] POOLS = {
        {'a', 'z'}, {'A', 'Z'}, {'0', '9'}, {'!', '/'}, {':', '@'}, {' ', ' '}, {'\t', '\r'},
        {0xC0, 0xFF}, {0x100, 0x17F}, {0x300, 0x36F}, {0x370, 0x3FF}, {0x400, 0x4FF}, {0x590, 0x5FF},
        {0x600, 0x6FF}, {0x8A0, 0x8FF}, {0x900, 0x97F}, {0xE00, 0xE7F}, {0x1100, 0x11FF}, {0x1E00, 0x1EFF},
        {0x2000, 0x206F}, {0x20A0, 0x20CF}, {0x2E00, 0x2E7F}, {0x3000, 0x303F}, {0x3040, 0x30FF},
        {0x4E00, 0x9FFF}, {0xAC00, 0xD7A3}, {0xF900, 0xFAFF}, {0xFE00, 0xFE0F}, {0xFF00, 0xFFEF},
        {0x0, 0x1F}, {0x7F, 0x9F}, {0xE000, 0xE0FF}, {0x1F300, 0x1FAFF}, {0x1F1E6, 0x1F1FF},
        {0x11000, 0x1247F}, {0x1E900, 0x1E95F}, {0x20000, 0x2A6DF}, {0x2B700, 0x2CEAF}, {0x2F800, 0x2FA1F},
        {0x0378, 0x0379}, {0xE0000, 0xE007F}, {0x10FFF0, 0x10FFFF},
    };
    private static final String[] PIECES = {"[MASK]", "[CLS]", "##", "\u200D", "\uFE0F", "\u0130", "\u0131", "."};

    private HardStrings() {
    }

    /** About {@code length} code points drawn from scripts, marks, controls, emoji and special tokens. */
    static String randomMixture(Random random, int length) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < length; i++) {
            int kind = random.nextInt(20);
            if (kind == 0) {
                sb.append(PIECES[random.nextInt(PIECES.length)]);
            } else if (kind == 1 && random.nextInt(10) == 0) {
                sb.append(String.valueOf((char) ('a' + random.nextInt(26))).repeat(90 + random.nextInt(20)));
            } else {
                int[] pool = POOLS[random.nextInt(POOLS.length)];
                int cp = pool[0] + random.nextInt(pool[1] - pool[0] + 1);
                if (cp < Character.MIN_SURROGATE || cp > Character.MAX_SURROGATE) {
                    sb.appendCodePoint(cp);
                }
            }
        }
        return sb.toString();
    }
}
