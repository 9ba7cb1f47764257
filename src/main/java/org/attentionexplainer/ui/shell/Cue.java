package org.attentionexplainer.ui.shell;

/**
 * What the presenter console tells the teacher about the screen presented, worded in the current
 * language: where the class is, what it sees after the next press of the presenter's forward key,
 * and the page's own text to read from (which the slide leaves out).
 *
 * @param now   the page, and the part or step of it, shown
 * @param next  what the forward key shows next; null where it shows nothing more
 * @param notes the page's headline and narrative, paragraphs separated by blank lines; empty if none
 */
public record Cue(String now, String next, String notes) {
}
