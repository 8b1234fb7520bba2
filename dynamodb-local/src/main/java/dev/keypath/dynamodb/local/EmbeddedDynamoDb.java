package dev.keypath.dynamodb.local;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.BindException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClientBuilder;
import software.amazon.dynamodb.services.local.main.ServerRunner;
import software.amazon.dynamodb.services.local.server.DynamoDBProxyServer;

/**
 * DynamoDB Local running in this JVM, behind an HTTP server on a loopback port, for examples, local development and
 * tests: in memory on a free port ({@link #start()}), or on a port and data directory of your choice
 * ({@link #builder()}). Requires the optional {@code software.amazon.dynamodb:DynamoDBLocal} dependency. Data in
 * memory is lost on {@link #close()}; data in a directory stays there for the next start.
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
    private final Path dataDirectory;
    private final DynamoDbClient client;
    private volatile boolean closed;

    private EmbeddedDynamoDb(DynamoDBProxyServer server, int port, Path dataDirectory) {
        this.server = server;
        this.port = port;
        this.dataDirectory = dataDirectory;
        this.client = newClient().build();
    }

    /**
     * Starts DynamoDB Local in memory on a free loopback port (DynamoDB Local refuses {@code -port 0}, so a free
     * port is probed and the start retried on a race).
     */
    public static EmbeddedDynamoDb start() {
        return builder().start();
    }

    /** A builder of an engine in memory on a free loopback port, until told otherwise. */
    public static Builder builder() {
        return new Builder();
    }

    private static EmbeddedDynamoDb start(int port, Path dataDirectory) {
        List<String> args = new ArrayList<>(List.of("-sharedDb", "-port", Integer.toString(port),
                "-disableTelemetry"));
        if (dataDirectory == null) {
            args.add("-inMemory");
        } else {
            args.addAll(List.of("-dbPath", dataDirectory.toString()));
        }
        Set<Long> applicationThreads = StopWhenAlone.threadsAlive();
        try {
            DynamoDBProxyServer server = ServerRunner.createServerFromCommandLineArgs(args.toArray(new String[0]));
            List<String> serverThreads = LoopbackDaemonServer.configure(server);
            server.start();
            EmbeddedDynamoDb db = new EmbeddedDynamoDb(server, port, dataDirectory);
            StopWhenAlone.watch(db, serverThreads, applicationThreads);
            return db;
        } catch (Exception e) {
            throw new EngineStartException(port, e);
        }
    }

    /** A failed start on one port. */
    private static final class EngineStartException extends IllegalStateException {
        EngineStartException(int port, Exception cause) {
            super("DynamoDB Local did not start on 127.0.0.1:" + port + (portInUse(cause)
                    ? ": the port is in use (another engine may run there; choose another port, or 0 for a free one)"
                    : ": " + cause.getMessage()), cause);
        }

        private static boolean portInUse(Throwable e) {
            for (Throwable t = e; t != null; t = t.getCause()) {
                if (t instanceof BindException) {
                    return true;
                }
            }
            return false;
        }
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

    /** The directory the data is kept in; empty when it is kept in memory. */
    public Optional<Path> dataDirectory() {
        return Optional.ofNullable(dataDirectory);
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

    /** Where an engine listens and keeps its data. Not thread-safe. */
    public static final class Builder {
        private int port;
        private Path dataDirectory;

        private Builder() {
        }

        /**
         * The loopback port to listen on; 0 (the default) for a free one, probed before the start and probed again
         * if another process takes it meanwhile.
         *
         * @throws IllegalArgumentException when the port is not between 0 and 65535
         */
        public Builder port(int port) {
            if (port < 0 || port > 65_535) {
                throw new IllegalArgumentException("A port is between 0 and 65535, not " + port);
            }
            this.port = port;
            return this;
        }

        /**
         * The directory to keep the data in (created if missing; DynamoDB Local writes one file there,
         * {@code shared-local-instance.db}), so that it survives a restart; {@code null}, the default, keeps it in
         * memory.
         */
        public Builder dataDirectory(Path directory) {
            this.dataDirectory = directory;
            return this;
        }

        /**
         * Starts the engine.
         *
         * @throws IllegalStateException when it does not start, naming the port (and saying when it is in use) or
         *     the data directory that cannot be made
         */
        public EmbeddedDynamoDb start() {
            Path directory = null;
            if (dataDirectory != null) {
                directory = dataDirectory.toAbsolutePath().normalize();
                try {
                    Files.createDirectories(directory);
                } catch (IOException e) {
                    throw new IllegalStateException("The data directory " + directory + " cannot be created: "
                            + e.getMessage(), e);
                }
            }
            if (port != 0) {
                return EmbeddedDynamoDb.start(port, directory);
            }
            IllegalStateException last = null;
            for (int attempt = 0; attempt < START_ATTEMPTS; attempt++) {
                try {
                    return EmbeddedDynamoDb.start(freePort(), directory);
                } catch (IllegalStateException e) {
                    last = e;
                }
            }
            throw new IllegalStateException("Could not start DynamoDB Local after " + START_ATTEMPTS + " attempts",
                    Objects.requireNonNull(last));
        }
    }
}
