package org.attentionexplainer.arch;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaMethodCall;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import java.util.regex.Pattern;
import org.nd4j.linalg.api.buffer.DataBuffer;

/**
 * ND4J's memory is read, written and handed to OpenBLAS in one class only, which keeps the
 * owning arrays alive while it does (engine.NativeMemory): a buffer view or a raw pointer taken
 * anywhere else can outlive its array and read memory ND4J has freed.
 */
@AnalyzeClasses(packages = "org.attentionexplainer", importOptions = ImportOption.DoNotIncludeTests.class)
class NativeMemoryRuleTest {
    private static final Pattern RAW = Pattern.compile("asNio.*|asByteBuffer|addressPointer|pointer");

    private static final DescribedPredicate<JavaMethodCall> RAW_MEMORY = DescribedPredicate.describe(
            "take a buffer view or pointer of ND4J's memory, or call OpenBLAS",
            call -> call.getTargetOwner().isAssignableTo(DataBuffer.class) && RAW.matcher(call.getName()).matches()
                    || call.getTargetOwner().getPackageName().startsWith("org.bytedeco.openblas"));

    @ArchTest
    static final ArchRule onlyNativeMemoryTouchesNd4jMemory = noClasses()
            .that().doNotHaveFullyQualifiedName("org.attentionexplainer.engine.NativeMemory")
            .should().callMethodWhere(RAW_MEMORY);
}
