package org.attentionexplainer.ui.explorer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import org.attentionexplainer.ui.MemorySettings;
import org.attentionexplainer.export.ViewMode;
import org.attentionexplainer.engine.AttentionEngine;
import org.attentionexplainer.lesson.explorer.AttentionControls;
import org.attentionexplainer.lesson.explorer.ProjectionKind;
import org.attentionexplainer.lesson.explorer.ScaleMode;
import org.attentionexplainer.lesson.explorer.Session;
import org.attentionexplainer.export.SessionFiles;
import org.attentionexplainer.export.SpecException;
import org.attentionexplainer.render.ColorMap;
import org.attentionexplainer.render.Stage;
import org.attentionexplainer.ui.i18n.I18n;
import org.attentionexplainer.ui.shell.AppContext;
import org.attentionexplainer.ui.shell.BackgroundWork;
import org.attentionexplainer.ui.shell.Settings;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The explorer's settings saved in one run and restored in the next, with bad stored values. */
class ExplorerPersistenceTest {
    private static AttentionEngine engine;

    @BeforeAll
    static void engine() {
        engine = new AttentionEngine();
    }

    /** One "run" of the app: a new explorer on the given (remembered) settings. */
    private static ExplorerViewModel start(Settings settings) {
        AppContext context = new AppContext(new I18n(Locale.ENGLISH), BackgroundWork.sameThread(),
                CompletableFuture.completedFuture(engine), settings);
        ExplorerViewModel vm = new ExplorerViewModel(context);
        vm.sessions().remember(settings);
        return vm;
    }

    /** The session stored under the explorer's key. */
    private static Session stored(Settings settings) throws SpecException {
        return SessionFiles.fromJson(settings.get(ExplorerPersistence.KEY, null), "stored");
    }

    private static Session defaults() {
        return new ExplorerViewModel(new AppContext(new I18n(Locale.ENGLISH), BackgroundWork.sameThread(),
                CompletableFuture.completedFuture(engine), new MemorySettings())).sessions().snapshot();
    }

    @Test
    void everySettingComesBackInTheNextRunWithTheSameWeights() {
        Settings settings = new MemorySettings();
        ExplorerViewModel a = start(settings);
        a.sentenceProperty().set("Kedi paspasın üstüne oturdu çünkü yorgundu.");
        a.dModelProperty().set(16);
        a.headsProperty().set(8);
        a.projectionProperty().set(ProjectionKind.FUSED);
        a.weightSeedProperty().set(2024);
        a.embeddingSeedProperty().set(9);
        a.positionalProperty().set(true);
        ControlsModel c = a.controls();
        c.causalProperty().set(true);
        c.paddingProperty().set(true);
        c.togglePadded(1);
        c.togglePadded(4);
        c.windowOnProperty().set(true);
        c.windowProperty().set(3);
        c.hardProperty().set(true);
        c.temperatureProperty().set(0.6100000000000001);
        c.scaleModeProperty().set(ScaleMode.CUSTOM);
        c.customScaleProperty().set(0.3);
        c.dropoutProperty().set(0.25);
        c.dropoutSeedProperty().set(11);
        a.display().stageProperty().set(Stage.LOGITS);
        a.display().colorMapProperty().set(ColorMap.MAGMA);
        a.display().autoRangeProperty().set(true);
        a.display().showValuesProperty().set(false);
        a.display().modeProperty().set(ViewMode.FOCUS);
        a.display().headProperty().set(5);

        ExplorerViewModel b = start(settings);
        Session restored = b.sessions().snapshot();
        assertEquals(a.sessions().snapshot(), restored);
        assertEquals("Kedi paspasın üstüne oturdu çünkü yorgundu.", restored.sentence());
        assertEquals(Set.of(1, 4), restored.controls().paddedKeys());
        assertEquals(0.6100000000000001, restored.controls().temperature(), 0.0, "stored exactly");
        assertEquals(5, b.display().headProperty().get());
        assertEquals(ViewMode.FOCUS, b.display().modeProperty().get());
        assertArrayEquals(a.traceProperty().get().weights().toArray(), b.traceProperty().get().weights().toArray());
        assertEquals("", b.messageProperty().get());
    }

    @Test
    void theComparisonComesBackWithItsPinnedSettings() {
        Settings settings = new MemorySettings();
        ExplorerViewModel a = start(settings);
        a.controls().temperatureProperty().set(0.5);
        a.pinAsA();
        a.controls().temperatureProperty().set(2);
        a.display().modeProperty().set(ViewMode.COMPARE);

        ExplorerViewModel b = start(settings);
        assertEquals(ViewMode.COMPARE, b.display().modeProperty().get());
        assertEquals(0.5, b.pinnedProperty().get().temperature());
        assertEquals(2.0, b.controls().temperatureProperty().get());
        assertEquals(0.5, b.maps().traceAProperty().get().spec().temperature(), "A is computed with the pinned T");
        assertEquals(2.0, b.traceProperty().get().spec().temperature());
    }

    @Test
    void aFirstRunKeepsTheDefaultsAndSavesThemAsASession() throws Exception {
        Settings settings = new MemorySettings();
        ExplorerViewModel vm = start(settings);
        assertEquals(defaults(), vm.sessions().snapshot());
        assertEquals(defaults(), stored(settings));
        assertNull(settings.get("explorer.sentence", null), "one value, not one key per setting");
    }

    @Test
    void settingsStoredKeyByKeyByThePreviousVersionStillLoad() throws Exception {
        Settings settings = new MemorySettings();
        Map<String, String> stored = Map.ofEntries(
                Map.entry("version", "1"),
                Map.entry("sentence", "Attention is all you need"),
                Map.entry("dModel", "16"),
                Map.entry("heads", "2"),
                Map.entry("projection", "FUSED"),
                Map.entry("weightSeed", "7"),
                Map.entry("controls.causal", "true"),
                Map.entry("controls.paddedKeys", "1,3"),
                Map.entry("controls.temperature", "0.5"),
                Map.entry("pinned", "true"),
                Map.entry("pinned.temperature", "2.0"),
                Map.entry("stage", "logits"),
                Map.entry("colorMap", "magma"),
                Map.entry("head", "1"),
                Map.entry("view", "compare"));
        stored.forEach((k, v) -> settings.put("explorer." + k, v));
        ExplorerViewModel vm = start(settings);
        Session s = vm.sessions().snapshot();
        assertEquals("Attention is all you need", s.sentence());
        assertEquals(16, s.model().dModel());
        assertEquals(2, s.model().heads());
        assertEquals(ProjectionKind.FUSED, s.model().projection());
        assertEquals(7, s.model().weightSeed());
        assertTrue(s.controls().causal());
        assertEquals(Set.of(1, 3), s.controls().paddedKeys());
        assertEquals(0.5, s.controls().temperature());
        assertEquals(2.0, s.pinned().temperature());
        assertEquals(List.of("logits", "magma", 1, "compare"), List.of(s.stage(), s.colorMap(), s.head(), s.view()));
        assertEquals(s, stored(settings), "and are saved as a session from then on");
    }

    @Test
    void aStoredSessionThatCannotBeShownLeavesTheDefaults() {
        Settings settings = new MemorySettings();
        settings.put(ExplorerPersistence.KEY,
                "{\"version\": 2, \"sentence\": \"a b\", \"model\": {\"tokens\": [\"a\"]}}");
        ExplorerViewModel vm = start(settings);
        assertEquals(defaults(), vm.sessions().snapshot());
        assertFalse(vm.errorProperty().get());
    }

    @Test
    void corruptOrOutOfRangeValuesFallBackToTheDefaultsOneByOne() throws Exception {
        Settings settings = new MemorySettings();
        Map<String, String> stored = Map.ofEntries(
                Map.entry("version", "1"),
                Map.entry("sentence", "   "),
                Map.entry("dModel", "-3"),
                Map.entry("heads", "many"),
                Map.entry("projection", "diagonal"),
                Map.entry("weightSeed", "-1"),
                Map.entry("embeddingSeed", "1e3"),
                Map.entry("positional", "yes"),
                Map.entry("controls.causal", "true"),
                Map.entry("controls.padding", "maybe"),
                Map.entry("controls.paddedKeys", "1,x"),
                Map.entry("controls.window", "0"),
                Map.entry("controls.temperature", "50"),
                Map.entry("controls.scaleMode", "HALF"),
                Map.entry("controls.customScale", "NaN"),
                Map.entry("controls.dropout", "0.95"),
                Map.entry("controls.dropoutSeed", "99999999999"),
                Map.entry("pinned", "true"),
                Map.entry("pinned.temperature", "-Infinity"),
                Map.entry("stage", "softmax"),
                Map.entry("colorMap", "rainbow"),
                Map.entry("autoRange", ""),
                Map.entry("head", "99"),
                Map.entry("view", "table"));
        stored.forEach((k, v) -> settings.put("explorer." + k, v));

        ExplorerViewModel vm = start(settings);
        Session s = vm.sessions().snapshot();
        Session d = defaults();
        assertEquals(d.sentence(), s.sentence());
        assertEquals(d.model(), s.model());
        AttentionControls expected = new AttentionControls(true, false, Set.of(), false, 2, false, 1.0,
                ScaleMode.INVERSE_SQRT_DK, 1.0, 0.0, 0);
        assertEquals(expected, s.controls(), "only the valid 'causal' is taken");
        assertEquals(expected, s.pinned(), "the pinned settings fall back to the live ones");
        assertEquals(d.stage(), s.stage());
        assertEquals(d.colorMap(), s.colorMap());
        assertEquals(d.autoRange(), s.autoRange());
        assertEquals(0, s.head());
        assertEquals(d.view(), s.view());
        assertEquals("", vm.messageProperty().get(), "the explorer computes as usual");
        assertEquals(s, stored(settings), "the bad values are replaced");
    }

    @Test
    void headsThatDoNotDivideTheStoredWidthBecomeTheNearestDivisor() {
        Settings settings = new MemorySettings();
        settings.put("explorer.version", "1");
        settings.put("explorer.dModel", "9");
        settings.put("explorer.heads", "4");
        settings.put("explorer.head", "3");
        ExplorerViewModel vm = start(settings);
        assertEquals(9, vm.dModelProperty().get());
        assertEquals(3, vm.headsProperty().get(), "the largest divisor of 9 up to the default 4");
        assertEquals(0, vm.display().headProperty().get(), "head 4 of 3 does not exist");
        assertEquals(3, vm.traceProperty().get().headCount());
    }

    @Test
    void aSentenceOverTheTokenLimitIsNotStoredSoTheLastAcceptedOneComesBack() {
        Settings settings = new MemorySettings();
        ExplorerViewModel a = start(settings);
        a.sentenceProperty().set("Attention is all you need");
        a.sentenceProperty().set("word ".repeat(600));
        assertTrue(a.errorProperty().get());

        ExplorerViewModel b = start(settings);
        assertEquals("Attention is all you need", b.sentenceProperty().get());
        assertEquals(List.of("Attention", "is", "all", "you", "need"), b.tokensProperty().get());
    }

    @Test
    void aStoredSentenceOverTheLimitFallsBackToTheDefault() {
        Settings settings = new MemorySettings();
        settings.put("explorer.version", "1");
        settings.put("explorer.sentence", "word ".repeat(600));
        ExplorerViewModel vm = start(settings);
        assertEquals(ExplorerViewModel.DEFAULT_SENTENCE, vm.sentenceProperty().get());
        assertFalse(vm.errorProperty().get());
    }

    @Test
    void anotherVersionOfTheStoredSettingsIsIgnored() throws Exception {
        Settings settings = new MemorySettings();
        settings.put("explorer.version", "7");
        settings.put("explorer.dModel", "16");
        ExplorerViewModel vm = start(settings);
        assertEquals(12, vm.dModelProperty().get());
        assertEquals(12, stored(settings).model().dModel());
    }

    @Test
    void aSliderDragWritesOnlyTheSessionAndOnlyWhenItChanges() throws Exception {
        List<String> writes = new ArrayList<>();
        Settings memory = new MemorySettings();
        Settings counting = new Settings() {
            @Override
            public String get(String key, String dflt) {
                return memory.get(key, dflt);
            }

            @Override
            public void put(String key, String value) {
                writes.add(key);
                memory.put(key, value);
            }
        };
        ExplorerViewModel vm = start(counting);
        writes.clear();
        for (int i = 1; i <= 50; i++) {
            vm.controls().temperatureProperty().set(1 + i / 10.0);
        }
        assertEquals(50, writes.size());
        assertEquals(Set.of(ExplorerPersistence.KEY), Set.copyOf(writes));
        assertEquals(6.0, stored(memory).controls().temperature());
        assertNull(stored(memory).pinned(), "nothing pinned, nothing stored for it");
        vm.display().colorMapProperty().set(vm.display().colorMapProperty().get());
        vm.controls().temperatureProperty().set(6.0);
        assertEquals(50, writes.size(), "no write when nothing changed");
    }
}
