package dev.keypath.test;

import dev.keypath.dynamodb.local.EmbeddedDynamoDb;
import java.util.EnumMap;
import java.util.Map;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.regions.Region;

/** The engines of this JVM, at most one per kind, each started on first use and stopped when the JVM exits. */
final class RunningEngines {
    /** A class of {@code testcontainers-localstack}, looked up by name: the dependency is optional. */
    static final String LOCALSTACK_CONTAINER_CLASS = "org.testcontainers.localstack.LocalStackContainer";
    private static final Map<EngineKind, TestDynamoDb> STARTED = new EnumMap<>(EngineKind.class);

    private RunningEngines() {
    }

    /**
     * The engine of this choice, started if need be.
     *
     * @param askedBy where the choice comes from, for the message of an {@link EngineUnavailableException}
     */
    static synchronized TestDynamoDb get(EngineChoice choice, String askedBy) {
        EngineKind kind = kindFor(choice.resolved(), askedBy);
        TestDynamoDb engine = STARTED.get(kind);
        if (engine == null) {
            engine = start(kind, askedBy);
            STARTED.put(kind, engine);
            TestDynamoDb started = engine;
            Runtime.getRuntime().addShutdownHook(new Thread(started::stop, "keypath-test-engine-stop"));
        }
        if (kind == EngineKind.DYNAMODB_LOCAL) {
            EngineLogs.quietUnlessAsked();
        }
        return engine;
    }

    /** Stops the engine of {@code kind} if it runs, so that the next request starts it afresh (for tests). */
    static synchronized void forget(EngineKind kind) {
        TestDynamoDb engine = STARTED.remove(kind);
        if (engine != null) {
            engine.stop();
        }
    }

    private static TestDynamoDb start(EngineKind kind, String askedBy) {
        switch (kind) {
            case LOCALSTACK:
                return LocalStackEngine.start(localStackImage());
            case EXTERNAL:
                return ExternalEngine.connect(ExternalEndpoint.configured().orElseThrow(() ->
                        new EngineUnavailableException("An external engine was asked for by " + askedBy + " but no "
                                + "endpoint is given: set -D" + TestDynamoDb.ENDPOINT_PROPERTY + "=http://… or the "
                                + "environment variable " + ExternalEndpoint.SDK_VARIABLE)), TestDynamoDb.tableNames());
            default:
                EngineLogs.quietUnlessAsked();
                return startLocal();
        }
    }

    private static EngineKind kindFor(EngineChoice choice, String askedBy) {
        switch (choice) {
            case EXTERNAL:
                return EngineKind.EXTERNAL;
            case LOCALSTACK:
                if (!STARTED.containsKey(EngineKind.LOCALSTACK)) {
                    requireLocalStack(askedBy);
                }
                return EngineKind.LOCALSTACK;
            case AUTO:
                return STARTED.containsKey(EngineKind.LOCALSTACK) || localStackCanRun()
                        ? EngineKind.LOCALSTACK : EngineKind.DYNAMODB_LOCAL;
            default:
                return EngineKind.DYNAMODB_LOCAL;
        }
    }

    private static void requireLocalStack(String askedBy) {
        if (!testcontainersPresent()) {
            throw new EngineUnavailableException("LocalStack was asked for by " + askedBy + " but Testcontainers is "
                    + "not on the test classpath: add org.testcontainers:testcontainers-localstack (test scope), or "
                    + "use DynamoDB Local (-D" + TestDynamoDb.ENGINE_PROPERTY + "=dynamodb-local)");
        }
        if (!DockerProbe.dockerAnswers()) {
            throw new EngineUnavailableException("LocalStack was asked for by " + askedBy + " but no Docker engine "
                    + "answered within " + DockerProbe.TIMEOUT_SECONDS + " s (" + DockerProbe.WHERE_IT_LOOKS + "): "
                    + "start Docker, or use the engine dynamodb-local or auto (-D" + TestDynamoDb.ENGINE_PROPERTY
                    + "=auto falls back to DynamoDB Local), or point the run at a LocalStack already running (-D"
                    + TestDynamoDb.ENDPOINT_PROPERTY + "=http://127.0.0.1:4566)");
        }
    }

    private static boolean localStackCanRun() {
        return testcontainersPresent() && DockerProbe.dockerAnswers();
    }

    static boolean testcontainersPresent() {
        try {
            Class.forName(LOCALSTACK_CONTAINER_CLASS, false, RunningEngines.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }

    private static String localStackImage() {
        String image = System.getProperty(TestDynamoDb.LOCALSTACK_IMAGE_PROPERTY);
        return image == null || image.isBlank() ? TestDynamoDb.DEFAULT_LOCALSTACK_IMAGE : image.trim();
    }

    /**
     * Starts DynamoDB Local. It is not stopped at JVM exit: its data lives in memory and ends with the JVM, and its
     * shutdown waits for index jobs that may never finish once the JVM is exiting (seen as a 30 s hang of
     * Surefire's forked JVM).
     */
    private static TestDynamoDb startLocal() {
        EmbeddedDynamoDb db = EmbeddedDynamoDb.start();
        return new TestDynamoDb(EngineKind.DYNAMODB_LOCAL, db.endpoint(), Region.US_EAST_1,
                StaticCredentialsProvider.create(AwsBasicCredentials.create("local", "local")), () -> { });
    }
}
