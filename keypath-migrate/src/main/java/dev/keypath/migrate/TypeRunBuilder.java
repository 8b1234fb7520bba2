package dev.keypath.migrate;

import dev.keypath.dynamodb.BatchPolicy;
import dev.keypath.dynamodb.ItemSchema;
import java.util.Objects;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The settings of a run over the items of one type in one key-path table ({@link SchemaRewrite}, {@link Reshard}),
 * set by the public builders that extend it: 4 segments, pages of 500 items, no budgets, no checkpoint kept and 20
 * attempts per item unless set. Not thread-safe.
 *
 * @param <B> the builder
 */
abstract class TypeRunBuilder<B extends TypeRunBuilder<B>> {
    /** Everything a run over one type needs. */
    record Settings(DynamoDbClient client, String table, ItemSchema<?> schema, int segments, int pageSize,
                    double readCapacity, double writeCapacity, CheckpointStore checkpoint, BatchPolicy batchPolicy,
                    int attempts) {
    }

    private DynamoDbClient client;
    private String table;
    private ItemSchema<?> schema;
    private int segments = 4;
    private int pageSize = 500;
    private double readCapacity;
    private double writeCapacity;
    private CheckpointStore checkpoint = CheckpointStore.inMemory();
    private BatchPolicy batchPolicy = BatchPolicy.DEFAULT;
    private int attempts = 20;

    TypeRunBuilder() {
    }

    abstract B self();

    /** The SDK client. Required. */
    public B client(DynamoDbClient client) {
        this.client = client;
        return self();
    }

    /** The key-path table. Required. */
    public B table(String table) {
        this.table = table;
        return self();
    }

    /** The item type, by its schema ({@code table.schema(Type.class)}). Required. */
    public B type(ItemSchema<?> schema) {
        this.schema = schema;
        return self();
    }

    /** Parallel scan segments, one thread each (1 to 1,000,000; default 4). */
    public B segments(int segments) {
        if (segments < 1 || segments > 1_000_000) {
            throw new IllegalArgumentException("segments must be 1 to 1000000, not " + segments);
        }
        this.segments = segments;
        return self();
    }

    /** Items per page (default 500): the checkpoint's step. */
    public B pageSize(int items) {
        if (items < 1) {
            throw new IllegalArgumentException("page size must be positive, not " + items);
        }
        this.pageSize = items;
        return self();
    }

    /** Read capacity units per second for all segments together; 0 (the default) for no limit. */
    public B readCapacity(double unitsPerSecond) {
        this.readCapacity = budget(unitsPerSecond);
        return self();
    }

    /** Write capacity units per second for all segments together; 0 (the default) for no limit. */
    public B writeCapacity(double unitsPerSecond) {
        this.writeCapacity = budget(unitsPerSecond);
        return self();
    }

    /** Where the run keeps its checkpoint (default: in memory, so a stopped run starts over). */
    public B checkpoint(CheckpointStore store) {
        this.checkpoint = Objects.requireNonNull(store, "store");
        return self();
    }

    /** How throttled scans wait (default: DEFAULT). */
    public B batchPolicy(BatchPolicy policy) {
        this.batchPolicy = Objects.requireNonNull(policy, "policy");
        return self();
    }

    /** How often one item is read again and written when concurrent writes keep failing the condition. */
    public B attempts(int attempts) {
        if (attempts < 1) {
            throw new IllegalArgumentException("attempts must be positive, not " + attempts);
        }
        this.attempts = attempts;
        return self();
    }

    /**
     * The settings, checked.
     *
     * @param what names the run in the error ("a schema rewrite")
     * @throws IllegalArgumentException when the client, the table or the type is missing
     */
    Settings settings(String what) {
        if (client == null || table == null || schema == null) {
            throw new IllegalArgumentException(what + " needs a client, a table and a type");
        }
        return new Settings(client, table, schema, segments, pageSize, readCapacity, writeCapacity, checkpoint,
                batchPolicy, attempts);
    }

    private static double budget(double unitsPerSecond) {
        if (!(unitsPerSecond >= 0) || Double.isInfinite(unitsPerSecond)) {
            throw new IllegalArgumentException("a capacity budget is 0 (none) or positive, not " + unitsPerSecond);
        }
        return unitsPerSecond;
    }
}
