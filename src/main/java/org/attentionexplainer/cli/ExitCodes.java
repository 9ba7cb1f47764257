package org.attentionexplainer.cli;

/** Exit statuses of the command line. */
final class ExitCodes {
    static final int OK = 0;
    static final int BAD_INPUT = 2;
    static final int CANNOT_WRITE = 3;
    static final int INTERNAL = 70;

    private ExitCodes() {
    }
}
