package dev.keypath.dynamodb.local;

/** A program that starts the embedded engine, uses it and returns from main without closing it. */
public final class EngineLeftOpen {
    private EngineLeftOpen() {
    }

    public static void main(String[] args) {
        EmbeddedDynamoDb db = EmbeddedDynamoDb.start();
        System.out.println("tables: " + db.client().listTables().tableNames());
    }
}
