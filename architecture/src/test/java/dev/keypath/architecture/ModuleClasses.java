package dev.keypath.architecture;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;

/** The main classes of every keypath module on this module's test class path (tests left out), imported once. */
final class ModuleClasses {
    /** The core module's package: key paths and their encoding, nothing else. */
    static final String CORE = "dev.keypath";

    /** The adapter's packages: its public API and its internals. */
    static final String[] ADAPTER = {
        "dev.keypath.dynamodb", "dev.keypath.dynamodb.annotation..", "dev.keypath.dynamodb.storage..",
        "dev.keypath.dynamodb.internal.."
    };

    /** The adapter's implementation packages, which only the adapter may use. */
    static final String INTERNAL = "dev.keypath.dynamodb.internal..";

    private static final JavaClasses ALL = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("dev.keypath");

    private ModuleClasses() {
    }

    static JavaClasses all() {
        return ALL;
    }
}
