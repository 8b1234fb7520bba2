package dev.keypath.dynamodb.testing;

import dev.keypath.dynamodb.local.EmbeddedDynamoDb;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.localstack.LocalStackContainer;
import org.testcontainers.utility.DockerImageName;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClientBuilder;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClientBuilder;

/**
 * The one real DynamoDB engine of a test JVM, started on first use and stopped at JVM exit: LocalStack through
 * Testcontainers when a Docker engine answers, otherwise DynamoDB Local in memory on a loopback port.
 *
 * <p>System property {@code keypath.dynamodb.engine}: {@code auto} (default: LocalStack if Docker is reachable
 * within {@value #DOCKER_PROBE_SECONDS} s, else DynamoDB Local), {@code local} or {@code localstack} (fails if
 * Docker is missing). {@code keypath.dynamodb.localstack.image} overrides the LocalStack image.
 *
 * <p>Thread-safe. Reused by other modules through this module's {@code test-jar}.
 */
public final class DynamoDbTestEngine {
    /** System property choosing the engine. */
    public static final String ENGINE_PROPERTY = "keypath.dynamodb.engine";
    static final int DOCKER_PROBE_SECONDS = 3;
    private static final AtomicInteger TABLES = new AtomicInteger();
    private static volatile Engine engine;

    /** Which engine runs. */
    public enum Kind {
        /** DynamoDB Local in this JVM. */
        DYNAMODB_LOCAL,
        /** LocalStack in a Docker container. */
        LOCALSTACK
    }

    private record Engine(Kind kind, URI endpoint, DynamoDbClient client, AutoCloseable owner) {
    }

    private DynamoDbTestEngine() {
    }

    /** The shared client of the engine. */
    public static DynamoDbClient client() {
        return engine().client();
    }

    /** The engine's HTTP endpoint. */
    public static URI endpoint() {
        return engine().endpoint();
    }

    /** Which engine was chosen. */
    public static Kind kind() {
        return engine().kind();
    }

    /** A client builder for the engine, e.g. to add an {@code ExecutionInterceptor}; the caller closes the client. */
    public static DynamoDbClientBuilder newClient() {
        return DynamoDbClient.builder().endpointOverride(endpoint()).region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("test", "test")))
                .overrideConfiguration(o -> o.apiCallTimeout(Duration.ofSeconds(30)));
    }

    /**
     * An async client builder for the engine (same endpoint, region and credentials as {@link #newClient()});
     * the caller picks the async HTTP client if it wants another than the one on the classpath, and closes the
     * client.
     */
    public static DynamoDbAsyncClientBuilder newAsyncClient() {
        return DynamoDbAsyncClient.builder().endpointOverride(endpoint()).region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("test", "test")))
                .overrideConfiguration(o -> o.apiCallTimeout(Duration.ofSeconds(30)));
    }

    /** A table name not used before in this JVM, e.g. {@code kp-posts-3}. */
    public static String uniqueTableName(String hint) {
        return "kp-" + hint.replaceAll("[^A-Za-z0-9_.-]", "") + "-" + TABLES.incrementAndGet();
    }

    private static Engine engine() {
        Engine e = engine;
        if (e == null) {
            synchronized (DynamoDbTestEngine.class) {
                e = engine;
                if (e == null) {
                    e = start();
                    engine = e;
                    Engine started = e;
                    Runtime.getRuntime().addShutdownHook(new Thread(() -> close(started), "dynamodb-test-engine-stop"));
                }
            }
        }
        return e;
    }

    private static Engine start() {
        String choice = System.getProperty(ENGINE_PROPERTY, "auto").toLowerCase(Locale.ROOT);
        switch (choice) {
            case "local":
                return startLocal();
            case "localstack":
                if (!dockerAvailable()) {
                    throw new IllegalStateException(ENGINE_PROPERTY + "=localstack but no Docker engine answered");
                }
                return startLocalStack();
            case "auto":
                return dockerAvailable() ? startLocalStack() : startLocal();
            default:
                throw new IllegalArgumentException(ENGINE_PROPERTY + " must be auto, local or localstack: " + choice);
        }
    }

    /**
     * True if a Docker engine answers within {@value #DOCKER_PROBE_SECONDS} seconds. Without DOCKER_HOST or a
     * socket file the answer is immediate; otherwise Testcontainers' probe runs on a daemon thread with a timeout.
     */
    static boolean dockerAvailable() {
        boolean hint = System.getenv("DOCKER_HOST") != null || Files.exists(Path.of("/var/run/docker.sock"))
                || Files.exists(Path.of(System.getProperty("user.home"), ".docker", "run", "docker.sock"))
                || Files.exists(Path.of(System.getProperty("user.home"), ".testcontainers.properties"));
        if (!hint) {
            return false;
        }
        ExecutorService probe = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "docker-probe");
            t.setDaemon(true);
            return t;
        });
        try {
            Future<Boolean> f = probe.submit(() -> DockerClientFactory.instance().isDockerAvailable());
            return f.get(DOCKER_PROBE_SECONDS, TimeUnit.SECONDS);
        } catch (Exception | Error e) {
            return false;
        } finally {
            probe.shutdownNow();
        }
    }

    private static Engine startLocal() {
        EmbeddedDynamoDb db = EmbeddedDynamoDb.start();
        return new Engine(Kind.DYNAMODB_LOCAL, db.endpoint(), db.client(), db);
    }

    private static Engine startLocalStack() {
        String image = System.getProperty("keypath.dynamodb.localstack.image", "localstack/localstack:4.4");
        LocalStackContainer c = new LocalStackContainer(DockerImageName.parse(image)).withServices("dynamodb");
        c.start();
        URI endpoint = c.getEndpoint();
        DynamoDbClient client = DynamoDbClient.builder().endpointOverride(endpoint).region(Region.of(c.getRegion()))
                .credentialsProvider(StaticCredentialsProvider.create(
                        AwsBasicCredentials.create(c.getAccessKey(), c.getSecretKey()))).build();
        return new Engine(Kind.LOCALSTACK, endpoint, client, () -> {
            client.close();
            c.stop();
        });
    }

    private static void close(Engine e) {
        try {
            e.owner().close();
        } catch (Exception ignored) {
            // JVM is exiting
        }
    }
}
