package dev.keypath.architecture;

import static com.tngtech.archunit.library.Architectures.layeredArchitecture;

import com.tngtech.archunit.lang.ArchRule;
import org.junit.jupiter.api.Test;

/**
 * The adapter's internal packages stand in layers, each using only those below it: the tables and their drivers
 * ({@code client}) run the operations ({@code operation}), which send the requests {@code request} builds; those
 * fold in the built-in extensions ({@code extension}) and write expressions ({@code expression}) over the declared
 * item types ({@code schema}), which encode through the codec ({@code mapping}). No import runs back up, so no
 * circle forms among them. Uses from outside the internals (the API, {@code storage}) are not this rule's concern.
 */
class AdapterInternalsTest {
    private static final String INTERNAL = "dev.keypath.dynamodb.internal.";

    @Test
    void theInternalPackagesStandInLayers() {
        ArchRule rule = layeredArchitecture().consideringOnlyDependenciesInLayers()
                .layer("client").definedBy(INTERNAL + "client..")
                .layer("operation").definedBy(INTERNAL + "operation..")
                .layer("request").definedBy(INTERNAL + "request..")
                .layer("extension").definedBy(INTERNAL + "extension..")
                .layer("expression").definedBy(INTERNAL + "expression..")
                .layer("schema").definedBy(INTERNAL + "schema..")
                .layer("mapping").definedBy(INTERNAL + "mapping..")
                .whereLayer("client").mayNotBeAccessedByAnyLayer()
                .whereLayer("operation").mayOnlyBeAccessedByLayers("client")
                .whereLayer("request").mayOnlyBeAccessedByLayers("client", "operation")
                .whereLayer("extension").mayOnlyBeAccessedByLayers("client", "operation", "request")
                .whereLayer("expression").mayOnlyBeAccessedByLayers("client", "operation", "request", "extension")
                .whereLayer("schema")
                .mayOnlyBeAccessedByLayers("client", "operation", "request", "extension", "expression")
                .as("the adapter's internal packages stand in layers: client, operation, request, extension, "
                        + "expression, schema, mapping; each uses only those below it");
        rule.check(ModuleClasses.all());
    }
}
