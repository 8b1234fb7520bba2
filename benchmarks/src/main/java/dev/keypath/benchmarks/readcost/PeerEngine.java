package dev.keypath.benchmarks.readcost;

import dev.keypath.dynamodb.local.EmbeddedDynamoDb;
import java.time.Duration;
import java.util.List;
import java.util.function.BiFunction;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * DynamoDB Local in this JVM and the one SDK client every library sends through, with the {@link RequestMeter} that
 * counts what each sends.
 */
final class PeerEngine implements AutoCloseable {
    /** The three tables, one per library and layout, by the table name each is given. */
    static final List<BiFunction<DynamoDbClient, String, PeerTable>> LAYOUTS = List.of(
            (client, name) -> new KeyPathHierarchy(client, "keypath-hierarchical-" + name),
            (client, name) -> new KeyPathFlat(client, "keypath-flat-" + name),
            (client, name) -> new EnhancedPeer(client, "enhanced-" + name));

    final EmbeddedDynamoDb engine = EmbeddedDynamoDb.start();
    final RequestMeter meter = new RequestMeter();
    final DynamoDbClient client = engine.newClient()
            .overrideConfiguration(o -> o.apiCallTimeout(Duration.ofSeconds(60)).addExecutionInterceptor(meter))
            .build();

    /** A table of each layout, named with {@code suffix}, not yet created. */
    List<PeerTable> tables(String suffix) {
        return LAYOUTS.stream().map(f -> f.apply(client, suffix)).toList();
    }

    @Override
    public void close() {
        client.close();
        engine.close();
    }
}
