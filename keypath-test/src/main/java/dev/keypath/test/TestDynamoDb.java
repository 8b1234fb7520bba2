package dev.keypath.test;

import java.net.URI;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClientBuilder;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClientBuilder;

/**
 * A running DynamoDB engine for tests, one per kind and JVM: started on first use by {@link #get()} (or by
 * {@link KeyPathDynamoDb}) and gone when the JVM exits (its shared clients are closed then, and a LocalStack
 * container is stopped).
 *
 * <p>{@link #get()} picks the engine from the system property {@value #ENGINE_PROPERTY}: {@code local} (the
 * default: DynamoDB Local in memory in this JVM, on a loopback port), {@code localstack} (LocalStack in Docker
 * through Testcontainers; {@link EngineUnavailableException} within seconds when no Docker engine answers or
 * Testcontainers is missing) or {@code auto} (LocalStack when it can run, else DynamoDB Local). {@value
 * #LOCALSTACK_IMAGE_PROPERTY} overrides the LocalStack image ({@value #DEFAULT_LOCALSTACK_IMAGE}).
 *
 * <p>For fault injection, {@link #clientBuilder()} gives a client of the same engine to which a test adds an SDK
 * {@code ExecutionInterceptor}:
 * <pre>{@code
 * try (DynamoDbClient faulty = TestDynamoDb.get().clientBuilder().overrideConfiguration(o -> o
 *         .addExecutionInterceptor(throttler).retryStrategy(AwsRetryStrategy.doNotRetry())).build()) {
 *     KeyPathTable table = KeyPathTable.builder().client(faulty).tableName(name).register(Post.class).build();
 * }
 * }</pre>
 *
 * <p>Thread-safe. The shared clients belong to the engine: do not close them.
 */
public final class TestDynamoDb {
    /**
     * System property choosing the engine of {@link EngineChoice#DEFAULT}: {@code local}, {@code localstack} or
     * {@code auto}.
     */
    public static final String ENGINE_PROPERTY = "keypath.dynamodb.engine";
    /** System property naming the LocalStack image. */
    public static final String LOCALSTACK_IMAGE_PROPERTY = "keypath.dynamodb.localstack.image";
    /** The LocalStack image used when {@value #LOCALSTACK_IMAGE_PROPERTY} is unset. */
    public static final String DEFAULT_LOCALSTACK_IMAGE = "localstack/localstack:4.4";
    private static final Duration CALL_TIMEOUT = Duration.ofSeconds(30);
    private static final int MAX_HINT_LENGTH = 200;
    private static final AtomicInteger TABLES = new AtomicInteger();

    private final EngineKind kind;
    private final URI endpoint;
    private final Region region;
    private final AwsCredentialsProvider credentials;
    private final AutoCloseable stop;
    private final DynamoDbClient client;
    private volatile DynamoDbAsyncClient asyncClient;

    TestDynamoDb(EngineKind kind, URI endpoint, Region region, AwsCredentialsProvider credentials, AutoCloseable stop) {
        this.kind = kind;
        this.endpoint = endpoint;
        this.region = region;
        this.credentials = credentials;
        this.stop = stop;
        this.client = clientBuilder().build();
    }

    /**
     * The engine the system property {@value #ENGINE_PROPERTY} names (DynamoDB Local when unset), started if it
     * is not running yet.
     *
     * @throws EngineUnavailableException when LocalStack is asked for and cannot run here
     * @throws IllegalArgumentException when the property has another value than local, localstack or auto
     */
    public static TestDynamoDb get() {
        return get(EngineChoice.DEFAULT);
    }

    /**
     * The engine of this choice, started if it is not running yet.
     *
     * @throws EngineUnavailableException when LocalStack is asked for and cannot run here
     * @see #get()
     */
    public static TestDynamoDb get(EngineChoice choice) {
        return RunningEngines.get(choice, "TestDynamoDb.get(" + choice + ")");
    }

    /**
     * A table name not used before in this JVM, made of the hint's letters, digits, {@code _ . -} and a counter,
     * e.g. {@code kp-posts-3}.
     */
    public static String uniqueTableName(String hint) {
        String clean = hint.replaceAll("[^A-Za-z0-9_.-]", "");
        if (clean.length() > MAX_HINT_LENGTH) {
            clean = clean.substring(0, MAX_HINT_LENGTH);
        }
        return "kp-" + clean + "-" + TABLES.incrementAndGet();
    }

    /** Which engine this is. */
    public EngineKind kind() {
        return kind;
    }

    /** The engine's HTTP endpoint, e.g. {@code http://127.0.0.1:41234}. */
    public URI endpoint() {
        return endpoint;
    }

    /** The region clients of this engine use. */
    public Region region() {
        return region;
    }

    /** The credentials clients of this engine use (dummy ones). */
    public AwsCredentialsProvider credentials() {
        return credentials;
    }

    /** The engine's shared client. */
    public DynamoDbClient client() {
        return client;
    }

    /**
     * The engine's shared async client, made on first use with the async HTTP client the SDK finds on the
     * classpath (Netty, which the SDK's {@code dynamodb} module brings).
     */
    public DynamoDbAsyncClient asyncClient() {
        DynamoDbAsyncClient c = asyncClient;
        if (c == null) {
            synchronized (this) {
                c = asyncClient;
                if (c == null) {
                    c = asyncClientBuilder().build();
                    asyncClient = c;
                }
            }
        }
        return c;
    }

    /**
     * A new client builder for this engine (endpoint, region, credentials and a 30 s call timeout set), e.g. to add
     * an SDK {@code ExecutionInterceptor} or change retries. The caller closes the client it builds.
     */
    public DynamoDbClientBuilder clientBuilder() {
        return DynamoDbClient.builder().endpointOverride(endpoint).region(region).credentialsProvider(credentials)
                .overrideConfiguration(o -> o.apiCallTimeout(CALL_TIMEOUT));
    }

    /**
     * A new async client builder for this engine, set like {@link #clientBuilder()}; the caller may choose the async
     * HTTP client ({@code httpClientBuilder}) and closes the client it builds.
     */
    public DynamoDbAsyncClientBuilder asyncClientBuilder() {
        return DynamoDbAsyncClient.builder().endpointOverride(endpoint).region(region).credentialsProvider(credentials)
                .overrideConfiguration(o -> o.apiCallTimeout(CALL_TIMEOUT));
    }

    /** Closes the shared clients and stops the engine if it needs stopping; called once, when the JVM exits. */
    void stop() {
        DynamoDbAsyncClient async = asyncClient;
        if (async != null) {
            async.close();
        }
        client.close();
        try {
            stop.close();
        } catch (Exception e) {
            throw new IllegalStateException("Stopping the " + kind + " engine at " + endpoint + " failed", e);
        }
    }

    @Override
    public String toString() {
        return kind + " at " + endpoint;
    }
}
