package dev.keypath.dynamodb.storage;

import dev.keypath.dynamodb.KeyPathDynamoException;
import dev.keypath.dynamodb.TableStatus;
import dev.keypath.dynamodb.internal.client.SyncDriver;
import dev.keypath.dynamodb.internal.operation.TableBootstrap;
import java.time.Clock;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughput;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;

/**
 * Creates a key-path table ({@code pk} HASH and {@code sk} RANGE, both binary, time to live on
 * {@value StoredItemLayout#TIME_TO_LIVE}) with no indexes, or checks that an existing table is one, as the tables'
 * own bootstrap does; for tools that prepare a table before any type is registered.
 */
public final class KeyPathTableCreation {
    private KeyPathTableCreation() {
    }

    /**
     * Creates {@code table} when it is missing and waits until it is active, or checks the existing one.
     *
     * @param stream      the view type of the stream to enable, or null for no stream (an existing table's is left
     *                    as it is)
     * @param provisioned the read and write capacity of a table this creates, or null for on-demand billing; an
     *                    existing table keeps its billing
     * @return whether the table was created or already existed
     * @throws KeyPathDynamoException when an existing table has other keys, or the table never became active
     */
    public static TableStatus createOrCheck(DynamoDbClient client, String table, StreamViewType stream,
                                            ProvisionedThroughput provisioned) {
        return new SyncDriver(client).run(new TableBootstrap(table, Map.of(), stream, Clock.systemUTC(),
                provisioned));
    }
}
