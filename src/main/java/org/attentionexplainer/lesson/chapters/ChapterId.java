package org.attentionexplainer.lesson.chapters;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The chapters that follow the worked example, in the order of the course notes, each with
 * its title, a one-line headline (what presentation mode shows) and its narrative sections.
 */
public enum ChapterId {
    CAUSAL("chapter.causal.title", "chapter.causal.headline", List.of(
            new Section("chapter.causal.mask.title", "chapter.causal.mask.text", "chapter.causal.mask.formula"),
            new Section("chapter.causal.renorm.title", "chapter.causal.renorm.text",
                    "chapter.causal.renorm.formula"),
            new Section("chapter.causal.zero.title", "chapter.causal.zero.text", "chapter.causal.zero.formula"),
            new Section("chapter.causal.dropout.title", "chapter.causal.dropout.text",
                    "chapter.causal.dropout.formula"),
            new Section("chapter.causal.seed.title", "chapter.causal.seed.text", null))),
    MULTI_HEAD("chapter.multihead.title", "chapter.multihead.headline", List.of(
            new Section("chapter.multihead.split.title", "chapter.multihead.split.text",
                    "chapter.multihead.split.formula"),
            new Section("chapter.multihead.heads.title", "chapter.multihead.heads.text",
                    "chapter.multihead.heads.formula"),
            new Section("chapter.multihead.concat.title", "chapter.multihead.concat.text",
                    "chapter.multihead.concat.formula"),
            new Section("chapter.multihead.fused.title", "chapter.multihead.fused.text",
                    "chapter.multihead.fused.formula"))),
    MASKS("chapter.masks.title", "chapter.masks.headline", List.of(
            new Section("chapter.masks.padding.title", "chapter.masks.padding.text",
                    "chapter.masks.padding.formula"),
            new Section("chapter.masks.window.title", "chapter.masks.window.text", "chapter.masks.window.formula"),
            new Section("chapter.masks.combine.title", "chapter.masks.combine.text",
                    "chapter.masks.combine.formula"),
            new Section("chapter.masks.empty.title", "chapter.masks.empty.text", null))),
    HARD_SOFT("chapter.hardsoft.title", "chapter.hardsoft.headline", List.of(
            new Section("chapter.hardsoft.hard.title", "chapter.hardsoft.hard.text", "chapter.hardsoft.hard.formula"),
            new Section("chapter.hardsoft.beta.title", "chapter.hardsoft.beta.text", "chapter.hardsoft.beta.formula"),
            new Section("chapter.hardsoft.store.title", "chapter.hardsoft.store.text",
                    "chapter.hardsoft.store.formula"))),
    CROSS("chapter.cross.title", "chapter.cross.headline", List.of(
            new Section("chapter.cross.sources.title", "chapter.cross.sources.text", "chapter.cross.sources.formula"),
            new Section("chapter.cross.shape.title", "chapter.cross.shape.text", "chapter.cross.shape.formula"))),
    ENCODER("chapter.encoder.title", "chapter.encoder.headline", List.of(
            new Section("chapter.encoder.position.title", "chapter.encoder.position.text",
                    "chapter.encoder.position.formula"),
            new Section("chapter.encoder.attention.title", "chapter.encoder.attention.text",
                    "chapter.encoder.attention.formula"),
            new Section("chapter.encoder.addnorm.title", "chapter.encoder.addnorm.text",
                    "chapter.encoder.addnorm.formula"),
            new Section("chapter.encoder.ffn.title", "chapter.encoder.ffn.text", "chapter.encoder.ffn.formula"),
            new Section("chapter.encoder.block.title", "chapter.encoder.block.text",
                    "chapter.encoder.block.formula"))),
    STABILITY("chapter.stability.title", "chapter.stability.headline", List.of(
            new Section("chapter.stability.overflow.title", "chapter.stability.overflow.text",
                    "chapter.stability.overflow.formula"),
            new Section("chapter.stability.half.title", "chapter.stability.half.text",
                    "chapter.stability.half.formula"),
            new Section("chapter.stability.shift.title", "chapter.stability.shift.text",
                    "chapter.stability.shift.formula"))),
    COST("chapter.cost.title", "chapter.cost.headline", List.of(
            new Section("chapter.cost.flops.title", "chapter.cost.flops.text", "chapter.cost.flops.formula"),
            new Section("chapter.cost.memory.title", "chapter.cost.memory.text", "chapter.cost.memory.formula"),
            new Section("chapter.cost.kv.title", "chapter.cost.kv.text", "chapter.cost.kv.formula"),
            new Section("chapter.cost.wall.title", "chapter.cost.wall.text", null),
            new Section("chapter.cost.correction.title", "chapter.cost.correction.text",
                    "chapter.cost.correction.formula"))),
    EDGE_CASES("chapter.edge.title", "chapter.edge.headline", List.of(
            new Section("chapter.edge.empty.title", "chapter.edge.empty.text", null),
            new Section("chapter.edge.single.title", "chapter.edge.single.text", "chapter.edge.single.formula"),
            new Section("chapter.edge.long.title", "chapter.edge.long.text", "chapter.edge.long.formula")));

    private final String titleKey;
    private final String headlineKey;
    private final List<Section> sections;

    ChapterId(String titleKey, String headlineKey, List<Section> sections) {
        this.titleKey = titleKey;
        this.headlineKey = headlineKey;
        this.sections = sections;
    }

    public String titleKey() {
        return titleKey;
    }

    /** The chapter reduced to one line, for presentation mode. */
    public String headlineKey() {
        return headlineKey;
    }

    public List<Section> sections() {
        return sections;
    }

    /** A stable lower-case name, for settings and file names: "causal", "multi-head" ... */
    public String id() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    public static Optional<ChapterId> fromId(String id) {
        for (ChapterId c : values()) {
            if (c.id().equals(id)) {
                return Optional.of(c);
            }
        }
        return Optional.empty();
    }
}
