package dev.keypath.benchmarks;

import dev.keypath.dynamodb.local.EmbeddedDynamoDb;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * DynamoDB Local in a JVM of its own on loopback, for benchmarks that separate the client's CPU from the engine's:
 * {@link #start()} launches this class's {@link #main} with the benchmark's class path and reads the port it
 * prints; the engine runs until its standard input ends ({@link #close()}).
 */
final class EngineProcess implements AutoCloseable {
    private static final String READY = "engine-port ";
    private final Process process;
    private final URI endpoint;

    private EngineProcess(Process process, URI endpoint) {
        this.process = process;
        this.endpoint = endpoint;
    }

    /** Starts the engine's JVM (same Java, same class path, the engine forks' heap) and waits for its port. */
    static EngineProcess start() {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        try {
            Process process = new ProcessBuilder(List.of(java, ForkOptions.ENGINE_HEAP_MIN, ForkOptions.ENGINE_HEAP_MAX,
                    "-cp", System.getProperty("java.class.path"), EngineProcess.class.getName()))
                    .redirectError(ProcessBuilder.Redirect.INHERIT).start();
            BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(),
                    StandardCharsets.UTF_8));
            for (String line = out.readLine(); line != null; line = out.readLine()) {
                if (line.startsWith(READY)) {
                    return new EngineProcess(process, URI.create("http://127.0.0.1:"
                            + Integer.parseInt(line.substring(READY.length()).trim())));
                }
            }
            process.destroyForcibly();
            throw new IllegalStateException("The engine's JVM ended before it printed its port");
        } catch (IOException e) {
            throw new UncheckedIOException("Could not start the engine's JVM", e);
        }
    }

    /** The engine's HTTP endpoint. */
    URI endpoint() {
        return endpoint;
    }

    /** Ends the engine's JVM: closes its standard input and waits for it, then kills it if it lingers. */
    @Override
    public void close() {
        try {
            process.getOutputStream().close();
            if (!process.waitFor(20, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        } catch (IOException e) {
            process.destroyForcibly();
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }

    /** The engine's JVM: starts DynamoDB Local, prints its port, serves until standard input ends. */
    public static void main(String[] args) throws IOException {
        try (EmbeddedDynamoDb db = EmbeddedDynamoDb.start()) {
            System.out.println(READY + db.port());
            System.out.flush();
            while (System.in.read() >= 0) {
                // serve until the benchmark closes our input
            }
        }
    }
}
