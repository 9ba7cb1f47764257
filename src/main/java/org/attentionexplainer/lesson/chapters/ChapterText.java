package org.attentionexplainer.lesson.chapters;

import java.util.List;

/**
 * What a chapter says, as message keys: its title, a one-line headline (all that presentation
 * mode shows of the narrative) and its narrative sections.
 *
 * @param id a stable lower-case name, for settings and file names: "causal", "multi-head" ...
 */
public record ChapterText(String id, String titleKey, String headlineKey, List<Section> sections) {
    public ChapterText {
        sections = List.copyOf(sections);
    }
}
