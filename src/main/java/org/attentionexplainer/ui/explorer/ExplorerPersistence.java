package org.attentionexplainer.ui.explorer;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import javafx.beans.InvalidationListener;
import javafx.beans.Observable;
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
import org.attentionexplainer.ui.common.DisplayModel;

/**
 * Remembers the explorer's settings between runs: the sentence, the model, the attention
 * controls (and those pinned as A), and how the maps are shown, one {@link Settings} key
 * each under {@code explorer.}. A key is written whenever its setting changes and differs
 * from what is stored; the user's preferences keep it in memory and write it to disk in the
 * background and when the app closes, so a slider drag costs no disk writes.
 *
 * <p>On the next start every value is checked on its own: one that does not parse or is out
 * of range (a temperature of 50, heads that do not divide d_model, an unknown colour map)
 * falls back to the explorer's default and the others are kept. A sentence over the token
 * limit is not stored, so the last one the explorer accepted comes back. Loaded .npy or spec
 * files are not remembered (they may be gone): the explorer restarts from the sentence.
 */
final class ExplorerPersistence {
    static final String PREFIX = "explorer.";
    /** Raised when the meaning of a key changes; other values are ignored, not misread. */
    static final String VERSION = "1";
    /** The longest value the user's preferences store takes ({@code Preferences.MAX_VALUE_LENGTH}). */
    static final int MAX_VALUE_LENGTH = 8192;

    private final Settings settings;

    ExplorerPersistence(Settings settings) {
        this.settings = settings;
    }

    /** Puts the saved settings on {@code vm}, then saves each later change. */
    void attach(ExplorerViewModel vm) {
        restore(vm);
        save(vm);
        InvalidationListener saver = o -> save(vm);
        for (Observable o : watched(vm)) {
            o.addListener(saver);
        }
    }

    private static List<Observable> watched(ExplorerViewModel vm) {
        List<Observable> all = new ArrayList<>(List.of(vm.sentenceProperty(), vm.dModelProperty(),
                vm.headsProperty(), vm.projectionProperty(), vm.weightSeedProperty(), vm.embeddingSeedProperty(),
                vm.positionalProperty(), vm.pinnedProperty(), vm.display().modeProperty()));
        all.addAll(List.of(vm.controls().all()));
        all.addAll(List.of(vm.display().figureSettings()));
        return all;
    }

    /** Writes every setting of {@code vm} that differs from the stored one. */
    void save(ExplorerViewModel vm) {
        put("version", VERSION);
        String sentence = vm.sentenceProperty().get();
        if (sentence != null && storable(sentence)
                && !Tokenizer.tokenize(sentence, Tokenizer.MAX_TOKENS).overLimit()) {
            put("sentence", sentence);
        }
        put("dModel", Integer.toString(vm.dModelProperty().get()));
        put("heads", Integer.toString(vm.headsProperty().get()));
        put("projection", vm.projectionProperty().get().name());
        put("weightSeed", Long.toString(vm.weightSeedProperty().get()));
        put("embeddingSeed", Long.toString(vm.embeddingSeedProperty().get()));
        put("positional", Boolean.toString(vm.positionalProperty().get()));
        putControls("controls.", vm.controls().snapshot());
        AttentionControls pinned = vm.pinnedProperty().get();
        put("pinned", Boolean.toString(pinned != null));
        if (pinned != null) {
            putControls("pinned.", pinned);
        }
        DisplayModel d = vm.display();
        put("stage", d.stageProperty().get().id());
        put("colorMap", d.colorMapProperty().get().id());
        put("autoRange", Boolean.toString(d.autoRangeProperty().get()));
        put("showValues", Boolean.toString(d.showValuesProperty().get()));
        put("head", Integer.toString(d.headProperty().get()));
        put("view", d.modeProperty().get().name().toLowerCase(Locale.ROOT));
    }

    private void putControls(String prefix, AttentionControls c) {
        put(prefix + "causal", Boolean.toString(c.causal()));
        put(prefix + "padding", Boolean.toString(c.padding()));
        put(prefix + "paddedKeys", c.paddedKeys().stream().sorted().map(String::valueOf)
                .collect(Collectors.joining(",")));
        put(prefix + "windowOn", Boolean.toString(c.windowOn()));
        put(prefix + "window", Integer.toString(c.window()));
        put(prefix + "hard", Boolean.toString(c.hard()));
        put(prefix + "temperature", Double.toString(c.temperature()));
        put(prefix + "scaleMode", c.scaleMode().name());
        put(prefix + "customScale", Double.toString(c.customScale()));
        put(prefix + "dropout", Double.toString(c.dropoutP()));
        put(prefix + "dropoutSeed", Long.toString(c.dropoutSeed()));
    }

    private void put(String key, String value) {
        if (!value.equals(settings.get(PREFIX + key, null))) {
            settings.put(PREFIX + key, value);
        }
    }

    /** Within the preferences store's limits: not too long, no NUL character. */
    private static boolean storable(String s) {
        return s.length() <= MAX_VALUE_LENGTH && s.indexOf('\0') < 0;
    }

    /** Puts the saved settings on {@code vm}; nothing happens when none were saved. */
    void restore(ExplorerViewModel vm) {
        if (!VERSION.equals(settings.get(PREFIX + "version", null))) {
            return;
        }
        Reader r = new Reader();
        String sentence = r.sentence(vm.sentenceProperty().get());
        int dModel = r.integer("dModel", ExplorerViewModel.MIN_D_MODEL, ExplorerViewModel.MAX_D_MODEL,
                vm.dModelProperty().get());
        ProjectionKind projection = r.enumValue("projection", ProjectionKind.class, vm.projectionProperty().get());
        int width = ModelBuilder.projectedWidth(LoadedData.NONE, dModel);
        int heads = r.integer("heads", 1, width, -1);
        if (heads < 1 || width % heads != 0) {
            heads = ModelBuilder.nearestDivisor(width, vm.headsProperty().get());
        }
        long weightSeed = r.seed("weightSeed", vm.weightSeedProperty().get());
        long embeddingSeed = r.seed("embeddingSeed", vm.embeddingSeedProperty().get());
        boolean positional = r.bool("positional", vm.positionalProperty().get());
        List<String> tokens = Tokenizer.tokenize(sentence, Tokenizer.MAX_TOKENS).tokens();
        ModelSettings model = new ModelSettings(tokens, dModel, heads, projection, weightSeed, embeddingSeed,
                positional);

        AttentionControls controls = r.controls("controls.", vm.controls().snapshot());
        AttentionControls pinned = r.bool("pinned", false) ? r.controls("pinned.", controls) : null;
        DisplayModel d = vm.display();
        Stage stage = r.choice("stage", Stage.values(), Stage::id, d.stageProperty().get());
        ColorMap colorMap = r.choice("colorMap", ColorMap.values(), ColorMap::id, d.colorMapProperty().get());
        boolean autoRange = r.bool("autoRange", d.autoRangeProperty().get());
        boolean showValues = r.bool("showValues", d.showValuesProperty().get());
        int head = r.integer("head", 0, heads - 1, 0);
        ViewMode view = r.choice("view", ViewMode.values(), m -> m.name().toLowerCase(Locale.ROOT),
                d.modeProperty().get());
        try {
            ExplorerSessions.restoreSentence(vm, new Session(Session.VERSION, sentence, model, controls, pinned,
                    stage.id(), colorMap.id(), autoRange, showValues, head, view.name(), LoadedData.NONE));
        } catch (org.attentionexplainer.export.SpecException e) {
            // settings the explorer cannot show together (each was in range alone): the defaults stay
        }
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
