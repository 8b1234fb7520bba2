package dev.keypath.migrate;

import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** The source's approximate size, for progress reports. */
final class SourceItems {
    private SourceItems() {
    }

    /** DynamoDB's approximate item count of {@code table}; 0 when it cannot be read. */
    static long approximate(DynamoDbClient client, String table) {
        try {
            Long n = client.describeTable(b -> b.tableName(table)).table().itemCount();
            return n == null ? 0 : n;
        } catch (RuntimeException e) {
            return 0;
        }
    }
}
