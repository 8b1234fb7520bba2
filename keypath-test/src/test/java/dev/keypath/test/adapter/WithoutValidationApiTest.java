package dev.keypath.test.adapter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyPathTables;
import dev.keypath.dynamodb.annotation.CreatedAt;
import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.test.Injected;
import dev.keypath.test.KeyPathDynamoDb;
import dev.keypath.test.TestDynamoDb;
import java.io.File;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The adapter runs without {@code jakarta.validation} on the class path when no validator is configured: keypath's
 * classes are loaded again by a loader that refuses every {@code jakarta.validation} class, and a table built there
 * puts, reads and updates items with timestamps against DynamoDB Local.
 */
@KeyPathDynamoDb(types = WithoutValidationApiTest.Stamped.class)
class WithoutValidationApiTest {
    @Injected
    private static DynamoDbClient client;

    @ItemType(keyPath = "/stamped-{id}")
    public record Stamped(String id, String text, @CreatedAt Instant created) {
    }

    /** Loads {@code dev.keypath} classes itself, refuses {@code jakarta.validation}, and delegates the rest. */
    static final class WithoutValidation extends URLClassLoader {
        WithoutValidation(URL[] urls, ClassLoader parent) {
            super(urls, parent);
        }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            if (name.startsWith("jakarta.validation.")) {
                throw new ClassNotFoundException(name + " is hidden by this test");
            }
            synchronized (getClassLoadingLock(name)) {
                if (name.startsWith("dev.keypath.")) {
                    Class<?> c = findLoadedClass(name);
                    return c != null ? c : findClass(name);
                }
                return super.loadClass(name, resolve);
            }
        }
    }

    /** Runs in the loader without the validation API. */
    public static String roundTrip(DynamoDbClient client, String tableName) {
        KeyPathTable table = KeyPathTables.builder().client(client).tableName(tableName).register(Stamped.class).build();
        table.bootstrap();
        String id = UUID.randomUUID().toString();
        Stamped put = table.put(new Stamped(id, "hello", null));
        Stamped read = table.get(Stamped.class, KeyPath.of("stamped", id)).orElseThrow();
        if (!read.equals(put) || put.created() == null) {
            throw new AssertionError("read " + read + " after put " + put);
        }
        client.deleteTable(r -> r.tableName(tableName));
        return read.text() + " loaded by " + Stamped.class.getClassLoader().getClass().getSimpleName();
    }

    @Test
    void aTableWithoutAValidatorNeverLoadsTheValidationApi() throws Exception {
        List<URL> urls = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            urls.add(new File(entry).toURI().toURL());
        }
        try (WithoutValidation loader = new WithoutValidation(urls.toArray(URL[]::new), getClass().getClassLoader())) {
            assertThatThrownBy(() -> loader.loadClass("jakarta.validation.Validator"))
                    .isInstanceOf(ClassNotFoundException.class);
            Class<?> test = loader.loadClass(WithoutValidationApiTest.class.getName());
            assertThat(test).isNotSameAs(WithoutValidationApiTest.class);
            Method roundTrip = test.getMethod("roundTrip", DynamoDbClient.class, String.class);
            roundTrip.setAccessible(true); // the class is package-private, in the other loader's package
            Object result = roundTrip.invoke(null, client, TestDynamoDb.uniqueTableName("no-validation"));
            assertThat(result).isEqualTo("hello loaded by WithoutValidation");
        }
    }
}
