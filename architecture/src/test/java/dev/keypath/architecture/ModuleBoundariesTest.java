package dev.keypath.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.lang.ArchRule;
import org.junit.jupiter.api.Test;

class ModuleBoundariesTest {
    private final JavaClasses all = ModuleClasses.all();

    @Test
    void everyModuleIsImported() {
        for (String pkg : new String[] {"dev.keypath", "dev.keypath.dynamodb", "dev.keypath.dynamodb.local",
            "dev.keypath.test", "dev.keypath.streams", "dev.keypath.export", "dev.keypath.migrate", "dev.keypath.spark",
            "dev.keypath.cli",
            "dev.keypath.spring", "dev.keypath.spring.autoconfigure", "dev.keypath.examples.social",
            "dev.keypath.benchmarks"}) {
            assertThat(all.containPackage(pkg)).as("classes of package %s imported", pkg).isTrue();
        }
    }

    @Test
    void onlyTheAdapterUsesItsInternals() {
        ArchRule rule = noClasses().that().resideOutsideOfPackages(ModuleClasses.ADAPTER)
                .should().dependOnClassesThat().resideInAPackage(ModuleClasses.INTERNAL)
                .as("no class outside the adapter depends on its internals (dev.keypath.dynamodb.internal..)")
                .because("other modules use the adapter's public API only, so its internals can change freely");
        rule.check(all);
    }

    @Test
    void onlyKeypathSparkDependsOnSpark() {
        ArchRule rule = noClasses().that().resideOutsideOfPackages("dev.keypath.spark..")
                .should().dependOnClassesThat().resideInAnyPackage("org.apache.spark..", "scala..")
                .as("no class outside keypath-spark (dev.keypath.spark..) depends on Spark or Scala")
                .because("Spark is an optional dependency that only the applications running keypath on a "
                        + "cluster bring, as the cluster's own");
        rule.check(all);
    }

    @Test
    void theCoreDependsOnTheJdkOnly() {
        ArchRule rule = classes().that().resideInAPackage(ModuleClasses.CORE)
                .should().onlyDependOnClassesThat().resideInAnyPackage(ModuleClasses.CORE, "java..")
                .as("the core (package dev.keypath) depends on the JDK (java..) only")
                .because("the key-path core is a library without dependencies");
        rule.check(all);
    }
}
