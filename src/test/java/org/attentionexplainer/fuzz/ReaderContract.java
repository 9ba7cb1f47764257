package org.attentionexplainer.fuzz;

import java.util.concurrent.Callable;
import java.util.function.Consumer;

/**
 * What every reader of user files promises, on any bytes: a value, or its own documented
 * exception with a one-line message. Anything else (NullPointerException, an index out of
 * bounds, NegativeArraySizeException, OutOfMemoryError, StackOverflowError, any other
 * exception, or a message over several lines or paragraphs long) leaves {@link #read} and
 * so fails the fuzz test, which Jazzer records as a finding with the input that caused it.
 * Counts what it saw, for the report at the end of a run.
 */
public final class ReaderContract {
    /** A message longer than this is not one line a reader can take in. */
    static final int MAX_MESSAGE = 300;

    private final String reader;
    private final Class<? extends Exception> documented;
    private final String fileName;
    private long values;
    private long refusals;

    public ReaderContract(String reader, Class<? extends Exception> documented) {
        this(reader, documented, null);
    }

    /** @param fileName how the reader names the file in its messages (a path the test chose), or null */
    public ReaderContract(String reader, Class<? extends Exception> documented, String fileName) {
        this.reader = reader;
        this.documented = documented;
        this.fileName = fileName;
    }

    /**
     * Runs one read. A value goes to {@code check}, which throws if the value is not usable; the
     * documented exception must carry a one-line message.
     */
    public <T> void read(Callable<T> read, Consumer<T> check) throws Exception {
        T value;
        try {
            value = read.call();
        } catch (Exception e) {
            if (!documented.isInstance(e)) {
                throw e;
            }
            String m = e.getMessage();
            if (!isOneLine(m)) {
                throw new AssertionError(reader + ": the refusal is not one printable line of at most " + MAX_MESSAGE
                        + " characters (besides the file's own name): " + m, e);
            }
            refusals++;
            return;
        }
        if (value == null) {
            throw new AssertionError(reader + " returned null");
        }
        check.accept(value);
        values++;
    }

    /**
     * Not blank, no control characters (line breaks, escape sequences) or line and paragraph
     * separators, and short once the file's name, which the reader does not choose, is left out.
     */
    private boolean isOneLine(String m) {
        if (m == null || m.isBlank()) {
            return false;
        }
        String own = fileName == null ? m : m.replace(fileName, "");
        return own.length() <= MAX_MESSAGE && m.codePoints().noneMatch(c -> Character.isISOControl(c)
                || Character.getType(c) == Character.LINE_SEPARATOR
                || Character.getType(c) == Character.PARAGRAPH_SEPARATOR);
    }

    /** One line for the run's report: how many inputs gave values and how many were refused. */
    public String summary() {
        return reader + ": " + (values + refusals) + " reads, " + values + " values, " + refusals
                + " one-line refusals";
    }
}
