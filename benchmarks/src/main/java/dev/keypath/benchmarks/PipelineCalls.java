package dev.keypath.benchmarks;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.ItemQuery;
import dev.keypath.dynamodb.ItemSchema;
import dev.keypath.dynamodb.ItemSchemas;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyPathTables;
import dev.keypath.dynamodb.Page;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Supplier;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.PutItemResponse;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;

/**
 * A get, a put and a page of {@value #ITEMS} posts, on one of two clients. {@link #SDK}: a real
 * {@code DynamoDbClient}, configured as an application would (static credentials, a region, an endpoint), whose
 * HTTP client ({@link CannedHttpClient}) answers with DynamoDB's JSON without a socket: the request is marshalled
 * and signed and the response's CRC32 checked and unmarshalled as in production; only the network and the engine
 * are left out. {@link #CANNED}: a {@link CannedResponsesClient} returning prebuilt responses, which leaves out the
 * SDK too, so only the table's own work is measured. Each answer carries a consumed capacity when, and only when,
 * the request asked for one.
 *
 * <p>This class uses only the table API that every build of keypath has, so that {@link SeparateBuild} can load it
 * against an earlier build's classes and {@link BuildsBenchmark} can run either build the same way.
 */
public final class PipelineCalls implements AutoCloseable {
    static final int ITEMS = 1000;
    /** The client through the whole SDK, over canned HTTP answers. */
    public static final String SDK = "sdk";
    /** The client of prebuilt responses, without the SDK. */
    public static final String CANNED = "canned";

    private final DynamoDbClient client;
    private final KeyPathTable table;
    private final SocialPost post;
    private final KeyPath path;
    private final ItemQuery subtree;

    /**
     * Builds the client ({@link #SDK} or {@link #CANNED}) and the table, lets {@code builder} adjust the table's
     * builder (given as an {@code Object}, the {@code KeyPathTable.Builder} of whichever build loaded this class),
     * and checks that each call reads or writes what it should.
     */
    public PipelineCalls(String clientKind, Consumer<Object> builder) {
        ItemSchema<SocialPost> schema = ItemSchemas.of(SocialPost.class);
        post = SocialPost.sample();
        List<Map<String, AttributeValue>> items = new ArrayList<>(ITEMS);
        for (int i = 1; i <= ITEMS; i++) {
            items.add(schema.toItem(SocialPost.sample(SocialPost.USER, i)));
        }
        Map<String, AttributeValue> stored = schema.toItem(post);
        client = switch (clientKind) {
            case SDK -> client(new CannedHttpClient(Map.of(
                    "GetItem", CannedHttpClient.Canned.of(DynamoJson.getItem(stored, CannedHttpClient.CAPACITY),
                            DynamoJson.getItem(stored, null)),
                    "PutItem", CannedHttpClient.Canned.of(DynamoJson.putItem(CannedHttpClient.CAPACITY),
                            DynamoJson.putItem(null)),
                    "UpdateItem", CannedHttpClient.Canned.of(DynamoJson.putItem(CannedHttpClient.CAPACITY),
                            DynamoJson.putItem(null)),
                    "Query", CannedHttpClient.Canned.of(DynamoJson.query(items, CannedHttpClient.CAPACITY),
                            DynamoJson.query(items, null)))));
            case CANNED -> new CannedResponsesClient(GetItemResponse.builder().item(stored).build(),
                    PutItemResponse.builder().build(),
                    QueryResponse.builder().items(items).count(ITEMS).scannedCount(ITEMS).build());
            default -> throw new IllegalArgumentException("no client " + clientKind + ": " + SDK + " or " + CANNED);
        };
        KeyPathTable.Builder tableBuilder = KeyPathTables.builder().client(client).tableName(MapperFixture.TABLE)
                .register(SocialPost.class)
                .pageTokenSecret("benchmark-secret-0123456789abcdef".getBytes(StandardCharsets.UTF_8));
        builder.accept(tableBuilder);
        table = tableBuilder.build();
        path = table.keyPathOf(post);
        subtree = ItemQuery.of(q -> q.subtree(KeyPath.of("user", SocialPost.USER)));
        Checks.equal(get(), Optional.of(post), "get through the SDK");
        Checks.equal(put(), post, "put through the SDK");
        Checks.equal(page().items().size(), ITEMS, "page through the SDK");
        Checks.equal(page().items().get(0), SocialPost.sample(SocialPost.USER, 1), "first post of the page");
    }

    /** A real client over {@code http}: static credentials, a region, a loopback endpoint it never connects to. */
    static DynamoDbClient client(CannedHttpClient http) {
        return DynamoDbClient.builder().httpClient(http).region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(
                        AwsBasicCredentials.create("AKIDBENCHMARK", "benchmark-secret")))
                .endpointOverride(URI.create("http://127.0.0.1:8000"))
                .build();
    }

    /** {@code GetItem} of one post. */
    public Optional<SocialPost> get() {
        return table.get(SocialPost.class, path);
    }

    /** {@code PutItem} of one post. */
    public SocialPost put() {
        return table.put(post);
    }

    /** One {@code Query} page of {@value #ITEMS} posts. */
    public Page<SocialPost> page() {
        return table.query(SocialPost.class, subtree);
    }

    /**
     * One of the three calls by name ({@code get}, {@code put} or {@code page}), as a {@code Supplier} that a
     * class of another class loader can call without reflection.
     */
    public Supplier<Object> call(String name) {
        return switch (name) {
            case "get" -> this::get;
            case "put" -> this::put;
            case "page" -> this::page;
            default -> throw new IllegalArgumentException("no call " + name);
        };
    }

    /** Closes the client. */
    @Override
    public void close() {
        client.close();
    }
}
