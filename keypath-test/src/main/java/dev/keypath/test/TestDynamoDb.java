package dev.keypath.test;

import java.net.URI;
import java.time.Duration;
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
 * <p>{@link #get()} picks the engine from the system property {@value #ENGINE_PROPERTY}: {@code dynamodb-local}
 * (the default: DynamoDB Local in memory in this JVM, on a loopback port), {@code localstack} (LocalStack in Docker
 * through Testcontainers; {@link EngineUnavailableException} within seconds when no Docker engine answers or
 * Testcontainers is missing), {@code auto} (LocalStack when it can run, else DynamoDB Local) or {@code external} (an
 * engine already running at the endpoint {@value #ENDPOINT_PROPERTY} or {@code AWS_ENDPOINT_URL_DYNAMODB} gives,
 * which is also the default when either is set). {@value #LOCALSTACK_IMAGE_PROPERTY} overrides the LocalStack image
 * ({@value #DEFAULT_LOCALSTACK_IMAGE}).
 *
 * <p>Table names are unique per run ({@link #uniqueTableName}), so two runs can share an external engine; the first
 * use of an external engine deletes the tables that runs which started over {@value #STALE_AFTER_PROPERTY}
 * (default 3 hours) earlier left there, and only those.
 *
 * <p>For fault injection, {@link #clientBuilder()} gives a client of the same engine to which a test adds an SDK
 * {@code ExecutionInterceptor}:
 * <pre>{@code
 * try (DynamoDbClient faulty = TestDynamoDb.get().clientBuilder().overrideConfiguration(o -> o
 *         .addExecutionInterceptor(throttler).retryStrategy(AwsRetryStrategy.doNotRetry())).build()) {
 *     KeyPathTable table = KeyPathTables.builder().client(faulty).tableName(name).register(Post.class).build();
 * }
 * }</pre>
 *
 * <p>Thread-safe. The shared clients belong to the engine: do not close them.
 */
public final class TestDynamoDb {
    /**
     * System property choosing the engine of {@link EngineChoice#DEFAULT}: {@code dynamodb-local} (or {@code local}),
     * {@code localstack}, {@code auto} or {@code external}.
     */
    public static final String ENGINE_PROPERTY = "keypath.dynamodb.engine";
    /**
     * System property giving the endpoint of an engine already running (LocalStack, a shared DynamoDB Local,
     * DynamoDB itself), e.g. {@code http://127.0.0.1:4566}; wins over the environment variable
     * {@code AWS_ENDPOINT_URL_DYNAMODB}, and either makes {@link EngineChoice#EXTERNAL} the default.
     */
    public static final String ENDPOINT_PROPERTY = "keypath.dynamodb.endpoint";
    /** System property setting the first part of every table name ({@code kp} by default). */
    public static final String TABLE_PREFIX_PROPERTY = "keypath.dynamodb.table-prefix";
    /**
     * System property: how long before this run another run on the same external engine must have started for the
     * tables it left to be deleted, as an ISO-8601 duration ({@code PT3H} by default).
     */
    public static final String STALE_AFTER_PROPERTY = "keypath.dynamodb.stale-tables-after";
    /** System property: {@code true} lets DynamoDB Local log at its own levels (by default only its errors). */
    public static final String ENGINE_LOGS_PROPERTY = "keypath.dynamodb.engine-logs";
    /** System property naming the LocalStack image. */
    public static final String LOCALSTACK_IMAGE_PROPERTY = "keypath.dynamodb.localstack.image";
    /** The LocalStack image used when {@value #LOCALSTACK_IMAGE_PROPERTY} is unset. */
    public static final String DEFAULT_LOCALSTACK_IMAGE = "localstack/localstack:4.4";
    private static final Duration CALL_TIMEOUT = Duration.ofSeconds(30);
    private static volatile TableNames tableNames;

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
     * Whether this run's tests go to an engine that was already running ({@link EngineKind#EXTERNAL}): the system
     * property {@value #ENDPOINT_PROPERTY} or the environment variable {@code AWS_ENDPOINT_URL_DYNAMODB} gives its
     * endpoint (the property wins) and {@value #ENGINE_PROPERTY} chooses no other engine, or that property says
     * {@code external}. Starts nothing; {@link #get()} then connects. Other test support (Spring's test contexts)
     * asks it, so that every test of a run goes where {@link KeyPathDynamoDb} classes go.
     *
     * @throws IllegalArgumentException when {@value #ENGINE_PROPERTY} holds a value it does not take
     */
    public static boolean runsOnExternalEngine() {
        return EngineChoice.DEFAULT.resolved() == EngineChoice.EXTERNAL;
    }

    /**
     * A table name not used before by this run, on any engine: the prefix ({@value #TABLE_PREFIX_PROPERTY},
     * {@code kp} by default), the run's start (UTC) and a random run id, then the hint's letters, digits,
     * {@code _ . -} and a counter, e.g. {@code kp-20300101t120000-x7k2-posts-3}.
     */
    public static String uniqueTableName(String hint) {
        return tableNames().unique(hint);
    }

    /** The table names of this JVM's run, fixed on first use. */
    static TableNames tableNames() {
        TableNames names = tableNames;
        if (names == null) {
            synchronized (TestDynamoDb.class) {
                names = tableNames;
                if (names == null) {
                    names = TableNames.forThisRun();
                    tableNames = names;
                }
            }
        }
        return names;
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

    /**
     * The credentials clients of this engine use: dummy ones for DynamoDB Local and LocalStack, the AWS SDK's for an
     * external engine.
     */
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
