package dev.keypath.dynamodb.internal.client;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.ItemSchema;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyPathTables;
import dev.keypath.dynamodb.annotation.ItemType;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A table of plain records builds, stores and reads items without loading any of Jackson's classes (checked in a
 * fresh JVM, whose class loading the JVM itself logs), and loads Jackson as soon as a type or a value needs it.
 */
class JacksonFreeStartTest {

    /** A plain record. */
    @ItemType(keyPath = "/user-{userId}/note-{noteId}")
    public record Note(UUID userId, long noteId, String text, List<String> tags, Instant at) {
    }

    /** Builds a table, maps a note both ways, then (with an argument) converts a condition value. */
    public static void main(String[] args) {
        try (DynamoDbClient client = DynamoDbClient.builder().region(Region.US_EAST_1)
                .endpointOverride(URI.create("http://127.0.0.1:9")).credentialsProvider(
                        StaticCredentialsProvider.create(AwsBasicCredentials.create("x", "x"))).build()) {
            KeyPathTable table = KeyPathTables.builder().client(client).tableName("notes").register(Note.class).build();
            ItemSchema<Note> notes = table.schema(Note.class);
            Note note = new Note(UUID.randomUUID(), 7, "hello", List.of("a", "b"), Instant.parse("2025-01-02T03:04:05Z"));
            Map<String, AttributeValue> item = notes.toItem(note);
            if (!notes.fromItem(item).equals(note) || !notes.keyPathOf(note).equals(
                    KeyPath.of("user", note.userId()).then("note", 7))) {
                System.exit(3);
            }
            System.out.println("mapped");
            if (args.length > 0) {
                notes.fromItem(Map.of("pk", item.get("pk"), "sk", item.get("sk"), "_type", item.get("_type"),
                        "text", AttributeValue.fromN("1")));
            }
        }
    }

    private static String run(String... args) throws IOException, InterruptedException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> command = new java.util.ArrayList<>(List.of(java, "-Xlog:class+load=info", "-cp",
                System.getProperty("java.class.path"), JacksonFreeStartTest.class.getName()));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        byte[] out = p.getInputStream().readAllBytes();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        String log = new String(out, StandardCharsets.UTF_8);
        assertThat(log).contains("mapped");
        return log;
    }

    @Test
    void aTableOfPlainRecordsLoadsNoJacksonClass() throws Exception {
        String log = run();
        assertThat(log).contains("dev.keypath.dynamodb.internal.mapping.PlainRecordCodec")
                .doesNotContain(" tools.jackson.");
    }

    @Test
    void anItemThePlainPathDeclinesLoadsJacksonToAnswer() throws Exception {
        String log = run("declined");
        assertThat(log).contains("tools.jackson.databind.ObjectMapper");
    }
}
