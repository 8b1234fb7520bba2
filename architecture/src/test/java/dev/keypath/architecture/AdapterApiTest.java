package dev.keypath.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import com.tngtech.archunit.library.dependencies.SlicesRuleDefinition;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The adapter's public API ({@code dev.keypath.dynamodb}, its annotations) is types and contracts: it does not use
 * the implementation. The one exception is the entry points, final classes of static factories
 * ({@code KeyPathTables}, {@code ItemSchemas}) that hand out the implementations; nothing in the adapter uses them, so
 * they stand above both and close no circle. The {@code storage} package is left out of the first rule on purpose:
 * it is the public face of internal machinery for tools, and delegates to it by design.
 */
class AdapterApiTest {
    /** The API's entry points: the only API classes that name an implementation. */
    private static final Set<String> ENTRY_POINTS = Set.of(
            "dev.keypath.dynamodb.KeyPathTables",
            "dev.keypath.dynamodb.ItemSchemas");

    @Test
    void theApiDoesNotUseTheInternals() {
        ArchRule rule = noClasses().that().resideInAnyPackage("dev.keypath.dynamodb", "dev.keypath.dynamodb.annotation..")
                .and(DescribedPredicate.not(entryPoint()))
                .should().dependOnClassesThat().resideInAPackage(ModuleClasses.INTERNAL)
                .as("the adapter's API (dev.keypath.dynamodb, ..annotation) does not depend on its internals, "
                        + "except the entry points " + ENTRY_POINTS);
        rule.check(ModuleClasses.all());
    }

    @Test
    void theEntryPointsAreFinalClassesOfStaticFactories() {
        ArchRule rule = classes().that(entryPoint())
                .should().haveModifier(JavaModifier.FINAL)
                .andShould().notBeInterfaces()
                .andShould().haveOnlyPrivateConstructors()
                .as("the entry points " + ENTRY_POINTS + " are final classes with private constructors");
        rule.check(ModuleClasses.all());
    }

    /**
     * The API, the entry points, {@code storage} and {@code internal} depend on each other without a circle: the
     * internals implement the API and use its types, so any use of the internals by an API type (a factory or a
     * default method that names an implementation) would close one, and so would an internal class that uses an entry
     * point or {@code storage}.
     */
    @Test
    void theApiAndTheInternalsFormNoCircle() {
        ArchRule rule = SlicesRuleDefinition.slices().assignedFrom(adapterParts()).should().beFreeOfCycles()
                .as("the adapter's API, entry points, storage and internals are free of cycles");
        rule.check(ModuleClasses.all());
    }

    /** The adapter's parts as slices; every other class is ignored. */
    private static SliceAssignment adapterParts() {
        return new SliceAssignment() {
            @Override
            public SliceIdentifier getIdentifierOf(JavaClass c) {
                String pkg = c.getPackageName();
                if (isEntryPoint(c)) {
                    return SliceIdentifier.of("entry points");
                }
                if (pkg.equals("dev.keypath.dynamodb") || within(pkg, "dev.keypath.dynamodb.annotation")) {
                    return SliceIdentifier.of("api");
                }
                if (within(pkg, "dev.keypath.dynamodb.storage")) {
                    return SliceIdentifier.of("storage");
                }
                if (within(pkg, "dev.keypath.dynamodb.internal")) {
                    return SliceIdentifier.of("internal");
                }
                return SliceIdentifier.ignore();
            }

            @Override
            public String getDescription() {
                return "the adapter's api (with its annotations), entry points, storage and internal packages";
            }
        };
    }

    private static boolean within(String pkg, String parent) {
        return pkg.equals(parent) || pkg.startsWith(parent + ".");
    }

    private static DescribedPredicate<JavaClass> entryPoint() {
        return DescribedPredicate.describe("entry points", AdapterApiTest::isEntryPoint);
    }

    private static boolean isEntryPoint(JavaClass c) {
        String name = c.getName();
        int nested = name.indexOf('$');
        return ENTRY_POINTS.contains(nested < 0 ? name : name.substring(0, nested));
    }
}
