package dev.keypath.dynamodb.local;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * The runnable jar as a developer runs it
 * ({@code java -jar target/runnable/keypath-dynamodb-local-<version>-runnable.jar}): a process of its own that prints its endpoint, answers there on loopback only, keeps its tables in a data directory across
 * a restart, and stops on SIGINT (Ctrl-C).
 */
class DynamoDbLocalProcessIT {
    private static final Pattern ENDPOINT = Pattern.compile("DynamoDB Local at (http://127\\.0\\.0\\.1:(\\d+)),");
    private static final long CEILING_SECONDS = 120;
    private final List<Process> started = new ArrayList<>();

    @AfterEach
    void stopLeftovers() {
        started.forEach(Process::destroyForcibly);
    }

    @Test
    void runsInMemoryOnTheLoopbackPortItPrintsAndStopsOnCtrlC() throws Exception {
        Engine engine = start("--port", "0");
        assertThat(EmbeddedDynamoDbTest.listeningAddresses(engine.port)).isNotEmpty()
                .allMatch(address -> address.equals("127.0.0.1"), "a loopback address");
        assertThat(engine.firstLines).anyMatch(l -> l.contains("data in memory"))
                .anyMatch(l -> l.contains("-Dkeypath.dynamodb.endpoint=" + engine.endpoint))
                .anyMatch(l -> l.contains("Ctrl-C stops it"));
        try (DynamoDbClient client = client(engine.endpoint)) {
            createTable(client, "notes");
            client.putItem(r -> r.tableName("notes").item(Map.of("id", AttributeValue.fromS("n-1"))));
            assertThat(client.listTables().tableNames()).containsExactly("notes");
        }
        assertThat(interrupt(engine)).contains("keypath: DynamoDB Local stopped");
    }

    @Test
    void keepsItsTablesInADataDirectoryAcrossARestart(@TempDir Path home) throws Exception {
        Path data = home.resolve("data");
        Engine first = start("--port", "0", "--data-dir", data.toString());
        assertThat(first.firstLines).anyMatch(l -> l.contains("data in " + data));
        try (DynamoDbClient client = client(first.endpoint)) {
            createTable(client, "notes");
            client.putItem(r -> r.tableName("notes").item(Map.of("id", AttributeValue.fromS("n-1"),
                    "text", AttributeValue.fromS("kept"))));
        }
        interrupt(first);
        assertThat(data.resolve("shared-local-instance.db")).exists();

        Engine second = start("--port", "0", "--data-dir", data.toString());
        try (DynamoDbClient client = client(second.endpoint)) {
            assertThat(client.getItem(r -> r.tableName("notes").key(Map.of("id", AttributeValue.fromS("n-1"))))
                    .item()).containsEntry("text", AttributeValue.fromS("kept"));
        }
        interrupt(second);
    }

    @Test
    void aPortInUseIsNamedAndEndsTheProcess() throws Exception {
        Engine holder = start("--port", "0");
        Process second = new ProcessBuilder(java(), "-jar", jar().toString(), "--port", Integer.toString(holder.port))
                .redirectErrorStream(true).start();
        started.add(second);
        assertThat(second.waitFor(CEILING_SECONDS, TimeUnit.SECONDS)).isTrue();
        String output = new String(second.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(second.exitValue()).isEqualTo(1);
        assertThat(output).contains("127.0.0.1:" + holder.port).contains("the port is in use");
        interrupt(holder);
    }

    @Test
    void anUnknownArgumentShowsTheUsage() throws Exception {
        Process p = new ProcessBuilder(java(), "-jar", jar().toString(), "--prot", "8000").redirectErrorStream(true)
                .start();
        started.add(p);
        assertThat(p.waitFor(CEILING_SECONDS, TimeUnit.SECONDS)).isTrue();
        assertThat(new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8))
                .contains("unknown argument '--prot'").contains("--data-dir DIR");
        assertThat(p.exitValue()).isEqualTo(2);
    }

    /** A started engine: its endpoint, port and the lines it printed up to its last line of instructions. */
    private record Engine(Process process, URI endpoint, int port, List<String> firstLines,
                          BlockingQueue<String> laterLines) {
    }

    private Engine start(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(java(), "-jar", jar().toString()));
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        started.add(process);
        BlockingQueue<String> lines = new LinkedBlockingQueue<>();
        Thread reader = new Thread(() -> {
            try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream(),
                    StandardCharsets.UTF_8))) {
                for (String line = in.readLine(); line != null; line = in.readLine()) {
                    lines.add(line);
                }
            } catch (IOException e) {
                lines.add("(output unreadable: " + e + ")");
            }
        });
        reader.setDaemon(true);
        reader.start();
        List<String> first = new ArrayList<>();
        URI endpoint = null;
        int port = -1;
        while (true) {
            String line = lines.poll(CEILING_SECONDS, TimeUnit.SECONDS);
            assertThat(line).as("a line from the engine; so far:%n%s", String.join("\n", first)).isNotNull();
            first.add(line);
            Matcher m = ENDPOINT.matcher(line);
            if (m.find()) {
                endpoint = URI.create(m.group(1));
                port = Integer.parseInt(m.group(2));
            }
            if (line.contains("Ctrl-C stops it")) {
                break;
            }
        }
        assertThat(endpoint).as("the endpoint printed in:%n%s", String.join("\n", first)).isNotNull();
        return new Engine(process, endpoint, port, first, lines);
    }

    /** Sends SIGINT, as Ctrl-C in a terminal does, waits for the process to end and returns what it printed. */
    private static String interrupt(Engine engine) throws Exception {
        Process kill = new ProcessBuilder("kill", "-INT", Long.toString(engine.process.pid())).start();
        assertThat(kill.waitFor(CEILING_SECONDS, TimeUnit.SECONDS)).isTrue();
        assertThat(engine.process.waitFor(CEILING_SECONDS, TimeUnit.SECONDS)).as("ended after SIGINT").isTrue();
        StringBuilder rest = new StringBuilder();
        for (String line = engine.laterLines.poll(10, TimeUnit.SECONDS); line != null;
                line = engine.laterLines.poll(1, TimeUnit.SECONDS)) {
            rest.append(line).append('\n');
        }
        return rest.toString();
    }

    private static DynamoDbClient client(URI endpoint) {
        return DynamoDbClient.builder().endpointOverride(endpoint).region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("dev", "dev")))
                .build();
    }

    private static void createTable(DynamoDbClient client, String name) {
        client.createTable(t -> t.tableName(name).billingMode(BillingMode.PAY_PER_REQUEST)
                .attributeDefinitions(a -> a.attributeName("id").attributeType(ScalarAttributeType.S))
                .keySchema(k -> k.attributeName("id").keyType(KeyType.HASH)));
    }

    private static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    /** The module's runnable jar, beside its lib/ directory. */
    private static Path jar() throws IOException {
        try (Stream<Path> files = Files.list(Path.of("target", "runnable"))) {
            return files.filter(f -> f.getFileName().toString().endsWith("-runnable.jar"))
                    .findFirst().orElseThrow(() -> new IllegalStateException("no runnable jar in target/runnable: run the "
                            + "package phase first"));
        }
    }
}
