package org.attentionexplainer.ui.explorer;

import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import org.attentionexplainer.lesson.explorer.AttentionControls;
import org.attentionexplainer.lesson.explorer.LoadedData;
import org.attentionexplainer.lesson.explorer.ModelBuilder;
import org.attentionexplainer.lesson.explorer.ModelSettings;
import org.attentionexplainer.lesson.explorer.ProjectionKind;
import org.attentionexplainer.lesson.explorer.ScaleMode;
import org.attentionexplainer.lesson.explorer.Session;
import org.attentionexplainer.lesson.explorer.Tokenizer;
import org.attentionexplainer.render.ColorMap;
import org.attentionexplainer.render.Stage;
import org.attentionexplainer.ui.shell.Settings;
import org.attentionexplainer.export.ViewMode;

/**
 * The explorer's settings as the versions before the session format stored them, one
 * {@link Settings} key each under {@code explorer.} ({@code explorer.version} 1). Read once,
 * when no session is stored yet, so that an update keeps a learner's settings; every value is
 * checked on its own: one that does not parse or is out of range (a temperature of 50, heads
 * that do not divide d_model, an unknown colour map) falls back to the default and the others
 * are kept. A sentence over the token limit was never stored.
 */
final class LegacyExplorerSettings {
    static final String PREFIX = "explorer.";
    /** The only version of this form. */
    static final String VERSION = "1";

    private final Settings settings;

    LegacyExplorerSettings(Settings settings) {
        this.settings = settings;
    }

    /**
     * The settings stored key by key, each checked on its own: one that is missing, does not
     * parse or is out of range falls back to the one of {@code defaults}; empty when none were
     * stored in this form.
     */
    Optional<Session> read(Session defaults) {
        if (!VERSION.equals(settings.get(PREFIX + "version", null))) {
            return Optional.empty();
        }
        Reader r = new Reader();
        String sentence = r.sentence(defaults.sentence());
        int dModel = r.integer("dModel", ExplorerViewModel.MIN_D_MODEL, ExplorerViewModel.MAX_D_MODEL,
                defaults.model().dModel());
        ProjectionKind projection = r.enumValue("projection", ProjectionKind.class, defaults.model().projection());
        int width = ModelBuilder.projectedWidth(LoadedData.NONE, dModel);
        int heads = r.integer("heads", 1, width, -1);
        if (heads < 1 || width % heads != 0) {
            heads = ModelBuilder.nearestDivisor(width, defaults.model().heads());
        }
        long weightSeed = r.seed("weightSeed", defaults.model().weightSeed());
        long embeddingSeed = r.seed("embeddingSeed", defaults.model().embeddingSeed());
        boolean positional = r.bool("positional", defaults.model().positional());
        List<String> tokens = Tokenizer.tokenize(sentence, Tokenizer.MAX_TOKENS).tokens();
        ModelSettings model = new ModelSettings(tokens, dModel, heads, projection, weightSeed, embeddingSeed,
                positional);

        AttentionControls controls = r.controls("controls.", defaults.controls());
        AttentionControls pinned = r.bool("pinned", false) ? r.controls("pinned.", controls) : null;
        Stage stage = r.choice("stage", Stage.values(), Stage::id, stage(defaults));
        ColorMap colorMap = r.choice("colorMap", ColorMap.values(), ColorMap::id, ColorMap.byId(defaults.colorMap()));
        boolean autoRange = r.bool("autoRange", defaults.autoRange());
        boolean showValues = r.bool("showValues", defaults.showValues());
        int head = r.integer("head", 0, heads - 1, 0);
        ViewMode view = r.choice("view", ViewMode.values(), m -> m.name().toLowerCase(Locale.ROOT),
                ViewMode.valueOf(defaults.view().toUpperCase(Locale.ROOT)));
        return Optional.of(new Session(Session.VERSION, sentence, model, controls, pinned, stage.id(), colorMap.id(),
                autoRange, showValues, head, view.name(), LoadedData.NONE));
    }

    private static Stage stage(Session s) {
        for (Stage st : Stage.values()) {
            if (st.id().equals(s.stage())) {
                return st;
            }
        }
        return Stage.WEIGHTS;
    }

    /** Reads stored values; anything missing, unparsable or out of range gives the fallback. */
    private final class Reader {
        private String raw(String key) {
            String v = settings.get(PREFIX + key, null);
            return v == null ? null : v.trim();
        }

        /** The stored sentence if it has between 1 and the maximum number of tokens. */
        String sentence(String fallback) {
            String s = settings.get(PREFIX + "sentence", null);
            if (s == null) {
                return fallback;
            }
            Tokenizer.Result t = Tokenizer.tokenize(s, Tokenizer.MAX_TOKENS);
            return t.overLimit() || t.tokens().isEmpty() ? fallback : s;
        }

        boolean bool(String key, boolean fallback) {
            String v = raw(key);
            return "true".equals(v) || (!"false".equals(v) && fallback);
        }

        int integer(String key, int lo, int hi, int fallback) {
            long v = longValue(key, lo, hi);
            return v == Long.MIN_VALUE ? fallback : (int) v;
        }

        /** Seeds as the explorer's spinners offer them: 0 to 2^31 - 1. */
        long seed(String key, long fallback) {
            long v = longValue(key, 0, Integer.MAX_VALUE);
            return v == Long.MIN_VALUE ? fallback : v;
        }

        /** The value in [lo, hi], or Long.MIN_VALUE. */
        private long longValue(String key, long lo, long hi) {
            try {
                String v = raw(key);
                long x = v == null ? Long.MIN_VALUE : Long.parseLong(v);
                return x >= lo && x <= hi ? x : Long.MIN_VALUE;
            } catch (NumberFormatException e) {
                return Long.MIN_VALUE;
            }
        }

        double decimal(String key, double lo, double hi, double fallback) {
            try {
                String v = raw(key);
                double x = v == null ? Double.NaN : Double.parseDouble(v);
                return x >= lo && x <= hi ? x : fallback;
            } catch (NumberFormatException e) {
                return fallback;
            }
        }

        <E extends Enum<E>> E enumValue(String key, Class<E> type, E fallback) {
            return choice(key, type.getEnumConstants(), Enum::name, fallback);
        }

        <T> T choice(String key, T[] values, Function<T, String> name, T fallback) {
            String v = raw(key);
            for (T t : values) {
                if (name.apply(t).equals(v)) {
                    return t;
                }
            }
            return fallback;
        }

        /** Key positions as "0,3,5", each within the token limit; anything else gives the fallback. */
        Set<Integer> positions(String key, Set<Integer> fallback) {
            String v = raw(key);
            if (v == null) {
                return fallback;
            }
            Set<Integer> out = new HashSet<>();
            if (v.isEmpty()) {
                return out;
            }
            for (String part : v.split(",", -1)) {
                try {
                    int j = Integer.parseInt(part.trim());
                    if (j < 0 || j >= Tokenizer.MAX_TOKENS) {
                        return fallback;
                    }
                    out.add(j);
                } catch (NumberFormatException e) {
                    return fallback;
                }
            }
            return out;
        }

        AttentionControls controls(String prefix, AttentionControls f) {
            return new AttentionControls(
                    bool(prefix + "causal", f.causal()),
                    bool(prefix + "padding", f.padding()),
                    positions(prefix + "paddedKeys", f.paddedKeys()),
                    bool(prefix + "windowOn", f.windowOn()),
                    integer(prefix + "window", 1, Tokenizer.MAX_TOKENS, f.window()),
                    bool(prefix + "hard", f.hard()),
                    decimal(prefix + "temperature", AttentionControls.MIN_TEMPERATURE,
                            AttentionControls.MAX_TEMPERATURE, f.temperature()),
                    enumValue(prefix + "scaleMode", ScaleMode.class, f.scaleMode()),
                    decimal(prefix + "customScale", AttentionControls.MIN_CUSTOM_SCALE,
                            AttentionControls.MAX_CUSTOM_SCALE, f.customScale()),
                    decimal(prefix + "dropout", 0, AttentionControls.MAX_DROPOUT, f.dropoutP()),
                    seed(prefix + "dropoutSeed", f.dropoutSeed()));
        }
    }
}
