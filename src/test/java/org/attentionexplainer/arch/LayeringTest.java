package org.attentionexplainer.arch;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.fields;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaConstructorCall;
import com.tngtech.archunit.core.domain.JavaMethodCall;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.library.dependencies.Slice;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The layering of STYLE.md: the engine alone knows ND4J, the ui alone knows JavaFX, and the
 * texts of every layer come from the one text layer.
 */
@AnalyzeClasses(packages = "org.attentionexplainer", importOptions = ImportOption.DoNotIncludeTests.class)
class LayeringTest {
    private static final String BASE = "org.attentionexplainer.";

    @ArchTest
    static final ArchRule onlyTheEngineUsesNd4j = noClasses()
            .that().resideOutsideOfPackage(BASE + "engine..")
            .should().dependOnClassesThat().resideInAnyPackage("org.nd4j..", "org.bytedeco..");

    @ArchTest
    static final ArchRule onlyTheUiUsesJavaFx = noClasses()
            .that().resideOutsideOfPackages(BASE + "ui..")
            .should().dependOnClassesThat().resideInAnyPackage("javafx..", "org.controlsfx..");

    @ArchTest
    static final ArchRule engineStandsAlone = noClasses()
            .that().resideInAPackage(BASE + "engine..")
            .should().dependOnClassesThat().resideInAnyPackage(BASE + "lesson..", BASE + "render..",
                    BASE + "export..", BASE + "cli..", BASE + "ui..");

    @ArchTest
    static final ArchRule theTextLayerStandsAlone = noClasses()
            .that().resideInAPackage(BASE + "i18n..")
            .should().dependOnClassesThat().resideInAnyPackage(BASE + "engine..", BASE + "lesson..",
                    BASE + "render..", BASE + "export..", BASE + "cli..", BASE + "ui..");

    @ArchTest
    static final ArchRule onlyTheTextLayerReadsBundles = noClasses()
            .that().resideOutsideOfPackage(BASE + "i18n..")
            .should().dependOnClassesThat().areAssignableTo(java.util.ResourceBundle.class)
            .orShould().dependOnClassesThat().areAssignableTo(java.text.MessageFormat.class);

    @ArchTest
    static final ArchRule lessonUsesOnlyTheEngine = noClasses()
            .that().resideInAPackage(BASE + "lesson..")
            .should().dependOnClassesThat().resideInAnyPackage(BASE + "render..", BASE + "export..",
                    BASE + "cli..", BASE + "ui..")
            .allowEmptyShould(true);

    @ArchTest
    static final ArchRule renderUsesOnlyEngineValues = noClasses()
            .that().resideInAPackage(BASE + "render..")
            .should().dependOnClassesThat().resideInAnyPackage(BASE + "export..", BASE + "cli..", BASE + "ui..")
            .allowEmptyShould(true);

    @ArchTest
    static final ArchRule exportKnowsNoCliOrUi = noClasses()
            .that().resideInAPackage(BASE + "export..")
            .should().dependOnClassesThat().resideInAnyPackage(BASE + "cli..", BASE + "ui..");

    @ArchTest
    static final ArchRule cliKnowsNoUi = noClasses()
            .that().resideInAPackage(BASE + "cli..")
            .should().dependOnClassesThat().resideInAnyPackage(BASE + "ui..");

    @ArchTest
    static final ArchRule uiKnowsNoCli = noClasses()
            .that().resideInAPackage(BASE + "ui..")
            .should().dependOnClassesThat().resideInAnyPackage(BASE + "cli..");

    /**
     * The ui reads the engine's immutable values (traces, specs, the tensors in lesson results)
     * and never ND4J (see above); only the app's start makes the engine and starts its backend,
     * and every screen gets that one engine through its AppContext.
     */
    @ArchTest
    static void onlyTheAppsStartMakesTheEngine(JavaClasses classes) {
        List<String> makers = new ArrayList<>();
        for (JavaClass c : classes) {
            if (!c.getPackageName().startsWith(BASE + "ui") || c.getName().equals(BASE + "ui.DesktopApp")) {
                continue;
            }
            for (JavaConstructorCall call : c.getConstructorCallsFromSelf()) {
                if (call.getTargetOwner().getName().equals(BASE + "engine.AttentionEngine")) {
                    makers.add(call.getDescription());
                }
            }
            for (JavaMethodCall call : c.getMethodCallsFromSelf()) {
                if (call.getTargetOwner().getName().equals(BASE + "engine.Backends")) {
                    makers.add(call.getDescription());
                }
            }
        }
        assertEquals(List.of(), makers);
    }

    /**
     * The engine's entry points that the ui holds: the engine (made by the app's start and handed
     * to the screens through their AppContext), the start of its backend (the app's start only,
     * see above), the trained models (loaded from the jar or a model folder, then asked for
     * immutable traces) and the tiny GPT's model and trainer (trained on the worker, read as
     * immutable traces).
     */
    static final Set<String> ENGINE_ENTRY_POINTS = Set.of(BASE + "engine.AttentionEngine",
            BASE + "engine.Backends", BASE + "engine.bert.MiniLmModel", BASE + "engine.model.ModelFolder",
            BASE + "engine.tinygpt.TinyGpt", BASE + "engine.tinygpt.GptTrainer", BASE + "engine.tinygpt.GptWeights",
            BASE + "engine.tinygpt.GptConfig", BASE + "engine.tinygpt.TrainingOptions",
            BASE + "engine.tinygpt.TrainingControl", BASE + "engine.tinygpt.TrainingListener");

    /** Engine classes that use ND4J or JavaCPP, directly or through other engine classes. */
    static final DescribedPredicate<JavaClass> REACHES_ND4J = new DescribedPredicate<>(
            "engine classes that reach ND4J (other than its entry points)") {
        @Override
        public boolean test(JavaClass c) {
            return inEngine(c) && !ENGINE_ENTRY_POINTS.contains(c.getName()) && reachesNd4j(c, new HashSet<>());
        }

        private boolean inEngine(JavaClass c) {
            return c.getPackageName().startsWith(BASE + "engine");
        }

        private boolean reachesNd4j(JavaClass c, Set<String> seen) {
            if (!seen.add(c.getName())) {
                return false;
            }
            for (Dependency d : c.getDirectDependenciesFromSelf()) {
                JavaClass t = d.getTargetClass();
                String p = t.getPackageName();
                if (p.startsWith("org.nd4j") || p.startsWith("org.bytedeco")
                        || inEngine(t) && reachesNd4j(t, seen)) {
                    return true;
                }
            }
            return false;
        }
    };

    /**
     * The ui reads the engine's immutable values (traces, specs, tensors, the real model's results,
     * the engine's exceptions) as they are: a copy of each in lesson or render would be a second
     * type and a conversion per slider step for nothing. It never reaches ND4J through the engine:
     * besides those values it holds only the entry points above.
     */
    @ArchTest
    static final ArchRule theUiUsesOnlyTheEnginesValuesAndEntryPoints = noClasses()
            .that().resideInAPackage(BASE + "ui..")
            .should().dependOnClassesThat(REACHES_ND4J);

    /**
     * One figure builder: the screens get every figure from {@code export.AttentionFigures}, which
     * alone chooses colour maps, ranges and sizes, so that a chapter's map, the explorer's and the
     * command line's are drawn alike; none of them puts a figure together itself.
     */
    @ArchTest
    static final ArchRule theUiMakesNoFigureOfItsOwn = noClasses()
            .that().resideInAPackage(BASE + "ui..")
            .should().callMethodWhere(new DescribedPredicate<JavaMethodCall>("a figure is made (Figure.single, "
                    + "grid, tables or compare)") {
                @Override
                public boolean test(JavaMethodCall call) {
                    return call.getTargetOwner().getName().equals(BASE + "render.Figure")
                            && Set.of("single", "grid", "tables", "compare").contains(call.getName());
                }
            });

    /** The screens of the app; the other ui packages are what they share. */
    static final Set<String> SCREENS = Set.of("walkthrough", "chapters", "explorer", "realmodel", "home",
            "tinygpt");

    /** What two screens share lives in a shared ui package (common, shell, heatmap, export...), never in a screen. */
    @ArchTest
    static final ArchRule screensDoNotImportEachOther = slices()
            .matching(BASE + "ui.(*)..").namingSlices("$1")
            .that(new DescribedPredicate<Slice>("are screens") {
                @Override
                public boolean test(Slice slice) {
                    return SCREENS.contains(slice.getNamePart(1));
                }
            })
            .should().notDependOnEachOther();

    @ArchTest
    static final ArchRule sharedUiKnowsNoScreen = noClasses()
            .that().resideInAPackage(BASE + "ui.*..").and().resideOutsideOfPackages(
                    SCREENS.stream().map(s -> BASE + "ui." + s + "..").toArray(String[]::new))
            .should().dependOnClassesThat().resideInAnyPackage(
                    SCREENS.stream().map(s -> BASE + "ui." + s + "..").toArray(String[]::new));

    /**
     * The engine's routes (OpenBLAS or ND4J, host memory, vector rows) are fixed as their classes
     * load ({@code Routes.BEST}); a test that takes another route makes an engine with other
     * routes. No engine class holds a static field that anyone could switch, but for the two that
     * record, once a process, that the backend and the native threads have been started.
     */
    @ArchTest
    static final ArchRule theEngineHasNoSwitches = fields()
            .that().areDeclaredInClassesThat().resideInAPackage(BASE + "engine..")
            .and().areStatic()
            .and().areNotDeclaredIn(BASE + "engine.Backends")
            .and().areNotDeclaredIn(BASE + "engine.NativeThreads")
            .should().beFinal();
}
