package org.attentionexplainer.ui.chapters;

import java.util.List;

/**
 * Every chapter, in the order of the course notes. A chapter is its lesson class (the numbers
 * and the quiz), its page class and its texts in the bundles; adding one is one line here.
 */
final class ChapterPages {
    private ChapterPages() {
    }

    static List<ChapterPage<?>> all() {
        return List.of(
                new WhyAttentionPage(),
                new CausalPage(),
                new MultiHeadPage(),
                new MasksPage(),
                new HardSoftPage(),
                new CrossPage(),
                new EncoderPage(),
                new StabilityPage(),
                new CostPage(),
                new KvCachePage(),
                new FlashPage(),
                new GqaPage(),
                new WindowPage(),
                new RopePage(),
                new ReadingHeadsPage(),
                new EdgeCasesPage());
    }
}
