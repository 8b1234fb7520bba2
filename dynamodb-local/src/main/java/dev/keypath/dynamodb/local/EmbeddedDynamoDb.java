package dev.keypath.dynamodb.local;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClientBuilder;
import software.amazon.dynamodb.services.local.main.ServerRunner;
import software.amazon.dynamodb.services.local.server.DynamoDBProxyServer;

/**
 * DynamoDB Local running in this JVM, in memory, behind an HTTP server on a free port, for examples, local
 * development and tests. Requires the optional {@code software.amazon.dynamodb:DynamoDBLocal} dependency.
 * Data is lost on {@link #close()}.
 *
 * <pre>{@code
 * try (EmbeddedDynamoDb db = EmbeddedDynamoDb.start()) {
 *     KeyPathTable table = KeyPathTables.builder().client(db.client()).tableName("app").build();
 * }
 * }</pre>
 *
 * <p>Thread-safe: {@link #client()} may be shared; {@link #close()} is idempotent. The server listens on the
 * loopback address only. It never keeps the JVM alive: DynamoDB Local's background jobs run on threads that are
 * not daemons, so the engine closes itself once no thread of the application but its own is left (an
 * application that never closes it still exits when its work is done).
 */
public final class EmbeddedDynamoDb implements AutoCloseable {
    private static final int START_ATTEMPTS = 5;
    private final DynamoDBProxyServer server;
    private final int port;
    private final DynamoDbClient client;
    private volatile boolean closed;

    private EmbeddedDynamoDb(DynamoDBProxyServer server, int port) {
        this.server = server;
        this.port = port;
        this.client = newClient().build();
    }

    /**
     * Starts DynamoDB Local in memory on a free loopback port (DynamoDB Local refuses {@code -port 0}, so a free
     * port is probed and the start retried on a race).
     */
    public static EmbeddedDynamoDb start() {
        Exception last = null;
        for (int attempt = 0; attempt < START_ATTEMPTS; attempt++) {
            int port = freePort();
            Set<Long> applicationThreads = StopWhenAlone.threadsAlive();
            try {
                DynamoDBProxyServer server = ServerRunner.createServerFromCommandLineArgs(new String[] {
                    "-inMemory", "-sharedDb", "-port", Integer.toString(port), "-disableTelemetry"});
                List<String> serverThreads = LoopbackDaemonServer.configure(server);
                server.start();
                EmbeddedDynamoDb db = new EmbeddedDynamoDb(server, port);
                StopWhenAlone.watch(db, serverThreads, applicationThreads);
                return db;
            } catch (Exception e) {
                last = e;
            }
        }
        throw new IllegalStateException("Could not start DynamoDB Local after " + START_ATTEMPTS + " attempts", last);
    }

    private static int freePort() {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            s.setReuseAddress(true);
            return s.getLocalPort();
        } catch (IOException e) {
            throw new IllegalStateException("No free loopback port", e);
        }
    }

    /** The HTTP endpoint, e.g. {@code http://127.0.0.1:41234}. */
    public URI endpoint() {
        return URI.create("http://127.0.0.1:" + port);
    }

    /** The port DynamoDB Local listens on. */
    public int port() {
        return port;
    }

    /** A shared client for this engine (closed by {@link #close()}). */
    public DynamoDbClient client() {
        return client;
    }

    /**
     * A client builder preconfigured for this engine (endpoint, region, dummy credentials), to which callers may
     * add interceptors or retry settings. The caller owns the built client.
     */
    public DynamoDbClientBuilder newClient() {
        return DynamoDbClient.builder().endpointOverride(endpoint()).region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("local", "local")))
                .overrideConfiguration(o -> o.apiCallTimeout(Duration.ofSeconds(30)));
    }

    /** Whether {@link #close()} was called. */
    boolean isClosed() {
        return closed;
    }

    /** Stops the server and closes the shared client. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        client.close();
        try {
            server.stop();
        } catch (Exception e) {
            throw new IllegalStateException("Stopping DynamoDB Local failed", e);
        }
    }
}
