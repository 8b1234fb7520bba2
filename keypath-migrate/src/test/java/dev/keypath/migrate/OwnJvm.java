package dev.keypath.migrate;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Predicate;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.client.config.ClientOverrideConfiguration;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * A run in a JVM of its own, so a test can kill it the way a crash would: the {@code main} of a class of this test
 * class path ({@link MigrationProcess}, {@link ReshardProcess}, {@link RewriteProcess}), its standard output to a
 * file and its standard error to the same file with {@code .err} appended; the run's client; and the one line
 * {@code RESULT key=value ...} such a run prints at its end.
 */
final class OwnJvm {
    private OwnJvm() {
    }

    /** Starts {@code main} with {@code args}, its output going to {@code output} and {@code output.err}. */
    static Process start(Path output, Class<?> main, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-cp", System.getProperty("java.class.path"), main.getName()));
        command.addAll(List.of(args));
        return new ProcessBuilder(command).redirectOutput(output.toFile()).redirectError(errors(output)).start();
    }

    /**
     * Kills {@code run} as soon as its checkpoint file holds a checkpoint that {@code reached} accepts, and returns
     * that checkpoint; fails if the run ended before (its standard error in the message) or outlived the kill.
     */
    static Checkpoint killWhen(Process run, Path checkpointFile, Predicate<Checkpoint> reached, Path output)
            throws Exception {
        Checkpoint atKill = null;
        try {
            while (run.isAlive() && atKill == null) {
                if (Files.exists(checkpointFile)) {
                    Checkpoint now = Checkpoint.fromJson(Files.readString(checkpointFile));
                    if (reached.test(now)) {
                        run.destroyForcibly();
                        atKill = now;
                    }
                }
                Thread.sleep(10);
            }
        } finally {
            run.destroyForcibly();
        }
        assertThat(run.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(atKill).as("killed before it finished: " + Files.readString(errors(output).toPath())).isNotNull();
        return atKill;
    }

    /** The values of the {@code RESULT} line of a run's standard output; empty if it printed none. */
    static Map<String, String> result(String out) {
        Map<String, String> values = new HashMap<>();
        out.lines().filter(l -> l.startsWith("RESULT ")).findFirst().ifPresent(l -> {
            for (String pair : l.substring(7).split(" ")) {
                int eq = pair.indexOf('=');
                values.put(pair.substring(0, eq), pair.substring(eq + 1));
            }
        });
        return values;
    }

    /** The client of a run: the engine at {@code endpoint}, a call given up after 30 s, and {@code more}. */
    static DynamoDbClient client(String endpoint, Consumer<ClientOverrideConfiguration.Builder> more) {
        return DynamoDbClient.builder().endpointOverride(URI.create(endpoint)).region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("local", "local")))
                .overrideConfiguration(o -> more.accept(o.apiCallTimeout(Duration.ofSeconds(30))))
                .build();
    }

    private static File errors(Path output) {
        return new File(output + ".err");
    }
}
