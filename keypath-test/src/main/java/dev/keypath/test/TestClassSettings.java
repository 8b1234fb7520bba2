package dev.keypath.test;

import java.lang.reflect.Modifier;
import java.util.List;
import java.util.Optional;
import org.junit.platform.commons.support.AnnotationSupport;

/**
 * What {@link KeyPathDynamoDb} says for one test class: found on the class (or a superclass) or, for a
 * {@code @Nested} class, on the nearest enclosing class that carries it; the defaults when the extension is
 * registered without the annotation.
 *
 * @param owner the class the annotation was found on: the tables of {@link TablePer#CLASS} belong to it
 */
record TestClassSettings(Class<?> owner, List<Class<?>> types, TablePer tablePer, EngineChoice engine,
        List<Class<? extends TableCustomizer>> customizers) {
    TestClassSettings {
        types = List.copyOf(types);
        customizers = List.copyOf(customizers);
    }

    static TestClassSettings of(Class<?> testClass) {
        for (Class<?> c = testClass; c != null; c = enclosingOfInner(c)) {
            Optional<KeyPathDynamoDb> found = AnnotationSupport.findAnnotation(c, KeyPathDynamoDb.class);
            if (found.isPresent()) {
                KeyPathDynamoDb a = found.get();
                return new TestClassSettings(c, List.of(a.types()), a.tablePer(), a.engine(), List.of(a.customizers()));
            }
        }
        return new TestClassSettings(testClass, List.of(), TablePer.CLASS, EngineChoice.DEFAULT, List.of());
    }

    private static Class<?> enclosingOfInner(Class<?> c) {
        return Modifier.isStatic(c.getModifiers()) ? null : c.getEnclosingClass();
    }

    /** Where the engine choice comes from, for error messages. */
    String engineOrigin() {
        if (engine != EngineChoice.DEFAULT) {
            return "@KeyPathDynamoDb(engine = " + engine + ") on " + owner.getName();
        }
        String property = System.getProperty(TestDynamoDb.ENGINE_PROPERTY);
        if (property == null || property.isBlank()) {
            return ExternalEndpoint.configured().map(ExternalEndpoint::origin).orElse("the default engine")
                    + " (test class " + owner.getName() + ")";
        }
        return "-D" + TestDynamoDb.ENGINE_PROPERTY + "=" + property + " (test class " + owner.getName() + ")";
    }
}
