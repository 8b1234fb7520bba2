package dev.keypath.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.lang.ArchRule;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The adapter's public API ({@code dev.keypath.dynamodb}, its annotations) is types and contracts: it does not use
 * the implementation, except in the types listed as known below. The list only shrinks: a type that no longer
 * needs the internals is taken off it, and a new type never goes on it. The {@code storage} package is left out
 * on purpose: it is the public face of internal machinery for tools, and delegates to it by design.
 */
class AdapterApiTest {
    /** API types that still reach the internals: their static factories and default methods do. */
    private static final Set<String> KNOWN = Set.of(
            "dev.keypath.dynamodb.ItemSchema",
            "dev.keypath.dynamodb.KeyPathTable",
            "dev.keypath.dynamodb.KeyPathAsyncTable");

    @Test
    void theApiDoesNotUseTheInternals() {
        ArchRule rule = noClasses().that().resideInAnyPackage("dev.keypath.dynamodb", "dev.keypath.dynamodb.annotation..")
                .and(DescribedPredicate.not(known()))
                .should().dependOnClassesThat().resideInAPackage(ModuleClasses.INTERNAL)
                .as("the adapter's API (dev.keypath.dynamodb, ..annotation) does not depend on its internals, "
                        + "except the known types " + KNOWN);
        rule.check(ModuleClasses.all());
    }

    private static DescribedPredicate<JavaClass> known() {
        return DescribedPredicate.describe("known", c -> {
            String name = c.getName();
            int nested = name.indexOf('$');
            return KNOWN.contains(nested < 0 ? name : name.substring(0, nested));
        });
    }
}
