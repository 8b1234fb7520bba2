package dev.keypath.test;

import dev.keypath.dynamodb.KeyPathAsyncTable;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyPathTables;
import dev.keypath.dynamodb.TableBuilderSettings;
import java.lang.reflect.Constructor;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;

/**
 * One table made for a test class or test method: bootstrapped on creation with the settings' item types, read
 * through a sync and (on first use) an async key-path table that share types, customizers and page-token secret,
 * and deleted on {@link #close()} (when JUnit closes the context that holds it). Thread-safe.
 */
final class TestTable implements AutoCloseable {
    private static final int SECRET_BYTES = 32;
    private static final SecureRandom RANDOM = new SecureRandom();

    private final TestDynamoDb engine;
    private final String name;
    private final Class<?>[] types;
    private final byte[] secret;
    private final List<TableCustomizer> customizers;
    private final KeyPathTable table;
    private volatile KeyPathAsyncTable asyncTable;

    private TestTable(TestDynamoDb engine, String name, TestClassSettings settings) {
        this.engine = engine;
        this.name = name;
        this.types = settings.types().toArray(new Class<?>[0]);
        this.secret = new byte[SECRET_BYTES];
        RANDOM.nextBytes(secret);
        this.customizers = instantiate(settings);
        this.table = configure(KeyPathTables.builder().client(engine.client())).build();
    }

    /** Creates and bootstraps a table named after the hint on the engine. */
    static TestTable create(TestDynamoDb engine, TestClassSettings settings, String hint) {
        TestTable t = new TestTable(engine, TestDynamoDb.uniqueTableName(hint), settings);
        t.table.bootstrap();
        return t;
    }

    KeyPathTable table() {
        return table;
    }

    KeyPathAsyncTable asyncTable() {
        KeyPathAsyncTable t = asyncTable;
        if (t == null) {
            synchronized (this) {
                t = asyncTable;
                if (t == null) {
                    t = configure(KeyPathTables.asyncBuilder().client(engine.asyncClient())).build();
                    asyncTable = t;
                }
            }
        }
        return t;
    }

    private <B extends TableBuilderSettings<B>> B configure(B builder) {
        builder.tableName(name).register(types).pageTokenSecret(secret.clone());
        for (TableCustomizer c : customizers) {
            c.customize(builder);
        }
        return builder;
    }

    private static List<TableCustomizer> instantiate(TestClassSettings settings) {
        List<TableCustomizer> made = new ArrayList<>();
        for (Class<? extends TableCustomizer> type : settings.customizers()) {
            try {
                Constructor<? extends TableCustomizer> constructor = type.getDeclaredConstructor();
                constructor.setAccessible(true);
                made.add(constructor.newInstance());
            } catch (ReflectiveOperationException | RuntimeException e) {
                throw new ExtensionConfigurationException("@KeyPathDynamoDb(customizers = " + type.getName()
                        + ".class) on " + settings.owner().getName() + ": cannot make one with a constructor "
                        + "without arguments (" + e + ")", e);
            }
        }
        return made;
    }

    /** Deletes the table; a table the test deleted itself is fine. */
    @Override
    public void close() {
        try {
            engine.client().deleteTable(r -> r.tableName(name));
        } catch (ResourceNotFoundException gone) {
            // the test deleted it
        }
    }

    @Override
    public String toString() {
        return name + " on " + engine;
    }
}
