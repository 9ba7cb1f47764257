package org.attentionexplainer.engine;

/**
 * Pieces of a file quoted in an error message, made safe for one line: a file may hold any
 * characters where a name or a value should be, and a message is printed on a terminal or in a
 * status line. Control characters and line or paragraph separators are written as escapes
 * (\n, \u001b) and long pieces are cut.
 */
public final class MessageText {
    /** The most characters of a file's content one message quotes. */
    public static final int QUOTE_LIMIT = 40;
    /** The most characters of a parser's own message (which may quote the file) kept. */
    public static final int MESSAGE_LIMIT = 200;

    private MessageText() {
    }

    /** {@code text} as a message may quote it: escaped, and cut after {@link #QUOTE_LIMIT} characters. */
    public static String quote(String text) {
        return escaped(text, QUOTE_LIMIT);
    }

    /** {@code text} escaped like {@link #quote}, cut after {@code limit} characters (names longer than most quotes). */
    public static String quote(String text, int limit) {
        return escaped(text, limit);
    }

    /** A file's name or path for a message: escaped like {@link #quote}, but whole. */
    public static String name(String path) {
        return escaped(path, Integer.MAX_VALUE);
    }

    /** A library's message for one line: escaped, and cut after {@link #MESSAGE_LIMIT} characters. */
    public static String oneLine(String message) {
        return escaped(message == null ? "" : message, MESSAGE_LIMIT);
    }

    private static String escaped(String text, int limit) {
        StringBuilder sb = new StringBuilder();
        int[] codePoints = text.codePoints().toArray();
        for (int i = 0; i < codePoints.length; i++) {
            if (sb.length() >= limit) {
                return sb.append("...").toString();
            }
            int c = codePoints[i];
            int type = Character.getType(c);
            if (c == '\n') {
                sb.append("\\n");
            } else if (c == '\r') {
                sb.append("\\r");
            } else if (c == '\t') {
                sb.append("\\t");
            } else if (Character.isISOControl(c) || type == Character.LINE_SEPARATOR
                    || type == Character.PARAGRAPH_SEPARATOR) {
                sb.append(String.format("\\u%04x", c));
            } else {
                sb.appendCodePoint(c);
            }
        }
        return sb.toString();
    }
}
