package org.attentionexplainer.lesson.chapters;

/**
 * One part of a chapter's narrative: a title, a paragraph and an optional formula, all message
 * keys. Narrative paragraphs take no arguments; the numbers come from the chapter's model.
 *
 * @param formulaKey the formula in the notation of the course notes, or null
 */
public record Section(String titleKey, String textKey, String formulaKey) {
}
