package dev.keypath.test;

import dev.keypath.dynamodb.KeyPathAsyncTable;
import dev.keypath.dynamodb.KeyPathTable;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Parameter;
import java.net.URI;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolutionException;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.junit.jupiter.api.extension.TestInstancePostProcessor;
import org.junit.platform.commons.support.AnnotationSupport;
import org.junit.platform.commons.support.HierarchyTraversalMode;
import org.junit.platform.commons.support.ReflectionSupport;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The JUnit 5 extension behind {@link KeyPathDynamoDb}: fills {@link Injected} fields before {@code @BeforeAll}
 * (static ones) and before each test (instance ones), and resolves parameters of the supported types. It may also
 * be registered alone ({@code @ExtendWith(KeyPathDynamoDbExtension.class)}): a table with no item types per class,
 * on the default engine. Stateless (tables live in JUnit's extension-context stores); thread-safe.
 */
public final class KeyPathDynamoDbExtension implements BeforeAllCallback, TestInstancePostProcessor,
        BeforeEachCallback, ParameterResolver {
    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(
            KeyPathDynamoDbExtension.class);
    private static final List<Class<?>> INJECTABLE = List.of(KeyPathTable.class, KeyPathAsyncTable.class,
            DynamoDbClient.class, DynamoDbAsyncClient.class, TestDynamoDb.class, URI.class);

    /** Tables are kept under the class the annotation was found on, so that subclasses and nestings are told apart. */
    private record TableKey(Class<?> owner) {
    }

    @Override
    public void beforeAll(ExtensionContext context) {
        Class<?> testClass = context.getRequiredTestClass();
        TestClassSettings settings = TestClassSettings.of(testClass);
        for (Field field : injectedFields(testClass)) {
            if (Modifier.isStatic(field.getModifiers())) {
                set(null, field, settings, context);
            }
        }
    }

    @Override
    public void postProcessTestInstance(Object testInstance, ExtensionContext context) {
        injectInstanceFields(testInstance, context);
    }

    @Override
    public void beforeEach(ExtensionContext context) {
        for (Object instance : context.getRequiredTestInstances().getAllInstances()) {
            injectInstanceFields(instance, context);
        }
    }

    @Override
    public boolean supportsParameter(ParameterContext parameterContext, ExtensionContext extensionContext) {
        return INJECTABLE.contains(parameterContext.getParameter().getType());
    }

    @Override
    public Object resolveParameter(ParameterContext parameterContext, ExtensionContext extensionContext) {
        Parameter p = parameterContext.getParameter();
        try {
            return resolve(p.getType(), TestClassSettings.of(extensionContext.getRequiredTestClass()),
                    extensionContext, "parameter " + p.getName() + " of "
                    + parameterContext.getDeclaringExecutable());
        } catch (ExtensionConfigurationException e) {
            throw new ParameterResolutionException(e.getMessage(), e);
        }
    }

    /**
     * Instance fields get everything but a {@link TablePer#METHOD} table when the instance is made (so that
     * {@code @BeforeAll} of a per-class test instance sees them), and everything before each test.
     */
    private void injectInstanceFields(Object instance, ExtensionContext context) {
        boolean inTest = context.getTestMethod().isPresent();
        TestClassSettings settings = TestClassSettings.of(instance.getClass());
        for (Field field : injectedFields(instance.getClass())) {
            if (Modifier.isStatic(field.getModifiers())) {
                continue;
            }
            if (!inTest && settings.tablePer() == TablePer.METHOD && isTable(field.getType())) {
                continue;
            }
            set(instance, field, settings, context);
        }
    }

    private static List<Field> injectedFields(Class<?> testClass) {
        List<Field> fields = AnnotationSupport.findAnnotatedFields(testClass, Injected.class, f -> true,
                HierarchyTraversalMode.TOP_DOWN);
        for (Field f : fields) {
            if (!INJECTABLE.contains(f.getType())) {
                throw new ExtensionConfigurationException("@Injected field " + describe(f) + " has type "
                        + f.getType().getName() + "; @KeyPathDynamoDb fills fields of type KeyPathTable, "
                        + "KeyPathAsyncTable, DynamoDbClient, DynamoDbAsyncClient, TestDynamoDb or URI (the endpoint)");
            }
            if (Modifier.isFinal(f.getModifiers())) {
                throw new ExtensionConfigurationException("@Injected field " + describe(f) + " is final: remove "
                        + "final so that @KeyPathDynamoDb can fill it");
            }
        }
        return fields;
    }

    private static void set(Object instance, Field field, TestClassSettings settings, ExtensionContext context) {
        Object value = resolve(field.getType(), settings, context, (instance == null ? "static field " : "field ")
                + describe(field));
        try {
            ReflectionSupport.makeAccessible(field).set(instance, value);
        } catch (IllegalAccessException e) {
            throw new ExtensionConfigurationException("Cannot set @Injected field " + describe(field), e);
        }
    }

    private static Object resolve(Class<?> type, TestClassSettings settings, ExtensionContext context,
            String target) {
        if (type == KeyPathTable.class) {
            return table(settings, context, target).table();
        }
        if (type == KeyPathAsyncTable.class) {
            return table(settings, context, target).asyncTable();
        }
        TestDynamoDb engine = engine(settings);
        if (type == DynamoDbClient.class) {
            return engine.client();
        }
        if (type == DynamoDbAsyncClient.class) {
            return engine.asyncClient();
        }
        if (type == URI.class) {
            return engine.endpoint();
        }
        return engine;
    }

    private static TestDynamoDb engine(TestClassSettings settings) {
        return RunningEngines.get(settings.engine(), settings.engineOrigin());
    }

    private static TestTable table(TestClassSettings settings, ExtensionContext context, String target) {
        TableKey key = new TableKey(settings.owner());
        if (settings.tablePer() == TablePer.METHOD) {
            Optional<Method> test = context.getTestMethod();
            if (test.isEmpty()) {
                throw new ExtensionConfigurationException(target + ": @KeyPathDynamoDb(tablePer = METHOD) on "
                        + settings.owner().getName() + " makes a table per test, which does not exist yet here; take "
                        + "the table as an instance field, a test or @BeforeEach parameter, or use tablePer = CLASS");
            }
            String hint = settings.owner().getSimpleName() + "-" + test.get().getName();
            return context.getStore(NAMESPACE).getOrComputeIfAbsent(key,
                    k -> TestTable.create(engine(settings), settings, hint), TestTable.class);
        }
        return ownerContext(context, settings.owner()).getStore(NAMESPACE).getOrComputeIfAbsent(key,
                k -> TestTable.create(engine(settings), settings, settings.owner().getSimpleName()), TestTable.class);
    }

    /** The class-level context of the class that owns the annotation, so that its nested classes share its table. */
    private static ExtensionContext ownerContext(ExtensionContext context, Class<?> owner) {
        for (ExtensionContext c = context; c != null; c = c.getParent().orElse(null)) {
            if (c.getTestMethod().isEmpty() && c.getTestClass().filter(owner::equals).isPresent()) {
                return c;
            }
        }
        return context;
    }

    private static boolean isTable(Class<?> type) {
        return type == KeyPathTable.class || type == KeyPathAsyncTable.class;
    }

    private static String describe(Field f) {
        return f.getDeclaringClass().getName() + "." + f.getName();
    }
}
